import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { OrderActions } from '#web/features/orders/components/order-actions.tsx'
import { OrderDetails } from '#web/features/orders/components/order-details.tsx'
import { StatusBadge } from '#web/features/orders/components/status-badge.tsx'
import { orderQueries } from '#web/features/orders/order-queries.ts'
import { ReviewInvites } from '#web/features/tool-reviews/components/review-invites.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { useIsAdmin } from '#web/lib/use-is-admin.ts'

export const Route = createFileRoute('/_auth/dashboard/order_/$id')({
  loader: async ({ context, params }) => {
    try {
      return await context.queryClient.ensureQueryData(orderQueries.detail(params.id))
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: `${loaderData ? `Order ${loaderData.orderNumber}` : 'Order'} · Toolhaus` }],
  }),
  component: OrderPage,
})

function OrderPage() {
  const { id } = Route.useParams()
  const { session } = Route.useRouteContext()
  const { data: order } = useSuspenseQuery(orderQueries.detail(id))
  const isAdmin = useIsAdmin()
  // An admin looking at someone else's order came from the order desk.
  const fromDesk = isAdmin && order.customer !== session.user.email
  // A move (Ship, Refund, Cancel, Record payment) changes the actions offered: the button that
  // opened its dialog may be gone, and the focus with it. Then it goes to the order's heading.
  const heading = useRef<HTMLHeadingElement>(null)
  const shownStatus = useRef(order.status)
  useEffect(() => {
    if (shownStatus.current === order.status) return
    shownStatus.current = order.status
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus()
  }, [order.status])

  return (
    <div>
      <Link
        to={fromDesk ? '/dashboard/orders' : '/dashboard/order'}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        ← {fromDesk ? 'All orders' : 'My orders'}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          Order <span className="font-mono">{order.orderNumber}</span>
        </h1>
        <StatusBadge order={order} />
      </div>
      <p className="mt-1 text-sm text-slate-600">Placed {formatDateTime(order.createdAt)}</p>
      <OrderActions order={order} viewer={{ email: session.user.email, isAdmin }} />
      {/* The customer's own delivered order invites a review of each tool. */}
      {order.customer === session.user.email && <ReviewInvites order={order} />}
      <OrderDetails order={order} />
    </div>
  )
}
