/** Test fixtures for the Stripe mode (imported only by *.test.ts files). */
import Stripe from 'stripe'
import { expect, inject } from 'vitest'
import type { PaymentIntentCreated } from '#schemas/payment.ts'
import type { FakeStripeRequest } from './fake-stripe'
import { type Bindings, call, json } from './helpers'
import { placeOrder, type ToolFixture } from './order-fixtures'

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_secret_for_the_fake'
export const STRIPE_PUBLISHABLE_KEY = 'pk_test_fake'

/** The bindings of Stripe mode, talking to the fake Stripe server: `call(…, { env: stripeMode() })`. */
export const stripeMode = (overrides: Bindings = {}): Bindings => ({
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_BASE: inject('stripeUrl'),
  ...overrides,
})

/**
 * An order paid in Stripe mode as the web app pays it: placed, its PaymentIntent confirmed with
 * a test card at the fake Stripe, then PATCHed. Answers the order's id and the intent's.
 */
export async function stripePaidOrder(
  token: string,
  tool: ToolFixture,
  email: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; intentId: string }> {
  const id = await placeOrder(token, tool, email, overrides)
  const intent = await call('POST', '/api/create-payment-intent', {
    as: token,
    body: { bookingId: id },
    env: stripeMode(),
  })
  expect(intent.status, JSON.stringify(await intent.clone().json())).toBe(200)
  const intentId = intentIdOf((await json<PaymentIntentCreated>(intent)).clientSecret)
  await fakeStripeClient().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
  const paid = await call('PATCH', `/api/booking/${id}`, {
    as: token,
    body: { transactionId: intentId },
    env: stripeMode(),
  })
  expect(paid.status, JSON.stringify(await paid.clone().json())).toBe(200)
  return { id, intentId }
}

/** The SDK as the browser's Stripe.js would use it: confirming intents at the fake server. */
export function fakeStripeClient(): Stripe {
  const base = new URL(inject('stripeUrl'))
  return new Stripe('sk_test_fake', {
    httpClient: Stripe.createFetchHttpClient(),
    host: base.hostname,
    port: base.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  })
}

export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!

export async function fakeStripeRequests(): Promise<FakeStripeRequest[]> {
  return (await fetch(`${inject('stripeUrl')}/__requests`)).json()
}

const subtle = Stripe.createSubtleCryptoProvider()

/** A Stripe event delivery: the raw body and its `Stripe-Signature` header. */
export async function signedEvent(
  event: { id: string; type: string; object: unknown; created?: number },
  opts: { secret?: string; timestamp?: number } = {},
): Promise<{ body: string; signature: string }> {
  const body = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: event.created ?? Math.floor(Date.now() / 1000),
    data: { object: event.object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: event.type,
  })
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload: body,
    secret: opts.secret ?? STRIPE_WEBHOOK_SECRET,
    cryptoProvider: subtle,
    ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
  })
  return { body, signature }
}

/**
 * Stripe's `charge.refunded` for a payment refunded in full (in its dashboard, or ours seen
 * again), signed: `amountPaisa` refunded, the refund `refundId`.
 */
export const chargeRefunded = (intentId: string, amountPaisa: number, refundId = 're_test') =>
  signedEvent({
    id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
    type: 'charge.refunded',
    object: {
      id: `ch_${refundId}`,
      object: 'charge',
      payment_intent: intentId,
      refunded: true,
      amount_refunded: amountPaisa,
      refunds: { object: 'list', data: [{ id: refundId }] },
    },
  })

/** Delivers an event to the webhook route the way Stripe does. */
export function deliver(delivery: { body: string; signature: string }, overrides: Bindings = {}) {
  return call('POST', '/api/stripe/webhook', {
    raw: delivery.body,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': delivery.signature },
    env: stripeMode(overrides),
  })
}
