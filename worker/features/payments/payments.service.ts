import Stripe from 'stripe'
import { eq, lt } from 'drizzle-orm'
import { webhookEvents } from '../../db/schema'
import type { Config, SessionUser } from '../../env'
import type { Db } from '../../lib/db'
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors'
import { toPaisa } from '../../schemas/money'
import type { PaymentIntentCreated } from '../../schemas/payment'
import { cancelUnpaidBookings, expiresAtMs, getBookingRow, recordPaymentIntent, type BookingRow } from '../bookings/bookings.service'
import { markBookingPaid, type MarkPaidResult } from './mark-paid'
import { paysFor, type PaymentProvider, type ProviderIntent } from './provider'
import { SimulatedProvider } from './simulated-provider'
import { StripeProvider, stripeClient } from './stripe-provider'

/**
 * The configured provider: Stripe when STRIPE_SECRET_KEY is set, otherwise simulated.
 * Cancelling and expiry use it in every environment; taking a payment also goes through
 * {@link assertPaymentsAvailable}.
 */
export function paymentProvider(config: Config, db: Db): PaymentProvider {
  return config.payments === 'stripe' ? new StripeProvider(stripeClient(config)) : new SimulatedProvider(db)
}

/** @throws 503 when a production configuration has no Stripe keys (simulated payments are refused there). */
export function assertPaymentsAvailable(config: Config): void {
  if (config.payments === 'simulated' && config.ENVIRONMENT === 'production') {
    throw new ApiError(503, 'NOT_CONFIGURED', 'Card payments are not set up on this shop yet. Please try again later.')
  }
}

function refusedPaid(result: MarkPaidResult, bookingId: string, transactionId: string): void {
  if (result.outcome !== 'refused') return
  // NOTE: money was taken for a booking that cannot be paid any more; a person must refund it.
  console.error(`Payment ${transactionId} succeeded for booking ${bookingId} but was not applied (${result.reason}); refund it.`)
}

/**
 * `POST /api/create-payment-intent`: the booking's one open intent, with the amount from
 * the booking. Only the booking's customer may pay it.
 * @throws 404 unknown or someone else's booking; 409 paid, cancelled or expired; 400 a
 *   `price` that is not the booking's.
 */
export async function createIntentForBooking(
  db: Db,
  provider: PaymentProvider,
  config: Config,
  booking: BookingRow | undefined,
  caller: SessionUser,
  price: number | undefined,
): Promise<PaymentIntentCreated> {
  if (!booking || booking.customer !== caller.email) throw notFound('No such booking.')
  if (booking.status === 'paid') throw conflict('This booking is already paid.')
  if (booking.status === 'cancelled') throw conflict('This booking was cancelled; it can no longer be paid.')
  if (expiresAtMs(booking, config.BOOKING_TTL_HOURS) <= Date.now()) {
    throw conflict('This booking has expired and its items went back to stock. Please order again.')
  }
  if (price !== undefined && toPaisa(price) !== booking.pricePaisa) {
    const message = `The price of this booking is ${booking.pricePaisa / 100} BDT.`
    throw badRequest(message, { price: message })
  }

  const intent = await provider.createOrReuseIntent(booking)
  if (intent.status === 'succeeded') {
    // Paid already, but the PATCH (or webhook) has not been seen yet: apply it now.
    if (paysFor(intent, booking)) {
      const result = await markBookingPaid(db, { bookingId: booking.id, transactionId: intent.id, amountPaisa: intent.amountPaisa, currency: intent.currency })
      refusedPaid(result, booking.id, intent.id)
    }
    throw conflict('This booking is already paid.')
  }
  if (!intent.clientSecret) throw new ApiError(502, 'PROVIDER_FAILED', 'The card payment service gave no client secret. Please try again.')
  if (booking.paymentIntentId !== intent.id && !(await recordPaymentIntent(db, booking.id, intent.id))) {
    // Cancelled or expired while the intent was being made: it must not be payable.
    await provider.releaseOpenIntents({ ...booking, paymentIntentId: intent.id })
    throw conflict('This booking was just cancelled; it can no longer be paid.')
  }
  return {
    clientSecret: intent.clientSecret,
    provider: provider.kind,
    ...(provider.kind === 'stripe' && config.STRIPE_PUBLISHABLE_KEY ? { publishableKey: config.STRIPE_PUBLISHABLE_KEY } : {}),
  }
}

/**
 * `PATCH /api/booking/{id}`: asks the provider about `transactionId` and marks the
 * booking paid only when that payment succeeded, for this booking, for its amount and
 * currency. The same call again changes nothing.
 * @returns modifiedCount (1 when this call marked it paid, 0 when it already was by this payment).
 * @throws 409 cancelled or paid by another payment; 400 unknown payment, another
 *   booking's payment or another amount; 402 a payment that has not succeeded.
 */
export async function payBooking(db: Db, provider: PaymentProvider, booking: BookingRow, transactionId: string): Promise<number> {
  if (booking.status === 'paid') {
    if (booking.transactionId === transactionId) return 0
    throw conflict('This booking is already paid by another payment.')
  }
  if (booking.status === 'cancelled') throw conflict('This booking was cancelled; it can no longer be paid.')

  const intent = await provider.retrieve(transactionId)
  const refuse = (message: string) => badRequest(message, { transactionId: message })
  if (!intent) throw refuse('No payment with that id.')
  if (intent.bookingId !== booking.id) throw refuse('That payment is not for this booking.')
  if (intent.amountPaisa !== booking.pricePaisa || intent.currency !== 'bdt') throw refuse('That payment is not for the amount of this booking.')
  if (intent.status !== 'succeeded') {
    const message = `That payment has not succeeded (its status is ${intent.status}).`
    throw new ApiError(402, 'PAYMENT_FAILED', message, { transactionId: message })
  }

  const result = await markBookingPaid(db, { bookingId: booking.id, transactionId: intent.id, amountPaisa: intent.amountPaisa, currency: intent.currency })
  switch (result.outcome) {
    case 'paid':
      return 1
    case 'already-paid':
      return 0
    default:
      refusedPaid(result, booking.id, intent.id)
      if (result.reason === 'cancelled') throw conflict('This booking was cancelled; it can no longer be paid.')
      throw conflict('This booking is already paid by another payment.')
  }
}

export type CancelOutcome = 'cancelled' | 'paid' | 'paying' | 'unchanged'

/**
 * Cancels an unpaid booking and gives its stock back, after making sure nothing can pay
 * it any more: open intents are cancelled at the provider first; a payment that had
 * already succeeded marks the booking paid instead ('paid'), one still in flight leaves it
 * alone ('paying'). Used by the customer's cancel and by expiry.
 */
export async function cancelBooking(db: Db, provider: PaymentProvider, booking: BookingRow): Promise<CancelOutcome> {
  if (booking.status !== 'unpaid') return 'unchanged'
  const live: ProviderIntent | null = await provider.releaseOpenIntents(booking)
  if (live) {
    if (!paysFor(live, booking)) return live.status === 'succeeded' ? tryCancel() : 'paying'
    const result = await markBookingPaid(db, { bookingId: booking.id, transactionId: live.id, amountPaisa: live.amountPaisa, currency: live.currency })
    refusedPaid(result, booking.id, live.id)
    return 'paid'
  }
  return tryCancel()

  async function tryCancel(): Promise<CancelOutcome> {
    const cancelled = await cancelUnpaidBookings(db, [booking])
    if (cancelled.length === 0) return 'unchanged'
    // An intent recorded while we were cancelling must not stay payable either.
    const after = await getBookingRow(db, booking.id)
    if (after?.paymentIntentId && after.paymentIntentId !== booking.paymentIntentId) {
      await provider.releaseOpenIntents(after).catch((err) => console.error(`Releasing the intent of cancelled booking ${booking.id} failed`, err))
    }
    return 'cancelled'
  }
}

// ─── Stripe webhook ─────────────────────────────────────────────────────────────────────

const subtleCrypto = Stripe.createSubtleCryptoProvider()

/**
 * `POST /api/stripe/webhook`: verifies the signature over the raw body, skips an event id
 * already recorded, marks the booking paid on `payment_intent.succeeded` through the one
 * conditional transition, then records the event id. Every other event type (failed,
 * cancelled, events arriving late or out of order) changes nothing.
 * @throws 400 missing or bad signature; 503 when no webhook secret is configured.
 */
export async function handleStripeWebhook(
  db: Db,
  config: Config,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true; duplicate?: true }> {
  if (!config.STRIPE_WEBHOOK_SECRET) {
    throw new ApiError(503, 'NOT_CONFIGURED', 'Stripe webhooks are not set up on this shop (STRIPE_WEBHOOK_SECRET is missing).')
  }
  if (!signature) throw badRequest('Missing Stripe-Signature header.')
  let event: Stripe.Event
  try {
    event = await Stripe.webhooks.constructEventAsync(rawBody, signature, config.STRIPE_WEBHOOK_SECRET, undefined, subtleCrypto)
  } catch {
    throw badRequest('The webhook signature does not match this shop’s webhook secret.')
  }

  const seen = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, event.id)).get()
  if (seen) return { received: true, duplicate: true }

  if (event.type === 'payment_intent.succeeded') {
    const pi = event.data.object
    const bookingId = pi.metadata?.bookingId
    if (bookingId && pi.status === 'succeeded') {
      const result = await markBookingPaid(db, { bookingId, transactionId: pi.id, amountPaisa: pi.amount, currency: pi.currency })
      if (result.outcome === 'refused' && result.reason !== 'missing') refusedPaid(result, bookingId, pi.id)
    }
  }
  // Recorded after the work: if that failed, Stripe's retry does it again (it is idempotent).
  await db.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().run()
  return { received: true }
}

/** Forgets webhook event ids older than `maxAgeMs` (Stripe retries for 3 days at most). */
export async function pruneWebhookEvents(db: Db, olderThanMs: number): Promise<void> {
  await db.delete(webhookEvents).where(lt(webhookEvents.receivedAt, olderThanMs)).run()
}
