import type { ReactNode } from 'react'
import { formatBDT } from '#schemas/bdt.ts'
import type { Booking } from '#schemas/order.ts'
import { settingsQueries } from '#web/features/settings/settings-queries.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { useQuery } from '#web/lib/query.ts'
import { DELIVERY_METHOD_LABELS, OrderLines, OrderTotals, PAYMENT_METHOD_LABELS, useZoneName } from './order-lines'
import { OrderTimeline } from './order-timeline'

/** A row of facts; a row whose value is null is left out. */
type Fact = [label: string, value: ReactNode]

/** Everything about one order: every tool and the money, where to, payment, shipping and its history. */
export function OrderDetails({ order }: { order: Booking }) {
  const shipped = Boolean(order.trackingNumber || order.deliveredAt)
  const district = order.delivery.method === 'courier' ? order.delivery.address.district : null
  const zone = useZoneName(order.delivery.method === 'courier' ? order.delivery.zone : null)
  return (
    <>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Panel title="Order" className="lg:col-span-2">
          <OrderLines order={order} />
          <div className="mt-2 border-t border-slate-200 pt-3 sm:ml-auto sm:max-w-sm">
            <OrderTotals order={order} />
          </div>
        </Panel>
        <Panel title="Deliver to">
          <Facts
            rows={[
              ['Delivery', DELIVERY_METHOD_LABELS[order.delivery.method]],
              ['Name', order.delivery.address.name || order.customerName],
              ['E-mail', order.customer],
              ['Phone', order.delivery.address.phone || order.phone],
              ['Address', order.delivery.method === 'pickup' ? null : <AddressLines key="address" order={order} />],
              ['District', district ? (zone ? `${district} (${zone})` : district) : null],
              ['Company', order.company ? `${order.company.name}, BIN ${order.company.bin}` : null],
              ['PO number', order.poNumber],
              ['Note', order.note],
            ]}
          />
        </Panel>
        <Panel title="Payment">
          <Facts
            rows={[
              ['Status', order.paidAt ? `Paid ${formatDateTime(order.paidAt)}` : unpaidStatus(order)],
              ['Method', PAYMENT_METHOD_LABELS[order.paymentMethod]],
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
        {order.paymentMethod === 'bank' && order.status === 'unpaid' && (
          <Panel title="Pay by bank transfer" className="lg:col-span-2">
            <BankInstructions order={order} />
          </Panel>
        )}
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

/** What an unpaid order waits for, in the words of its method. */
function unpaidStatus(order: Booking): string {
  if (order.status === 'cancelled' || order.status === 'refunded') return 'Not paid'
  if (order.paymentMethod === 'cod') return 'Cash on delivery: paid to the courier when it is delivered'
  if (order.status === 'unpaid' && order.expiresAt)
    return order.paymentMethod === 'bank'
      ? `Waiting for your transfer: send it by ${formatDateTime(order.expiresAt)}`
      : `Unpaid: pay by ${formatDateTime(order.expiresAt)}`
  return 'Not paid'
}

/** The shop's account and the reference to quote (the order number), from the shop's settings. */
function BankInstructions({ order }: { order: Booking }) {
  const { data: settings } = useQuery(settingsQueries.detail())
  const bank = settings?.bank
  return (
    <div data-testid="bank-instructions">
      <p className="mb-3 text-sm text-slate-700">
        Transfer or deposit <strong>{formatBDT(order.total)}</strong> to this account and quote the order number as the
        reference. We hold the tools for you until
        {order.expiresAt ? ` ${formatDateTime(order.expiresAt)}` : ' the transfer arrives'}.
      </p>
      {bank ? (
        <Facts
          rows={[
            ['Bank', bank.bankName],
            ['Branch', bank.branch || null],
            ['Account name', bank.accountName],
            [
              'Account number',
              <span key="acct" className="font-mono">
                {bank.accountNumber}
              </span>,
            ],
            ['Routing number', bank.routingNumber || null],
            [
              'Reference',
              <span key="ref" className="font-mono font-semibold">
                {order.orderNumber}
              </span>,
            ],
          ]}
        />
      ) : (
        <div className="h-24 animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />
      )}
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

/** The delivery address as a courier reads it, a line each (the one-line `address` of older orders otherwise). */
function AddressLines({ order }: { order: Booking }) {
  const { line1, line2, city, postcode } = order.delivery.address
  const cityLine = [city, postcode].filter(Boolean).join(' ')
  const lines = [line1, line2, cityLine].filter(Boolean)
  if (lines.length === 0) return <>{order.address}</>
  return (
    <>
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </>
  )
}
