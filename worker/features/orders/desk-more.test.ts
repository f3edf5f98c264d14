/**
 * More of the order desk through HTTP: the cancellation e-mail (by the customer, by the shop),
 * two refunds of one order at the same time (simulated provider and Stripe), the links in
 * order e-mails, the refunded receipt, and the desk's input limits.
 */
import { env } from 'cloudflare:workers'
import type Stripe from 'stripe'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '#schemas/audit.ts'
import type { Booking } from '#schemas/booking.ts'
import type { PaymentIntentCreated } from '#schemas/payment.ts'
import { runScheduled } from '#worker/scheduled.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import {
  ageBooking,
  bookingRow,
  mailsTo,
  makeTool,
  paidOrder,
  placeOrder,
  stockOf,
  type ToolFixture,
} from '#worker/test/order-fixtures.ts'
import { fakeStripeClient, fakeStripeRequests, intentIdOf, stripeMode } from '#worker/test/stripe-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

const BUYER = 'desk-more-buyer@example.com'
const ADMIN = 'admin@example.com'
let buyer: string
let admin: string
let tool: ToolFixture

beforeAll(async () => {
  ;[buyer, admin] = await Promise.all([signIn(BUYER, { name: 'More Buyer' }), signIn(ADMIN)])
  tool = await makeTool({ name: 'Desk Lathe', pricePaisa: 25_000, quantity: 100_000, min: 2 })
})

type ErrorBody = { error: { code: string; message: string } }
const getOrder = async (id: string) => json<Booking>(await call('GET', `/api/booking/${id}`, { as: admin }))
const cancel = (id: string, token: string) => call('POST', `/api/booking/${id}/cancel`, { as: token })
const mailsAbout = async (to: string, no: string, kind: string) =>
  (await mailsTo(to)).filter((m) => m.subject === `Order ${no} ${kind} — Toolhaus`)
const auditOf = async (target: string) =>
  (await json<AuditEntry[]>(await call('GET', '/api/audit?limit=100', { as: admin }))).filter(
    (e) => e.target === target,
  )

describe('cancellation e-mails', () => {
  it('the customer cancels: one “Order {no} cancelled” e-mail to them, saying they did; cancelling again sends nothing', async () => {
    const id = await placeOrder(buyer, tool, BUYER)
    const no = (await getOrder(id)).orderNumber
    expect(await json(await cancel(id, buyer))).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect((await cancel(id, buyer)).status).toBe(409)
    expect((await cancel(id, admin)).status).toBe(409)

    const mails = await mailsAbout(BUYER, no, 'cancelled')
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail!.to).toBe(BUYER)
    expect(mail!.body).toContain('Hello Test Customer,')
    expect(mail!.body).toContain('You cancelled this order.')
    expect(mail!.body).not.toContain('We cancelled')
    expect(mail!.body).toContain('Nothing was charged.')
    expect(mail!.body).toContain(`Order: ${no}`)
    expect(mail!.html).toContain('You cancelled this order.')
    expect(mail!.html).toContain(no)
    expect(mail!.dedupe_key).toBe(`order:${id}:cancelled:${BUYER}`)
    // Only the customer is told; the shop gets no cancellation notice.
    expect(await mailsAbout(ADMIN, no, 'cancelled')).toEqual([])
    expect((await getOrder(id)).history.at(-1)).toMatchObject({ status: 'cancelled', by: 'customer' })
  })

  it('an admin cancels an unpaid order: one e-mail to the customer saying the shop did; audited', async () => {
    const id = await placeOrder(buyer, tool, BUYER)
    const no = (await getOrder(id)).orderNumber
    expect(await json(await cancel(id, admin))).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect((await cancel(id, admin)).status).toBe(409)
    expect((await cancel(id, buyer)).status).toBe(409)

    const mails = await mailsAbout(BUYER, no, 'cancelled')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.body).toContain('We cancelled this order.')
    expect(mails[0]!.body).not.toContain('You cancelled')
    expect(mails[0]!.body).toContain('Nothing was charged.')
    expect(mails[0]!.html).toContain('We cancelled this order.')
    expect(await mailsAbout(ADMIN, no, 'cancelled')).toEqual([])
    expect((await getOrder(id)).history.at(-1)).toMatchObject({ status: 'cancelled', by: 'admin' })
    expect((await auditOf(id)).map((e) => [e.action, e.actor, e.detail])).toEqual([
      ['order.cancel', ADMIN, 'unpaid → cancelled'],
    ])
  })

  it('the customer and an admin cancelling at the same time: one cancellation, one e-mail, the stock back once', async () => {
    const stock = await stockOf(tool.id)
    const id = await placeOrder(buyer, tool, BUYER)
    const no = (await getOrder(id)).orderNumber
    const answers = await Promise.all([cancel(id, buyer), cancel(id, admin), cancel(id, buyer), cancel(id, admin)])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409])
    expect(await mailsAbout(BUYER, no, 'cancelled')).toHaveLength(1)
    expect(await stockOf(tool.id)).toBe(stock)
    expect((await getOrder(id)).history.filter((h) => h.status === 'cancelled')).toHaveLength(1)
  })
})

/**
 * Two refunds of one order at the same time. What the code does today: both reach the
 * provider, with the same idempotency key (one refund there); the first move wins (200,
 * modifiedCount 1); the other is a 409, CONFLICT when it reached the provider before the
 * first had moved the order, INVALID_TRANSITION when the order was already refunded.
 * api.md allows that 409; a 200 with modifiedCount 0 for the loser would do too.
 */
function expectOneRefundWon(answers: { status: number; body: unknown }[]) {
  const modified = (a: { status: number; body: unknown }) =>
    a.status === 200 ? (a.body as { modifiedCount: number }).modifiedCount : 0
  const won = answers.filter((a) => modified(a) === 1)
  expect(won, JSON.stringify(answers)).toHaveLength(1)
  expect(won[0]!.body).toEqual({ acknowledged: true, modifiedCount: 1 })
  const lost = answers.find((a) => a !== won[0])!
  if (lost.status === 200) expect(lost.body).toEqual({ acknowledged: true, modifiedCount: 0 })
  else {
    expect(lost.status, JSON.stringify(answers)).toBe(409)
    expect(['CONFLICT', 'INVALID_TRANSITION']).toContain((lost.body as ErrorBody).error.code)
  }
}

async function expectRefundedOnce(id: string, stock: number | undefined) {
  const order = await getOrder(id)
  expect(order.status).toBe('refunded')
  expect(order.history.filter((h) => h.status === 'refunded')).toHaveLength(1)
  expect(await stockOf(tool.id)).toBe(stock)
  expect(await mailsAbout(BUYER, order.orderNumber, 'refunded')).toHaveLength(1)
  expect((await auditOf(id)).filter((e) => e.action === 'order.refund')).toHaveLength(1)
  return order
}

const answersOf = (responses: Response[]) =>
  Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json() })))

describe('two refunds of one order at the same time', () => {
  it('simulated provider: one refund recorded, one 200 (modifiedCount 1) and one 409, the stock back once, one e-mail', async () => {
    const stock = await stockOf(tool.id)
    const id = await paidOrder(buyer, tool, BUYER, { quantity: 3 })
    expect(await stockOf(tool.id)).toBe(stock! - 3)
    const refund = (reason: string) => call('POST', `/api/booking/${id}/refund`, { as: admin, body: { reason } })
    expectOneRefundWon(await answersOf(await Promise.all([refund('First admin'), refund('Second admin')])))
    const order = await expectRefundedOnce(id, stock)
    const intent = await env.DB.prepare('select refund_id from payment_intents where id = ?')
      .bind(order.transactionId)
      .first<{ refund_id: string }>()
    expect(intent?.refund_id).toMatch(/^re_sim_/)
    expect((await bookingRow(id)) as unknown as { refund_id: string }).toMatchObject({ refund_id: intent!.refund_id })
  })

  it('Stripe: one refund at Stripe (both calls carry the one idempotency key), one 200 (modifiedCount 1) and one 409, the stock back once, one e-mail', async () => {
    const stock = await stockOf(tool.id)
    const id = await placeOrder(buyer, tool, BUYER, { quantity: 4 })
    const { clientSecret } = await json<PaymentIntentCreated>(
      await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id }, env: stripeMode() }),
    )
    const intentId = intentIdOf(clientSecret)
    const stripe = fakeStripeClient()
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
    expect(
      (await call('PATCH', `/api/booking/${id}`, { as: buyer, body: { transactionId: intentId }, env: stripeMode() }))
        .status,
    ).toBe(200)

    const refund = (reason: string) =>
      call('POST', `/api/booking/${id}/refund`, { as: admin, body: { reason }, env: stripeMode() })
    expectOneRefundWon(await answersOf(await Promise.all([refund('First admin'), refund('Second admin')])))
    await expectRefundedOnce(id, stock)

    const calls = (await fakeStripeRequests()).filter(
      (r) => r.path === '/v1/refunds' && r.body.payment_intent === intentId,
    )
    expect(calls.length).toBeGreaterThanOrEqual(1)
    for (const c of calls) expect(c.headers['idempotency-key']).toBe(`refund-${intentId}`)
    // Refunded once at Stripe: the amount once, never twice.
    const after = (await stripe.paymentIntents.retrieve(intentId)) as Stripe.PaymentIntent & {
      amount_refunded?: number
    }
    expect(after.amount_refunded).toBe(tool.pricePaisa * 4)
  })
})

describe('links in order e-mails', () => {
  it('point at the origin of the request that made the move; from the scheduled job at SHOP_URL, or nowhere without one', async () => {
    const id = await placeOrder(buyer, tool, BUYER)
    const no = (await getOrder(id)).orderNumber
    const [placed] = await mailsAbout(BUYER, no, 'placed')
    expect(placed!.body).toContain(`Your order: http://shop.test/dashboard/order/${id}`)
    expect(placed!.html).toContain(`href="http://shop.test/dashboard/order/${id}"`)

    await ageBooking(id, 3)
    await runScheduled({ ...env, SHOP_URL: 'https://tools.example' } as Env, Date.now())
    const [expired] = await mailsAbout(BUYER, no, 'cancelled')
    expect(expired!.body).toContain(`Your order: https://tools.example/dashboard/order/${id}`)
    expect(expired!.html).toContain(`href="https://tools.example/dashboard/order/${id}"`)

    const other = await placeOrder(buyer, tool, BUYER)
    const otherNo = (await getOrder(other)).orderNumber
    await ageBooking(other, 3)
    await runScheduled(env, Date.now())
    const [unlinked] = await mailsAbout(BUYER, otherNo, 'cancelled')
    expect(unlinked!.body).toContain('It was not paid in time')
    expect(unlinked!.body).not.toContain('Your order:')
    expect(unlinked!.html).not.toContain('href=')
  })
})

describe('GET /api/booking/{id}/invoice of a refunded or cancelled order', () => {
  it('stamps a refunded order’s receipt “Refunded”, not a paid one’s; a cancelled order has none (409)', async () => {
    const paid = await paidOrder(buyer, tool, BUYER)
    const paidHtml = await (await call('GET', `/api/booking/${paid}/invoice`, { as: buyer })).text()
    expect(paidHtml).not.toContain('class="stamp"')
    expect((await call('POST', `/api/booking/${paid}/refund`, { as: admin, body: {} })).status).toBe(200)
    const res = await call('GET', `/api/booking/${paid}/invoice`, { as: buyer })
    expect(res.status).toBe(200)
    const day = new Date((await getOrder(paid)).refundedAt!).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    })
    expect(await res.text()).toContain(`<p class="stamp">Refunded ${day}</p>`)

    const cancelled = await placeOrder(buyer, tool, BUYER)
    expect((await cancel(cancelled, buyer)).status).toBe(200)
    const refused = await call('GET', `/api/booking/${cancelled}/invoice`, { as: buyer })
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).code).toBe('CONFLICT')
  })
})

describe('order desk input', () => {
  it.each([
    ['refund', 'reason', { reason: 'r'.repeat(501) }, 'reason must be at most 500 characters'],
    [
      'status',
      'carrier',
      { status: 'shipped', trackingNumber: 'T-1', carrier: 'c'.repeat(81) },
      'carrier must be at most 80 characters',
    ],
    [
      'status',
      'trackingNumber',
      { status: 'shipped', trackingNumber: 't'.repeat(101) },
      'trackingNumber must be at most 100 characters',
    ],
    ['status', 'note', { status: 'processing', note: 'n'.repeat(501) }, 'note must be at most 500 characters'],
  ])(
    'POST /api/booking/{id}/%s refuses a %s that is too long (400), changing nothing',
    async (route, field, body, message) => {
      const id = await paidOrder(buyer, tool, BUYER)
      const res = await call('POST', `/api/booking/${id}/${route}`, { as: admin, body })
      expect(res.status).toBe(400)
      expect((await json<ErrorBody & { error: { fields: Record<string, string> } }>(res)).error.fields).toEqual({
        [field]: message,
      })
      expect(await bookingRow(id)).toMatchObject({ status: 'paid' })
      expect((await getOrder(id)).history).toHaveLength(2)
    },
  )

  it('answers 404 for an order that does not exist', async () => {
    for (const [path, body] of [
      ['status', { status: 'processing' }],
      ['refund', {}],
      ['cancel', undefined],
    ] as const) {
      const res = await call('POST', `/api/booking/no-such-order/${path}`, { as: admin, body })
      expect(res.status, path).toBe(404)
      expect((await errorOf(res)).code).toBe('NOT_FOUND')
    }
  })
})
