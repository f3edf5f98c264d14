import type { Booking } from '#schemas/order.ts'

type Status = Booking['status']

export const STATUS_LABELS: Record<Status, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
}

const STATUS_STYLES: Record<Status, string> = {
  unpaid: 'bg-brand-100 text-brand-700 ring-brand-400/40',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  processing: 'bg-sky-50 text-sky-800 ring-sky-600/30',
  shipped: 'bg-indigo-50 text-indigo-800 ring-indigo-600/30',
  delivered: 'bg-emerald-100 text-emerald-900 ring-emerald-700/30',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-400/40',
  refunded: 'bg-amber-50 text-amber-900 ring-amber-600/30',
}

/** An unpaid cash-on-delivery order is not behind on anything: it is paid at the door. */
const COD_UNPAID = { label: 'Pay on delivery', style: 'bg-sky-50 text-sky-800 ring-sky-600/30' }

/** An order's status as a coloured pill, the same everywhere. */
export function StatusBadge({ order }: { order: Pick<Booking, 'status' | 'paymentMethod'> }) {
  const cod = order.status === 'unpaid' && order.paymentMethod === 'cod'
  return (
    <span
      className={`inline-block shrink-0 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${cod ? COD_UNPAID.style : STATUS_STYLES[order.status]}`}
      data-testid="order-status"
    >
      {cod ? COD_UNPAID.label : STATUS_LABELS[order.status]}
    </span>
  )
}
