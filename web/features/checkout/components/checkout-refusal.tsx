import { Link } from '@tanstack/react-router'
import { formatBDT } from '#schemas/bdt.ts'
import { EmailNotVerified } from '#web/components/email-not-verified.tsx'
import { ApiRequestError } from '#web/lib/api.ts'
import { lineIndexOf } from '../checkout-body'

/** Why the order was not placed, in the words the checkout shows. */
export type Refusal =
  | { kind: 'unverified'; message: string }
  | { kind: 'lines'; message: string; lineErrors: Record<number, string>; inCart: boolean }
  | { kind: 'total' | 'unpaid' | 'other'; message: string }

const CONNECTION = 'We could not reach the shop. Check your connection and try again.'

/**
 * What a refused order means for the customer: a `POST /api/checkout` of the cart, or (`from:
 * 'quote'`) the acceptance of an offer, whose lines are not in the cart. `shownTotal`: the total
 * the page showed.
 */
export function refusalOf(error: unknown, shownTotal: number, from: 'cart' | 'quote' = 'cart'): Refusal {
  const inCart = from === 'cart'
  if (!(error instanceof ApiRequestError)) return { kind: 'other', message: CONNECTION }
  const lineErrors: Record<number, string> = {}
  for (const [key, message] of Object.entries(error.fields)) {
    const index = lineIndexOf(key)
    if (index !== undefined) lineErrors[index] = message
  }
  switch (error.code) {
    case 'EMAIL_NOT_VERIFIED':
      return { kind: 'unverified', message: error.message }
    case 'TOTAL_CHANGED': {
      const now = Number(error.fields.expectedTotal)
      return {
        kind: 'total',
        message: `The total changed while you looked: it is now ${Number.isFinite(now) ? formatBDT(now) : 'as shown'}, not ${formatBDT(shownTotal)}, because a price or the delivery fee changed. Nothing was ordered. Check the new total and place the order again.`,
      }
    }
    case 'STOCK_CHANGED':
      return {
        kind: 'lines',
        lineErrors,
        inCart,
        // An offer's lines are the shop's to change: the server's words ask for a new offer.
        message: inCart
          ? 'Some tools have less stock now than your cart asks for, so nothing was ordered. Change the marked tools in your cart.'
          : error.message,
      }
    case 'TOO_MANY_UNPAID':
    case 'TOO_MUCH_UNPAID':
      return { kind: 'unpaid', message: error.message }
  }
  if (Object.keys(lineErrors).length > 0) return { kind: 'lines', lineErrors, inCart, message: error.message }
  return { kind: 'other', message: error.message }
}

/** The refusal under the total, with the way on: the cart (for the cart's lines), My Orders, or verifying the e-mail. */
export function RefusalNotice({ refusal, email }: { refusal: Refusal; email: string }) {
  if (refusal.kind === 'unverified') return <EmailNotVerified email={email} message={refusal.message} />
  return (
    <div className="rounded-xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-600/20" role="alert">
      <p className="font-medium">{refusal.message}</p>
      {refusal.kind === 'lines' && refusal.inCart && (
        <Link to="/cart" className="mt-2 inline-block font-semibold underline underline-offset-4">
          Go to your cart
        </Link>
      )}
      {refusal.kind === 'unpaid' && (
        <Link to="/dashboard/order" className="mt-2 inline-block font-semibold underline underline-offset-4">
          Go to My Orders
        </Link>
      )}
    </div>
  )
}
