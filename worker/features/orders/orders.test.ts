import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Modified } from '#schemas/ack.ts'
import type { Booking } from '#schemas/order.ts'
import worker from '#worker/index.ts'
import { runScheduled } from '#worker/scheduled.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import {
  ageOrder,
  mailsTo,
  makeTool,
  orderBody,
  orderRow,
  payOrder,
  placeOrder,
  postOrder,
  readOrder,
  stockOf,
} from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

const BUYER = 'buyer@example.com'
const OTHER = 'other-buyer@example.com'
let buyer: string
let other: string
let admin: string

beforeAll(async () => {
  ;[buyer, other, admin] = await Promise.all([
    signIn(BUYER, { name: 'Bina Buyer' }),
    signIn(OTHER),
    signIn('admin@example.com'),
  ])
})

const getOrder = (id: string, token: string) => call('GET', `/api/booking/${id}`, { as: token })
const cancel = (id: string, token: string) => call('POST', `/api/booking/${id}/cancel`, { as: token })

describe('POST /api/booking', () => {
  it('places an order: price = quantity × unit price from the database, stock taken at once', async () => {
    const tool = await makeTool({ pricePaisa: 12_550, quantity: 50, min: 5 })
    const res = await postOrder(buyer, orderBody(tool, BUYER, { quantity: 7, price: 878.5 }))
    expect(res.status).toBe(201)
    const created = await json(res)
    expect(created).toEqual({ acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) })
    expect(await stockOf(tool.id)).toBe(43)

    const order = await json<Booking>(await getOrder(created.insertedId, buyer))
    expect(order).toEqual({
      _id: created.insertedId,
      serviceId: tool.id,
      service: tool.name,
      quantity: 7,
      unitPrice: 125.5,
      price: 878.5,
      customer: BUYER,
      customerName: 'Test Customer',
      phone: '01712345678',
      address: 'House 12, Road 5, Dhanmondi, Dhaka',
      status: 'unpaid',
      paid: false,
      transactionId: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      orderNumber: expect.stringMatching(/^TH-\d{5,}$/),
      history: [{ status: 'unpaid', by: 'customer', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }],
      carrier: null,
      trackingNumber: null,
      paidAt: null,
      shippedAt: null,
      deliveredAt: null,
      refundedAt: null,
      lines: [
        {
          serviceId: tool.id,
          service: tool.name,
          img: '/api/images/test.png',
          quantity: 7,
          unitPrice: 125.5,
          price: 878.5,
          vatRate: 15,
          // 878.50 × 15 ÷ 115 = 114.5869…
          vat: 114.59,
        },
      ],
      // No district: the `outside` zone's 200 BDT (the fixture tool weighs nothing).
      deliveryFee: 200,
      total: 1078.5,
      // The line's 114.59 and the delivery's 200 × 15 ÷ 115 = 26.0869… → 26.09.
      vat: 140.68,
      delivery: {
        method: 'courier',
        zone: 'outside',
        address: {
          name: 'Test Customer',
          phone: '01712345678',
          line1: 'House 12, Road 5, Dhanmondi, Dhaka',
          line2: null,
          city: null,
          district: null,
          postcode: null,
        },
      },
      paymentMethod: 'card',
      company: null,
      poNumber: null,
      note: null,
      invoiceNumber: null,
      creditNoteNumber: null,
      quoteId: null,
    })
    expect(Date.parse(order.expiresAt!) - Date.parse(order.createdAt)).toBe(2 * 60 * 60 * 1000)
  })

  it('takes the tool name and price from the database, not from the body, and ignores unknown fields', async () => {
    const tool = await makeTool({ name: 'Bench Vice' })
    const id = await placeOrder(buyer, tool, BUYER, {
      service: 'Free Gold Bar',
      status: 'paid',
      paid: true,
      transactionId: 'pi_forged',
    })
    const order = await json<Booking>(await getOrder(id, buyer))
    expect(order).toMatchObject({ service: 'Bench Vice', status: 'unpaid', paid: false, transactionId: null })
  })

  it('falls back to the profile name when no customerName is sent', async () => {
    const tool = await makeTool()
    const id = await placeOrder(buyer, tool, BUYER, { customerName: undefined })
    expect((await json<Booking>(await getOrder(id, buyer))).customerName).toBe('Bina Buyer')
  })

  it('refuses a quantity below the minimum with the spec message', async () => {
    const tool = await makeTool({ min: 100, quantity: 500 })
    const res = await postOrder(buyer, orderBody(tool, BUYER, { quantity: 99 }))
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please Order Minimum : 100',
      fields: { quantity: 'Please Order Minimum : 100' },
    })
    expect(await stockOf(tool.id)).toBe(500)
  })

  it('refuses a quantity above the stock with the spec message', async () => {
    const tool = await makeTool({ min: 5, quantity: 40 })
    const res = await postOrder(buyer, orderBody(tool, BUYER, { quantity: 41 }))
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please Order Less Then : 40',
      fields: { quantity: 'Please Order Less Then : 40' },
    })
    expect(await stockOf(tool.id)).toBe(40)
  })

  it.each([
    ['zero', 0],
    ['a fraction', 5.5],
    ['text', 'many'],
    ['missing', undefined],
  ])('refuses a quantity that is %s', async (_, quantity) => {
    const tool = await makeTool()
    const res = await postOrder(buyer, orderBody(tool, BUYER, { quantity }))
    expect(res.status).toBe(400)
    expect((await errorOf(res)).fields).toHaveProperty('quantity')
  })

  it('refuses a forged price and stores nothing', async () => {
    const tool = await makeTool({ pricePaisa: 10_000, min: 5, quantity: 50 })
    const res = await postOrder(buyer, orderBody(tool, BUYER, { quantity: 5, price: 1 }))
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.fields?.price).toContain('500 BDT')
    expect(await stockOf(tool.id)).toBe(50)
    const count = await env.DB.prepare('select count(*) as n from bookings where service_id = ?')
      .bind(tool.id)
      .first<{ n: number }>()
    expect(count?.n).toBe(0)
  })

  it('refuses ordering for another customer (403), even for an admin', async () => {
    const tool = await makeTool()
    const res = await postOrder(buyer, orderBody(tool, OTHER))
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('FORBIDDEN')
    expect((await postOrder(admin, orderBody(tool, BUYER))).status).toBe(403)
    expect(await stockOf(tool.id)).toBe(tool.quantity)
  })

  it('accepts the customer e-mail in any letter case', async () => {
    const tool = await makeTool()
    await placeOrder(buyer, tool, 'Buyer@Example.COM')
  })

  it('refuses an anonymous or badly signed caller with 401', async () => {
    const tool = await makeTool()
    expect((await postOrder(undefined, orderBody(tool, BUYER))).status).toBe(401)
    expect((await postOrder('not-a-token', orderBody(tool, BUYER))).status).toBe(401)
    expect(await stockOf(tool.id)).toBe(tool.quantity)
  })

  it('answers 404 for a tool that does not exist', async () => {
    const res = await postOrder(buyer, { ...orderBody(await makeTool(), BUYER), serviceId: 'no-such-tool' })
    expect(res.status).toBe(404)
  })

  // One phone rule for the order and the profile (worker/schemas/phone.ts; both: worker/test/phone.test.ts).
  it.each([
    ['01712345678', '01712345678'],
    ['+8801712345678', '+8801712345678'],
    ['017-1234-5678', '017-1234-5678'],
    ['+880 1712 345678', '+880 1712 345678'],
    ['01912.345.678', '01912.345.678'],
    ['(02) 9123 4567', '(02) 9123 4567'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['  01712345678  ', '01712345678'],
  ])('accepts the phone number %j, kept as typed', async (phone, stored) => {
    const tool = await makeTool()
    const id = await placeOrder(buyer, tool, BUYER, { phone })
    expect((await json<Booking>(await getOrder(id, buyer))).phone).toBe(stored)
  })

  const PHONE_INVALID =
    'Enter a phone number of 6 to 20 digits; spaces, dashes, dots, brackets and a leading + are fine.'
  it.each([
    ['empty', '', 'Enter your phone number.'],
    ['spaces', '   ', 'Enter your phone number.'],
    ['missing', undefined, 'Enter your phone number.'],
    ['not text', 1712345678, 'Enter your phone number.'],
    ['words', 'call me maybe', PHONE_INVALID],
    ['too short', '12345', PHONE_INVALID],
    ['too long', '1'.repeat(21), PHONE_INVALID],
    ['a + inside', '017+12345678', PHONE_INVALID],
    ['only a +', '+', PHONE_INVALID],
  ])('refuses a phone that is %s, in plain words', async (_, phone, message) => {
    const tool = await makeTool()
    const res = await postOrder(buyer, orderBody(tool, BUYER, { phone }))
    expect(res.status).toBe(400)
    expect((await errorOf(res)).fields?.phone).toBe(message)
    expect(await stockOf(tool.id)).toBe(tool.quantity)
  })

  it.each([
    ['missing', undefined, 'Enter the delivery address.'],
    ['empty', '   ', 'Enter the delivery address.'],
    ['only invisible characters', '\u200b\u200b\u200b\u200b\u200b\u200b', 'Enter the delivery address.'],
    ['too short', 'Dhk', 'Enter the full delivery address (at least 5 characters).'],
    ['too long', 'x'.repeat(301), 'The address must be 300 characters or fewer.'],
  ])('refuses an address that is %s', async (_, address, message) => {
    const tool = await makeTool()
    const res = await postOrder(buyer, orderBody(tool, BUYER, { address }))
    expect(res.status).toBe(400)
    expect((await errorOf(res)).fields?.address).toBe(message)
  })

  it.each([
    ['0', 0],
    ['a negative number', -3],
  ])('answers the spec’s minimum message for a quantity of %s', async (_, quantity) => {
    const tool = await makeTool({ min: 5, quantity: 40 })
    const res = await postOrder(buyer, orderBody(tool, BUYER, { quantity }))
    expect(res.status).toBe(400)
    expect((await errorOf(res)).fields).toEqual({ quantity: 'Please Order Minimum : 5' })
    expect(await stockOf(tool.id)).toBe(40)
  })

  it('never oversells: 30 concurrent orders against stock 10 give exactly 10 orders and stock 0', async () => {
    const tool = await makeTool({ quantity: 10, min: 1 })
    const results = await Promise.all(
      Array.from({ length: 30 }, () => postOrder(buyer, orderBody(tool, BUYER, { quantity: 1 }))),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(10)
    expect(statuses.every((s) => s === 201 || s === 400 || s === 409)).toBe(true)
    for (const res of results.filter((r) => r.status === 409)) {
      const error = await errorOf(res)
      expect(error.message).toMatch(/only 0 available/)
      expect(error.fields?.quantity).toBe('Please Order Less Then : 0')
    }
    expect(await stockOf(tool.id)).toBe(0)
    const count = await env.DB.prepare('select count(*) as n, sum(quantity) as q from bookings where service_id = ?')
      .bind(tool.id)
      .first<{ n: number; q: number }>()
    expect(count).toEqual({ n: 10, q: 10 })
  })

  it('takes larger orders atomically too: never below zero', async () => {
    const tool = await makeTool({ quantity: 25, min: 4 })
    const results = await Promise.all(
      Array.from({ length: 12 }, () => postOrder(buyer, orderBody(tool, BUYER, { quantity: 4 }))),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(6)
    expect(await stockOf(tool.id)).toBe(1)
  })

  it('a customer holds at most 5 unpaid orders: the 6th is a 409 TOO_MANY_UNPAID and takes no stock', async () => {
    const tool = await makeTool({ quantity: 1000, min: 2 })
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

  it('a large B2B order is bounded by the unpaid-value cap (MAX_UNPAID_BDT) and the stock, the price sent as the web app sends it', async () => {
    const heavy = await makeTool({ name: 'Tower Crane', pricePaisa: 500_000_000, quantity: 10, min: 1 })
    const refused = await postOrder(buyer, orderBody(heavy, BUYER, { quantity: 3, price: 15_000_000 }))
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).code).toBe('TOO_MUCH_UNPAID')
    expect(await stockOf(heavy.id)).toBe(10)
    const id = await placeOrder(
      buyer,
      heavy,
      BUYER,
      { quantity: 3, price: 15_000_000 },
      { env: { MAX_UNPAID_BDT: '100000000' } },
    )
    expect((await readOrder(id, buyer)).price).toBe(15_000_000)
    // Cancelled again, so the buyer's later orders in this file are not over the cap.
    expect((await call('POST', `/api/booking/${id}/cancel`, { as: buyer })).status).toBe(200)
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
})

describe('GET /api/booking?customer= and /api/booking/{id}', () => {
  it("lists the caller's orders, newest first", async () => {
    const email = 'lister@example.com'
    const token = await signIn(email)
    const tool = await makeTool()
    const first = await placeOrder(token, tool, email)
    const second = await placeOrder(token, tool, email)
    await env.DB.prepare('update bookings set created_at = created_at - 1000 where id = ?').bind(first).run()
    const res = await call('GET', `/api/booking?customer=${email}`, { as: token })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const list = await json<Booking[]>(res)
    expect(list.map((b) => b._id)).toEqual([second, first])
  })

  it('without the customer query it is the order desk: admins only (403 for a customer)', async () => {
    const res = await call('GET', '/api/booking', { as: buyer })
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('FORBIDDEN')
    expect((await call('GET', '/api/booking', { as: admin })).status).toBe(200)
  })

  it("refuses another customer's list (403) but lets an admin see it", async () => {
    expect((await call('GET', `/api/booking?customer=${OTHER}`, { as: buyer })).status).toBe(403)
    expect((await call('GET', `/api/booking?customer=${OTHER}`, { as: admin })).status).toBe(200)
    expect((await call('GET', `/api/booking?customer=${OTHER}`)).status).toBe(401)
  })

  it("answers someone else's order like a missing one (404); the owner and an admin see it", async () => {
    const id = await placeOrder(buyer, await makeTool(), BUYER)
    expect((await getOrder(id, other)).status).toBe(404)
    expect((await getOrder(id, buyer)).status).toBe(200)
    expect((await getOrder(id, admin)).status).toBe(200)
    expect((await getOrder('does-not-exist', buyer)).status).toBe(404)
  })

  it('keeps past orders when their tool is deleted (no foreign key to tools)', async () => {
    const tool = await makeTool({ name: 'Discontinued Drill', pricePaisa: 99_900 })
    const id = await placeOrder(buyer, tool, BUYER, { quantity: 5 })
    await env.DB.prepare('delete from tools where id = ?').bind(tool.id).run()
    const order = await json<Booking>(await getOrder(id, buyer))
    expect(order).toMatchObject({ service: 'Discontinued Drill', unitPrice: 999, price: 4995, quantity: 5 })
    // Cancelling it still works; there is simply no stock to return to.
    expect((await cancel(id, buyer)).status).toBe(200)
    expect(await stockOf(tool.id)).toBeUndefined()
  })
})

describe('POST /api/booking/{id}/cancel', () => {
  it('cancels an unpaid order and gives its stock back exactly once', async () => {
    const tool = await makeTool({ quantity: 50, min: 5 })
    const id = await placeOrder(buyer, tool, BUYER, { quantity: 8 })
    expect(await stockOf(tool.id)).toBe(42)
    const res = await cancel(id, buyer)
    expect(res.status).toBe(200)
    expect(await json<Modified>(res)).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect(await stockOf(tool.id)).toBe(50)
    const order = await json<Booking>(await getOrder(id, buyer))
    expect(order).toMatchObject({ status: 'cancelled', paid: false, expiresAt: null })

    const again = await cancel(id, buyer)
    expect(again.status).toBe(409)
    expect(await stockOf(tool.id)).toBe(50)
  })

  it('returns the stock once when the same order is cancelled many times at once', async () => {
    const tool = await makeTool({ quantity: 30, min: 3 })
    const id = await placeOrder(buyer, tool, BUYER, { quantity: 3 })
    const results = await Promise.all(Array.from({ length: 6 }, () => cancel(id, buyer)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(5)
    expect(await stockOf(tool.id)).toBe(30)
  })

  it('refuses a paid order (409) and keeps its stock taken', async () => {
    const tool = await makeTool({ quantity: 20, min: 2 })
    const id = await placeOrder(buyer, tool, BUYER, { quantity: 2 })
    await env.DB.prepare("update bookings set status = 'paid', transaction_id = ? where id = ?")
      .bind(`pi_test_${id}`, id)
      .run()
    expect((await cancel(id, buyer)).status).toBe(409)
    expect(await stockOf(tool.id)).toBe(18)
  })

  it("answers 404 for someone else's order; an admin may cancel it", async () => {
    const tool = await makeTool({ quantity: 20, min: 2 })
    const id = await placeOrder(buyer, tool, BUYER, { quantity: 2 })
    expect((await cancel(id, other)).status).toBe(404)
    expect((await call('POST', `/api/booking/${id}/cancel`)).status).toBe(401)
    expect((await cancel(id, admin)).status).toBe(200)
    expect(await stockOf(tool.id)).toBe(20)
  })
})

describe('expiry of unpaid orders (scheduled handler)', () => {
  it('cancels unpaid orders older than UNPAID_HOLD_MINUTES and gives their stock back exactly once', async () => {
    const tool = await makeTool({ quantity: 100, min: 5 })
    const old = await placeOrder(buyer, tool, BUYER, { quantity: 10 })
    const fresh = await placeOrder(buyer, tool, BUYER, { quantity: 5 })
    const paid = await placeOrder(buyer, tool, BUYER, { quantity: 5 })
    await ageOrder(old, 25)
    await ageOrder(paid, 48)
    await env.DB.prepare("update bookings set status = 'paid', transaction_id = ? where id = ?")
      .bind(`pi_test_${paid}`, paid)
      .run()
    expect(await stockOf(tool.id)).toBe(80)

    const report = await runScheduled(env, Date.now())
    expect(report.cancelled).toBeGreaterThanOrEqual(1)
    expect((await orderRow(old))?.status).toBe('cancelled')
    expect((await orderRow(fresh))?.status).toBe('unpaid')
    expect((await orderRow(paid))?.status).toBe('paid')
    expect(await stockOf(tool.id)).toBe(90)

    // Running again, or the customer cancelling afterwards, gives nothing back twice.
    await runScheduled(env, Date.now())
    expect((await cancel(old, buyer)).status).toBe(409)
    expect(await stockOf(tool.id)).toBe(90)
  })

  it('follows a configured UNPAID_HOLD_MINUTES (default 120)', async () => {
    const tool = await makeTool({ quantity: 100, min: 5 })
    const id = await placeOrder(buyer, tool, BUYER, { quantity: 5 })
    await ageOrder(id, 1.5)
    await runScheduled(env, Date.now())
    expect((await orderRow(id))?.status).toBe('unpaid')
    await runScheduled({ ...env, UNPAID_HOLD_MINUTES: '60' } as unknown as Env, Date.now())
    expect((await orderRow(id))?.status).toBe('cancelled')
    expect(await stockOf(tool.id)).toBe(100)
  })

  it('runs from the Worker’s scheduled handler (the Cron Trigger) and cancels open simulated intents', async () => {
    const tool = await makeTool({ quantity: 60, min: 6 })
    const id = await placeOrder(buyer, tool, BUYER, { quantity: 6 })
    const intent = await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id } })
    expect(intent.status).toBe(200)
    await ageOrder(id, 24.5)

    const controller = createScheduledController({ scheduledTime: new Date(), cron: '*/15 * * * *' })
    const ctx = createExecutionContext()
    await worker.scheduled(controller, env, ctx)
    await waitOnExecutionContext(ctx)

    expect((await orderRow(id))?.status).toBe('cancelled')
    expect(await stockOf(tool.id)).toBe(60)
    const intents = await env.DB.prepare('select status from payment_intents where booking_id = ?')
      .bind(id)
      .all<{ status: string }>()
    expect(intents.results).toEqual([{ status: 'canceled' }])
  })

  it('expiry and a customer cancel racing give the stock back once', async () => {
    const tool = await makeTool({ quantity: 40, min: 4 })
    const id = await placeOrder(buyer, tool, BUYER, { quantity: 4 })
    await ageOrder(id, 30)
    const [, res] = await Promise.all([runScheduled(env, Date.now()), cancel(id, buyer)])
    expect([200, 409]).toContain(res.status)
    expect((await orderRow(id))?.status).toBe('cancelled')
    expect(await stockOf(tool.id)).toBe(40)
  })

  it('refuses to start a payment for an expired order the cron has not reached yet', async () => {
    const tool = await makeTool()
    const id = await placeOrder(buyer, tool, BUYER)
    await ageOrder(id, 25)
    const res = await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id } })
    expect(res.status).toBe(409)
    expect((await errorOf(res)).message).toMatch(/expired/)
  })

  it('unpaid orders hold their stock for 2 hours (expiresAt), then expire', async () => {
    const id = await placeOrder(buyer, await makeTool(), BUYER)
    const order = await readOrder(id, buyer)
    expect(Date.parse(order.expiresAt!) - Date.parse(order.createdAt)).toBe(2 * 60 * 60 * 1000)
    await ageOrder(id, 2.1)
    await runScheduled(env, Date.now())
    const expired = await readOrder(id, buyer)
    expect(expired.status).toBe('cancelled')
    expect(expired.history.at(-1)).toMatchObject({ status: 'cancelled', by: 'expiry' })
    const mail = (await mailsTo(BUYER)).filter((m) => m.subject.startsWith(`Order ${order.orderNumber} cancelled`))
    expect(mail).toHaveLength(1)
    expect(mail[0]!.body).toContain('It was not paid in time')
  })
})
