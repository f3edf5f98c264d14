import type { Booking } from '#schemas/order.ts'
import { SYSTEM_CANCEL_NOTES } from '#schemas/order-statuses.ts'
import { PAYMENT_UNDER_REVIEW_MESSAGE } from '#schemas/payment.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { useIsAdmin } from '#web/lib/use-is-admin.ts'
import { STATUS_LABELS } from './status-badge'

const BY: Record<string, string> = {
  customer: 'by the customer',
  admin: 'by the shop',
  payment: 'payment',
  expiry: 'not paid in time',
  system: 'the tool was withdrawn',
}

/** Who made a step, in words; the system's cancel of an unverified sign-in's order says so by its note. */
const byOf = (step: Booking['history'][number]) =>
  step.by === 'system' && step.note === SYSTEM_CANCEL_NOTES.beforeVerified ? 'by the shop' : BY[step.by]

/**
 * A step's note as its reader should see it: the gateway's hold of a payment (a note on an unpaid
 * step by the payment) tells the admin what to do in the merchant panel; the customer, what it means.
 */
const noteFor = (step: Booking['history'][number], isAdmin: boolean) =>
  !isAdmin && step.by === 'payment' && step.status === 'unpaid' ? PAYMENT_UNDER_REVIEW_MESSAGE : step.note

/** What happened to an order, oldest first. */
export function OrderTimeline({ order }: { order: Booking }) {
  const isAdmin = useIsAdmin()
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
            {step.status !== 'unpaid'
              ? STATUS_LABELS[step.status]
              : step.by === 'payment'
                ? 'Payment under review'
                : 'Placed'}
            {step.status !== 'unpaid' && step.by !== 'payment' && byOf(step) && (
              <span className="font-normal text-slate-600"> · {byOf(step)}</span>
            )}
          </p>
          <p className="text-sm text-slate-600">
            <time dateTime={step.at}>{formatDateTime(step.at)}</time>
          </p>
          {step.note && step.note !== 'expired' && step.note !== SYSTEM_CANCEL_NOTES.toolWithdrawn && (
            <p className="mt-1 text-sm text-slate-700">{noteFor(step, isAdmin)}</p>
          )}
        </li>
      ))}
    </ol>
  )
}
