import { Link } from '@tanstack/react-router'
import type { Category } from '#schemas/category-tree.ts'
import type { Tool } from '#schemas/tool.ts'
import type { ToolSort } from '#schemas/tool-sorts.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { ToolCard, ToolCardSkeleton } from './tool-card'

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

/** The tool list's heading: the category shown (its parent above it) or every tool. */
export function ToolListHeader({ path, sort }: { path: Category[]; sort?: ToolSort }) {
  const shown = path.at(-1)
  return (
    <header>
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">
        {path.length > 1 ? (
          <Link to="/service" search={{ sort, category: path[0]!.slug }} className="hover:underline">
            {path[0]!.name}
          </Link>
        ) : (
          'Service'
        )}
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{shown?.name ?? 'All tools'}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        {shown
          ? `Every tool in ${shown.name}, with its wholesale price in BDT, current stock and minimum order.`
          : 'Every tool we make, with its wholesale price in BDT, current stock and minimum order.'}
      </p>
    </header>
  )
}

/** How many tools the list has, and for which search and category (announced as it changes). */
export function ToolListCount({ total, q, category }: { total: number; q?: string; category?: Category }) {
  return (
    <p className="mt-6 text-sm font-medium text-slate-700" role="status">
      {total} {total === 1 ? 'tool' : 'tools'}
      {q && <> matching “{q}”</>}
      {category && <> in {category.name}</>}
    </p>
  )
}

/** A category with no tools in it (yet): the way back to every tool. */
export function CategoryEmpty({ category }: { category: Category }) {
  return (
    <EmptyState
      className="mt-4"
      title={`No tools in ${category.name} yet`}
      action={
        <Link to="/service" className="btn-primary">
          See every tool
        </Link>
      }
    >
      New tools arrive often. Please check back soon, or look through the other categories.
    </EmptyState>
  )
}

/** A page of the tool list: the first page's first row loads its photos early; dimmed while the next loads. */
export function ToolListGrid({ tools, page, updating }: { tools: Tool[]; page: number; updating: boolean }) {
  return (
    <ul
      className={`mt-4 grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${updating ? 'opacity-60' : ''}`}
      aria-busy={updating}
    >
      {tools.map((tool, i) => (
        <li key={tool._id}>
          <ToolCard tool={tool} headingLevel="h2" priority={page === 1 && i < 3} />
        </li>
      ))}
    </ul>
  )
}
