import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { bookings, paymentIntents } from '../../db/schema'
import type { SessionUser } from '../../env'
import { newId, type Db } from '../../lib/db'
import { ApiError, conflict, notFound } from '../../lib/errors'
import { NON_TEST_CARD_MESSAGE, TEST_CARDS, type Card, type SimulatedConfirmed } from '../../schemas/payment'
import { markBookingPaid } from './mark-paid'
import { BOOKING_CURRENCY, type PayableBooking, type PaymentProvider, type ProviderIntent } from './provider'

type IntentRow = typeof paymentIntents.$inferSelect

const toProviderIntent = (row: IntentRow): ProviderIntent => ({
  id: row.id,
  status: row.status,
  amountPaisa: row.amountPaisa,
  currency: row.currency,
  bookingId: row.bookingId,
  clientSecret: row.clientSecret,
})

const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`

/**
 * Payments without Stripe keys: intents live in the payment_intents table and are
 * confirmed by {@link confirmSimulatedPayment} following Stripe's test cards. Ids look
 * like Stripe's (`pi_sim_…`, secret `pi_sim_…_secret_…`).
 */
export class SimulatedProvider implements PaymentProvider {
  readonly kind = 'simulated' as const
  constructor(private readonly db: Db) {}

  async createOrReuseIntent(booking: PayableBooking): Promise<ProviderIntent> {
    const id = `pi_sim_${newId()}`
    const clientSecret = `${id}_secret_${newId()}`
    // One statement, so two concurrent first requests still leave one open intent.
    await this.db.run(sql`
      insert into payment_intents (id, booking_id, amount_paisa, currency, client_secret)
      select ${id}, ${booking.id}, ${booking.pricePaisa}, ${BOOKING_CURRENCY}, ${clientSecret}
      where not exists (
        select 1 from payment_intents
        where booking_id = ${booking.id} and status in ('requires_payment_method', 'succeeded')
      )`)
    const row = await this.db
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.bookingId, booking.id), sql`${paymentIntents.status} in ('requires_payment_method', 'succeeded')`))
      // A succeeded one first: the caller then marks the booking paid instead.
      .orderBy(desc(sql`${paymentIntents.status} = 'succeeded'`), asc(paymentIntents.createdAt))
      .get()
    if (!row) throw new Error(`No payment intent for booking ${booking.id} after creating one`)
    return toProviderIntent(row)
  }

  async retrieve(intentId: string): Promise<ProviderIntent | null> {
    const row = await this.db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId)).get()
    return row ? toProviderIntent(row) : null
  }

  async releaseOpenIntents(booking: PayableBooking): Promise<ProviderIntent | null> {
    await this.db
      .update(paymentIntents)
      .set({ status: 'canceled', updatedAt: nowMs })
      .where(and(eq(paymentIntents.bookingId, booking.id), eq(paymentIntents.status, 'requires_payment_method')))
      .run()
    return (await this.succeededFor(booking.id)) ?? null
  }

  /** A succeeded intent of the booking, if it has one. */
  async succeededFor(bookingId: string): Promise<ProviderIntent | undefined> {
    const row = await this.db
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.bookingId, bookingId), eq(paymentIntents.status, 'succeeded')))
      .get()
    return row && toProviderIntent(row)
  }
}

/** The result of a test card: success, or Stripe's message for the decline. */
export function simulatedCardOutcome(card: Card): { ok: true } | { ok: false; message: string } {
  const known = (TEST_CARDS as Record<string, { outcome: 'succeeded' | 'declined'; message?: string }>)[card.number]
  if (!known) return { ok: false, message: NON_TEST_CARD_MESSAGE }
  if (known.outcome === 'succeeded') return { ok: true }
  return { ok: false, message: known.message ?? 'Your card was declined.' }
}

/**
 * `POST /api/payments/simulated/confirm`: confirms the caller's intent with a test card.
 * On success the intent succeeds and the booking is marked paid through the one paid
 * transition (what Stripe's webhook does for real payments); the web app's PATCH that
 * follows then changes nothing.
 * @throws 404 for an unknown secret or someone else's booking, 409 when the booking or
 *   intent can no longer be paid, 402 PAYMENT_FAILED with the card's message.
 */
export async function confirmSimulatedPayment(db: Db, clientSecret: string, card: Card, caller: SessionUser): Promise<SimulatedConfirmed> {
  const intent = await db.select().from(paymentIntents).where(eq(paymentIntents.clientSecret, clientSecret)).get()
  const booking =
    intent && (await db.select({ customer: bookings.customer, status: bookings.status }).from(bookings).where(eq(bookings.id, intent.bookingId)).get())
  // NOTE: a payment for someone else's booking answers like an unknown one.
  if (!intent || !booking || booking.customer !== caller.email) throw notFound('No such payment. Reload the payment page to start again.')

  const succeeded = async (): Promise<SimulatedConfirmed> => {
    await markBookingPaid(db, { bookingId: intent.bookingId, transactionId: intent.id, amountPaisa: intent.amountPaisa, currency: intent.currency })
    return { paymentIntent: { id: intent.id, status: 'succeeded' } }
  }
  if (intent.status === 'succeeded') return succeeded()
  if (intent.status === 'canceled') throw conflict('This payment was cancelled. Reload the payment page to start again.')
  if (booking.status === 'paid') throw conflict('This booking is already paid.')
  if (booking.status === 'cancelled') throw conflict('This booking was cancelled; it can no longer be paid.')

  const outcome = simulatedCardOutcome(card)
  if (!outcome.ok) {
    await db.update(paymentIntents).set({ lastError: outcome.message, updatedAt: nowMs }).where(eq(paymentIntents.id, intent.id)).run()
    throw new ApiError(402, 'PAYMENT_FAILED', outcome.message, { card: outcome.message })
  }

  // Conditional: a booking cancelled or expired meanwhile is not charged.
  const result = await db.run(sql`
    update payment_intents set status = 'succeeded', last_error = null, updated_at = ${nowMs}
    where id = ${intent.id} and status = 'requires_payment_method'
      and exists (select 1 from bookings where id = ${intent.bookingId} and status = 'unpaid')`)
  if ((result.meta.changes ?? 0) === 0) {
    const now = await db.select({ status: paymentIntents.status }).from(paymentIntents).where(eq(paymentIntents.id, intent.id)).get()
    if (now?.status !== 'succeeded') throw conflict('This booking can no longer be paid. Reload the page to see its state.')
  }
  return succeeded()
}
