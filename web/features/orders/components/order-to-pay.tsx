import { formatBDT } from '#schemas/bdt.ts'
import type { Booking } from '#schemas/order.ts'
import { formatCount } from '#web/lib/format.ts'
import { OrderLines } from './order-lines'

/** The payment page's head: whose order, what it is for, and the amount with its parts. */
export function OrderToPay({ order }: { order: Booking }) {
  return (
    <header className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h1 className="break-words text-2xl font-bold">Hello, {order.customerName}</h1>
      <p className="mt-2 text-slate-700">
        Pay for: <span className="font-semibold text-ink">{order.service}</span>
      </p>
      {order.lines.length > 1 ? (
        <div className="mt-2">
          <OrderLines order={order} />
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          {formatCount(order.quantity)} × {formatBDT(order.unitPrice)}
        </p>
      )}
      <p className="mt-4 text-sm font-medium text-slate-600">Amount</p>
      <p className="text-3xl font-extrabold tracking-tight text-ink" data-testid="amount">
        {formatBDT(order.total)}
      </p>
      <p className="mt-1 text-sm text-slate-600" data-testid="amount-breakdown">
        Goods {formatBDT(order.price)} + delivery {order.deliveryFee === 0 ? '(free)' : formatBDT(order.deliveryFee)}
        {'; '}VAT included {formatBDT(order.vat)}
      </p>
    </header>
  )
}
