import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '#schemas/audit.ts'
import type { Booking, OrderSummary } from '#schemas/booking.ts'
import type { OutboxMail } from '#schemas/mail.ts'
import type { PaymentIntentCreated } from '#schemas/payment.ts'
import { getConfig } from '#worker/env.ts'
import { deliverQueuedMail } from '#worker/features/mail/mail.service.ts'
import { getDb } from '#worker/lib/db.ts'
import { runScheduled } from '#worker/scheduled.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import {
  ageBooking,
  bookingRow,
  mailsTo,
  makeTool,
  paidOrder,
  payOrder,
  placeOrder,
  stockOf,
  type ToolFixture,
} from '#worker/test/order-fixtures.ts'
import {
  deliver,
  fakeStripeClient,
  fakeStripeRequests,
  intentIdOf,
  signedEvent,
  stripeMode,
} from '#worker/test/stripe-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

const BUYER = 'desk-buyer@example.com'
const ADMIN = 'admin@example.com'
let buyer: string
let admin: string
let tool: ToolFixture

beforeAll(async () => {
  ;[buyer, admin] = await Promise.all([signIn(BUYER, { name: 'Desk Buyer' }), signIn(ADMIN)])
  tool = await makeTool({ name: 'Desk Drill', pricePaisa: 10_000, quantity: 100_000, min: 2 })
})

const getOrder = async (id: string, token = admin) =>
  json<Booking>(await call('GET', `/api/booking/${id}`, { as: token }))
const move = (id: string, body: Record<string, unknown>, token = admin) =>
  call('POST', `/api/booking/${id}/status`, { as: token, body })
const refund = (id: string, reason?: string, token = admin) =>
  call('POST', `/api/booking/${id}/refund`, { as: token, body: reason ? { reason } : {} })
const subjects = async (to: string, orderNumber: string) =>
  (await mailsTo(to)).filter((m) => m.subject.includes(orderNumber)).map((m) => m.subject)

describe('the order desk: an admin takes a paid order to delivered', () => {
  it('moves paid → processing → shipped (with tracking) → delivered, each recorded, the customer e-mailed once per step', async () => {
    const id = await paidOrder(buyer, tool, BUYER)
    let order = await getOrder(id)
    expect(order).toMatchObject({ status: 'paid', paid: true, paidAt: expect.stringMatching(/^\d{4}-/) })
    const no = order.orderNumber

    expect(await json(await move(id, { status: 'processing' }))).toEqual({ acknowledged: true, modifiedCount: 1 })
    // The same status again changes nothing.
    expect(await json(await move(id, { status: 'processing' }))).toEqual({ acknowledged: true, modifiedCount: 0 })
    // Shipping needs a tracking number.
    const untracked = await move(id, { status: 'shipped', carrier: 'Sundarban Courier' })
    expect(untracked.status).toBe(400)
    expect((await errorOf(untracked)).fields).toHaveProperty('trackingNumber')
    expect(
      (await move(id, { status: 'shipped', carrier: 'Sundarban Courier', trackingNumber: 'SC-123456' })).status,
    ).toBe(200)
    order = await getOrder(id)
    expect(order).toMatchObject({
      status: 'shipped',
      paid: true,
      carrier: 'Sundarban Courier',
      trackingNumber: 'SC-123456',
      shippedAt: expect.stringMatching(/^\d{4}-/),
    })
    expect((await move(id, { status: 'delivered', note: 'Left at reception' })).status).toBe(200)
    order = await getOrder(id, buyer)
    expect(order.status).toBe('delivered')
    expect(order.deliveredAt).toMatch(/^\d{4}-/)
    expect(order.history.map((h) => [h.status, h.by])).toEqual([
      ['unpaid', 'customer'],
      ['paid', 'payment'],
      ['processing', 'admin'],
      ['shipped', 'admin'],
      ['delivered', 'admin'],
    ])
    expect(order.history.at(-1)?.note).toBe('Left at reception')

    expect(await subjects(BUYER, no)).toEqual([
      `Order ${no} placed — Toolhaus`,
      `Receipt for order ${no} — Toolhaus`,
      `Order ${no} shipped — Toolhaus`,
      `Order ${no} delivered — Toolhaus`,
    ])
    expect(await subjects(ADMIN, no)).toEqual([`New paid order ${no} — Toolhaus`])
    const shipped = (await mailsTo(BUYER)).find((m) => m.subject.startsWith(`Order ${no} shipped`))!
    expect(shipped.body).toContain('Tracking number: SC-123456')
    expect(shipped.html).toContain('SC-123456')
    expect(shipped.body).toContain('Hello Test Customer,')

    // Backwards, or again from the start: refused, nothing changes.
    for (const status of ['shipped', 'processing']) {
      const back = await move(id, { status, trackingNumber: 'X-1' })
      expect(back.status).toBe(409)
      expect((await errorOf(back)).code).toBe('INVALID_TRANSITION')
    }
    expect((await getOrder(id)).status).toBe('delivered')
  })

  it('skips steps forward (paid → delivered) but never moves an unpaid, cancelled or refunded order', async () => {
    const skip = await paidOrder(buyer, tool, BUYER)
    expect((await move(skip, { status: 'delivered' })).status).toBe(200)

    const unpaid = await placeOrder(buyer, tool, BUYER)
    const cancelled = await placeOrder(buyer, tool, BUYER)
    expect((await call('POST', `/api/booking/${cancelled}/cancel`, { as: buyer })).status).toBe(200)
    const refunded = await paidOrder(buyer, tool, BUYER)
    expect((await refund(refunded)).status).toBe(200)
    for (const [id, from] of [
      [unpaid, 'unpaid'],
      [cancelled, 'cancelled'],
      [refunded, 'refunded'],
    ] as const) {
      for (const status of ['processing', 'shipped', 'delivered']) {
        const res = await move(id, { status, trackingNumber: 'T-1' })
        expect(res.status, `${from} → ${status}`).toBe(409)
        expect(await errorOf(res)).toEqual({
          code: 'INVALID_TRANSITION',
          message: `An order that is ${from} cannot become ${status}.`,
        })
        expect((await bookingRow(id))?.status).toBe(from)
      }
    }
  })

  it('refuses statuses that are not fulfilment steps (400) and customers (403)', async () => {
    const id = await paidOrder(buyer, tool, BUYER)
    for (const status of ['paid', 'cancelled', 'refunded', 'unpaid', 'lost', 1, null]) {
      const res = await move(id, { status })
      expect(res.status, String(status)).toBe(400)
      expect((await errorOf(res)).fields).toHaveProperty('status')
    }
    expect((await move(id, { status: 'processing' }, buyer)).status).toBe(403)
    expect((await refund(id, undefined, buyer)).status).toBe(403)
    expect((await bookingRow(id))?.status).toBe('paid')
  })
})

describe('refunds', () => {
  it('refunds a paid order in full through the (simulated) provider: status, stock back, e-mail; a second refund is refused', async () => {
    const stock = await stockOf(tool.id)
    const id = await paidOrder(buyer, tool, BUYER, { quantity: 4 })
    expect(await stockOf(tool.id)).toBe(stock! - 4)
    const res = await refund(id, 'Damaged in transit')
    expect(await json(res)).toEqual({ acknowledged: true, modifiedCount: 1 })
    const order = await getOrder(id, buyer)
    expect(order).toMatchObject({ status: 'refunded', paid: false, refundedAt: expect.stringMatching(/^\d{4}-/) })
    expect(order.history.at(-1)).toMatchObject({ status: 'refunded', by: 'admin', note: 'Damaged in transit' })
    expect(await stockOf(tool.id)).toBe(stock)
    const row = await env.DB.prepare('select refund_id from payment_intents where id = ?')
      .bind(order.transactionId)
      .first<{ refund_id: string }>()
    expect(row?.refund_id).toMatch(/^re_sim_/)
    expect((await bookingRow(id)) as unknown as { refund_id: string }).toMatchObject({ refund_id: row?.refund_id })
    const mail = (await mailsTo(BUYER)).filter((m) => m.subject.startsWith(`Order ${order.orderNumber} refunded`))
    expect(mail).toHaveLength(1)
    expect(mail[0]!.body).toContain('Reason: Damaged in transit')

    const again = await refund(id)
    expect(again.status).toBe(409)
    expect((await errorOf(again)).code).toBe('INVALID_TRANSITION')
    expect(await stockOf(tool.id)).toBe(stock)
  })

  it('refunds a processing order; refuses unpaid, shipped and delivered ones', async () => {
    const processing = await paidOrder(buyer, tool, BUYER)
    await move(processing, { status: 'processing' })
    expect((await refund(processing)).status).toBe(200)
    const unpaid = await placeOrder(buyer, tool, BUYER)
    const shipped = await paidOrder(buyer, tool, BUYER)
    await move(shipped, { status: 'shipped', trackingNumber: 'SC-1' })
    for (const id of [unpaid, shipped]) {
      const res = await refund(id)
      expect(res.status).toBe(409)
      expect((await errorOf(res)).code).toBe('INVALID_TRANSITION')
    }
    expect((await bookingRow(shipped))?.status).toBe('shipped')
  })

  it('Stripe: refunds through the Refunds API with an idempotency key per payment; a provider failure is a 502 with nothing changed', async () => {
    const id = await placeOrder(buyer, tool, BUYER)
    const { clientSecret } = await json<PaymentIntentCreated>(
      await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id }, env: stripeMode() }),
    )
    const intentId = intentIdOf(clientSecret)
    await fakeStripeClient().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
    expect(
      (await call('PATCH', `/api/booking/${id}`, { as: buyer, body: { transactionId: intentId }, env: stripeMode() }))
        .status,
    ).toBe(200)

    const failing = await call('POST', `/api/booking/${id}/refund`, {
      as: admin,
      body: {},
      env: stripeMode({ STRIPE_SECRET_KEY: 'sk_test_unavailable' }),
    })
    expect(failing.status).toBe(502)
    expect((await errorOf(failing)).code).toBe('PROVIDER_FAILED')
    expect((await bookingRow(id))?.status).toBe('paid')

    const res = await call('POST', `/api/booking/${id}/refund`, {
      as: admin,
      body: { reason: 'Customer changed their mind' },
      env: stripeMode(),
    })
    expect(res.status).toBe(200)
    expect((await bookingRow(id))?.status).toBe('refunded')
    const refunds = (await fakeStripeRequests()).filter(
      (r) =>
        r.path === '/v1/refunds' &&
        r.body.payment_intent === intentId &&
        r.headers.authorization === 'Bearer sk_test_fake',
    )
    expect(refunds).toHaveLength(1)
    expect(refunds[0]!.headers['idempotency-key']).toBe(`refund-${intentId}`)
    expect(refunds[0]!.body).toMatchObject({ amount: String(tool.pricePaisa * tool.min), metadata: { bookingId: id } })
  })

  it('Stripe: charge.refunded (a refund made in Stripe) refunds a paid order once; replays and refunded orders change nothing', async () => {
    const stock = await stockOf(tool.id)
    const id = await placeOrder(buyer, tool, BUYER)
    const { clientSecret } = await json<PaymentIntentCreated>(
      await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id }, env: stripeMode() }),
    )
    const intentId = intentIdOf(clientSecret)
    await fakeStripeClient().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
    await call('PATCH', `/api/booking/${id}`, { as: buyer, body: { transactionId: intentId }, env: stripeMode() })
    const charge = {
      id: 'ch_test',
      object: 'charge',
      payment_intent: intentId,
      refunded: true,
      amount_refunded: tool.pricePaisa * tool.min,
      refunds: { object: 'list', data: [{ id: 're_dashboard' }] },
    }
    const event = await signedEvent({
      id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
      type: 'charge.refunded',
      object: charge,
    })
    expect((await deliver(event)).status).toBe(200)
    expect(await bookingRow(id)).toMatchObject({ status: 'refunded' })
    expect(await stockOf(tool.id)).toBe(stock)
    const replay = await deliver(event)
    expect(await json(replay)).toEqual({ received: true, duplicate: true })
    // The same refund seen again under another event id: the order is already refunded.
    expect(
      (
        await deliver(
          await signedEvent({
            id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
            type: 'charge.refunded',
            object: charge,
          }),
        )
      ).status,
    ).toBe(200)
    expect(await stockOf(tool.id)).toBe(stock)
    const order = await getOrder(id)
    expect(order.history.filter((h) => h.status === 'refunded')).toHaveLength(1)
    expect(
      (await mailsTo(BUYER)).filter((m) => m.subject.startsWith(`Order ${order.orderNumber} refunded`)),
    ).toHaveLength(1)
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
    expect((await bookingRow(id))?.status).toBe('cancelled')
    expect(
      (await fakeStripeRequests()).filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === intentId),
    ).toHaveLength(1)
    const no = (await getOrder(id)).orderNumber
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
    await ageBooking(id, 3)
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
      'This booking was cancelled; it can no longer be paid. Your payment has been refunded.',
    )
    expect(await bookingRow(id)).toMatchObject({ status: 'cancelled', transaction_id: null })
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
    expect((await bookingRow(id))?.status).toBe('cancelled')
  })

  it('the simulated card form refuses an expired order before charging', async () => {
    const id = await placeOrder(buyer, tool, BUYER)
    const { clientSecret } = await json<PaymentIntentCreated>(
      await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id } }),
    )
    await ageBooking(id, 3)
    const res = await call('POST', '/api/payments/simulated/confirm', {
      as: buyer,
      body: { clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } },
    })
    expect(res.status).toBe(409)
    const intent = await env.DB.prepare('select status from payment_intents where client_secret = ?')
      .bind(clientSecret)
      .first<{ status: string }>()
    expect(intent?.status).toBe('requires_payment_method')
    expect((await bookingRow(id))?.status).toBe('unpaid')
  })

  it('a transaction id that paid one order is a 409 for another, never a 5xx', async () => {
    const first = await placeOrder(buyer, tool, BUYER)
    const txn = await payOrder(buyer, first)
    const second = await placeOrder(buyer, tool, BUYER)
    // Point the second order's intent at the used payment: the provider says it succeeded for that order.
    await env.DB.prepare('update payment_intents set booking_id = ? where id = ?').bind(second, txn).run()
    const res = await call('PATCH', `/api/booking/${second}`, { as: buyer, body: { transactionId: txn } })
    expect(res.status).toBe(409)
    expect((await bookingRow(second))?.status).toBe('unpaid')
    expect((await bookingRow(first))?.status).toBe('paid')
  })
})

describe('abuse limits on orders', () => {
  it('a customer holds at most 5 unpaid orders: the 6th is a 409 TOO_MANY_UNPAID and takes no stock', async () => {
    const email = 'hoarder@example.com'
    const token = await signIn(email)
    const limited = { MAX_UNPAID_ORDERS: '5' }
    const order = () =>
      call('POST', '/api/booking', {
        as: token,
        body: {
          serviceId: tool.id,
          quantity: 2,
          phone: '01712345678',
          address: 'House 1, Road 2, Dhaka',
          customer: email,
        },
        env: limited,
      })
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      const res = await order()
      expect(res.status).toBe(201)
      ids.push((await json<{ insertedId: string }>(res)).insertedId)
    }
    const stock = await stockOf(tool.id)
    const sixth = await order()
    expect(sixth.status).toBe(409)
    expect(await errorOf(sixth)).toEqual({
      code: 'TOO_MANY_UNPAID',
      message: 'You have 5 unpaid orders. Pay or cancel one before ordering again.',
    })
    expect(await stockOf(tool.id)).toBe(stock)
    // Paying one (or cancelling it) makes room again.
    await payOrder(token, ids[0]!)
    expect((await order()).status).toBe(201)
  })

  it('a large B2B order has no cap but the tool price times its stock, with the price sent as the web app sends it', async () => {
    const heavy = await makeTool({ name: 'Tower Crane', pricePaisa: 500_000_000, quantity: 10, min: 1 })
    const id = await placeOrder(buyer, heavy, BUYER, { quantity: 3, price: 15_000_000 })
    expect((await getOrder(id, buyer)).price).toBe(15_000_000)
    for (const price of ['15000000', 15_000_000.001, -1, 0]) {
      const res = await call('POST', '/api/booking', {
        as: buyer,
        body: {
          serviceId: heavy.id,
          quantity: 1,
          price,
          phone: '01712345678',
          address: 'House 1, Road 2, Dhaka',
          customer: BUYER,
        },
      })
      expect(res.status, String(price)).toBe(400)
      expect((await errorOf(res)).fields).toHaveProperty('price')
    }
  })

  it('unpaid orders hold their stock for 2 hours (expiresAt), then expire', async () => {
    const id = await placeOrder(buyer, tool, BUYER)
    const order = await getOrder(id, buyer)
    expect(Date.parse(order.expiresAt!) - Date.parse(order.createdAt)).toBe(2 * 60 * 60 * 1000)
    await ageBooking(id, 2.1)
    await runScheduled(env, Date.now())
    const expired = await getOrder(id, buyer)
    expect(expired.status).toBe('cancelled')
    expect(expired.history.at(-1)).toMatchObject({ status: 'cancelled', by: 'expiry' })
    const mail = (await mailsTo(BUYER)).filter((m) => m.subject.startsWith(`Order ${order.orderNumber} cancelled`))
    expect(mail).toHaveLength(1)
    expect(mail[0]!.body).toContain('It was not paid in time')
  })
})

describe('GET /api/booking (the order desk list)', () => {
  it('lists every order newest first, pages with X-Total-Count, filters by status and searches', async () => {
    const email = 'searchable.person@example.com'
    const token = await signIn(email, { name: 'Rahima Searchable' })
    const special = await makeTool({ name: 'Plasma Cutter Z9', pricePaisa: 1000, quantity: 1000, min: 1 })
    const placed = await placeOrder(token, special, email, { customerName: 'Rahima Searchable' })
    const paid = await paidOrder(token, special, email, { customerName: 'Rahima Searchable' })

    const page = await call('GET', '/api/booking?limit=2', { as: admin })
    expect(page.status).toBe(200)
    expect(page.headers.get('Cache-Control')).toBe('private, no-store')
    const total = Number(page.headers.get('X-Total-Count'))
    expect(total).toBeGreaterThan(2)
    const first = await json<Booking[]>(page)
    expect(first.map((b) => b._id)).toEqual([paid, placed])
    const next = await json<Booking[]>(await call('GET', '/api/booking?limit=2&offset=2', { as: admin }))
    expect(next.map((b) => b._id)).not.toContain(paid)

    const paidOnly = await call('GET', '/api/booking?status=paid&limit=100', { as: admin })
    const paidList = await json<Booking[]>(paidOnly)
    expect(paidList.every((b) => b.status === 'paid')).toBe(true)
    expect(paidList.map((b) => b._id)).toContain(paid)

    const ids = async (q: string) =>
      (await json<Booking[]>(await call('GET', `/api/booking?q=${encodeURIComponent(q)}`, { as: admin })))
        .map((b) => b._id)
        .sort()
    const both = [placed, paid].sort()
    const paidOrderNumber = (await getOrder(paid)).orderNumber
    expect(await ids(paidOrderNumber)).toEqual([paid])
    expect(await ids(paidOrderNumber.toLowerCase())).toEqual([paid])
    expect(await ids(paidOrderNumber.replace(/^TH-/, ''))).toEqual([paid])
    expect(await ids('SEARCHABLE.PERSON')).toEqual(both)
    expect(await ids('rahima search')).toEqual(both)
    expect(await ids('plasma cutter')).toEqual(both)
    expect(await ids((await getOrder(paid)).transactionId!.slice(4, 20))).toEqual([paid])
    expect(await ids('"; drop table bookings; --')).toEqual([])
    expect(await ids('no such thing at all')).toEqual([])
    const searched = await call('GET', `/api/booking?q=plasma&status=paid`, { as: admin })
    expect(searched.headers.get('X-Total-Count')).toBe('1')
  })

  it('refuses a bad status, limit or offset (400)', async () => {
    for (const query of ['status=lost', 'limit=0', 'limit=101', 'offset=-1', 'limit=abc', `q=${'x'.repeat(101)}`]) {
      const res = await call('GET', `/api/booking?${query}`, { as: admin })
      expect(res.status, query).toBe(400)
      expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
    }
  })
})

describe('GET /api/booking/{id}/invoice', () => {
  it('answers a printable receipt to the owner and admins; 409 while unpaid; 404 to others', async () => {
    const id = await paidOrder(buyer, tool, BUYER)
    const order = await getOrder(id)
    const res = await call('GET', `/api/booking/${id}/invoice`, { as: buyer })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const html = await res.text()
    for (const text of [
      'Toolhaus',
      order.orderNumber,
      order.transactionId!,
      'Desk Drill',
      'House 12, Road 5, Dhanmondi, Dhaka',
      '@media print',
    ]) {
      expect(html).toContain(text)
    }
    // Intl puts a no-break space between the currency and the amount.
    expect(html).toMatch(/BDT\s200\.00/)
    expect((await call('GET', `/api/booking/${id}/invoice`, { as: admin })).status).toBe(200)
    const other = await signIn('invoice-snoop@example.com')
    expect((await call('GET', `/api/booking/${id}/invoice`, { as: other })).status).toBe(404)
    const unpaid = await placeOrder(buyer, tool, BUYER)
    expect((await call('GET', `/api/booking/${unpaid}/invoice`, { as: buyer })).status).toBe(409)
  })

  it('escapes what customers typed', async () => {
    const id = await paidOrder(buyer, tool, BUYER, {
      customerName: '<script>alert(1)</script>',
      address: 'House <b>1</b>, Road 2, Dhaka',
    })
    const html = await (await call('GET', `/api/booking/${id}/invoice`, { as: buyer })).text()
    expect(html).not.toContain('<script>alert(1)')
    expect(html).not.toContain('<b>1</b>')
    expect(html).toContain('&#60;script&#62;')
  })
})

describe('GET /api/admin/summary', () => {
  it('counts orders by status, sums revenue less refunds, and lists low-stock tools', async () => {
    const before = await json<OrderSummary>(await call('GET', '/api/admin/summary', { as: admin }))
    expect(Object.keys(before.orders).sort()).toEqual([
      'cancelled',
      'delivered',
      'paid',
      'processing',
      'refunded',
      'shipped',
      'unpaid',
    ])
    const low = await makeTool({ name: 'Nearly Gone Saw', quantity: 10, min: 3, pricePaisa: 50_000 })
    await paidOrder(buyer, low, BUYER, { quantity: 8 })
    const refunded = await paidOrder(buyer, tool, BUYER)
    await refund(refunded)
    const after = await json<OrderSummary>(await call('GET', '/api/admin/summary', { as: admin }))
    expect(after.orders.paid).toBe(before.orders.paid + 1)
    expect(after.orders.refunded).toBe(before.orders.refunded + 1)
    // 8 × 500 paid; the refunded order counts its payment and its refund.
    expect(after.revenue.today).toBeCloseTo(before.revenue.today + 4000, 2)
    expect(after.revenue.last7Days).toBeCloseTo(before.revenue.last7Days + 4000, 2)
    expect(after.revenue.last30Days).toBeCloseTo(before.revenue.last30Days + 4000, 2)
    expect(after.lowStock).toContainEqual({ _id: low.id, name: 'Nearly Gone Saw', quantity: 2, Minimum_quantity: 3 })
    expect(after.lowStock.find((t) => t._id === tool.id)).toBeUndefined()
  })
})

describe('GET /api/audit', () => {
  it('records every admin action, newest first, with who, what and the record; nothing can change it', async () => {
    const id = await paidOrder(buyer, tool, BUYER)
    await move(id, { status: 'processing' })
    await refund(id, 'Out of stock at the warehouse')
    const unpaid = await placeOrder(buyer, tool, BUYER)
    expect((await call('POST', `/api/booking/${unpaid}/cancel`, { as: admin })).status).toBe(200)
    const res = await call('GET', '/api/audit?limit=3', { as: admin })
    expect(res.status).toBe(200)
    expect(Number(res.headers.get('X-Total-Count'))).toBeGreaterThanOrEqual(3)
    const entries = await json<AuditEntry[]>(res)
    expect(entries.map((e) => [e.action, e.target, e.actor])).toEqual([
      ['order.cancel', unpaid, ADMIN],
      ['order.refund', id, ADMIN],
      ['order.status', id, ADMIN],
    ])
    expect(entries[1]!.detail).toBe('processing → refunded: Out of stock at the warehouse')
    for (const method of ['DELETE', 'PUT', 'PATCH', 'POST'] as const) {
      expect((await call(method, `/api/audit/${entries[0]!._id}`, { as: admin, body: {} })).status).toBe(404)
    }
    expect((await call('POST', '/api/audit', { as: admin, body: {} })).status).toBe(404)
  })
})

describe('e-mail delivery', () => {
  it('delivers queued e-mails once: the local outbox marks them sent; the outbox lists them to admins', async () => {
    const id = await paidOrder(buyer, tool, BUYER)
    const no = (await getOrder(id)).orderNumber
    await deliverQueuedMail(getDb(env), getConfig(env))
    await deliverQueuedMail(getDb(env), getConfig(env))
    const mine = (await mailsTo(BUYER)).filter((m) => m.subject.includes(no))
    expect(mine.map((m) => m.status)).toEqual(['sent', 'sent'])
    const listed = await call('GET', `/api/outbox?to=${BUYER}&limit=100`, { as: admin })
    expect(listed.status).toBe(200)
    const outbox = await json<OutboxMail[]>(listed)
    expect(outbox.filter((m) => m.subject.includes(no)).map((m) => m.subject)).toEqual([
      `Receipt for order ${no} — Toolhaus`,
      `Order ${no} placed — Toolhaus`,
    ])
    expect(outbox[0]).toMatchObject({
      to: BUYER,
      text: expect.stringContaining(no),
      html: expect.stringContaining('<table'),
    })
    // With a mail provider configured (or in production) there is no local outbox.
    expect((await call('GET', '/api/outbox', { as: admin, env: { EMAIL_API_KEY: 're_test' } })).status).toBe(404)
  })
})
