import { Link } from '@tanstack/react-router'
import { formatBDT } from '#schemas/bdt.ts'
import { formatCount } from '#web/lib/format.ts'
import { useQuery } from '#web/lib/query.ts'
import { summaryQueries } from '../summary-queries'

/** The admin's dashboard home: what needs doing and how the shop is doing. */
export function Overview() {
  const { data, isPending, error } = useQuery(summaryQueries.detail())
  // A part is null for a caller without its permission; undefined while loading.
  const { orders, revenue, codToCollect: cod, quotes, lowStock } = data ?? {}
  if (error)
    return <p className="rounded-2xl bg-red-50 p-4 text-red-800">The overview could not be loaded: {error.message}</p>

  const stat = (
    label: string,
    value: string | null | undefined,
    to?: { status: 'paid' | 'unpaid' | 'processing' } | { paymentMethod: 'cod' },
  ) => (
    <div className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <p className="text-sm text-slate-600">{label}</p>
      {value == null ? (
        <div className="mt-2 h-8 w-24 animate-pulse rounded bg-slate-100" />
      ) : to ? (
        <Link
          to="/dashboard/orders"
          search={to}
          className="mt-1 block text-lg font-bold text-ink [overflow-wrap:anywhere] hover:text-brand-700 sm:text-2xl"
        >
          {value}
        </Link>
      ) : (
        <p className="mt-1 text-base font-bold text-ink [overflow-wrap:anywhere] sm:text-2xl">{value}</p>
      )}
    </div>
  )

  return (
    <section aria-labelledby="overview-title" aria-busy={isPending}>
      <h1 id="overview-title" className="text-2xl font-bold">
        Overview
      </h1>
      <div className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {/* Each figure opens the list it counts: paid orders to prepare, then those being prepared. */}
        {/* A tile per part the caller's permissions open: the API answers null for the others. */}
        {(!data || orders) && (
          <>
            {stat('Paid, to prepare', orders && formatCount(orders.paid), { status: 'paid' })}
            {stat('Processing, to ship', orders && formatCount(orders.processing), { status: 'processing' })}
            {stat('Unpaid orders', orders && formatCount(orders.unpaid), { status: 'unpaid' })}
          </>
        )}
        {(!data || revenue) && (
          <>
            {stat('Revenue today', revenue && formatBDT(revenue.today))}
            {stat('Last 7 days', revenue && formatBDT(revenue.last7Days))}
          </>
        )}
        {(!data || cod) &&
          stat(
            'COD cash to collect',
            cod && `${formatBDT(cod.total)} · ${formatCount(cod.orders)} ${cod.orders === 1 ? 'order' : 'orders'}`,
            { paymentMethod: 'cod' },
          )}
      </div>
      {/* Quotes (features/quotes): requests waiting for an offer. */}
      {quotes && quotes.requested > 0 && (
        <p className="mt-3 text-sm">
          <Link
            to="/dashboard/quote-desk"
            search={{ status: 'requested' }}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            {formatCount(quotes.requested)} {quotes.requested === 1 ? 'quote waits' : 'quotes wait'} for an offer
          </Link>
        </p>
      )}
      <p className="mt-3 text-sm text-slate-600">
        {revenue ? `Last 30 days: ${formatBDT(revenue.last30Days)} (paid, less refunds).` : ' '}
      </p>

      {(!data || lowStock) && <h2 className="mt-8 text-lg font-semibold">Low stock</h2>}
      {lowStock && lowStock.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">Every tool has at least its minimum order in stock.</p>
      )}
      {lowStock && lowStock.length > 0 && (
        <ul
          className="mt-2 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          aria-label="Low-stock tools"
        >
          {lowStock.map((tool) => (
            <li key={tool._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span className="min-w-0 font-medium">{tool.name}</span>
              <span className="flex items-center gap-3 text-sm">
                <span className={tool.quantity === 0 ? 'font-semibold text-red-700' : 'text-amber-800'}>
                  {tool.quantity === 0 ? 'Out of stock' : `${formatCount(tool.quantity)} left`} (minimum order{' '}
                  {formatCount(tool.Minimum_quantity)})
                </span>
                <Link to="/dashboard/manage" search={{ edit: tool._id }} className="btn-ghost px-3 py-1.5">
                  Restock<span className="sr-only"> {tool.name}</span>
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
