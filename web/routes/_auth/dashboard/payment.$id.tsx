import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { useState } from 'react'
import { PAYMENT_SUCCESS_MESSAGE } from '#schemas/payment.ts'
import { PAYMENT_METHOD_LABELS } from '#web/features/orders/components/order-lines.tsx'
import { OrderToPay } from '#web/features/orders/components/order-to-pay.tsx'
import { orderQueries } from '#web/features/orders/order-queries.ts'
import { cameBackPaying, GatewayPanel } from '#web/features/payments/gateway-panel.tsx'
import { GATEWAY_RETURNS, type GatewayReturn } from '#web/features/payments/gateway-return.ts'
import { Notice, OrderLink, OrderNotFound, OrdersLink, TransactionId } from '#web/features/payments/payment-notices.tsx'
import { PaymentPanel } from '#web/features/payments/payment-panel.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { oneOf } from '#web/lib/search-params.ts'

export const Route = createFileRoute('/_auth/dashboard/payment/$id')({
  // `?gateway=` is what SSLCommerz said when it sent the customer back (the return route): shown, never believed.
  validateSearch: (search: Record<string, unknown>): { gateway?: GatewayReturn } => {
    const gateway = oneOf(GATEWAY_RETURNS, search.gateway)
    return gateway ? { gateway } : {}
  },
  loader: async ({ context, params }) => {
    try {
      return await context.queryClient.ensureQueryData(orderQueries.detail(params.id))
    } catch (error) {
      // Someone else's order answers 404 too, so nobody learns which ids exist.
      if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) throw notFound()
      throw error
    }
  },
  head: () => ({ meta: [{ title: 'Payment · Toolhaus' }] }),
  notFoundComponent: OrderNotFound,
  component: PaymentPage,
})

function PaymentPage() {
  const { id } = Route.useParams()
  const { gateway: returned } = Route.useSearch()
  const { data: order } = useSuspenseQuery(orderQueries.detail(id))
  const viaGateway = order.paymentMethod === 'gateway'
  // The payment made on this visit: the form stays with Pay disabled, and the message shows.
  const [paidNow, setPaidNow] = useState<string>()

  // The payment's mutation (usePayOrder) refreshes every view of the order.
  const onPaid = (transactionId: string) => setPaidNow(transactionId)
  // Paid on this visit: by a card form here, or at the gateway, whose confirmation this page waited for.
  const succeeded =
    paidNow ??
    (viaGateway && order.paid && cameBackPaying(order._id, returned) ? (order.transactionId ?? '') : undefined)

  return (
    <div className="max-w-2xl space-y-6">
      <OrderToPay order={order} />

      <section
        aria-labelledby="card-payment-title"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="card-payment-title" className="mb-5 text-lg font-bold">
          {viaGateway
            ? 'bKash, Nagad or card (SSLCommerz)'
            : order.paymentMethod === 'card'
              ? 'Card payment'
              : PAYMENT_METHOD_LABELS[order.paymentMethod]}
        </h2>

        {viaGateway && order.status === 'unpaid' ? (
          <GatewayPanel orderId={order._id} returned={returned} />
        ) : paidNow !== undefined || (order.status === 'unpaid' && order.paymentMethod === 'card') ? (
          <PaymentPanel
            orderId={order._id}
            paid={paidNow !== undefined}
            onPaid={onPaid}
            billing={{ name: order.customerName, email: order.customer }}
          />
        ) : order.status === 'cancelled' ? (
          <Notice text="This order was cancelled, so it can no longer be paid.">
            <Link to="/service" className="btn-primary mt-4">
              Order again
            </Link>
          </Notice>
        ) : order.status === 'refunded' ? (
          <Notice text="This order was paid and then refunded, so it can no longer be paid.">
            <OrderLink id={order._id} />
          </Notice>
        ) : order.paid ? (
          // Paid just now through the gateway: the message below says so.
          succeeded === undefined && (
            <div className="rounded-xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-600/20">
              <p className="font-semibold">This order is paid.</p>
              <TransactionId id={order.transactionId} />
              <OrdersLink />
            </div>
          )
        ) : (
          // Cash on delivery or a bank transfer: not paid on this page; the order's page says how.
          <Notice
            text={
              order.paymentMethod === 'cod'
                ? 'This order is paid in cash when it is delivered, not here.'
                : 'This order is paid by bank transfer, not here: its page shows the account and the reference to quote.'
            }
          >
            <OrderLink id={order._id} />
          </Notice>
        )}

        {/* Present from the start so screen readers announce the result when it appears. */}
        <div role="status" aria-live="polite" className="empty:hidden mt-6">
          {succeeded !== undefined && (
            <div className="rounded-xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-600/20">
              <p className="text-lg font-bold">{PAYMENT_SUCCESS_MESSAGE}</p>
              <TransactionId id={succeeded} />
              <OrdersLink />
            </div>
          )}
        </div>
      </section>
    </div>
  )
}
