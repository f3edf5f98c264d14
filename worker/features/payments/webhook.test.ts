import { env } from 'cloudflare:workers'
import type Stripe from 'stripe'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PaymentIntentCreated } from '#schemas/payment.ts'
import { runScheduled } from '#worker/scheduled.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import { makeTool, orderRow, placeOrder, stockOf, type ToolFixture } from '#worker/test/order-fixtures.ts'
import { deliver, fakeStripeClient, intentIdOf, signedEvent, stripeMode } from '#worker/test/stripe-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

const BUYER = 'hooked@example.com'
let buyer: string
let tool: ToolFixture

beforeAll(async () => {
  buyer = await signIn(BUYER)
  tool = await makeTool({ pricePaisa: 9_990, quantity: 10_000, min: 1 })
})

let eventCounter = 0
const eventId = () => `evt_test_${Date.now()}_${++eventCounter}`

/** An order with a PaymentIntent at the fake Stripe, confirmed with `paymentMethod` unless null. */
async function orderWithIntent(
  paymentMethod: string | null = 'pm_card_visa',
): Promise<{ id: string; intent: Stripe.PaymentIntent }> {
  const id = await placeOrder(buyer, tool, BUYER, { quantity: 3 })
  const res = await call('POST', '/api/create-payment-intent', {
    as: buyer,
    body: { bookingId: id },
    env: stripeMode(),
  })
  const { clientSecret } = await json<PaymentIntentCreated>(res)
  const stripe = fakeStripeClient()
  const intentId = intentIdOf(clientSecret)
  if (paymentMethod)
    await stripe.paymentIntents.confirm(intentId, { payment_method: paymentMethod }).catch(() => undefined)
  return { id, intent: await stripe.paymentIntents.retrieve(intentId) }
}

const recorded = async (id: string) =>
  (await env.DB.prepare('select count(*) as n from webhook_events where id = ?').bind(id).first<{ n: number }>())!.n

describe('POST /api/stripe/webhook', () => {
  it('marks the order paid on a signed payment_intent.succeeded and records the event', async () => {
    const { id, intent } = await orderWithIntent()
    const evt = eventId()
    const res = await deliver(await signedEvent({ id: evt, type: 'payment_intent.succeeded', object: intent }))
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ received: true })
    expect(await orderRow(id)).toMatchObject({ status: 'paid', transaction_id: intent.id })
    expect(await recorded(evt)).toBe(1)
  })

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { id, intent } = await orderWithIntent()
    const forged = await signedEvent(
      { id: eventId(), type: 'payment_intent.succeeded', object: intent },
      { secret: 'whsec_someone_else' },
    )
    const res = await deliver(forged)
    expect(res.status).toBe(400)
    expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')

    // A valid signature over another body does not carry over to a tampered body.
    const genuine = await signedEvent({ id: eventId(), type: 'payment_intent.created', object: intent })
    const tampered = {
      body: genuine.body.replace('payment_intent.created', 'payment_intent.succeeded'),
      signature: genuine.signature,
    }
    expect((await deliver(tampered)).status).toBe(400)

    const missing = await call('POST', '/api/stripe/webhook', {
      raw: genuine.body,
      headers: { 'Content-Type': 'application/json' },
      env: stripeMode(),
    })
    expect(missing.status).toBe(400)

    const stale = await signedEvent(
      { id: eventId(), type: 'payment_intent.succeeded', object: intent },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
    )
    expect((await deliver(stale)).status).toBe(400)
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it('applies a replayed event once', async () => {
    const { id, intent } = await orderWithIntent()
    const delivery = await signedEvent({ id: eventId(), type: 'payment_intent.succeeded', object: intent })
    expect((await deliver(delivery)).status).toBe(200)
    const first = await orderRow(id)
    expect(first?.status).toBe('paid')

    const replays = await Promise.all([deliver(delivery), deliver(delivery), deliver(delivery)])
    for (const res of replays) expect(res.status).toBe(200)
    expect(await json(replays[0]!)).toEqual({ received: true, duplicate: true })
    const after = await orderRow(id)
    expect(after?.paid_at).toBe(first?.paid_at)
    expect(after?.updated_at).toBe(first?.updated_at)
  })

  it('does no harm with events out of order: a late failure or cancel after success, a success after PATCH', async () => {
    const { id, intent } = await orderWithIntent()
    expect(
      (await deliver(await signedEvent({ id: eventId(), type: 'payment_intent.succeeded', object: intent }))).status,
    ).toBe(200)
    const paid = await orderRow(id)

    const failedObject = { ...intent, status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } }
    for (const type of [
      'payment_intent.payment_failed',
      'payment_intent.canceled',
      'payment_intent.created',
      'payment_intent.processing',
    ]) {
      const res = await deliver(
        await signedEvent({
          id: eventId(),
          type,
          object: { ...failedObject, status: type === 'payment_intent.canceled' ? 'canceled' : failedObject.status },
        }),
      )
      expect(res.status).toBe(200)
    }
    expect(await orderRow(id)).toEqual(paid)

    // PATCH first, then the webhook: nothing changes the second time.
    const other = await orderWithIntent()
    const patched = await call('PATCH', `/api/booking/${other.id}`, {
      as: buyer,
      body: { transactionId: other.intent.id },
      env: stripeMode(),
    })
    expect(await json(patched)).toEqual({ acknowledged: true, modifiedCount: 1 })
    const before = await orderRow(other.id)
    expect(
      (await deliver(await signedEvent({ id: eventId(), type: 'payment_intent.succeeded', object: other.intent })))
        .status,
    ).toBe(200)
    expect(await orderRow(other.id)).toEqual(before)
  })

  it('does not pay an order from an event for another amount, or for a cancelled order', async () => {
    const { id, intent } = await orderWithIntent()
    const cheaper = { ...intent, amount: intent.amount - 100, amount_received: intent.amount - 100 }
    expect(
      (await deliver(await signedEvent({ id: eventId(), type: 'payment_intent.succeeded', object: cheaper }))).status,
    ).toBe(200)
    expect((await orderRow(id))?.status).toBe('unpaid')

    const stock = await stockOf(tool.id)
    const cancelled = await orderWithIntent(null)
    expect((await call('POST', `/api/booking/${cancelled.id}/cancel`, { as: buyer, env: stripeMode() })).status).toBe(
      200,
    )
    const late = { ...cancelled.intent, status: 'succeeded' }
    expect(
      (await deliver(await signedEvent({ id: eventId(), type: 'payment_intent.succeeded', object: late }))).status,
    ).toBe(200)
    expect((await orderRow(cancelled.id))?.status).toBe('cancelled')
    expect(await stockOf(tool.id)).toBe(stock)
  })

  it('a second payment of a paid order is refunded; Stripe down then fails the delivery, so its retry refunds it', async () => {
    const { id, intent } = await orderWithIntent()
    expect(
      (await deliver(await signedEvent({ id: eventId(), type: 'payment_intent.succeeded', object: intent }))).status,
    ).toBe(200)
    const paid = await orderRow(id)
    // The same order paid again (another tab's intent, say).
    const stripe = fakeStripeClient()
    const second = await stripe.paymentIntents.create({
      amount: intent.amount,
      currency: 'bdt',
      metadata: { bookingId: id },
    })
    const twice = await stripe.paymentIntents.confirm(second.id, { payment_method: 'pm_card_visa' })
    const evt = eventId()
    const delivery = await signedEvent({ id: evt, type: 'payment_intent.succeeded', object: twice })

    // Stripe cannot refund it now: the delivery fails (Stripe delivers it again), nothing recorded.
    const down = await deliver(delivery, { STRIPE_SECRET_KEY: 'sk_test_unavailable' })
    expect(down.status).toBe(502)
    expect((await errorOf(down)).code).toBe('PROVIDER_FAILED')
    expect(await recorded(evt)).toBe(0)
    // (The fake keeps what was refunded on the intent, as Stripe keeps it on its charge.)
    const refunded = async () =>
      ((await stripe.paymentIntents.retrieve(second.id)) as Stripe.PaymentIntent & { amount_refunded?: number })
        .amount_refunded ?? 0
    expect(await refunded()).toBe(0)

    // Delivered again once Stripe is back: refunded, the order as it was.
    expect((await deliver(delivery)).status).toBe(200)
    expect(await recorded(evt)).toBe(1)
    expect(await refunded()).toBe(intent.amount)
    expect(await orderRow(id)).toEqual(paid)
  })

  it('ignores a succeeded event for an order it does not know', async () => {
    const { intent } = await orderWithIntent(null)
    const foreign = { ...intent, status: 'succeeded', metadata: { bookingId: 'not-one-of-ours' } }
    const evt = eventId()
    expect(
      (await deliver(await signedEvent({ id: evt, type: 'payment_intent.succeeded', object: foreign }))).status,
    ).toBe(200)
    expect(await recorded(evt)).toBe(1)
  })

  it('a webhook and a PATCH racing mark the order paid once', async () => {
    const { id, intent } = await orderWithIntent()
    const delivery = await signedEvent({ id: eventId(), type: 'payment_intent.succeeded', object: intent })
    const [hook, patch] = await Promise.all([
      deliver(delivery),
      call('PATCH', `/api/booking/${id}`, { as: buyer, body: { transactionId: intent.id }, env: stripeMode() }),
    ])
    expect(hook.status).toBe(200)
    expect(patch.status).toBe(200)
    expect([0, 1]).toContain((await json<{ modifiedCount: number }>(patch)).modifiedCount)
    expect(await orderRow(id)).toMatchObject({ status: 'paid', transaction_id: intent.id })
  })

  it('answers 503 when no webhook secret is configured (simulated payments)', async () => {
    const { intent } = await orderWithIntent()
    const delivery = await signedEvent({ id: eventId(), type: 'payment_intent.succeeded', object: intent })
    const res = await deliver(delivery, { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' })
    expect(res.status).toBe(503)
  })
})

describe('the scheduled job and webhook event ids', () => {
  it('forgets event ids older than 30 days: a replay of one is taken as new; younger ones are still duplicates', async () => {
    const old = eventId()
    const recent = eventId()
    for (const id of [old, recent]) {
      expect(
        await json(
          await deliver(
            await signedEvent({
              id,
              type: 'payment_intent.created',
              object: { id: 'pi_anything', object: 'payment_intent' },
            }),
          ),
        ),
      ).toEqual({ received: true })
    }
    const day = 24 * 60 * 60 * 1000
    await env.DB.prepare('update webhook_events set created_at = ? where id = ?')
      .bind(Date.now() - 31 * day, old)
      .run()
    await env.DB.prepare('update webhook_events set created_at = ? where id = ?')
      .bind(Date.now() - 29 * day, recent)
      .run()
    await runScheduled(env, Date.now())
    expect(await recorded(old)).toBe(0)
    expect(await recorded(recent)).toBe(1)
    const again = async (id: string) =>
      json(
        await deliver(
          await signedEvent({
            id,
            type: 'payment_intent.created',
            object: { id: 'pi_anything', object: 'payment_intent' },
          }),
        ),
      )
    expect(await again(old)).toEqual({ received: true })
    expect(await again(recent)).toEqual({ received: true, duplicate: true })
  })
})
