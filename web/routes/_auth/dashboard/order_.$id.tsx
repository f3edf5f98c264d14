import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import { formatBDT } from '#schemas/bdt.ts'
import type { Booking } from '#schemas/booking.ts'
import { CARRIER_MAX, TRACKING_MAX } from '#schemas/booking.ts'
import { nextStatuses } from '#schemas/order-status.ts'
import { Modal } from '#web/components/modal.tsx'
import { PagePending } from '#web/components/page-pending.tsx'
import { useCancelOrder, useChangeOrderStatus, useRefundOrder } from '#web/features/bookings/bookings-mutations.ts'
import { bookingQueries } from '#web/features/bookings/bookings-queries.ts'
import { OrderTimeline } from '#web/features/bookings/components/order-timeline.tsx'
import { StatusBadge } from '#web/features/bookings/components/status-badge.tsx'
import { ApiRequestError } from '#web/lib/api.ts'
import { formatCount, formatDateTime } from '#web/lib/format.ts'
import { useSession } from '#web/lib/session.ts'

export const Route = createFileRoute('/_auth/dashboard/order_/$id')({
  loader: async ({ context, params }) => {
    try {
      return await context.queryClient.ensureQueryData(bookingQueries.detail(params.id))
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: `${loaderData ? `Order ${loaderData.orderNumber}` : 'Order'} · Toolhaus` }],
  }),
  // Its data still loading after a moment: the skeleton, under the sidebar.
  pendingComponent: PagePending,
  component: OrderPage,
})

type Dialog = 'ship' | 'refund' | 'cancel' | 'receipt' | undefined

function OrderPage() {
  const { id } = Route.useParams()
  const { session } = Route.useRouteContext()
  const { data: order } = useSuspenseQuery(bookingQueries.detail(id))
  const { isAdmin } = useSession()
  const [dialog, setDialog] = useState<Dialog>()
  const status = useChangeOrderStatus(id)
  const mine = order.customer === session.user.email
  const adminMoves = isAdmin ? nextStatuses(order.status, 'admin') : []
  const hasReceipt = order.paidAt !== null

  const move = (to: 'processing' | 'delivered', label: string) =>
    status.mutate(
      { status: to },
      {
        onSuccess: () => toast.success(`Order ${order.orderNumber} ${label}`),
        onError: (error) => toast.error(error.message),
      },
    )

  return (
    <div>
      <Link
        to={isAdmin && !mine ? '/dashboard/orders' : '/dashboard/order'}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        ← {isAdmin && !mine ? 'All orders' : 'My orders'}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">
          Order <span className="font-mono">{order.orderNumber}</span>
        </h1>
        <StatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-sm text-slate-600">Placed {formatDateTime(order.createdAt)}</p>

      {(adminMoves.length > 0 || hasReceipt || (mine && order.status === 'unpaid')) && (
        <div className="mt-5 flex flex-wrap gap-2" role="group" aria-label="Actions">
          {adminMoves.includes('processing') && (
            <button
              type="button"
              className="btn-dark"
              disabled={status.isPending}
              onClick={() => move('processing', 'is being processed')}
            >
              Mark processing
            </button>
          )}
          {adminMoves.includes('shipped') && (
            <button type="button" className="btn-primary" onClick={() => setDialog('ship')}>
              Ship
            </button>
          )}
          {adminMoves.includes('delivered') && (
            <button
              type="button"
              className="btn-dark"
              disabled={status.isPending}
              onClick={() => move('delivered', 'delivered')}
            >
              Mark delivered
            </button>
          )}
          {adminMoves.includes('refunded') && (
            <button type="button" className="btn-ghost text-red-700" onClick={() => setDialog('refund')}>
              Refund
            </button>
          )}
          {mine && order.status === 'unpaid' && (
            <Link to="/dashboard/payment/$id" params={{ id: order._id }} className="btn-primary">
              Pay now
            </Link>
          )}
          {(adminMoves.includes('cancelled') || (mine && order.status === 'unpaid')) && (
            <button type="button" className="btn-ghost text-red-700" onClick={() => setDialog('cancel')}>
              Cancel order
            </button>
          )}
          {hasReceipt && (
            <button type="button" className="btn-ghost" onClick={() => setDialog('receipt')}>
              Receipt
            </button>
          )}
          {mine && order.status !== 'unpaid' && (
            <Link to="/service/$serviceId" params={{ serviceId: order.serviceId }} className="btn-ghost">
              Order again
            </Link>
          )}
        </div>
      )}

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Panel title="Order">
          <Facts
            rows={[
              ['Tool', order.service],
              ['Quantity', formatCount(order.quantity)],
              ['Unit price', formatBDT(order.unitPrice)],
              ['Total', <strong key="total">{formatBDT(order.price)}</strong>],
            ]}
          />
        </Panel>
        <Panel title="Deliver to">
          <Facts
            rows={[
              ['Name', order.customerName],
              ['E-mail', order.customer],
              ['Phone', order.phone],
              ['Address', order.address],
            ]}
          />
        </Panel>
        <Panel title="Payment">
          <Facts
            rows={[
              [
                'Status',
                order.paidAt
                  ? `Paid ${formatDateTime(order.paidAt)}`
                  : order.status === 'unpaid' && order.expiresAt
                    ? `Unpaid: pay by ${formatDateTime(order.expiresAt)}`
                    : 'Not paid',
              ],
              ...(order.transactionId
                ? ([
                    [
                      'Transaction id',
                      <span key="txn" className="break-all font-mono" data-testid="transaction-id">
                        {order.transactionId}
                      </span>,
                    ],
                  ] as [string, ReactNode][])
                : []),
              ...(order.refundedAt ? ([['Refunded', formatDateTime(order.refundedAt)]] as [string, ReactNode][]) : []),
            ]}
          />
        </Panel>
        <Panel title="Shipping">
          {order.trackingNumber || order.deliveredAt ? (
            <Facts
              rows={[
                ...(order.carrier ? ([['Carrier', order.carrier]] as [string, ReactNode][]) : []),
                ...(order.trackingNumber
                  ? ([
                      [
                        'Tracking number',
                        <span key="trk" className="font-mono" data-testid="tracking-number">
                          {order.trackingNumber}
                        </span>,
                      ],
                    ] as [string, ReactNode][])
                  : []),
                ...(order.shippedAt ? ([['Shipped', formatDateTime(order.shippedAt)]] as [string, ReactNode][]) : []),
                ...(order.deliveredAt
                  ? ([['Delivered', formatDateTime(order.deliveredAt)]] as [string, ReactNode][])
                  : []),
              ]}
            />
          ) : (
            <p className="text-sm text-slate-600">
              {order.status === 'cancelled' || order.status === 'refunded'
                ? 'Nothing will be shipped.'
                : 'Not shipped yet.'}
            </p>
          )}
        </Panel>
      </div>

      <Panel title="History" className="mt-4">
        <OrderTimeline order={order} />
      </Panel>

      <ShipDialog order={order} open={dialog === 'ship'} onClose={() => setDialog(undefined)} />
      <RefundDialog order={order} open={dialog === 'refund'} onClose={() => setDialog(undefined)} />
      <CancelDialog order={order} open={dialog === 'cancel'} onClose={() => setDialog(undefined)} />
      <ReceiptDialog order={order} open={dialog === 'receipt'} onClose={() => setDialog(undefined)} />
    </div>
  )
}

function Panel({ title, className = '', children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`} aria-label={title}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  )
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

type DialogProps = { order: Booking; open: boolean; onClose: () => void }

function DialogButtons({
  busy,
  confirm,
  danger,
  onClose,
}: {
  busy: boolean
  confirm: string
  danger?: boolean
  onClose: () => void
}) {
  return (
    <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button type="button" className="btn-ghost" onClick={onClose} disabled={busy}>
        Back
      </button>
      <button
        type="submit"
        className={danger ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}
        disabled={busy}
      >
        {confirm}
      </button>
    </div>
  )
}

function ShipDialog({ order, open, onClose }: DialogProps) {
  const status = useChangeOrderStatus(order._id)
  const carrierId = useId()
  const trackingId = useId()
  const [error, setError] = useState<string>()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const trackingNumber = String(form.get('trackingNumber') ?? '').trim()
    if (!trackingNumber) return setError('Enter the tracking number the carrier gave you.')
    status.mutate(
      { status: 'shipped', carrier: String(form.get('carrier') ?? '').trim() || undefined, trackingNumber },
      {
        onSuccess: () => {
          toast.success(`Order ${order.orderNumber} shipped`, {
            description: 'The customer has been e-mailed the tracking number.',
          })
          onClose()
        },
        onError: (err) => setError(err.message),
      },
    )
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={status.isPending}
      title={`Ship order ${order.orderNumber}`}
      description={`${formatCount(order.quantity)} × ${order.service} to ${order.customerName}.`}
    >
      <form onSubmit={submit} noValidate>
        <label htmlFor={carrierId} className="block text-sm font-medium">
          Carrier
        </label>
        <input
          id={carrierId}
          name="carrier"
          className="field mt-1 w-full"
          maxLength={CARRIER_MAX}
          placeholder="e.g. Sundarban Courier"
          data-autofocus
        />
        <label htmlFor={trackingId} className="mt-4 block text-sm font-medium">
          Tracking number
        </label>
        <input
          id={trackingId}
          name="trackingNumber"
          className="field mt-1 w-full"
          maxLength={TRACKING_MAX}
          required
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? `${trackingId}-error` : undefined}
        />
        {error && (
          <p id={`${trackingId}-error`} className="mt-2 text-sm font-medium text-red-700" role="alert">
            {error}
          </p>
        )}
        <DialogButtons
          busy={status.isPending}
          confirm={status.isPending ? 'Saving…' : 'Mark shipped'}
          onClose={onClose}
        />
      </form>
    </Modal>
  )
}

function RefundDialog({ order, open, onClose }: DialogProps) {
  const refund = useRefundOrder(order._id)
  const reasonId = useId()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '').trim()
    refund.mutate(reason, {
      onSuccess: () => {
        toast.success(`Order ${order.orderNumber} refunded`, {
          description: `${formatBDT(order.price)} goes back to the customer's card.`,
        })
        onClose()
      },
    })
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={refund.isPending}
      size="sm"
      title={`Refund ${formatBDT(order.price)}?`}
      description={`The full amount of order ${order.orderNumber} goes back to ${order.customerName}'s card, the ${formatCount(order.quantity)} items go back to stock and the customer is e-mailed. This cannot be undone.`}
    >
      <form onSubmit={submit}>
        <label htmlFor={reasonId} className="block text-sm font-medium">
          Reason <span className="font-normal text-slate-500">(optional, sent to the customer)</span>
        </label>
        <textarea id={reasonId} name="reason" rows={3} maxLength={500} className="field mt-1 w-full" data-autofocus />
        {refund.isError && (
          <p className="mt-2 text-sm font-medium text-red-700" role="alert">
            {refund.error.message}
          </p>
        )}
        <DialogButtons
          busy={refund.isPending}
          confirm={refund.isPending ? 'Refunding…' : 'Refund'}
          danger
          onClose={onClose}
        />
      </form>
    </Modal>
  )
}

function CancelDialog({ order, open, onClose }: DialogProps) {
  const cancel = useCancelOrder()
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={cancel.isPending}
      size="sm"
      title="Cancel this order?"
      description={`${formatCount(order.quantity)} × ${order.service} for ${formatBDT(order.price)}. The items go back to stock; this cannot be undone.`}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault()
          cancel.mutate(order._id, {
            onSuccess: () => {
              toast.success('Order cancelled', { description: `${order.service}: the items went back to stock.` })
              onClose()
            },
          })
        }}
      >
        {cancel.isError && (
          <p className="text-sm font-medium text-red-700" role="alert">
            {cancel.error.message}
          </p>
        )}
        <DialogButtons
          busy={cancel.isPending}
          confirm={cancel.isPending ? 'Cancelling…' : 'Cancel order'}
          danger
          onClose={onClose}
        />
      </form>
    </Modal>
  )
}

/** The printable receipt (the API's invoice page) in a frame, with a Print button. */
function ReceiptDialog({ order, open, onClose }: DialogProps) {
  const frame = useRef<HTMLIFrameElement>(null)
  const { data: html, error } = useQuery({ ...bookingQueries.invoice(order._id), enabled: open })
  return (
    <Modal open={open} onClose={onClose} title={`Receipt ${order.orderNumber}`}>
      {error ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {error.message}
        </p>
      ) : html ? (
        <iframe
          ref={frame}
          title={`Receipt ${order.orderNumber}`}
          srcDoc={html}
          className="h-[60vh] w-full rounded-lg ring-1 ring-slate-200"
        />
      ) : (
        <div
          className="h-[60vh] animate-pulse rounded-lg bg-slate-100"
          role="status"
          aria-label="Loading the receipt"
        />
      )}
      <div className="mt-4 flex justify-end gap-3">
        <button type="button" className="btn-ghost" onClick={onClose}>
          Done
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={!html}
          onClick={() => frame.current?.contentWindow?.print()}
          data-autofocus
        >
          Print
        </button>
      </div>
    </Modal>
  )
}
