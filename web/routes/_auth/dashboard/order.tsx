import { createFileRoute, Link } from '@tanstack/react-router'
import { EmptyState } from '#web/components/empty-state.tsx'
import { OrderList } from '#web/features/orders/components/order-list.tsx'
import { orderQueries } from '#web/features/orders/order-queries.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'

export const Route = createFileRoute('/_auth/dashboard/order')({
  loader: ({ context }) => context.queryClient.ensureQueryData(orderQueries.list(context.session.user.email)),
  head: () => ({ meta: [{ title: 'My Orders · Toolhaus' }] }),
  component: OrdersPage,
})

function OrdersPage() {
  const { session } = Route.useRouteContext()
  const { data: orders } = useSuspenseQuery(orderQueries.list(session.user.email))

  return (
    <div>
      <h1 className="text-2xl font-bold">My Orders</h1>
      <p className="mt-1 text-sm text-slate-600">
        {orders.length === 0
          ? 'Nothing ordered yet.'
          : `${orders.length} ${orders.length === 1 ? 'order' : 'orders'}, newest first.`}
      </p>
      <div className="mt-6">
        {orders.length > 0 ? (
          <OrderList orders={orders} />
        ) : (
          <EmptyState
            className="mt-0"
            title="You have no orders yet"
            icon={
              <>
                <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
                <circle cx="9" cy="20" r="1" />
                <circle cx="17" cy="20" r="1" />
              </>
            }
            action={
              <Link to="/service" className="btn-primary">
                Browse tools
              </Link>
            }
          >
            Pick a tool, choose how many you need and it shows up here, ready to pay.
          </EmptyState>
        )}
      </div>
    </div>
  )
}
