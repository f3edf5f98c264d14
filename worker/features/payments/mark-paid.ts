import { and, eq, sql } from 'drizzle-orm'
import { bookings } from '../../db/schema'
import type { Db } from '../../lib/db'
import { BOOKING_CURRENCY } from './provider'

export type PaidTransition = {
  bookingId: string
  /** The provider's payment id; becomes the booking's `transactionId`. */
  transactionId: string
  amountPaisa: number
  currency: string
}

export type MarkPaidResult =
  /** This call made the booking paid. */
  | { outcome: 'paid' }
  /** It was already paid by this very payment: nothing changed. */
  | { outcome: 'already-paid' }
  | { outcome: 'refused'; reason: 'missing' | 'paid-by-another' | 'cancelled' | 'amount' }

const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`

/**
 * The only place a booking becomes paid. Callers have checked with the provider that the
 * payment succeeded for this booking; the UPDATE itself is conditional (still unpaid, same
 * amount and currency), so a webhook and a PATCH racing, or a replayed event, apply once.
 */
export async function markBookingPaid(db: Db, t: PaidTransition): Promise<MarkPaidResult> {
  if (t.currency !== BOOKING_CURRENCY) return { outcome: 'refused', reason: 'amount' }
  let changed = 0
  try {
    const result = await db
      .update(bookings)
      .set({ status: 'paid', transactionId: t.transactionId, paymentIntentId: t.transactionId, paidAt: nowMs, updatedAt: nowMs })
      .where(and(eq(bookings.id, t.bookingId), eq(bookings.status, 'unpaid'), eq(bookings.pricePaisa, t.amountPaisa)))
      .run()
    changed = result.meta.changes ?? 0
  } catch (err) {
    // NOTE: transaction_id is unique; one payment can never pay two bookings.
    if (!String(err).includes('UNIQUE')) throw err
    return { outcome: 'refused', reason: 'paid-by-another' }
  }
  if (changed === 1) return { outcome: 'paid' }

  const row = await db
    .select({ status: bookings.status, transactionId: bookings.transactionId, pricePaisa: bookings.pricePaisa })
    .from(bookings)
    .where(eq(bookings.id, t.bookingId))
    .get()
  if (!row) return { outcome: 'refused', reason: 'missing' }
  if (row.status === 'paid') {
    return row.transactionId === t.transactionId ? { outcome: 'already-paid' } : { outcome: 'refused', reason: 'paid-by-another' }
  }
  if (row.status === 'cancelled') return { outcome: 'refused', reason: 'cancelled' }
  return { outcome: 'refused', reason: 'amount' }
}
