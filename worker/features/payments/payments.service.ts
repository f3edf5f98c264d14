import { eq, lt } from 'drizzle-orm'
import Stripe from 'stripe'
import { toPaisa, toTaka } from '#schemas/bdt.ts'
import { findTransition, ORDER_ACTIONS, type PaymentMethod } from '#schemas/order-status.ts'
import type { Card, GatewaySessionCreated, PaymentIntentCreated, SimulatedConfirmed } from '#schemas/payment.ts'
import type { OrderRow } from '#worker/db/schema.ts'
import { orders, webhookEvents } from '#worker/db/schema.ts'
import type { Config, SessionUser } from '#worker/env.ts'
import type { Db } from '#worker/lib/db.ts'
import { ApiError, badRequest, conflict, notFound } from '#worker/lib/errors.ts'
import {
  applyMove,
  getOrderRow,
  type MarkPaidResult,
  markOrderPaid,
  type OrderDeps,
  ruleFor,
} from '../orders/lifecycle.service'
import { expiresAtMs, mailRefundedAfterCancel, recordPaymentIntent } from '../orders/orders.service'
import { ORDER_CURRENCY, type ProviderIntent, ProviderUnavailableError, paysFor } from './providers/provider'
import type { SimulatedProvider } from './providers/simulated'
import { gatewayConfigured, type SslcommerzProvider } from './providers/sslcommerz'
import { assertPaymentsAvailable } from './providers.service'

/**
 * Marks the order paid by `payment`; a payment that took money but cannot pay the order (it
 * was cancelled or expired meanwhile, already paid by another payment, or for another
 * amount) is refunded in full at once and the customer is told by e-mail.
 * @param retried the caller is asked again when this throws (Stripe's webhook, which retries an
 *   error answer for days): a refund the provider could not make now then throws, to be made on
 *   the next try, instead of being left to a person.
 */
async function applyPayment(
  deps: OrderDeps,
  orderId: string,
  payment: Pick<ProviderIntent, 'id' | 'amountPaisa' | 'currency'>,
  { retried = false } = {},
): Promise<MarkPaidResult> {
  const result = await markOrderPaid(deps, orderId, payment)
  if (result.outcome !== 'refused' || result.reason === 'missing') return result
  const order = await getOrderRow(deps.db, orderId)
  try {
    await deps.provider.refund({ intentId: payment.id, amountPaisa: payment.amountPaisa, orderId })
  } catch (err) {
    if (retried && err instanceof ProviderUnavailableError) throw err
    // NOTE: refused by the provider, or nobody asks again (a PATCH: Stripe's webhook for the same
    // payment still comes, and tries again): a person must refund it.
    console.error(
      `Payment ${payment.id} for order ${orderId} could not be applied (${result.reason}) nor refunded; refund it by hand`,
      err,
    )
    return result
  }
  if (order) await mailRefundedAfterCancel(deps, order, payment)
  console.warn(`Payment ${payment.id} for order ${orderId} could not be applied (${result.reason}); refunded it`)
  return { ...result, refunded: true }
}

/** Words for the methods that are not paid online. */
const OFFLINE: Partial<Record<PaymentMethod, string>> = {
  cod: 'This order is paid in cash on delivery, not online.',
  bank: 'This order is paid by bank transfer, not online: see the bank details on the order.',
}

/** Words for the methods a card payment (`PATCH /api/booking/{id}`) cannot pay. */
const NOT_BY_CARD: Partial<Record<PaymentMethod, string>> = {
  ...OFFLINE,
  gateway: 'This order is paid on the payment gateway’s page: it is marked paid when the gateway confirms it.',
}

/** @throws 409 WRONG_PAYMENT_METHOD with `refused`'s words for the order's method, when it has some. */
function assertMethodNotIn(refused: Partial<Record<PaymentMethod, string>>, order: Pick<OrderRow, 'paymentMethod'>) {
  const words = refused[order.paymentMethod]
  if (words) throw new ApiError(409, 'WRONG_PAYMENT_METHOD', words)
}

/** @throws 409 WRONG_PAYMENT_METHOD for an order paid in cash on delivery or by bank transfer. */
export const assertPaidOnline = (order: Pick<OrderRow, 'paymentMethod'>) => assertMethodNotIn(OFFLINE, order)

/** @throws 409 WRONG_PAYMENT_METHOD unless a card order (the PATCH's card payment cannot pay it). */
export const assertPaidByCard = (order: Pick<OrderRow, 'paymentMethod'>) => assertMethodNotIn(NOT_BY_CARD, order)

/**
 * `POST /api/create-payment-intent`: the order's one open intent, with the amount from
 * the order. Only the order's customer may pay it.
 * @throws 404 unknown or someone else's order; 409 WRONG_PAYMENT_METHOD for cash on delivery
 *   or a transfer; 503 for a card order where cards are not set up; 409 paid, cancelled or
 *   expired; 400 a `price` that is not the order's.
 */
export async function createIntentForOrder(
  deps: OrderDeps,
  config: Config,
  order: OrderRow | undefined,
  caller: SessionUser,
  price: number | undefined,
): Promise<PaymentIntentCreated | GatewaySessionCreated> {
  const { db, provider } = deps
  if (!order || order.customer !== caller.email) throw notFound('No such order.')
  assertPaidOnline(order)
  // Only a card order needs the card provider (a gateway order pays through SSLCommerz, below).
  if (order.paymentMethod === 'card') assertPaymentsAvailable(config)
  // The customer asks for a payment, which would make the order paid: the table must allow that.
  ruleFor(order.status, { to: 'paid', actor: 'payment', actorEmail: caller.email })
  if ((expiresAtMs(order, config.unpaidHoldMs) ?? Number.POSITIVE_INFINITY) <= Date.now()) {
    throw conflict('This order has expired and its items went back to stock. Please order again.')
  }
  // A client of the spec sends the goods' price; ours the total with delivery. Either is this order's.
  if (price !== undefined && toPaisa(price) !== order.totalPaisa && toPaisa(price) !== order.pricePaisa) {
    const message = `The price of this order is ${toTaka(order.totalPaisa)} BDT.`
    throw badRequest(message, { price: message })
  }

  if (order.paymentMethod === 'gateway') return openGatewaySession(deps, config, order)
  const intent = await provider.createOrReuseIntent(order)
  if (intent.status === 'succeeded') {
    // Paid already, but the PATCH (or webhook) has not been seen yet: apply it now.
    if (paysFor(intent, order)) {
      await applyPayment(deps, order.id, intent)
    }
    throw conflict('This order is already paid.')
  }
  if (!intent.clientSecret || provider.kind === 'sslcommerz')
    throw new ApiError(502, 'PROVIDER_FAILED', 'The card payment service gave no client secret. Please try again.')
  if (order.paymentIntentId !== intent.id && !(await recordPaymentIntent(db, order.id, intent.id))) {
    // Cancelled or expired while the intent was being made: it must not be payable.
    await provider.releaseOpenIntents({ ...order, paymentIntentId: intent.id })
    throw conflict('This order was just cancelled; it can no longer be paid.')
  }
  return {
    clientSecret: intent.clientSecret,
    provider: provider.kind,
    ...(provider.kind === 'stripe' && config.STRIPE_PUBLISHABLE_KEY
      ? { publishableKey: config.STRIPE_PUBLISHABLE_KEY }
      : {}),
  }
}

/**
 * A `gateway` order's payment: a new SSLCommerz session for each attempt (its own `tran_id`),
 * recorded on the order as its open payment; the customer goes to the gateway's page.
 * @throws 503 when SSLCommerz is not configured; 502 when it refuses the session; 409 when the
 *   order was cancelled meanwhile.
 */
async function openGatewaySession(deps: OrderDeps, config: Config, order: OrderRow): Promise<GatewaySessionCreated> {
  if (!gatewayConfigured(config))
    throw new ApiError(503, 'NOT_CONFIGURED', 'Payments through SSLCommerz are not set up on this shop yet.')
  const session = await deps.provider.createOrReuseIntent(order)
  if (!session.redirectUrl) throw new ApiError(502, 'PROVIDER_FAILED', 'The payment gateway gave no page to pay on.')
  if (!(await recordPaymentIntent(deps.db, order.id, session.id))) {
    await deps.provider.releaseOpenIntents(order)
    throw conflict('This order was just cancelled; it can no longer be paid.')
  }
  return { provider: 'sslcommerz', redirectUrl: session.redirectUrl }
}

/**
 * `PATCH /api/booking/{id}`: asks the provider about `transactionId` and marks the
 * order paid only when that payment succeeded, for this order, for its amount and
 * currency. The same call again changes nothing.
 * @returns modifiedCount (1 when this call marked it paid, 0 when it already was by this payment).
 * @throws 409 cancelled or paid by another payment; 400 unknown payment, another
 *   order's payment or another amount; 402 a payment that has not succeeded.
 */
export async function payOrder(deps: OrderDeps, order: OrderRow, transactionId: string): Promise<number> {
  const { provider } = deps
  if (!findTransition(order.status, 'paid', 'payment', order.paymentMethod)) {
    // No payment can pay it any more (the lifecycle table): it was cancelled, or paid already.
    if (order.status === 'cancelled') {
      // A payment that still went through for a cancelled order goes back to the customer.
      const late = await provider.retrieve(transactionId)
      const result = late && paysFor(late, order) ? await applyPayment(deps, order.id, late) : undefined
      throw paymentRefused('cancelled', result?.outcome === 'refused' && result.refunded)
    }
    if (order.transactionId === transactionId) return 0
    throw paymentRefused('paid-by-another')
  }

  const intent = await provider.retrieve(transactionId)
  const refuse = (message: string) => badRequest(message, { transactionId: message })
  if (!intent) throw refuse('No payment with that id.')
  if (intent.orderId !== order.id) throw refuse('That payment is not for this order.')
  if (intent.amountPaisa !== order.totalPaisa || intent.currency !== 'bdt')
    throw refuse('That payment is not for the amount of this order.')
  if (intent.status !== 'succeeded') {
    const message = `That payment has not succeeded (its status is ${intent.status}).`
    throw new ApiError(402, 'PAYMENT_FAILED', message, { transactionId: message })
  }

  const result = await applyPayment(deps, order.id, intent)
  switch (result.outcome) {
    case 'paid':
      return 1
    case 'already-paid':
      return 0
    default:
      throw paymentRefused(result.reason === 'cancelled' ? 'cancelled' : 'paid-by-another', result.refunded)
  }
}

/**
 * What the PATCH answers for a payment that cannot pay the order: the table's words for an
 * order that was cancelled; for one paid already, that it was by another payment (the PATCH
 * names one); either way whether this payment went back to the customer.
 */
function paymentRefused(reason: 'cancelled' | 'paid-by-another', refunded?: boolean) {
  const words =
    reason === 'cancelled' ? ORDER_ACTIONS.pay.refusals.cancelled : 'This order is already paid by another payment.'
  return conflict(`${words}${refunded ? ' Your payment has been refunded.' : ''}`)
}

/**
 * `POST /api/payments/simulated/confirm`: confirms the caller's intent with a test card.
 * On success the order is marked paid through the one paid move (what Stripe's webhook
 * does for real payments); the web app's PATCH that follows then changes nothing.
 * @throws 404 for an unknown secret or someone else's order, 409 when the order or intent
 *   can no longer be paid, 402 PAYMENT_FAILED with the card's message.
 */
export async function confirmSimulatedPayment(
  deps: OrderDeps & { provider: SimulatedProvider },
  clientSecret: string,
  card: Card,
  caller: SessionUser,
): Promise<SimulatedConfirmed> {
  const { db, provider } = deps
  const intent = await provider.findBySecret(clientSecret)
  const order = intent?.orderId ? await getOrderRow(db, intent.orderId) : undefined
  // NOTE: a payment for someone else's order answers like an unknown one.
  if (!intent || !order || order.customer !== caller.email)
    throw notFound('No such payment. Reload the payment page to start again.')
  if (intent.status === 'canceled')
    throw conflict('This payment was cancelled. Reload the payment page to start again.')
  // An intent still to be confirmed asks for a payment: the table must allow the order to become paid.
  if (intent.status !== 'succeeded') ruleFor(order.status, { to: 'paid', actor: 'payment', actorEmail: caller.email })
  if (intent.status !== 'succeeded' && (expiresAtMs(order, deps.holdMs) ?? Number.POSITIVE_INFINITY) <= Date.now()) {
    throw conflict('This order has expired and its items went back to stock. Please order again.')
  }
  // A cancel or expiry releases the intent before it moves the order, so an intent still
  // open here is one that no cancelled order holds.
  const confirmed = await provider.confirmWithCard(intent, card)
  if (confirmed.status !== 'succeeded')
    throw conflict('This order can no longer be paid. Reload the page to see its state.')
  await applyPayment(deps, order.id, confirmed)
  return { paymentIntent: { id: confirmed.id, status: 'succeeded' } }
}

// ─── Stripe webhook ─────────────────────────────────────────────────────────────────────

const subtleCrypto = Stripe.createSubtleCryptoProvider()

/**
 * `POST /api/stripe/webhook`: verifies the signature over the raw body, skips an event id
 * already recorded, marks the order paid on `payment_intent.succeeded` through the one
 * conditional transition (refunding a payment that can no longer pay it), marks a paid
 * order refunded on `charge.refunded`, then records the event id. Every other event type
 * (failed, cancelled, events arriving late or out of order) changes nothing.
 * @throws 400 missing or bad signature; 503 when no webhook secret is configured.
 */
export async function handleStripeWebhook(
  deps: OrderDeps,
  config: Config,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true; duplicate?: true }> {
  const { db } = deps
  if (!config.STRIPE_WEBHOOK_SECRET) {
    throw new ApiError(
      503,
      'NOT_CONFIGURED',
      'Stripe webhooks are not set up on this shop (STRIPE_WEBHOOK_SECRET is missing).',
    )
  }
  if (!signature) throw badRequest('Missing Stripe-Signature header.')
  let event: Stripe.Event
  try {
    event = await Stripe.webhooks.constructEventAsync(
      rawBody,
      signature,
      config.STRIPE_WEBHOOK_SECRET,
      undefined,
      subtleCrypto,
    )
  } catch {
    throw badRequest('The webhook signature does not match this shop’s webhook secret.')
  }

  const seen = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, event.id)).get()
  if (seen) return { received: true, duplicate: true }

  if (event.type === 'payment_intent.succeeded') {
    const pi = event.data.object
    const orderId = pi.metadata?.bookingId
    if (orderId && pi.status === 'succeeded') {
      await applyPayment(deps, orderId, { id: pi.id, amountPaisa: pi.amount, currency: pi.currency }, { retried: true })
    }
  } else if (event.type === 'charge.refunded') {
    await applyProviderRefund(deps, event.data.object)
  }
  // Recorded after the work: if that failed, Stripe's retry does it again (it is idempotent).
  await db.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().run()
  return { received: true }
}

/**
 * `charge.refunded`: a refund made at Stripe (its dashboard, or ours seen again). A paid or
 * processing order refunded in full becomes 'refunded' with its stock back and the customer
 * told; an order already refunded, or any other, changes nothing (the event is idempotent).
 */
async function applyProviderRefund(deps: OrderDeps, charge: Stripe.Charge): Promise<void> {
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id
  if (!intentId || !charge.refunded) return
  const order = await deps.db.select().from(orders).where(eq(orders.transactionId, intentId)).get()
  if (!order || !findTransition(order.status, 'refunded', 'payment', order.paymentMethod)) return
  const refundId = charge.refunds?.data?.[0]?.id
  await applyMove(
    deps.db,
    order,
    {
      to: 'refunded',
      actor: 'payment',
      note: 'refunded at Stripe',
      ...(refundId ? { set: { refund_id: refundId } } : {}),
    },
    deps.shop,
  )
}

/** Forgets webhook event ids older than `maxAgeMs` (Stripe retries for 3 days at most). */
export async function pruneWebhookEvents(db: Db, olderThanMs: number): Promise<void> {
  await db.delete(webhookEvents).where(lt(webhookEvents.receivedAt, olderThanMs)).run()
}

// ─── SSLCommerz IPN ─────────────────────────────────────────────────────────────────────

/** What the IPN route answers the gateway (always after the work is done or refused). */
export type IpnOutcome = 'paid' | 'already-paid' | 'held' | 'refunded' | 'refused' | 'ignored'

/** The gateway's statuses of a payment that did not go through: nothing to confirm, nothing changes. */
const UNPAID_IPN_STATUSES = new Set(['FAILED', 'CANCELLED', 'UNATTEMPTED', 'EXPIRED'])

/**
 * `POST /api/sslcommerz/ipn`: the gateway says a payment happened. Nothing in the form is
 * believed: the payment is asked of the validation API by `val_id`, and applied only when
 * it answers VALID or VALIDATED for this very `tran_id` (a session of ours), in BDT. A risky
 * payment (risk_level other than 0) is held: recorded on the session, told in the order's
 * history, not paid. Otherwise it goes through the one paid move ({@link applyPayment}): the
 * exact amount of a still-unpaid order pays it; a payment that cannot (another amount, a
 * cancelled or expired order, an order already paid) is refunded through the refund API. The
 * same IPN again changes nothing.
 * @throws 400 a form without tran_id or val_id, an unknown tran_id, or a payment the validation
 *   API does not confirm for it; 502 when the gateway does not answer.
 */
export async function handleSslcommerzIpn(
  deps: OrderDeps,
  gateway: SslcommerzProvider,
  form: Record<string, string>,
): Promise<{ received: true; outcome: IpnOutcome }> {
  const tranId = form.tran_id?.trim() ?? ''
  const valId = form.val_id?.trim() ?? ''
  if (!valId && UNPAID_IPN_STATUSES.has(form.status ?? '')) return { received: true, outcome: 'ignored' }
  if (!tranId || !valId) throw badRequest('An IPN needs tran_id and val_id.')
  const session = await gateway.session(tranId)
  if (!session) throw badRequest('No payment session of this shop has that tran_id.')

  const v = await gateway.client.validate(valId)
  if (v.status !== 'VALID' && v.status !== 'VALIDATED')
    throw badRequest(`The payment gateway did not confirm this payment (${v.status || 'no status'}).`)
  if (v.tranId !== tranId) throw badRequest('The payment gateway confirmed that payment for another tran_id.')
  if (v.currency !== 'BDT' || v.amountPaisa === null)
    throw badRequest('The payment gateway confirmed that payment in another currency than BDT.')

  if (v.riskLevel !== 0) {
    const order = await getOrderRow(deps.db, session.orderId)
    await gateway.recordHold(tranId, v, order?.status ?? 'unpaid')
    return { received: true, outcome: 'held' }
  }
  await gateway.recordPayment(tranId, v)
  // A payment the gateway held for review kept its order open past the hold (the expiry job
  // leaves an order alone while it is paying): approved now, it pays it, however late.
  const holdMs = session.status === 'held' ? Number.POSITIVE_INFINITY : deps.holdMs
  const result = await applyPayment({ ...deps, holdMs }, session.orderId, {
    id: tranId,
    amountPaisa: v.amountPaisa,
    currency: ORDER_CURRENCY,
  })
  if (result.outcome === 'refused') return { received: true, outcome: result.refunded ? 'refunded' : 'refused' }
  return { received: true, outcome: result.outcome }
}
