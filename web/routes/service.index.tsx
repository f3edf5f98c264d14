import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useRouterState } from '@tanstack/react-router'
import { TOOL_SORTS, type ToolSort } from '#schemas/tool-sorts.ts'
import { Pager } from '#web/components/pager.tsx'
import { SearchBox } from '#web/components/search-box.tsx'
import { ToolCard } from '#web/features/tools/components/tool-card.tsx'
import { ToolListEmpty, ToolListPending } from '#web/features/tools/components/tool-list-states.tsx'
import { ToolSortSelect } from '#web/features/tools/components/tool-sort-select.tsx'
import { TOOL_CARD_SIZES } from '#web/features/tools/tool-card-sizes.ts'
import { toolQueries } from '#web/features/tools/tools-queries.ts'
import { imagePreload } from '#web/lib/image-variants.ts'
import { publicPage } from '#web/lib/page-head.ts'
import { oneOf, pageNumber, searchText } from '#web/lib/search-params.ts'

const PAGE_SIZE = 12
const SEARCH_DEBOUNCE_MS = 300

type ServiceSearch = { q?: string; sort?: ToolSort; page?: number }

const validateServiceSearch = (search: Record<string, unknown>): ServiceSearch => ({
  q: searchText(search.q),
  sort: oneOf(TOOL_SORTS, search.sort),
  page: pageNumber(search.page),
})

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
  pendingComponent: ToolListPending,
  component: ServicePage,
})

const plural = (n: number) => `${n} ${n === 1 ? 'tool' : 'tools'}`

function ServicePage() {
  const { q, sort, page = 1 } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(listQuery({ q, sort, page }))
  const updating = useRouterState({ select: (s) => s.isLoading })

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

      {/* One GET form: without JavaScript, Enter in the field sends the search and the sort. */}
      <SearchBox
        value={q ?? ''}
        label="Search tools"
        placeholder="Drill, saw, grinder…"
        showLabel
        debounceMs={SEARCH_DEBOUNCE_MS}
        onSearch={(text) => setSearch({ q: text || undefined }, Boolean(q))}
        className="mt-8 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <ToolSortSelect value={sort} onChange={(next) => setSearch({ sort: next })} />
      </SearchBox>

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
        <>
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
          <Pager page={page} pageSize={PAGE_SIZE} total={data.total} noun="tools" />
        </>
      ) : (
        <ToolListEmpty q={q} outOfRange={data.total > 0} />
      )}
    </div>
  )
}
