// Payments: the simulated provider's intents, SSLCommerz sessions and the webhook events already
// handled (features/payments).
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt, updatedAt } from './columns'

/** Payment intents of the simulated provider (no Stripe keys configured). */
export const paymentIntents = sqliteTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    orderId: text('booking_id').notNull(),
    amountPaisa: integer('amount_paisa').notNull(),
    currency: text('currency').notNull().default('bdt'),
    status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] })
      .notNull()
      .default('requires_payment_method'),
    clientSecret: text('client_secret').notNull(),
    lastError: text('last_error'),
    /** Set once the payment is refunded (in full). */
    refundId: text('refund_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_intents_booking_idx').on(t.orderId, t.status),
    uniqueIndex('payment_intents_secret_idx').on(t.clientSecret),
  ],
)

/**
 * SSLCommerz sessions (the `gateway` method), one per attempt to pay: `tran_id` is ours, unique
 * per attempt, and maps back to the order (docs/api-extensions.md). Only
 * features/payments/providers/sslcommerz.ts reads or writes it. `status`: `open` (the customer was
 * sent to the gateway), `validated` (the validation API confirmed the payment), `held` (confirmed
 * but held for risk review, risk_level 1), `cancelled` (the order left `unpaid` first).
 */
export const gatewaySessions = sqliteTable(
  'gateway_sessions',
  {
    tranId: text('tran_id').primaryKey(),
    orderId: text('booking_id').notNull(),
    amountPaisa: integer('amount_paisa').notNull(),
    status: text('status', { enum: ['open', 'validated', 'held', 'cancelled'] })
      .notNull()
      .default('open'),
    sessionKey: text('session_key'),
    redirectUrl: text('redirect_url'),
    /** From the validation API, once a payment was confirmed. */
    valId: text('val_id'),
    bankTranId: text('bank_tran_id'),
    paidPaisa: integer('paid_paisa'),
    riskLevel: integer('risk_level'),
    /** The refund API's `refund_ref_id` once the payment is refunded. */
    refundRefId: text('refund_ref_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('gateway_sessions_booking_idx').on(t.orderId, t.status)],
)

export const webhookEvents = sqliteTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
})
