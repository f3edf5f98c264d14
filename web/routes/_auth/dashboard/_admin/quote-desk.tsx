import { createFileRoute, Link } from '@tanstack/react-router'
import { QUOTE_STATUS_NAMES, type QuoteStatus } from '#schemas/quote-statuses.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { Pager } from '#web/components/pager.tsx'
import { SearchBox } from '#web/components/search-box.tsx'
import { DeskQuote } from '#web/features/quotes/components/desk-quote.tsx'
import { QUOTE_STATUS_LABELS } from '#web/features/quotes/components/quote-view.tsx'
import { quoteQueries } from '#web/features/quotes/quote-queries.ts'
import { DESK_PAGE_SIZE } from '#web/lib/desk.ts'
import { formatCount } from '#web/lib/format.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { oneOf, pageNumber, searchText } from '#web/lib/search-params.ts'

type QuotesSearch = { status?: QuoteStatus; q?: string; page?: number }

/** /dashboard/quote-desk: every quote, by status, searchable, paged; offers and messages. */
export const Route = createFileRoute('/_auth/dashboard/_admin/quote-desk')({
  validateSearch: (search: Record<string, unknown>): QuotesSearch => ({
    status: oneOf(QUOTE_STATUS_NAMES, search.status),
    q: searchText(search.q),
    page: pageNumber(search.page),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(quoteQueries.desk(deps)),
  head: () => ({ meta: [{ title: 'Quotes · Toolhaus' }] }),
  component: QuoteDesk,
})

function QuoteDesk() {
  const { status, q, page = 1 } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(quoteQueries.desk({ status, q, page }))

  const tab = (value: QuoteStatus | undefined, label: string) => {
    const active = value === status
    return (
      <Link
        key={label}
        to="."
        search={{ ...(value ? { status: value } : {}), ...(q ? { q } : {}) }}
        aria-current={active ? 'page' : undefined}
        className={`whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${
          active ? 'bg-ink text-white ring-ink' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50'
        }`}
      >
        {label}
      </Link>
    )
  }

  return (
    <div>
      <h1 className="text-2xl font-bold">Quotes</h1>
      <p className="mt-1 text-sm text-slate-600" aria-live="polite">
        {data.total === 0
          ? q
            ? `No quotes match “${q}”.`
            : 'No quotes here yet.'
          : `${formatCount(data.total)} ${data.total === 1 ? 'quote' : 'quotes'}, newest first.`}
      </p>
      <nav aria-label="Quote status" className="mt-4 flex flex-wrap gap-2">
        {tab(undefined, 'All')}
        {QUOTE_STATUS_NAMES.map((s) => tab(s, QUOTE_STATUS_LABELS[s]))}
      </nav>
      <SearchBox
        value={q ?? ''}
        label="Search quotes"
        placeholder="Quote number, customer or tool"
        onSearch={(text) =>
          void navigate({ search: (prev) => ({ ...prev, q: text || undefined, page: undefined }), replace: true })
        }
      />
      {data.items.length === 0 ? (
        <EmptyState title={q ? `No quotes match “${q}”` : 'No quotes here'} searched={Boolean(q)}>
          Customers ask for quotes from their cart or a tool’s page; their requests show up here.
        </EmptyState>
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Quotes">
          {data.items.map((quote) => (
            <li key={quote._id}>
              <DeskQuote quote={quote} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={DESK_PAGE_SIZE} total={data.total} noun="quotes" />
    </div>
  )
}
