import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useRouterState } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { TOOL_SORTS, type ToolSort } from '#schemas/tool-sorts.ts'
import { ToolCard, ToolCardSkeleton } from '../features/tools/components/tool-card'
import { TOOL_CARD_SIZES } from '../features/tools/tool-card-sizes'
import { toolQueries } from '../features/tools/tools-queries'
import { imagePreload } from '../lib/image-variants'
import { publicPage } from '../lib/page-head'
import { oneOf, pageNumber, searchText } from '../lib/search-params'

const PAGE_SIZE = 12
const SEARCH_DEBOUNCE_MS = 300

type ServiceSearch = { q?: string; sort?: ToolSort; page?: number }

const validateServiceSearch = (search: Record<string, unknown>): ServiceSearch => ({
  q: searchText(search.q),
  sort: oneOf(TOOL_SORTS, search.sort),
  page: pageNumber(search.page),
})

const SORT_LABELS: { value: ToolSort | ''; label: string }[] = [
  { value: '', label: 'Default order' },
  { value: 'newest', label: 'Newest' },
  { value: 'price', label: 'Price low to high' },
  { value: '-price', label: 'Price high to low' },
  { value: 'name', label: 'Name' },
]

const listQuery = ({ q, sort, page = 1 }: { q?: string; sort?: ToolSort; page?: number }) =>
  toolQueries.list({ q, sort, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })

export const Route = createFileRoute('/service/')({
  validateSearch: validateServiceSearch,
  loaderDeps: ({ search: { q, sort, page } }) => ({ q, sort, page }),
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(listQuery(deps)),
  head: ({ match, loaderData }) =>
    publicPage({
      origin: match.context.origin,
      // A search or a sort is the same list; a page of it is its own.
      path: match.search.page && match.search.page > 1 ? `/service?page=${match.search.page}` : '/service',
      title:
        match.search.page && match.search.page > 1
          ? `All tools, page ${match.search.page} · Toolhaus`
          : 'All tools · Toolhaus',
      description: 'Every Toolhaus power tool with its wholesale price in BDT, current stock and minimum order.',
      // The first card's photo is the largest thing on the first screen.
      preload: loaderData?.items[0] ? imagePreload(loaderData.items[0].img, TOOL_CARD_SIZES) : undefined,
    }),
  pendingComponent: ServicePending,
  component: ServicePage,
})

const plural = (n: number) => `${n} ${n === 1 ? 'tool' : 'tools'}`

function ServicePage() {
  const { q, sort, page = 1 } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(listQuery({ q, sort, page }))
  const updating = useRouterState({ select: (s) => s.isLoading })

  const totalPages = Math.max(1, Math.ceil(data.total / PAGE_SIZE))
  const sortId = useId()

  // Searching and sorting change the list in place, so the scroll position stays. A refined search
  // replaces the history entry instead of adding one per typing pause.
  const setSearch = (next: { q?: string; sort?: ToolSort }, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...next, page: undefined }), replace, resetScroll: false })

  return (
    <div className="container-page py-10 sm:py-14">
      <header>
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Service</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">All tools</h1>
        <p className="mt-2 max-w-2xl text-slate-600">
          Every tool we make, with its wholesale price in BDT, current stock and minimum order.
        </p>
      </header>

      <div className="mt-8 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:items-end">
        <SearchBox value={q ?? ''} onSearch={(text) => setSearch({ q: text || undefined }, Boolean(q))} />
        <div>
          <label htmlFor={sortId} className="label">
            Sort by
          </label>
          <select
            id={sortId}
            className="field h-11 sm:w-56"
            value={sort ?? ''}
            onChange={(e) => setSearch({ sort: (e.target.value || undefined) as ToolSort | undefined })}
          >
            {SORT_LABELS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <p className="mt-6 text-sm font-medium text-slate-700" role="status">
        {q ? (
          <>
            {plural(data.total)} matching “{q}”
          </>
        ) : (
          plural(data.total)
        )}
      </p>

      {data.items.length > 0 ? (
        <ul
          className={`mt-4 grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${updating ? 'opacity-60' : ''}`}
          aria-busy={updating}
        >
          {data.items.map((tool, i) => (
            <li key={tool._id}>
              <ToolCard tool={tool} headingLevel="h2" priority={page === 1 && i < 3} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyResult q={q} outOfRange={data.total > 0} onClear={() => setSearch({ q: undefined })} />
      )}

      {data.total > PAGE_SIZE && data.items.length > 0 && (
        <nav
          className="mt-10 flex items-center justify-between gap-4 border-t border-slate-200 pt-6"
          aria-label="Pagination"
        >
          <Link
            from={Route.fullPath}
            search={(prev) => ({ ...prev, page: page - 1 > 1 ? page - 1 : undefined })}
            disabled={page <= 1}
            className="btn-ghost aria-disabled:pointer-events-none aria-disabled:opacity-50"
          >
            <span aria-hidden="true">←</span> Previous
          </Link>
          <p className="text-sm text-slate-700">
            Page {page} of {totalPages}
          </p>
          <Link
            from={Route.fullPath}
            search={(prev) => ({ ...prev, page: page + 1 })}
            disabled={page >= totalPages}
            className="btn-ghost aria-disabled:pointer-events-none aria-disabled:opacity-50"
          >
            Next <span aria-hidden="true">→</span>
          </Link>
        </nav>
      )}
    </div>
  )
}

/** A search field that follows the URL and reports what was typed after a short pause (or at once on Enter). */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const id = useId()
  const [text, setText] = useState(value)
  const sent = useRef(value)
  const onSearchRef = useRef(onSearch)
  onSearchRef.current = onSearch

  // Back/forward or a link changed q: show it, unless it is what we sent ourselves.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value
      setText(value)
    }
  }, [value])

  const submit = (raw: string) => {
    const trimmed = raw.trim()
    if (trimmed === sent.current) return
    sent.current = trimmed
    onSearchRef.current(trimmed)
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the debounce restarts on each keystroke only
  useEffect(() => {
    const timer = setTimeout(() => submit(text), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])

  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault()
        submit(text)
      }}
    >
      <label htmlFor={id} className="label">
        Search tools
      </label>
      <div className="relative">
        <svg
          className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-500"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <input
          id={id}
          type="search"
          className="field h-11 pl-10"
          placeholder="Drill, saw, grinder…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
    </form>
  )
}

function EmptyResult({ q, outOfRange, onClear }: { q?: string; outOfRange: boolean; onClear: () => void }) {
  return (
    <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <svg
        width="44"
        height="44"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        aria-hidden="true"
        className="text-slate-400"
      >
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5M8.5 8.5l5 5M13.5 8.5l-5 5" />
      </svg>
      {outOfRange ? (
        <>
          <p className="mt-4 text-lg font-semibold text-ink">This page is empty</p>
          <p className="mt-1 text-slate-600">There are fewer tools than this page number needs.</p>
          <Link from={Route.fullPath} search={(prev) => ({ ...prev, page: undefined })} className="btn-primary mt-6">
            Go to the first page
          </Link>
        </>
      ) : q ? (
        <>
          <p className="mt-4 text-lg font-semibold text-ink">No tools match “{q}”</p>
          <p className="mt-1 max-w-md text-slate-600">
            Check the spelling, try a shorter word such as “drill”, or clear the search to see every tool.
          </p>
          <button type="button" className="btn-primary mt-6" onClick={onClear}>
            Clear search
          </button>
        </>
      ) : (
        <>
          <p className="mt-4 text-lg font-semibold text-ink">No tools yet</p>
          <p className="mt-1 text-slate-600">Our catalogue is being restocked. Please check back soon.</p>
        </>
      )}
    </div>
  )
}

function ServicePending() {
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
