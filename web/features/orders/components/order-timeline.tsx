import type { Booking } from '#schemas/booking.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { STATUS_LABELS } from './status-badge'

const BY: Record<string, string> = {
  customer: 'by the customer',
  admin: 'by the shop',
  payment: 'payment',
  expiry: 'not paid in time',
  system: 'the tool was withdrawn',
}

/** What happened to an order, oldest first. */
export function OrderTimeline({ order }: { order: Booking }) {
  return (
    <ol className="relative ml-2 border-l-2 border-slate-200" aria-label="Order history">
      {order.history.map((step, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end
        <li key={`${step.status}-${i}`} className="mb-4 ml-5 last:mb-0">
          <span
            aria-hidden="true"
            className="absolute -left-[7px] mt-1.5 h-3 w-3 rounded-full border-2 border-white bg-brand-600 ring-1 ring-slate-300"
          />
          <p className="font-semibold text-ink">
            {step.status === 'unpaid' ? 'Placed' : STATUS_LABELS[step.status]}
            {step.status !== 'unpaid' && step.by !== 'payment' && BY[step.by] && (
              <span className="font-normal text-slate-600"> · {BY[step.by]}</span>
            )}
          </p>
          <p className="text-sm text-slate-600">
            <time dateTime={step.at}>{formatDateTime(step.at)}</time>
          </p>
          {step.note && step.note !== 'expired' && step.note !== 'tool withdrawn' && (
            <p className="mt-1 text-sm text-slate-700">{step.note}</p>
          )}
        </li>
      ))}
    </ol>
  )
}
