import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { toast } from 'sonner'
import type { Booking } from '#schemas/booking.ts'
import { nextStatuses } from '#schemas/order-status.ts'
import { useChangeOrderStatus } from '../bookings-mutations'
import { CancelOrderDialog, RefundOrderDialog, ShipOrderDialog } from './order-dialogs'
import { ReceiptDialog } from './receipt-dialog'

type Viewer = { email: string; isAdmin: boolean }

/**
 * What `viewer` may do with `order`, decided here and nowhere else: the admin's moves come from
 * the lifecycle table, the customer's from their own unpaid order.
 * NOTE: meant to become one call to the lifecycle table's actionsFor(order, viewer).
 */
function orderActions(order: Booking, viewer: Viewer) {
  const mine = order.customer === viewer.email
  const adminMoves = viewer.isAdmin ? nextStatuses(order.status, 'admin') : []
  const payable = mine && order.status === 'unpaid'
  return {
    process: adminMoves.includes('processing'),
    ship: adminMoves.includes('shipped'),
    deliver: adminMoves.includes('delivered'),
    refund: adminMoves.includes('refunded'),
    pay: payable,
    cancel: adminMoves.includes('cancelled') || payable,
    receipt: order.paidAt !== null,
    orderAgain: mine && order.status !== 'unpaid',
  }
}

type Dialog = 'ship' | 'refund' | 'cancel' | 'receipt' | undefined

/** The order page's actions (moves, payment, cancel, receipt) with the dialogs they open. */
export function OrderActions({ order, viewer }: { order: Booking; viewer: Viewer }) {
  const can = orderActions(order, viewer)
  // "Order again" goes with other actions, never alone.
  const shown = can.process || can.ship || can.deliver || can.refund || can.pay || can.cancel || can.receipt
  const [dialog, setDialog] = useState<Dialog>()
  const close = () => setDialog(undefined)
  const status = useChangeOrderStatus(order._id)

  const move = (to: 'processing' | 'delivered', label: string) =>
    status.mutate(
      { status: to },
      {
        onSuccess: () => toast.success(`Order ${order.orderNumber} ${label}`),
        onError: (error) => toast.error(error.message),
      },
    )

  return (
    <>
      {shown && (
        <div className="mt-5 flex flex-wrap gap-2" role="group" aria-label="Actions">
          {can.process && (
            <button
              type="button"
              className="btn-dark"
              disabled={status.isPending}
              onClick={() => move('processing', 'is being processed')}
            >
              Mark processing
            </button>
          )}
          {can.ship && (
            <button type="button" className="btn-primary" onClick={() => setDialog('ship')}>
              Ship
            </button>
          )}
          {can.deliver && (
            <button
              type="button"
              className="btn-dark"
              disabled={status.isPending}
              onClick={() => move('delivered', 'delivered')}
            >
              Mark delivered
            </button>
          )}
          {can.refund && (
            <button type="button" className="btn-ghost text-red-700" onClick={() => setDialog('refund')}>
              Refund
            </button>
          )}
          {can.pay && (
            <Link to="/dashboard/payment/$id" params={{ id: order._id }} className="btn-primary">
              Pay now
            </Link>
          )}
          {can.cancel && (
            <button type="button" className="btn-ghost text-red-700" onClick={() => setDialog('cancel')}>
              Cancel order
            </button>
          )}
          {can.receipt && (
            <button type="button" className="btn-ghost" onClick={() => setDialog('receipt')}>
              Receipt
            </button>
          )}
          {can.orderAgain && (
            <Link to="/service/$serviceId" params={{ serviceId: order.serviceId }} className="btn-ghost">
              Order again
            </Link>
          )}
        </div>
      )}

      <ShipOrderDialog order={order} open={dialog === 'ship'} onClose={close} />
      <RefundOrderDialog order={order} open={dialog === 'refund'} onClose={close} />
      <CancelOrderDialog order={order} open={dialog === 'cancel'} onClose={close} />
      <ReceiptDialog order={order} open={dialog === 'receipt'} onClose={close} />
    </>
  )
}
