import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Booking } from '#schemas/order.ts'
import { CARD_MESSAGES, cardSchema, NON_TEST_CARD_MESSAGE, type PaymentIntentCreated } from '#schemas/payment.ts'
import { runScheduled } from '#worker/scheduled.ts'
import { call, errorOf, json, PRODUCTION, PRODUCTION_SECRET } from '#worker/test/helpers.ts'
import {
  ageOrder,
  mailsTo,
  makeTool,
  orderRow,
  payOrder,
  placeOrder,
  readOrder,
  stockOf,
  type ToolFixture,
} from '#worker/test/order-fixtures.ts'
import {
  deliver,
  fakeStripeClient,
  fakeStripeRequests,
  intentIdOf,
  STRIPE_PUBLISHABLE_KEY,
  signedEvent,
  stripeMode,
} from '#worker/test/stripe-fixtures.ts'
import { accessTokenFor, signIn } from '#worker/test/tokens.ts'

const BUYER = 'payer@example.com'
const OTHER = 'other-payer@example.com'
let buyer: string
let other: string
let admin: string
let tool: ToolFixture

beforeAll(async () => {
  ;[buyer, other, admin] = await Promise.all([signIn(BUYER), signIn(OTHER), signIn('admin@example.com')])
  tool = await makeTool({ pricePaisa: 25_000, quantity: 100_000, min: 2 })
})

const createIntent = (token: string | undefined, body: unknown) =>
  call('POST', '/api/create-payment-intent', { as: token, body })
const confirm = (token: string | undefined, body: unknown) =>
  call('POST', '/api/payments/simulated/confirm', { as: token, body })
const patch = (id: string, token: string, transactionId: string) =>
  call('PATCH', `/api/booking/${id}`, { as: token, body: { appointment: { _id: id }, transactionId } })

const nextYear = new Date().getUTCFullYear() + 1
const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: nextYear,
  cvc: '123',
  ...extra,
})

async function newOrder(token = buyer, email = BUYER, quantity = 2): Promise<string> {
  return placeOrder(token, tool, email, { quantity })
}

async function secretFor(orderId: string, token = buyer): Promise<string> {
  const res = await createIntent(token, { bookingId: orderId })
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
  return (await json<PaymentIntentCreated>(res)).clientSecret
}

describe('POST /api/create-payment-intent (simulated)', () => {
  it('answers a client secret for the order, with the amount from the order, and reuses the open intent', async () => {
    const id = await newOrder(buyer, BUYER, 3)
    const res = await createIntent(buyer, { bookingId: id, price: 750 })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const created = await json<PaymentIntentCreated>(res)
    expect(created).toEqual({
      clientSecret: expect.stringMatching(/^pi_sim_[0-9a-f]{24}_secret_[0-9a-f]{24}$/),
      provider: 'simulated',
    })

    const again = await json<PaymentIntentCreated>(await createIntent(buyer, { bookingId: id }))
    expect(again.clientSecret).toBe(created.clientSecret)
    const rows = await env.DB.prepare('select amount_paisa, currency, status from payment_intents where booking_id = ?')
      .bind(id)
      .all()
    // The total: 3 × 250 BDT and the 200 BDT delivery.
    expect(rows.results).toEqual([{ amount_paisa: 95_000, currency: 'bdt', status: 'requires_payment_method' }])
    expect((await orderRow(id))?.payment_intent_id).toBe(intentIdOf(created.clientSecret))
  })

  it('keeps one open intent when asked many times at once', async () => {
    const id = await newOrder()
    const results = await Promise.all(Array.from({ length: 8 }, () => createIntent(buyer, { bookingId: id })))
    const secrets = new Set(
      await Promise.all(results.map(async (r) => (await json<PaymentIntentCreated>(r)).clientSecret)),
    )
    expect(secrets.size).toBe(1)
    const n = await env.DB.prepare('select count(*) as n from payment_intents where booking_id = ?')
      .bind(id)
      .first<{ n: number }>()
    expect(n?.n).toBe(1)
  })

  it('never takes the amount from the body: a different price is a 400', async () => {
    const id = await newOrder()
    const res = await createIntent(buyer, { bookingId: id, price: 1 })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).fields?.price).toMatch(/700 BDT/)
  })

  it('gives no intent for a paid order (409)', async () => {
    const id = await newOrder()
    await env.DB.prepare("update bookings set status = 'paid', transaction_id = ? where id = ?")
      .bind(`pi_paid_${id}`, id)
      .run()
    const res = await createIntent(buyer, { bookingId: id })
    expect(res.status).toBe(409)
    expect((await errorOf(res)).code).toBe('CONFLICT')
  })

  it('gives no intent for a cancelled order (409)', async () => {
    const id = await newOrder()
    expect((await call('POST', `/api/booking/${id}/cancel`, { as: buyer })).status).toBe(200)
    expect((await createIntent(buyer, { bookingId: id })).status).toBe(409)
  })

  it("gives no intent for someone else's or an unknown order (404, not 403), nor to an anonymous caller", async () => {
    const id = await newOrder()
    expect((await createIntent(other, { bookingId: id })).status).toBe(404)
    expect((await createIntent(admin, { bookingId: id })).status).toBe(404)
    expect((await createIntent(buyer, { bookingId: 'nope' })).status).toBe(404)
    expect((await createIntent(undefined, { bookingId: id })).status).toBe(401)
    expect((await createIntent(buyer, {})).status).toBe(400)
    const n = await env.DB.prepare('select count(*) as n from payment_intents where booking_id = ?')
      .bind(id)
      .first<{ n: number }>()
    expect(n?.n).toBe(0)
  })
})

describe('POST /api/payments/simulated/confirm', () => {
  it('pays with 4242 4242 4242 4242: the intent succeeds and the order is paid; PATCH with the same id changes nothing', async () => {
    const id = await newOrder()
    const secret = await secretFor(id)
    const res = await confirm(buyer, { clientSecret: secret, card: card('4242 4242 4242 4242') })
    expect(res.status).toBe(200)
    const intentId = intentIdOf(secret)
    expect(await json(res)).toEqual({ paymentIntent: { id: intentId, status: 'succeeded' } })
    const order = await json<Booking>(await call('GET', `/api/booking/${id}`, { as: buyer }))
    expect(order).toMatchObject({ status: 'paid', paid: true, transactionId: intentId, expiresAt: null })

    const again = await patch(id, buyer, intentId)
    expect(again.status).toBe(200)
    expect(await json(again)).toEqual({ acknowledged: true, modifiedCount: 0 })
    // Confirming again is harmless too.
    expect((await confirm(buyer, { clientSecret: secret, card: card('4242424242424242') })).status).toBe(200)
    expect((await createIntent(buyer, { bookingId: id })).status).toBe(409)
  })

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
    ['4000 0000 0000 0127', "Your card's security code is incorrect."],
    ['4111 1111 1111 1111', NON_TEST_CARD_MESSAGE],
  ])('declines %s with 402 "%s" and leaves the order unpaid', async (number, message) => {
    const id = await newOrder()
    const secret = await secretFor(id)
    const res = await confirm(buyer, { clientSecret: secret, card: card(number) })
    expect(res.status).toBe(402)
    const error = await errorOf(res)
    expect(error.code).toBe('PAYMENT_FAILED')
    expect(error.message).toBe(message)
    expect((await orderRow(id))?.status).toBe('unpaid')
    const intent = await env.DB.prepare('select status, last_error from payment_intents where id = ?')
      .bind(intentIdOf(secret))
      .first()
    expect(intent).toEqual({ status: 'requires_payment_method', last_error: message })
  })

  it('lets the customer try another card on the same intent after a decline', async () => {
    const id = await newOrder()
    const secret = await secretFor(id)
    expect((await confirm(buyer, { clientSecret: secret, card: card('4000000000000002') })).status).toBe(402)
    expect((await confirm(buyer, { clientSecret: secret, card: card('5555 5555 5555 4444') })).status).toBe(200)
    expect((await orderRow(id))?.status).toBe('paid')
  })

  it.each([
    ['a number failing the Luhn check', { number: '4242 4242 4242 4241' }, 'card.number', CARD_MESSAGES.numberInvalid],
    ['letters in the number', { number: '4242 abcd 4242 4242' }, 'card.number', CARD_MESSAGES.numberInvalid],
    ['a short number', { number: '4242 4242' }, 'card.number', CARD_MESSAGES.numberRequired],
    ['an expiry date in the past', { expMonth: 1, expYear: 2020 }, 'card.expYear', CARD_MESSAGES.expired],
    ['month 13', { expMonth: 13 }, 'card.expMonth', CARD_MESSAGES.monthInvalid],
    ['a 2-digit CVC', { cvc: '12' }, 'card.cvc', CARD_MESSAGES.cvcInvalid],
    ['a CVC with letters', { cvc: '12a' }, 'card.cvc', CARD_MESSAGES.cvcInvalid],
  ])('refuses %s with a clear 400', async (_, change, field, message) => {
    const id = await newOrder()
    const secret = await secretFor(id)
    const res = await confirm(buyer, { clientSecret: secret, card: { ...card('4242424242424242'), ...change } })
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.message).toBe(message)
    expect(error.fields?.[field]).toBe(message)
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it('accepts a two-digit expiry year and a card valid through this month', async () => {
    const now = new Date(Date.UTC(2030, 4, 31))
    const schema = cardSchema(() => now)
    expect(schema.safeParse({ number: '4242424242424242', expMonth: '05', expYear: '30', cvc: '123' }).success).toBe(
      true,
    )
    expect(schema.safeParse({ number: '4242424242424242', expMonth: 4, expYear: 2030, cvc: '123' }).success).toBe(false)
  })

  it("refuses someone else's or an unknown client secret with 404, and an anonymous caller with 401", async () => {
    const id = await newOrder()
    const secret = await secretFor(id)
    expect((await confirm(other, { clientSecret: secret, card: card('4242424242424242') })).status).toBe(404)
    expect((await confirm(buyer, { clientSecret: 'pi_sim_x_secret_y', card: card('4242424242424242') })).status).toBe(
      404,
    )
    expect((await confirm(undefined, { clientSecret: secret, card: card('4242424242424242') })).status).toBe(401)
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it('refuses to charge an order cancelled after its intent was made (409)', async () => {
    const id = await newOrder()
    const secret = await secretFor(id)
    expect((await call('POST', `/api/booking/${id}/cancel`, { as: buyer })).status).toBe(200)
    expect((await confirm(buyer, { clientSecret: secret, card: card('4242424242424242') })).status).toBe(409)
    expect((await orderRow(id))?.status).toBe('cancelled')
  })

  it('is refused with 503 in production and when Stripe is configured', async () => {
    const id = await newOrder()
    const secret = await secretFor(id)
    const pay = { clientSecret: secret, card: card('4242424242424242') }
    // Signed with the production configuration's own secret: the 503 is the payment's, not the token's.
    const as = await accessTokenFor(BUYER, { secret: PRODUCTION_SECRET })
    const res = await call('POST', '/api/payments/simulated/confirm', { as, body: pay, env: PRODUCTION })
    expect(res.status).toBe(503)
    expect((await errorOf(res)).code).toBe('NOT_CONFIGURED')
    const intent = await call('POST', '/api/create-payment-intent', { as, body: { bookingId: id }, env: PRODUCTION })
    expect(intent.status).toBe(503)

    const inStripeMode = await call('POST', '/api/payments/simulated/confirm', {
      as: buyer,
      body: pay,
      env: stripeMode(),
    })
    expect(inStripeMode.status).toBe(503)
    expect((await orderRow(id))?.status).toBe('unpaid')
  })
})

describe('PATCH /api/booking/{id} (simulated provider)', () => {
  /** An intent that succeeded but whose order was not marked yet (the window PATCH closes). */
  async function succeededIntent(orderId: string, amountPaisa?: number): Promise<string> {
    const id = `pi_sim_${crypto.randomUUID().replace(/-/g, '')}`
    const order = await orderRow(orderId)
    await env.DB.prepare(
      "insert into payment_intents (id, booking_id, amount_paisa, status, client_secret) values (?, ?, ?, 'succeeded', ?)",
    )
      .bind(id, orderId, amountPaisa ?? order!.total_paisa, `${id}_secret_x`)
      .run()
    return id
  }

  it('marks paid when the provider says the payment succeeded for this order and amount; again changes nothing', async () => {
    const id = await newOrder()
    const intentId = await succeededIntent(id)
    const res = await patch(id, buyer, intentId)
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ acknowledged: true, modifiedCount: 1 })
    const row = await orderRow(id)
    expect(row).toMatchObject({ status: 'paid', transaction_id: intentId })
    const again = await patch(id, buyer, intentId)
    expect(await json(again)).toEqual({ acknowledged: true, modifiedCount: 0 })
    expect((await orderRow(id))?.paid_at).toBe(row?.paid_at)
  })

  it('does not mark paid with a made-up payment id', async () => {
    const id = await newOrder()
    const res = await patch(id, buyer, 'pi_sim_madeup000000000000000000')
    expect(res.status).toBe(400)
    expect((await errorOf(res)).fields?.transactionId).toBe('No payment with that id.')
    const notAnId = await patch(id, buyer, "'; update bookings set status = 'paid'; --")
    expect(notAnId.status).toBe(400)
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it("does not mark paid with another order's payment", async () => {
    const mine = await newOrder()
    const theirs = await newOrder(other, OTHER)
    const theirPayment = await succeededIntent(theirs)
    const res = await patch(mine, buyer, theirPayment)
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe('That payment is not for this order.')
    expect((await orderRow(mine))?.status).toBe('unpaid')
  })

  it('does not mark paid with a failed payment', async () => {
    const id = await newOrder()
    const secret = await secretFor(id)
    expect((await confirm(buyer, { clientSecret: secret, card: card('4000000000000002') })).status).toBe(402)
    const res = await patch(id, buyer, intentIdOf(secret))
    expect(res.status).toBe(402)
    expect((await errorOf(res)).code).toBe('PAYMENT_FAILED')
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it('does not mark paid with a payment of another amount', async () => {
    const id = await newOrder()
    const row = await orderRow(id)
    const cheap = await succeededIntent(id, row!.total_paisa - 100)
    const res = await patch(id, buyer, cheap)
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe('That payment is not for the amount of this order.')
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it('refuses another payment on a paid order (409), and a cancelled order (409)', async () => {
    const id = await newOrder()
    const first = await succeededIntent(id)
    expect((await patch(id, buyer, first)).status).toBe(200)
    const second = await succeededIntent(id)
    expect((await patch(id, buyer, second)).status).toBe(409)
    expect((await orderRow(id))?.transaction_id).toBe(first)

    const cancelled = await newOrder()
    expect((await call('POST', `/api/booking/${cancelled}/cancel`, { as: buyer })).status).toBe(200)
    expect((await patch(cancelled, buyer, 'pi_sim_whatever')).status).toBe(409)
  })

  it("answers someone else's order with 404 and an anonymous caller with 401", async () => {
    const id = await newOrder()
    const payment = await succeededIntent(id)
    expect((await patch(id, other, payment)).status).toBe(404)
    expect((await call('PATCH', `/api/booking/${id}`, { body: { transactionId: payment } })).status).toBe(401)
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it('needs a transactionId (400)', async () => {
    const id = await newOrder()
    const res = await call('PATCH', `/api/booking/${id}`, { as: buyer, body: { appointment: {} } })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).fields).toHaveProperty('transactionId')
  })

  it('cancelling an order whose payment already succeeded marks it paid instead (409)', async () => {
    const stock = await stockOf(tool.id)
    const id = await newOrder()
    const payment = await succeededIntent(id)
    const res = await call('POST', `/api/booking/${id}/cancel`, { as: buyer })
    expect(res.status).toBe(409)
    expect(await orderRow(id)).toMatchObject({ status: 'paid', transaction_id: payment })
    expect(await stockOf(tool.id)).toBe(stock! - 2)
  })

  it('expiry leaves an order whose payment succeeded: it marks it paid', async () => {
    const id = await newOrder()
    const payment = await succeededIntent(id)
    await ageOrder(id, 30)
    await runScheduled(env, Date.now())
    expect(await orderRow(id)).toMatchObject({ status: 'paid', transaction_id: payment })
  })
})

describe('Stripe mode (the stripe SDK against the fake Stripe server)', () => {
  it('creates one PaymentIntent per order: amount from the order, bdt, metadata.bookingId, an idempotency key', async () => {
    const id = await newOrder(buyer, BUYER, 4)
    const res = await call('POST', '/api/create-payment-intent', {
      as: buyer,
      body: { bookingId: id },
      env: stripeMode(),
    })
    expect(res.status).toBe(200)
    const created = await json<PaymentIntentCreated>(res)
    expect(created).toEqual({
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      provider: 'stripe',
      publishableKey: STRIPE_PUBLISHABLE_KEY,
    })
    const intentId = intentIdOf(created.clientSecret)

    const again = await json<PaymentIntentCreated>(
      await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id }, env: stripeMode() }),
    )
    expect(again.clientSecret).toBe(created.clientSecret)

    const creates = (await fakeStripeRequests()).filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        (r.body.metadata as Record<string, string>)?.bookingId === id,
    )
    expect(creates).toHaveLength(1)
    expect(creates[0]!.body).toMatchObject({ amount: '120000', currency: 'bdt', metadata: { bookingId: id } })
    expect(creates[0]!.headers['idempotency-key']).toBe(`booking-${id}`)
    expect(creates[0]!.headers.authorization).toBe('Bearer sk_test_fake')
    expect((await orderRow(id))?.payment_intent_id).toBe(intentId)
  })

  it('makes a new intent (with a new idempotency key) when the recorded one was cancelled at Stripe', async () => {
    const id = await newOrder()
    const ask = () =>
      call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id }, env: stripeMode() })
    const first = intentIdOf((await json<PaymentIntentCreated>(await ask())).clientSecret)
    await fakeStripeClient().paymentIntents.cancel(first)
    const second = intentIdOf((await json<PaymentIntentCreated>(await ask())).clientSecret)
    expect(second).not.toBe(first)
    expect((await orderRow(id))?.payment_intent_id).toBe(second)
    const keys = (await fakeStripeRequests())
      .filter((r) => r.path === '/v1/payment_intents' && (r.body.metadata as Record<string, string>)?.bookingId === id)
      .map((r) => r.headers['idempotency-key'])
    expect(keys).toEqual([`booking-${id}`, `booking-${id}-after-${first}`])
  })

  it('concurrent first requests get the same intent (idempotency key)', async () => {
    const id = await newOrder()
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id }, env: stripeMode() }),
      ),
    )
    const secrets = new Set(
      await Promise.all(results.map(async (r) => (await json<PaymentIntentCreated>(r)).clientSecret)),
    )
    expect(secrets.size).toBe(1)
  })

  it('pays: the customer confirms at Stripe, PATCH asks Stripe and marks paid; again changes nothing', async () => {
    const id = await newOrder()
    const { clientSecret } = await json<PaymentIntentCreated>(
      await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id }, env: stripeMode() }),
    )
    const intentId = intentIdOf(clientSecret)
    const confirmed = await fakeStripeClient().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
    expect(confirmed.status).toBe('succeeded')

    const res = await call('PATCH', `/api/booking/${id}`, {
      as: buyer,
      body: { transactionId: intentId },
      env: stripeMode(),
    })
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect(await orderRow(id)).toMatchObject({ status: 'paid', transaction_id: intentId })

    const again = await call('PATCH', `/api/booking/${id}`, {
      as: buyer,
      body: { transactionId: intentId },
      env: stripeMode(),
    })
    expect(await json(again)).toEqual({ acknowledged: true, modifiedCount: 0 })
    expect(
      (await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id }, env: stripeMode() }))
        .status,
    ).toBe(409)
  })

  it('does not mark paid with a made-up payment id', async () => {
    const id = await newOrder()
    const res = await call('PATCH', `/api/booking/${id}`, {
      as: buyer,
      body: { transactionId: 'pi_madeup123456' },
      env: stripeMode(),
    })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe('No payment with that id.')
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it("does not mark paid with another order's (succeeded) payment", async () => {
    const mine = await newOrder()
    const theirs = await newOrder(other, OTHER)
    const { clientSecret } = await json<PaymentIntentCreated>(
      await call('POST', '/api/create-payment-intent', { as: other, body: { bookingId: theirs }, env: stripeMode() }),
    )
    await fakeStripeClient().paymentIntents.confirm(intentIdOf(clientSecret), { payment_method: 'pm_card_visa' })
    const res = await call('PATCH', `/api/booking/${mine}`, {
      as: buyer,
      body: { transactionId: intentIdOf(clientSecret) },
      env: stripeMode(),
    })
    expect(res.status).toBe(400)
    expect((await orderRow(mine))?.status).toBe('unpaid')
  })

  it('does not mark paid with a declined payment', async () => {
    const id = await newOrder()
    const { clientSecret } = await json<PaymentIntentCreated>(
      await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id }, env: stripeMode() }),
    )
    const declined = await fakeStripeClient()
      .paymentIntents.confirm(intentIdOf(clientSecret), { payment_method: 'pm_card_chargeDeclined' })
      .catch((err: { type: string; code: string; message: string }) => err)
    expect(declined).toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      message: 'Your card was declined.',
    })
    const res = await call('PATCH', `/api/booking/${id}`, {
      as: buyer,
      body: { transactionId: intentIdOf(clientSecret) },
      env: stripeMode(),
    })
    expect(res.status).toBe(402)
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it('does not mark paid with a succeeded payment of another amount for this order', async () => {
    const id = await newOrder()
    const row = await orderRow(id)
    const stripe = fakeStripeClient()
    const cheap = await stripe.paymentIntents.create({
      amount: row!.total_paisa - 1,
      currency: 'bdt',
      metadata: { bookingId: id },
    })
    await stripe.paymentIntents.confirm(cheap.id, { payment_method: 'pm_card_visa' })
    const res = await call('PATCH', `/api/booking/${id}`, {
      as: buyer,
      body: { transactionId: cheap.id },
      env: stripeMode(),
    })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe('That payment is not for the amount of this order.')
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it('cancelling cancels the open intent at Stripe first, then gives the stock back', async () => {
    const stock = await stockOf(tool.id)
    const id = await newOrder()
    const { clientSecret } = await json<PaymentIntentCreated>(
      await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id }, env: stripeMode() }),
    )
    const res = await call('POST', `/api/booking/${id}/cancel`, { as: buyer, env: stripeMode() })
    expect(res.status).toBe(200)
    expect((await orderRow(id))?.status).toBe('cancelled')
    expect(await stockOf(tool.id)).toBe(stock)
    const intent = await fakeStripeClient().paymentIntents.retrieve(intentIdOf(clientSecret))
    expect(intent.status).toBe('canceled')
    // The customer can no longer pay it.
    await expect(
      fakeStripeClient().paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }),
    ).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    })
  })

  it('expiry marks an order paid whose Stripe payment succeeded, and cancels one whose intent is open', async () => {
    const stock = await stockOf(tool.id)
    const paid = await newOrder()
    const open = await newOrder()
    const secrets: string[] = []
    for (const id of [paid, open]) {
      const res = await call('POST', '/api/create-payment-intent', {
        as: buyer,
        body: { bookingId: id },
        env: stripeMode(),
      })
      secrets.push((await json<PaymentIntentCreated>(res)).clientSecret)
    }
    await fakeStripeClient().paymentIntents.confirm(intentIdOf(secrets[0]!), { payment_method: 'pm_card_visa' })
    await ageOrder(paid, 25)
    await ageOrder(open, 25)
    await runScheduled({ ...env, ...stripeMode() } as unknown as Env, Date.now())
    expect(await orderRow(paid)).toMatchObject({ status: 'paid', transaction_id: intentIdOf(secrets[0]!) })
    expect((await orderRow(open))?.status).toBe('cancelled')
    expect(await stockOf(tool.id)).toBe(stock! - 2)
    expect((await fakeStripeClient().paymentIntents.retrieve(intentIdOf(secrets[1]!))).status).toBe('canceled')
  })

  it('answers 502 when Stripe fails, and changes nothing', async () => {
    const id = await newOrder()
    const res = await call('POST', '/api/create-payment-intent', {
      as: buyer,
      body: { bookingId: id },
      env: stripeMode({ STRIPE_SECRET_KEY: 'sk_test_unavailable' }),
    })
    expect(res.status).toBe(502)
    expect((await errorOf(res)).code).toBe('PROVIDER_FAILED')
    expect((await orderRow(id))?.payment_intent_id).toBeNull()
  })
})

describe('payments that can no longer pay an order', () => {
  it('a webhook payment for a cancelled order is refunded at once and the customer told', async () => {
    const id = await placeOrder(buyer, tool, BUYER)
    const { clientSecret } = await json<PaymentIntentCreated>(
      await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id }, env: stripeMode() }),
    )
    const intentId = intentIdOf(clientSecret)
    await env.DB.prepare("update bookings set status = 'cancelled' where id = ?").bind(id).run()
    const pi = await fakeStripeClient().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
    expect(
      (
        await deliver(
          await signedEvent({
            id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
            type: 'payment_intent.succeeded',
            object: pi,
          }),
        )
      ).status,
    ).toBe(200)
    expect((await orderRow(id))?.status).toBe('cancelled')
    expect(
      (await fakeStripeRequests()).filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === intentId),
    ).toHaveLength(1)
    const no = (await readOrder(id, admin)).orderNumber
    const told = (await mailsTo(BUYER)).filter((m) => m.subject === `Order ${no} refunded — Toolhaus`)
    expect(told).toHaveLength(1)
    expect(told[0]!.body).toContain('after this order had been cancelled')
  })

  it('a payment confirmed after the order expired (before the expiry job ran) cancels it and is refunded, never marked paid', async () => {
    const stock = await stockOf(tool.id)
    const id = await placeOrder(buyer, tool, BUYER)
    const { clientSecret } = await json<PaymentIntentCreated>(
      await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id }, env: stripeMode() }),
    )
    await ageOrder(id, 3)
    const pi = await fakeStripeClient().paymentIntents.confirm(intentIdOf(clientSecret), {
      payment_method: 'pm_card_visa',
    })
    const res = await call('PATCH', `/api/booking/${id}`, {
      as: buyer,
      body: { transactionId: pi.id },
      env: stripeMode(),
    })
    expect(res.status).toBe(409)
    expect((await errorOf(res)).message).toBe(
      'This order was cancelled; it can no longer be paid. Your payment has been refunded.',
    )
    expect(await orderRow(id)).toMatchObject({ status: 'cancelled', transaction_id: null })
    expect(await stockOf(tool.id)).toBe(stock)
    // The webhook for the same payment arriving afterwards changes nothing more.
    expect(
      (
        await deliver(
          await signedEvent({
            id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
            type: 'payment_intent.succeeded',
            object: pi,
          }),
        )
      ).status,
    ).toBe(200)
    expect((await orderRow(id))?.status).toBe('cancelled')
  })

  it('the simulated card form refuses an expired order before charging', async () => {
    const id = await placeOrder(buyer, tool, BUYER)
    const { clientSecret } = await json<PaymentIntentCreated>(
      await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id } }),
    )
    await ageOrder(id, 3)
    const res = await call('POST', '/api/payments/simulated/confirm', {
      as: buyer,
      body: { clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } },
    })
    expect(res.status).toBe(409)
    const intent = await env.DB.prepare('select status from payment_intents where client_secret = ?')
      .bind(clientSecret)
      .first<{ status: string }>()
    expect(intent?.status).toBe('requires_payment_method')
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it('a transaction id that paid one order is a 409 for another, never a 5xx', async () => {
    const first = await placeOrder(buyer, tool, BUYER)
    const txn = await payOrder(buyer, first)
    const second = await placeOrder(buyer, tool, BUYER)
    // Point the second order's intent at the used payment: the provider says it succeeded for that order.
    await env.DB.prepare('update payment_intents set booking_id = ? where id = ?').bind(second, txn).run()
    const res = await call('PATCH', `/api/booking/${second}`, { as: buyer, body: { transactionId: txn } })
    expect(res.status).toBe(409)
    expect((await orderRow(second))?.status).toBe('unpaid')
    expect((await orderRow(first))?.status).toBe('paid')
  })
})
