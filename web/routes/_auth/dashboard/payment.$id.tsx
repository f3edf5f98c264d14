import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import { formatBDT } from '#schemas/bdt.ts'
import { PAYMENT_SUCCESS_MESSAGE } from '#schemas/payment.ts'
import { OrderLines, PAYMENT_METHOD_LABELS } from '#web/features/orders/components/order-lines.tsx'
import { bookingQueries } from '#web/features/orders/order-queries.ts'
import { cameBackPaying, GatewayPanel } from '#web/features/payments/gateway-panel.tsx'
import { GATEWAY_RETURNS, type GatewayReturn } from '#web/features/payments/gateway-return.ts'
import { PaymentPanel } from '#web/features/payments/payment-panel.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { formatCount } from '#web/lib/format.ts'
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
      return await context.queryClient.ensureQueryData(bookingQueries.detail(params.id))
    } catch (error) {
      // Someone else's booking answers 404 too, so nobody learns which ids exist.
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
  const { data: booking } = useSuspenseQuery(bookingQueries.detail(id))
  const viaGateway = booking.paymentMethod === 'gateway'
  // The payment made on this visit: the form stays with Pay disabled, and the message shows.
  const [paidNow, setPaidNow] = useState<string>()

  // The payment's mutation (usePayBooking) refreshes every view of the order.
  const onPaid = (transactionId: string) => setPaidNow(transactionId)
  // Paid on this visit: by a card form here, or at the gateway, whose confirmation this page waited for.
  const succeeded =
    paidNow ??
    (viaGateway && booking.paid && cameBackPaying(booking._id, returned) ? (booking.transactionId ?? '') : undefined)

  return (
    <div className="max-w-2xl space-y-6">
      <header className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="break-words text-2xl font-bold">Hello, {booking.customerName}</h1>
        <p className="mt-2 text-slate-700">
          Pay for: <span className="font-semibold text-ink">{booking.service}</span>
        </p>
        {booking.lines.length > 1 ? (
          <div className="mt-2">
            <OrderLines order={booking} />
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-600">
            {formatCount(booking.quantity)} × {formatBDT(booking.unitPrice)}
          </p>
        )}
        <p className="mt-4 text-sm font-medium text-slate-600">Amount</p>
        <p className="text-3xl font-extrabold tracking-tight text-ink" data-testid="amount">
          {formatBDT(booking.total)}
        </p>
        <p className="mt-1 text-sm text-slate-600" data-testid="amount-breakdown">
          Goods {formatBDT(booking.price)} + delivery{' '}
          {booking.deliveryFee === 0 ? '(free)' : formatBDT(booking.deliveryFee)}; VAT included {formatBDT(booking.vat)}
        </p>
      </header>

      <section
        aria-labelledby="card-payment-title"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="card-payment-title" className="mb-5 text-lg font-bold">
          {viaGateway
            ? 'bKash, Nagad or card (SSLCommerz)'
            : booking.paymentMethod === 'card'
              ? 'Card payment'
              : PAYMENT_METHOD_LABELS[booking.paymentMethod]}
        </h2>

        {viaGateway && booking.status === 'unpaid' ? (
          <GatewayPanel bookingId={booking._id} returned={returned} />
        ) : paidNow !== undefined || (booking.status === 'unpaid' && booking.paymentMethod === 'card') ? (
          <PaymentPanel
            bookingId={booking._id}
            paid={paidNow !== undefined}
            onPaid={onPaid}
            billing={{ name: booking.customerName, email: booking.customer }}
          />
        ) : booking.status === 'cancelled' ? (
          <Notice text="This order was cancelled, so it can no longer be paid.">
            <Link to="/service" className="btn-primary mt-4">
              Order again
            </Link>
          </Notice>
        ) : booking.status === 'refunded' ? (
          <Notice text="This order was paid and then refunded, so it can no longer be paid.">
            <OrderLink id={booking._id} />
          </Notice>
        ) : booking.paid ? (
          // Paid just now through the gateway: the message below says so.
          succeeded === undefined && (
            <div className="rounded-xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-600/20">
              <p className="font-semibold">This order is paid.</p>
              <TransactionId id={booking.transactionId} />
              <OrdersLink />
            </div>
          )
        ) : (
          // Cash on delivery or a bank transfer: not paid on this page; the order's page says how.
          <Notice
            text={
              booking.paymentMethod === 'cod'
                ? 'This order is paid in cash when it is delivered, not here.'
                : 'This order is paid by bank transfer, not here: its page shows the account and the reference to quote.'
            }
          >
            <OrderLink id={booking._id} />
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

function TransactionId({ id }: { id: string | null }) {
  return (
    <p className="mt-1 text-sm">
      Transaction id:{' '}
      <span className="break-all font-mono font-semibold" data-testid="transaction-id">
        {id}
      </span>
    </p>
  )
}

function Notice({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-slate-800 ring-1 ring-slate-200">
      <p className="font-semibold">{text}</p>
      {children}
    </div>
  )
}

function OrderLink({ id }: { id: string }) {
  return (
    <Link to="/dashboard/order/$id" params={{ id }} className="btn-ghost mt-4">
      See the order
    </Link>
  )
}

function OrdersLink() {
  return (
    <Link
      to="/dashboard/order"
      className="mt-3 inline-block text-sm font-semibold text-emerald-900 underline underline-offset-4"
    >
      Back to My Orders
    </Link>
  )
}

function OrderNotFound() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <h1 className="text-2xl font-bold">Order not found</h1>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        There is no order with this id in your account. Pick it from your orders to pay for it.
      </p>
      <Link to="/dashboard/order" className="btn-primary mt-6">
        Go to My Orders
      </Link>
    </div>
  )
}
