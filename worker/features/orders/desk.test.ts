/**
 * The order desk through HTTP: an admin moves paid orders through fulfilment (processing,
 * shipped, delivered), lists and searches every order, and the limits of what the desk takes.
 * Refunds: refunds.test.ts; receipts: invoice.test.ts; the overview: summary.test.ts.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Booking } from '#schemas/order.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import {
  mailsTo,
  makeTool,
  orderRow,
  paidOrder,
  placeOrder,
  readOrder,
  type ToolFixture,
} from '#worker/test/order-fixtures.ts'
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

const move = (id: string, body: Record<string, unknown>, token = admin) =>
  call('POST', `/api/booking/${id}/status`, { as: token, body })
const refund = (id: string, token = admin) => call('POST', `/api/booking/${id}/refund`, { as: token, body: {} })
const subjects = async (to: string, orderNumber: string) =>
  (await mailsTo(to)).filter((m) => m.subject.includes(orderNumber)).map((m) => m.subject)

describe('the order desk: an admin takes a paid order to delivered', () => {
  it('takes a paid order through processing and shipping to delivered, telling the customer each step', async () => {
    const id = await paidOrder(buyer, tool, BUYER)
    let order = await readOrder(id, admin)
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
    order = await readOrder(id, admin)
    expect(order).toMatchObject({
      status: 'shipped',
      paid: true,
      carrier: 'Sundarban Courier',
      trackingNumber: 'SC-123456',
      shippedAt: expect.stringMatching(/^\d{4}-/),
    })
    expect((await move(id, { status: 'delivered', note: 'Left at reception' })).status).toBe(200)
    order = await readOrder(id, buyer)
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
    expect((await readOrder(id, admin)).status).toBe('delivered')
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
        expect((await orderRow(id))?.status).toBe(from)
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
    expect((await refund(id, buyer)).status).toBe(403)
    expect((await orderRow(id))?.status).toBe('paid')
  })

  it('takes a tracking number or note of only invisible characters as none', async () => {
    const id = await paidOrder(buyer, tool, BUYER)
    const res = await move(id, { status: 'shipped', trackingNumber: '\u200b \u200d', carrier: '\u200b' })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).fields?.trackingNumber).toBe('trackingNumber is Required to mark an order shipped')
    expect((await orderRow(id))?.status).toBe('paid')
  })

  it('the same move sent twice at once (a double click) moves it once; the other is the same status again', async () => {
    const id = await paidOrder(buyer, tool, BUYER)
    const answers = await Promise.all([move(id, { status: 'delivered' }), move(id, { status: 'delivered' })])
    expect(answers.map((r) => r.status)).toEqual([200, 200])
    const counts = await Promise.all(answers.map((r) => json<{ modifiedCount: number }>(r)))
    expect(counts.map((c) => c.modifiedCount).sort()).toEqual([0, 1])
    const order = await readOrder(id, admin)
    expect(order.history.filter((h) => h.status === 'delivered')).toHaveLength(1)
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
    const paidOrderNumber = (await readOrder(paid, admin)).orderNumber
    expect(await ids(paidOrderNumber)).toEqual([paid])
    expect(await ids(paidOrderNumber.toLowerCase())).toEqual([paid])
    expect(await ids(paidOrderNumber.replace(/^TH-/, ''))).toEqual([paid])
    expect(await ids('SEARCHABLE.PERSON')).toEqual(both)
    expect(await ids('rahima search')).toEqual(both)
    expect(await ids('plasma cutter')).toEqual(both)
    expect(await ids((await readOrder(paid, admin)).transactionId!.slice(4, 20))).toEqual([paid])
    // Under 3 characters (no trigram): a scan of the same fields, the transaction id included.
    await env.DB.prepare("update bookings set transaction_id = 'pi_test_Ǫz' where id = ?").bind(paid).run()
    expect(await ids('Ǫz')).toEqual([paid])
    // Two characters, one of them an emoji (two UTF-16 units): still under 3, still a scan.
    await env.DB.prepare("update bookings set transaction_id = 'pi_test_😀x' where id = ?").bind(paid).run()
    expect(await ids('😀x')).toEqual([paid])
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
      expect((await errorOf(res)).fields).toEqual({
        [field]: message,
      })
      expect(await orderRow(id)).toMatchObject({ status: 'paid' })
      expect((await readOrder(id, admin)).history).toHaveLength(2)
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
