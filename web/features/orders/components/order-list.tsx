import { Link } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { formatBDT } from '#schemas/bdt.ts'
import type { Booking } from '#schemas/order.ts'
import { actionsFor } from '#schemas/order-status.ts'
import { SYSTEM_CANCEL_NOTES } from '#schemas/order-statuses.ts'
import { Modal } from '#web/components/modal.tsx'
import { formatDateTime } from '#web/lib/format.ts'
import { toast } from '#web/lib/toast.ts'
import { useCancelOrder } from '../order-mutations'
import { OrderLines, OrderTotals, orderSummary } from './order-lines'
import { StatusBadge } from './status-badge'

/** Where a refund went, by how the order was paid (a cash order is not refunded through the shop). */
const REFUNDED_TO: Record<Booking['paymentMethod'], string> = {
  card: 'went back to your card',
  gateway: 'went back through SSLCommerz to the card or account (bKash, Nagad, Rocket) you paid with',
  bank: 'was sent back to you by bank transfer',
  cod: 'was given back to you',
}

/** Why a cancelled order was cancelled, from its history. */
function cancelReason(order: Booking): string {
  const step = order.history.findLast((s) => s.status === 'cancelled')
  const by = step?.by
  if (by === 'customer') return ': by you'
  if (by === 'expiry') return ': not paid in time, the items went back to stock'
  if (by === 'system' && step?.note === SYSTEM_CANCEL_NOTES.beforeVerified)
    return ': placed with your address before you verified it'
  if (by === 'system') return ': the tool was withdrawn from the catalogue'
  if (by === 'admin') return ': by the shop'
  return ''
}

/** The customer's orders, newest first, with Payment and Cancel for the unpaid ones. */
export function OrderList({ orders }: { orders: Booking[] }) {
  const [confirming, setConfirming] = useState<Booking>()
  const cancelled = useRef<string | undefined>(undefined)
  const cancel = useCancelOrder()
  const cancelOrder = (order: Booking) =>
    cancel.mutate(order._id, {
      onSuccess: () => {
        // The Cancel button that opened the dialog goes with the order's new state: once the
        // dialog has closed, the focus goes to its order instead.
        cancelled.current = order._id
        setConfirming(undefined)
        toast.success('Order cancelled', { description: `${order.service}: the items went back to stock.` })
      },
    })

  return (
    <>
      <ul className="space-y-4" aria-label="Orders">
        {orders.map((order) => (
          <li key={order._id}>
            <OrderCard
              order={order}
              onCancel={() => {
                cancel.reset()
                setConfirming(order)
              }}
            />
          </li>
        ))}
      </ul>

      <Modal
        open={Boolean(confirming)}
        onClose={() => setConfirming(undefined)}
        afterClose={() => {
          if (cancelled.current) document.getElementById(orderElementId(cancelled.current))?.focus()
          cancelled.current = undefined
        }}
        busy={cancel.isPending}
        size="sm"
        title="Cancel this order?"
        description={
          confirming && (
            <>
              {orderSummary(confirming)} for {formatBDT(confirming.total)}. The items go back to stock; this cannot be
              undone.
            </>
          )
        }
      >
        {cancel.isError && (
          <p className="mb-4 text-sm font-medium text-red-700" role="alert">
            {cancel.error.message}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            className="btn-ghost"
            data-autofocus
            onClick={() => setConfirming(undefined)}
            disabled={cancel.isPending}
          >
            Keep order
          </button>
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            disabled={cancel.isPending || cancel.isError}
            onClick={() => confirming && cancelOrder(confirming)}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel order'}
          </button>
        </div>
      </Modal>
    </>
  )
}

const orderElementId = (id: string) => `order-${id}`

function OrderCard({ order, onCancel }: { order: Booking; onCancel: () => void }) {
  // My Orders lists the viewer's own orders: what the lifecycle table offers their customer.
  const offers = actionsFor(order, { email: order.customer, isAdmin: false })
  const headingId = `${orderElementId(order._id)}-title`
  return (
    <article
      id={orderElementId(order._id)}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-testid="order"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold text-ink">
            <Link to="/dashboard/order/$id" params={{ id: order._id }} className="hover:text-brand-700 hover:underline">
              {order.service}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            <span className="font-mono font-medium text-slate-800" data-testid="order-number">
              {order.orderNumber}
            </span>
            <span aria-hidden="true"> · </span>
            Ordered <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </p>
        </div>
        <StatusBadge order={order} />
      </div>

      <div className="mt-3 grid gap-x-8 gap-y-2 md:grid-cols-[minmax(0,1fr)_18rem]">
        <OrderLines order={order} />
        <div className="md:pt-2.5">
          <OrderTotals order={order} />
        </div>
      </div>

      <div className="mt-4 border-t border-slate-100 pt-4">
        {order.paid && (
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-emerald-800">Paid</span>
            <span aria-hidden="true"> · </span>
            Transaction id:{' '}
            <span className="break-all font-mono text-slate-900" data-testid="transaction-id">
              {order.transactionId}
            </span>
          </p>
        )}
        {order.status === 'shipped' && order.trackingNumber && (
          <p className="mt-1 text-sm text-slate-700">
            Shipped{order.carrier ? ` with ${order.carrier}` : ''}: tracking number{' '}
            <span className="font-mono font-semibold">{order.trackingNumber}</span>
          </p>
        )}
        {order.status === 'delivered' && order.deliveredAt && (
          <p className="mt-1 text-sm text-slate-700">Delivered {formatDateTime(order.deliveredAt)}</p>
        )}
        {order.status === 'cancelled' && (
          <p className="text-sm font-semibold text-slate-700">Cancelled{cancelReason(order)}</p>
        )}
        {order.status === 'refunded' && order.refundedAt && (
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-amber-900">Refunded</span> {formatDateTime(order.refundedAt)}:{' '}
            {formatBDT(order.total)} {REFUNDED_TO[order.paymentMethod]}.
          </p>
        )}
        {order.status !== 'unpaid' && (
          <p className="mt-2">
            <Link
              to="/dashboard/order/$id"
              params={{ id: order._id }}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              Order details{offers.includes('receipt') ? ' and tax invoice' : ''}
              <span className="sr-only"> for {order.orderNumber}</span>
            </Link>
          </p>
        )}
        {(offers.includes('pay') || offers.includes('cancel')) && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            {order.expiresAt && (
              <p className="text-sm text-slate-600">
                Pay by <time dateTime={order.expiresAt}>{formatDateTime(order.expiresAt)}</time>, or the order is
                cancelled.
              </p>
            )}
            <div className="flex gap-2">
              {offers.includes('pay') && (
                <Link to="/dashboard/payment/$id" params={{ id: order._id }} className="btn-primary">
                  Payment<span className="sr-only"> for {order.service}</span>
                </Link>
              )}
              {offers.includes('cancel') && (
                <button type="button" className="btn-ghost text-red-700" onClick={onCancel}>
                  Cancel<span className="sr-only"> order of {order.service}</span>
                </button>
              )}
            </div>
          </div>
        )}
      </div>
    </article>
  )
}
