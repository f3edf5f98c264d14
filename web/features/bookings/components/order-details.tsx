import type { ReactNode } from 'react'
import { formatBDT } from '#schemas/bdt.ts'
import type { Booking } from '#schemas/booking.ts'
import { formatCount, formatDateTime } from '#web/lib/format.ts'
import { OrderTimeline } from './order-timeline'

/** A row of facts; a row whose value is null is left out. */
type Fact = [label: string, value: ReactNode]

/** Everything about one order: what, where to, payment, shipping and its history. */
export function OrderDetails({ order }: { order: Booking }) {
  const shipped = Boolean(order.trackingNumber || order.deliveredAt)
  return (
    <>
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
              [
                'Transaction id',
                order.transactionId ? (
                  <span key="txn" className="break-all font-mono" data-testid="transaction-id">
                    {order.transactionId}
                  </span>
                ) : null,
              ],
              ['Refunded', order.refundedAt ? formatDateTime(order.refundedAt) : null],
            ]}
          />
        </Panel>
        <Panel title="Shipping">
          {shipped ? (
            <Facts
              rows={[
                ['Carrier', order.carrier || null],
                [
                  'Tracking number',
                  order.trackingNumber ? (
                    <span key="trk" className="font-mono" data-testid="tracking-number">
                      {order.trackingNumber}
                    </span>
                  ) : null,
                ],
                ['Shipped', order.shippedAt ? formatDateTime(order.shippedAt) : null],
                ['Delivered', order.deliveredAt ? formatDateTime(order.deliveredAt) : null],
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
    </>
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

function Facts({ rows }: { rows: Fact[] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows
        .filter(([, value]) => value !== null)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="min-w-0 break-words text-slate-900">{value}</dd>
          </div>
        ))}
    </dl>
  )
}
