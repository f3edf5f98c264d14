import { createFileRoute, notFound, useRouterState } from '@tanstack/react-router'
import { formatBDT } from '#schemas/bdt.ts'
import { categoryPath } from '#schemas/category-tree.ts'
import { TOOL_SORTS, type ToolSort } from '#schemas/tool-sorts.ts'
import { Pager } from '#web/components/pager.tsx'
import { SearchBox } from '#web/components/search-box.tsx'
import { categoryQueries } from '#web/features/categories/categories-queries.ts'
import { CategoryNav } from '#web/features/categories/components/category-nav.tsx'
import {
  CategoryEmpty,
  ToolListCount,
  ToolListEmpty,
  ToolListGrid,
  ToolListHeader,
  ToolListPending,
} from '#web/features/tools/components/tool-list-states.tsx'
import { ToolSortSelect } from '#web/features/tools/components/tool-sort-select.tsx'
import { TOOL_CARD_SIZES } from '#web/features/tools/tool-card-sizes.ts'
import { toolQueries } from '#web/features/tools/tools-queries.ts'
import { imagePreload } from '#web/lib/image-variants.ts'
import { breadcrumbs, publicPage } from '#web/lib/page-head.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { oneOf, pageNumber, searchText, slugText } from '#web/lib/search-params.ts'

const PAGE_SIZE = 12
const SEARCH_DEBOUNCE_MS = 300

type ToolListSearch = { q?: string; sort?: ToolSort; page?: number; category?: string }

const validateToolListSearch = (search: Record<string, unknown>): ToolListSearch => ({
  q: searchText(search.q),
  sort: oneOf(TOOL_SORTS, search.sort),
  page: pageNumber(search.page),
  category: slugText(search.category),
})

const listQuery = ({ q, sort, page = 1, category }: ToolListSearch) =>
  toolQueries.list({ q, sort, category, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })

export const Route = createFileRoute('/service/')({
  validateSearch: validateToolListSearch,
  loaderDeps: ({ search: { q, sort, page, category } }) => ({ q, sort, page, category }),
  loader: async ({ context: { queryClient }, deps }) => {
    const [categories, list] = await Promise.all([
      queryClient.ensureQueryData(categoryQueries.list()),
      queryClient.ensureQueryData(listQuery(deps)),
    ])
    // A category page that does not exist (a deleted or mistyped slug) is a 404, not an empty list.
    if (deps.category && !categories.some((c) => c.slug === deps.category)) throw notFound()
    return { ...list, path: categoryPath(categories, categories.find((c) => c.slug === deps.category)?._id) }
  },
  head: ({ match, loaderData }) => {
    const { page, category } = match.search
    const path = loaderData?.path ?? []
    const shown = path.at(-1)
    const pageSuffix = page && page > 1 ? `, page ${page}` : ''
    // A search or a sort is the same list; a category and a page of it are their own.
    const query = new URLSearchParams({
      ...(category ? { category } : {}),
      ...(page && page > 1 ? { page: String(page) } : {}),
    }).toString()
    return publicPage({
      origin: match.context.origin,
      path: query ? `/service?${query}` : '/service',
      title: shown
        ? `${[...path]
            .reverse()
            .map((c) => c.name)
            .join(' · ')}${pageSuffix} · Toolhaus`
        : `All tools${pageSuffix} · Toolhaus`,
      description: shown
        ? `${shown.name}${path.length > 1 ? ` (${path[0]!.name})` : ''}: ${shown.count} Toolhaus power ${shown.count === 1 ? 'tool' : 'tools'} with wholesale prices in BDT, current stock and minimum order.`
        : 'Every Toolhaus power tool with its wholesale price in BDT, current stock and minimum order.',
      // The first card's photo is the largest thing on the first screen.
      preload: loaderData?.items[0] ? imagePreload(loaderData.items[0].img, TOOL_CARD_SIZES) : undefined,
      jsonLd: shown
        ? [
            breadcrumbs(match.context.origin, [
              ['Service', '/service'],
              ...path.map((c): [string, string] => [c.name, `/service?category=${c.slug}`]),
            ]),
          ]
        : [],
    })
  },
  pendingComponent: ToolListPending,
  component: ToolsPage,
})

function ToolsPage() {
  const { q, sort, page = 1, category } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(listQuery({ q, sort, page, category }))
  const { data: categories } = useSuspenseQuery(categoryQueries.list())
  const path = categoryPath(categories, categories.find((c) => c.slug === category)?._id)
  const shown = path.at(-1)
  const updating = useRouterState({ select: (s) => s.isLoading })

  // Searching and sorting change the list in place, so the scroll position stays. A refined search
  // replaces the history entry instead of adding one per typing pause.
  const setSearch = (next: { q?: string; sort?: ToolSort }, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...next, page: undefined }), replace, resetScroll: false })

  return (
    <div className="container-page py-10 sm:py-14">
      <ToolListHeader path={path} sort={sort} />

      <CategoryNav categories={categories} active={category} sort={sort} />

      {/* One GET form: without JavaScript, Enter in the field sends the search and the sort. */}
      <SearchBox
        value={q ?? ''}
        label="Search tools"
        placeholder="Drill, saw, grinder…"
        showLabel
        debounceMs={SEARCH_DEBOUNCE_MS}
        onSearch={(text) => setSearch({ q: text || undefined }, Boolean(q))}
        // The first tools of the search as one types: a pick opens the tool.
        suggestions={
          q ? data.items.slice(0, 6).map((t) => ({ key: t._id, label: t.name, detail: formatBDT(t.price) })) : []
        }
        suggestionsLabel="Matching tools"
        onPick={(tool) => void navigate({ to: '/service/$serviceId', params: { serviceId: tool.key } })}
        className="mt-8 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <ToolSortSelect value={sort} onChange={(next) => setSearch({ sort: next })} />
        {/* Without JavaScript the form's GET keeps the category too. */}
        {category && <input type="hidden" name="category" value={category} />}
      </SearchBox>

      <ToolListCount total={data.total} q={q} category={shown} />

      {data.items.length > 0 ? (
        <>
          <ToolListGrid tools={data.items} page={page} updating={updating} />
          <Pager page={page} pageSize={PAGE_SIZE} total={data.total} noun="tools" />
        </>
      ) : shown && !q && data.total === 0 ? (
        <CategoryEmpty category={shown} />
      ) : (
        <ToolListEmpty q={q} outOfRange={data.total > 0} />
      )}
    </div>
  )
}
