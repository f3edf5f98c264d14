import { Link } from '@tanstack/react-router'
import { formatBDT } from '#schemas/bdt.ts'
import type { Booking } from '#schemas/order.ts'
import { formatCount, formatDateTime, nameBesideEmail } from '#web/lib/format.ts'
import { PAYMENT_METHOD_LABELS } from './order-lines'
import { StatusBadge } from './status-badge'

/** What an order waits for before it is paid, in the words of its method; null once nothing is awaited. */
function awaiting(order: Booking): string | null {
  if (order.paid || order.status === 'cancelled' || order.status === 'refunded') return null
  if (order.paymentMethod === 'cod') return 'Cash to collect'
  if (order.status !== 'unpaid') return null
  return order.paymentMethod === 'bank' ? 'Waiting for transfer' : 'Waiting for payment'
}

/** The method and what the order waits for, as one line. */
function PaymentLine({ order }: { order: Booking }) {
  const waits = awaiting(order)
  return (
    <span data-testid="desk-payment">
      {PAYMENT_METHOD_LABELS[order.paymentMethod]}
      {waits && <span className="block font-medium text-amber-800">{waits}</span>}
    </span>
  )
}

/** The order desk's orders, each linking to its page: a card each on phones, a table on wider screens. */
export function OrderDeskList({ orders }: { orders: Booking[] }) {
  return (
    <>
      {/* Phones: one card per order. */}
      <ul className="mt-4 space-y-3 md:hidden" aria-label="Orders">
        {orders.map((order) => (
          <li key={order._id}>
            <Link
              to="/dashboard/order/$id"
              params={{ id: order._id }}
              className="block rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-400"
              data-testid="desk-order"
            >
              <div className="flex items-start justify-between gap-3">
                <span className="font-mono font-semibold text-ink">{order.orderNumber}</span>
                <StatusBadge order={order} />
              </div>
              <p className="mt-1 font-medium text-slate-900">
                {formatCount(order.quantity)} × {order.service}
              </p>
              <p className="text-sm text-slate-600 break-words">
                {nameBesideEmail(order.customerName, order.customer) && `${order.customerName} · `}
                {order.customer}
              </p>
              <p className="mt-1 text-sm text-slate-700">
                <PaymentLine order={order} />
              </p>
              <p className="mt-2 flex justify-between text-sm">
                <span className="text-slate-600">{formatDateTime(order.createdAt)}</span>
                <span className="font-semibold">{formatBDT(order.total)}</span>
              </p>
            </Link>
          </li>
        ))}
      </ul>

      {/* Wider screens: a table whose columns fit beside the sidebar at 1280 px (when placed sits
          under the number; a long tool name or e-mail wraps in its own column). */}
      <div className="relative mt-4 hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
        <table className="w-full text-left text-sm" data-testid="desk-table">
          <caption className="sr-only">Orders, newest first</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-3">
                Order
              </th>
              <th scope="col" className="px-3 py-3">
                Customer
              </th>
              <th scope="col" className="px-3 py-3">
                Tool
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                Total
              </th>
              <th scope="col" className="px-3 py-3">
                Payment
              </th>
              <th scope="col" className="px-3 py-3">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {orders.map((order) => (
              <tr key={order._id} data-testid="desk-order-row" className="align-top hover:bg-slate-50">
                <td className="px-3 py-3 whitespace-nowrap">
                  <Link
                    to="/dashboard/order/$id"
                    params={{ id: order._id }}
                    className="font-mono font-semibold text-brand-700 underline-offset-2 hover:underline"
                  >
                    {order.orderNumber}
                  </Link>
                  <div className="text-xs text-slate-600">{formatDateTime(order.createdAt)}</div>
                </td>
                <td className="min-w-40 px-3 py-3">
                  {nameBesideEmail(order.customerName, order.customer) && (
                    <div className="font-medium">{order.customerName}</div>
                  )}
                  <div className="break-all text-slate-600">{order.customer}</div>
                </td>
                <td className="min-w-40 px-3 py-3">
                  {formatCount(order.quantity)} × {order.service}
                </td>
                <td className="px-3 py-3 text-right font-semibold whitespace-nowrap">{formatBDT(order.total)}</td>
                <td className="px-3 py-3 whitespace-nowrap">
                  <PaymentLine order={order} />
                </td>
                <td className="px-3 py-3 whitespace-nowrap">
                  <StatusBadge order={order} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
