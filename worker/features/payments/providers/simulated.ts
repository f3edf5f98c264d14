import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import { type Card, NON_TEST_CARD_MESSAGE, TEST_CARDS } from '#schemas/payment.ts'
import { nowMs } from '#worker/db/now.ts'
import { paymentIntents } from '#worker/db/schema.ts'
import { type Db, newId } from '#worker/lib/db.ts'
import { ApiError } from '#worker/lib/errors.ts'
import {
  ORDER_CURRENCY,
  type PayableOrder,
  type PaymentProvider,
  type ProviderIntent,
  type RefundRequest,
} from './provider'

type IntentRow = typeof paymentIntents.$inferSelect

const toProviderIntent = (row: IntentRow): ProviderIntent => ({
  id: row.id,
  status: row.status,
  amountPaisa: row.amountPaisa,
  currency: row.currency,
  orderId: row.orderId,
  clientSecret: row.clientSecret,
})

/**
 * Payments without Stripe keys: intents live in the payment_intents table (only this class
 * reads or writes it) and are confirmed by {@link SimulatedProvider.confirmWithCard}
 * following Stripe's test cards, as Stripe.js confirms a real one. Ids look like Stripe's
 * (`pi_sim_…`, secret `pi_sim_…_secret_…`).
 */
export class SimulatedProvider implements PaymentProvider {
  readonly kind = 'simulated' as const
  constructor(private readonly db: Db) {}

  async createOrReuseIntent(order: PayableOrder): Promise<ProviderIntent> {
    const id = `pi_sim_${newId()}`
    const clientSecret = `${id}_secret_${newId()}`
    // One statement, so two concurrent first requests still leave one open intent.
    await this.db.run(sql`
      insert into payment_intents (id, booking_id, amount_paisa, currency, client_secret)
      select ${id}, ${order.id}, ${order.totalPaisa}, ${ORDER_CURRENCY}, ${clientSecret}
      where not exists (
        select 1 from payment_intents
        where booking_id = ${order.id} and status in ('requires_payment_method', 'succeeded')
      )`)
    const row = await this.db
      .select()
      .from(paymentIntents)
      .where(
        and(
          eq(paymentIntents.orderId, order.id),
          sql`${paymentIntents.status} in ('requires_payment_method', 'succeeded')`,
        ),
      )
      // A succeeded one first: the caller then marks the order paid instead.
      .orderBy(desc(sql`${paymentIntents.status} = 'succeeded'`), asc(paymentIntents.createdAt))
      .get()
    if (!row) throw new Error(`No payment intent for order ${order.id} after creating one`)
    return toProviderIntent(row)
  }

  async retrieve(intentId: string): Promise<ProviderIntent | null> {
    const row = await this.db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId)).get()
    return row ? toProviderIntent(row) : null
  }

  async releaseOpenIntents(order: PayableOrder): Promise<ProviderIntent | null> {
    await this.db
      .update(paymentIntents)
      .set({ status: 'canceled', updatedAt: nowMs })
      .where(and(eq(paymentIntents.orderId, order.id), eq(paymentIntents.status, 'requires_payment_method')))
      .run()
    return (await this.succeededFor(order.id)) ?? null
  }

  async refund({ intentId }: RefundRequest): Promise<{ id: string }> {
    const id = `re_sim_${intentId.slice('pi_sim_'.length)}`
    // Conditional: a second refund of the same payment finds it refunded and changes nothing.
    await this.db
      .update(paymentIntents)
      .set({ refundId: id, updatedAt: nowMs })
      .where(
        and(eq(paymentIntents.id, intentId), eq(paymentIntents.status, 'succeeded'), isNull(paymentIntents.refundId)),
      )
      .run()
    const row = await this.db
      .select({ refundId: paymentIntents.refundId })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, intentId))
      .get()
    if (!row?.refundId)
      throw new ApiError(
        502,
        'PROVIDER_FAILED',
        'The payment to refund was not found at the (simulated) card payment service.',
      )
    return { id: row.refundId }
  }

  /** The intent a client secret belongs to, or null. */
  async findBySecret(clientSecret: string): Promise<ProviderIntent | null> {
    const row = await this.db.select().from(paymentIntents).where(eq(paymentIntents.clientSecret, clientSecret)).get()
    return row ? toProviderIntent(row) : null
  }

  /**
   * Confirms an open intent with a test card, as Stripe does: the intent succeeds, or stays
   * open with the card's decline recorded. Only an intent still open can succeed, so one
   * cancelled meanwhile (its order was cancelled or expired) is never charged.
   * @returns the intent as it is now ('succeeded', or 'canceled' when it was no longer open).
   * @throws 402 PAYMENT_FAILED with Stripe's message for a declined test card.
   */
  async confirmWithCard(intent: ProviderIntent, card: Card): Promise<ProviderIntent> {
    if (intent.status !== 'requires_payment_method') return intent
    const outcome = simulatedCardOutcome(card)
    if (!outcome.ok) {
      await this.db
        .update(paymentIntents)
        .set({ lastError: outcome.message, updatedAt: nowMs })
        .where(eq(paymentIntents.id, intent.id))
        .run()
      throw new ApiError(402, 'PAYMENT_FAILED', outcome.message, { card: outcome.message })
    }
    await this.db
      .update(paymentIntents)
      .set({ status: 'succeeded', lastError: null, updatedAt: nowMs })
      .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'requires_payment_method')))
      .run()
    return (await this.retrieve(intent.id)) ?? intent
  }

  /** A succeeded intent of the order, if it has one. */
  private async succeededFor(orderId: string): Promise<ProviderIntent | undefined> {
    const row = await this.db
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.orderId, orderId), eq(paymentIntents.status, 'succeeded')))
      .get()
    return row && toProviderIntent(row)
  }
}

/** The result of a test card: success, or Stripe's message for the decline. */
function simulatedCardOutcome(card: Card): { ok: true } | { ok: false; message: string } {
  const known = (TEST_CARDS as Record<string, { outcome: 'succeeded' | 'declined'; message?: string }>)[card.number]
  if (!known) return { ok: false, message: NON_TEST_CARD_MESSAGE }
  if (known.outcome === 'succeeded') return { ok: true }
  return { ok: false, message: known.message ?? 'Your card was declined.' }
}
