import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { formatBDT } from '#schemas/bdt.ts'
import type { Booking } from '#schemas/order.ts'
import { actionsFor, hasCreditNote, type OrderViewer } from '#schemas/order-status.ts'
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx'
import { toast } from '#web/lib/toast.ts'
import { useChangeOrderStatus } from '../order-mutations'
import { CancelOrderDialog, RecordPaymentDialog, RefundOrderDialog, ShipOrderDialog } from './order-dialogs'
import { ReceiptDialog } from './receipt-dialog'

/**
 * What `viewer` may do with `order`: the lifecycle table's answer (actionsFor), and "order again"
 * for the customer's own order once it has left unpaid (not a move of the order).
 */
function orderActions(order: Booking, viewer: OrderViewer) {
  const offers = actionsFor(order, viewer)
  return {
    process: offers.includes('process'),
    ship: offers.includes('ship'),
    deliver: offers.includes('deliver'),
    refund: offers.includes('refund'),
    pay: offers.includes('pay'),
    recordPayment: offers.includes('record-payment'),
    cancel: offers.includes('cancel'),
    receipt: offers.includes('receipt'),
    creditNote: offers.includes('receipt') && hasCreditNote(order.status),
    orderAgain: order.customer === viewer.email && order.status !== 'unpaid',
  }
}

type Dialog = 'ship' | 'refund' | 'cancel' | 'receipt' | 'credit-note' | 'record-payment' | 'cash' | undefined

/** The order page's actions (moves, payment, cancel, tax invoice, credit note) with the dialogs they open. */
export function OrderActions({ order, viewer }: { order: Booking; viewer: OrderViewer }) {
  const can = orderActions(order, viewer)
  // "Order again" goes with other actions, never alone.
  const shown =
    can.process || can.ship || can.deliver || can.refund || can.pay || can.recordPayment || can.cancel || can.receipt
  // Cash on delivery is delivered and paid in one move: the courier brought the cash.
  const cod = order.paymentMethod === 'cod'
  const [dialog, setDialog] = useState<Dialog>()
  const close = () => setDialog(undefined)
  const status = useChangeOrderStatus(order._id)

  // NOTE: only the move's own dialog closes when it is done: the answer may come after another
  // dialog was opened (Ship, once processing shows).
  const move = (to: 'processing' | 'delivered', label: string, done?: () => void) =>
    status.mutate(
      { status: to, ...(to === 'delivered' && cod ? { cashCollected: true } : {}) },
      {
        onSuccess: () => {
          done?.()
          toast.success(`Order ${order.orderNumber} ${label}`)
        },
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
              // Cash collected records a payment: asked first, naming the amount.
              onClick={() => (cod ? setDialog('cash') : move('delivered', 'delivered'))}
            >
              {cod ? 'Delivered, cash collected' : 'Mark delivered'}
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
          {can.recordPayment && (
            <button type="button" className="btn-primary" onClick={() => setDialog('record-payment')}>
              Record payment
            </button>
          )}
          {can.cancel && (
            <button type="button" className="btn-ghost text-red-700" onClick={() => setDialog('cancel')}>
              {order.status === 'shipped' ? 'Cancel: refused at the door' : 'Cancel order'}
            </button>
          )}
          {can.receipt && (
            <button type="button" className="btn-ghost" onClick={() => setDialog('receipt')}>
              Tax invoice
            </button>
          )}
          {can.creditNote && (
            <button type="button" className="btn-ghost" onClick={() => setDialog('credit-note')}>
              Credit note
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
      <RecordPaymentDialog order={order} open={dialog === 'record-payment'} onClose={close} />
      <ReceiptDialog order={order} open={dialog === 'receipt'} onClose={close} />
      <ReceiptDialog order={order} kind="credit-note" open={dialog === 'credit-note'} onClose={close} />
      <ConfirmDialog
        open={dialog === 'cash'}
        onClose={close}
        busy={status.isPending}
        tone="primary"
        title={`Collected ${formatBDT(order.total)} in cash?`}
        description={`Order ${order.orderNumber} is marked delivered and paid, and its tax invoice is issued.`}
        keepLabel="Not yet"
        confirmLabel={`Yes, ${formatBDT(order.total)} collected`}
        busyLabel="Recording…"
        onConfirm={() =>
          move('delivered', 'delivered and paid', () => setDialog((d) => (d === 'cash' ? undefined : d)))
        }
      />
    </>
  )
}
