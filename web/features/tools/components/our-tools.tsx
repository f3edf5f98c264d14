import { Link } from '@tanstack/react-router'
import { Suspense } from 'react'
import { EmptyState } from '#web/components/empty-state.tsx'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { HOME_TOOL_COUNT, homeTools } from '../tools-queries'
import { ToolCard, ToolCardSkeleton } from './tool-card'

/** The home page's catalogue section: the first tools (spec section 9) and a way to all of them. */
export function OurTools() {
  return (
    <section className="py-16 sm:py-20" aria-labelledby="tools-title">
      <div className="container-page">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Catalogue</p>
          <h2 id="tools-title" className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            Our tools
          </h2>
          <p className="mt-3 max-w-2xl text-slate-600">
            Built for daily professional use and sold at wholesale quantities.
          </p>
        </div>
        <Suspense fallback={<ToolGridSkeleton />}>
          <ToolGrid />
        </Suspense>
      </div>
    </section>
  )
}

function ToolGrid() {
  const { data } = useSuspenseQuery(homeTools())
  if (data.items.length === 0)
    return (
      <EmptyState
        className="mt-10"
        title="No tools yet"
        action={
          <Link to="/service" className="btn-primary px-6 py-3">
            See All Service
          </Link>
        }
      >
        Our catalogue is being restocked. Please check back soon.
      </EmptyState>
    )
  return (
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {data.items.map((tool) => (
        <li key={tool._id}>
          <ToolCard tool={tool} />
        </li>
      ))}
      <li className="flex flex-col items-center justify-center gap-4 rounded-xl border-2 border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="text-lg font-bold text-ink">Looking for something else?</p>
        <p className="text-sm text-slate-600">Browse the full catalogue, with search and sorting.</p>
        <Link to="/service" className="btn-primary px-6 py-3">
          See All Service
        </Link>
      </li>
    </ul>
  )
}

/** The grid's shape while the tools load: the cards below it do not jump when they arrive. */
function ToolGridSkeleton() {
  return (
    <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      {Array.from({ length: HOME_TOOL_COUNT + 1 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
        <ToolCardSkeleton key={i} />
      ))}
    </div>
  )
}
