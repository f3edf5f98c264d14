import { createFileRoute, Link } from '@tanstack/react-router'
import { ORDER_STATUSES, type OrderStatus, PAYMENT_METHODS, type PaymentMethod } from '#schemas/order-statuses.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { Pager } from '#web/components/pager.tsx'
import { SearchBox } from '#web/components/search-box.tsx'
import { summaryQueries } from '#web/features/desk/summary-queries.ts'
import { OrderDeskList } from '#web/features/orders/components/order-desk-list.tsx'
import { PAYMENT_METHOD_LABELS } from '#web/features/orders/components/order-lines.tsx'
import { STATUS_LABELS } from '#web/features/orders/components/status-badge.tsx'
import { orderQueries } from '#web/features/orders/order-queries.ts'
import { DESK_PAGE_SIZE } from '#web/lib/desk.ts'
import { formatCount } from '#web/lib/format.ts'
import { useQuery, useSuspenseQuery } from '#web/lib/query.ts'
import { oneOf, pageNumber, searchText } from '#web/lib/search-params.ts'

type OrdersSearch = { status?: OrderStatus; paymentMethod?: PaymentMethod; q?: string; page?: number }

export const Route = createFileRoute('/_auth/dashboard/_admin/orders')({
  validateSearch: (search: Record<string, unknown>): OrdersSearch => ({
    status: oneOf(ORDER_STATUSES, search.status),
    paymentMethod: oneOf(PAYMENT_METHODS, search.paymentMethod),
    q: searchText(search.q),
    page: pageNumber(search.page),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(orderQueries.desk(deps)),
  head: () => ({ meta: [{ title: 'Orders · Toolhaus' }] }),
  component: OrdersDesk,
})

function OrdersDesk() {
  const { status, paymentMethod, q, page = 1 } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(orderQueries.desk({ status, paymentMethod, q, page }))
  const { data: summary } = useQuery(summaryQueries.detail())
  // The counts are the whole shop's: beside a method or a search they would not be this list's.
  const counts = paymentMethod || q ? undefined : summary?.orders
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined

  const chip = (active: boolean, search: OrdersSearch, label: string, n?: number) => {
    return (
      <Link
        key={label}
        to="."
        search={search}
        aria-current={active ? 'page' : undefined}
        className={`whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${
          active ? 'bg-ink text-white ring-ink' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50'
        }`}
      >
        {label}
        {n !== undefined && <span className={active ? 'text-white/80' : 'text-slate-500'}> {formatCount(n)}</span>}
      </Link>
    )
  }
  const tab = (value: OrderStatus | undefined, label: string, n: number | undefined) =>
    chip(
      value === status,
      { ...(value ? { status: value } : {}), ...(paymentMethod ? { paymentMethod } : {}), ...(q ? { q } : {}) },
      label,
      n,
    )
  const methodTab = (value: PaymentMethod | undefined, label: string) =>
    chip(
      value === paymentMethod,
      { ...(status ? { status } : {}), ...(value ? { paymentMethod: value } : {}), ...(q ? { q } : {}) },
      label,
    )

  return (
    <div>
      <h1 className="text-2xl font-bold">Orders</h1>
      <p className="mt-1 text-sm text-slate-600" aria-live="polite">
        {data.total === 0
          ? q
            ? `No orders match “${q}”.`
            : 'No orders here yet.'
          : `${formatCount(data.total)} ${data.total === 1 ? 'order' : 'orders'}${status ? ` ${STATUS_LABELS[status].toLowerCase()}` : ''}${paymentMethod ? ` paid by ${PAYMENT_METHOD_LABELS[paymentMethod].toLowerCase()}` : ''}, newest first.`}
      </p>

      <nav aria-label="Order status" className="mt-4 flex flex-wrap gap-2">
        {tab(undefined, 'All', all)}
        {ORDER_STATUSES.map((s) => tab(s, STATUS_LABELS[s], counts?.[s]))}
      </nav>
      <nav aria-label="Payment method" className="mt-2 flex flex-wrap gap-2">
        {methodTab(undefined, 'Every method')}
        {PAYMENT_METHODS.map((m) => methodTab(m, PAYMENT_METHOD_LABELS[m]))}
      </nav>

      <SearchBox
        value={q ?? ''}
        label="Search orders"
        placeholder="Order number, customer, tool or transaction id"
        onSearch={(text) =>
          void navigate({ search: (prev) => ({ ...prev, q: text || undefined, page: undefined }), replace: true })
        }
      />

      {data.items.length === 0 && (
        <EmptyState
          title={
            q ? `No orders match “${q}”` : status ? `No ${STATUS_LABELS[status].toLowerCase()} orders` : 'No orders yet'
          }
          searched={Boolean(q)}
        >
          {status ? (
            <>
              Orders show up here when they reach this step.{' '}
              <Link to="." search={{}} className="font-medium text-brand-700 underline underline-offset-4">
                See all orders
              </Link>
              .
            </>
          ) : (
            'Orders customers place in the shop show up here, newest first.'
          )}
        </EmptyState>
      )}

      {data.items.length > 0 && <OrderDeskList orders={data.items} />}
      <Pager page={page} pageSize={DESK_PAGE_SIZE} total={data.total} noun="orders" />
    </div>
  )
}
