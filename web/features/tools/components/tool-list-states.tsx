import { Link } from '@tanstack/react-router'
import { EmptyState } from '#web/components/empty-state.tsx'
import { ToolCardSkeleton } from './tool-card'

/** The catalogue's page with no tools on it: past the last page, a search that matched nothing, or no tools at all. */
export function ToolListEmpty({ q, outOfRange }: { q?: string; outOfRange: boolean }) {
  const icon = (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5M8.5 8.5l5 5M13.5 8.5l-5 5" />
    </>
  )
  if (outOfRange)
    return (
      <EmptyState
        className="mt-4"
        icon={icon}
        title="This page is empty"
        action={
          <Link
            to="."
            search={(prev: Record<string, unknown>) => ({ ...prev, page: undefined })}
            className="btn-primary"
          >
            Go to the first page
          </Link>
        }
      >
        There are fewer tools than this page number needs.
      </EmptyState>
    )
  if (q)
    return (
      <EmptyState
        className="mt-4"
        icon={icon}
        title={`No tools match “${q}”`}
        action={
          <Link
            to="."
            search={(prev: Record<string, unknown>) => ({ ...prev, q: undefined, page: undefined })}
            resetScroll={false}
            className="btn-primary"
          >
            Clear search
          </Link>
        }
      >
        Check the spelling, try a shorter word such as “drill”, or clear the search to see every tool.
      </EmptyState>
    )
  return (
    <EmptyState className="mt-4" icon={icon} title="No tools yet">
      Our catalogue is being restocked. Please check back soon.
    </EmptyState>
  )
}

/** The catalogue while its first page loads. */
export function ToolListPending() {
  return (
    <div className="container-page py-10 sm:py-14" aria-busy="true">
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Service</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">All tools</h1>
      <p className="sr-only" role="status">
        Loading tools…
      </p>
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
          <ToolCardSkeleton key={i} />
        ))}
      </div>
    </div>
  )
}
