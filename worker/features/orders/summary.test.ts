/**
 * The admin overview (`GET /api/admin/summary`) reads counts and revenue kept as data
 * (`order_counts`, `revenue_days`, migrations/0005) instead of counting the orders. These
 * tests hold it to the figures counted from scratch, with the queries it used to run, after
 * every kind of move an order makes, and across day boundaries.
 */

import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { toTaka } from '#schemas/bdt.ts'
import { ORDER_STATUSES, type OrderStatus } from '#schemas/order-status.ts'
import { PERMISSIONS } from '#schemas/staff.ts'
import { getDb } from '#worker/lib/db.ts'
import { runScheduled } from '#worker/scheduled.ts'
import { call, json, type OwnerSummary } from '#worker/test/helpers.ts'
import {
  ageOrder,
  buyNowTotal,
  makeTool,
  paidOrder,
  placeOrder,
  type ToolFixture,
} from '#worker/test/order-fixtures.ts'
import { chargeRefunded, deliver, stripePaidOrder } from '#worker/test/stripe-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'
import { orderSummary } from './summary'

const DAY = 24 * 60 * 60 * 1000
/** Dhaka is UTC+6 all year: its day starts at 18:00 UTC the day before. */
const SIX_HOURS = 6 * 60 * 60 * 1000
const dhakaMidnight = (ms: number) => Math.floor((ms + SIX_HOURS) / DAY) * DAY - SIX_HOURS
const ADMIN = 'admin@example.com'
let admin: string
let tool: ToolFixture

beforeAll(async () => {
  admin = await signIn(ADMIN)
  tool = await makeTool({ name: 'Summary Drill', pricePaisa: 10_000, quantity: 1_000_000, min: 1 })
})

type Figures = Pick<OwnerSummary, 'orders' | 'revenue'>

/** The summary's orders and revenue counted from the orders themselves: the queries the summary ran before it kept them. */
async function fromScratch(nowMs: number): Promise<Figures> {
  const counts = await env.DB.prepare('select status, count(*) as n from bookings group by status').all<{
    status: OrderStatus
    n: number
  }>()
  const orders = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>
  for (const row of counts.results) orders[row.status] = row.n
  const since = async (fromMs: number) => {
    const row = await env.DB.prepare(
      'select (select coalesce(sum(total_paisa), 0) from bookings where paid_at >= ?1) - (select coalesce(sum(total_paisa), 0) from bookings where refunded_at >= ?1) as net',
    )
      .bind(fromMs)
      .first<{ net: number }>()
    return toTaka(row!.net)
  }
  const midnight = dhakaMidnight(nowMs)
  return {
    orders,
    revenue: {
      today: await since(midnight),
      last7Days: await since(nowMs - 7 * DAY),
      last30Days: await since(nowMs - 30 * DAY),
    },
  }
}

/** The kept tables hold exactly what counting and summing the orders gives, status by status and day by day. */
async function expectKeptExactly() {
  const kept = await env.DB.prepare('select status, n from order_counts where n != 0 order by status').all()
  const counted = await env.DB.prepare(
    'select status, count(*) as n from bookings group by status order by status',
  ).all()
  expect(kept.results).toEqual(counted.results)
  const days = await env.DB.prepare(
    'select day, paid_paisa, refunded_paisa from revenue_days where paid_paisa != 0 or refunded_paisa != 0 order by day',
  ).all()
  const summed = await env.DB.prepare(
    `select day, sum(paid) as paid_paisa, sum(refunded) as refunded_paisa from (
       select paid_at / 86400000 as day, total_paisa as paid, 0 as refunded from bookings where paid_at is not null
       union all
       select refunded_at / 86400000, 0, total_paisa from bookings where refunded_at is not null
     ) group by day order by day`,
  ).all()
  expect(days.results).toEqual(summed.results)
}

const summary = async (): Promise<Figures> => {
  const res = await call('GET', '/api/admin/summary', { as: admin })
  expect(res.status).toBe(200)
  const { orders, revenue } = await json<OwnerSummary>(res)
  return { orders, revenue }
}

const move = (id: string, body: Record<string, unknown>) =>
  call('POST', `/api/booking/${id}/status`, { as: admin, body })
const refund = (id: string) => call('POST', `/api/booking/${id}/refund`, { as: admin, body: { reason: 'test' } })
const cancel = (id: string, token: string) => call('POST', `/api/booking/${id}/cancel`, { as: token })
const stamp = (id: string, column: 'paid_at' | 'refunded_at', ms: number) =>
  env.DB.prepare(`update bookings set ${column} = ? where id = ?`).bind(ms, id).run()

/** Places an order through Stripe (the fake), pays it, then refunds it from "Stripe's dashboard" (charge.refunded). */
async function refundedInStripe(token: string, email: string) {
  const { id, intentId } = await stripePaidOrder(token, tool, email)
  const event = await chargeRefunded(intentId, buyNowTotal(tool.pricePaisa * tool.min), 're_summary')
  expect((await deliver(event)).status).toBe(200)
  return { id, event }
}

describe('GET /api/admin/summary: counts and revenue kept as data', () => {
  it('equals the orders counted from scratch after every kind of move an order makes', async () => {
    const email = 'summary-mix@example.com'
    const buyer = await signIn(email)
    const before = await summary()
    expect(before).toEqual(await fromScratch(Date.now()))

    await placeOrder(buyer, tool, email) // stays unpaid
    await paidOrder(buyer, tool, email) // stays paid
    const processing = await paidOrder(buyer, tool, email)
    expect((await move(processing, { status: 'processing' })).status).toBe(200)
    const shipped = await paidOrder(buyer, tool, email)
    expect((await move(shipped, { status: 'shipped', carrier: 'Sundarban', trackingNumber: 'S-1' })).status).toBe(200)
    const stepByStep = await paidOrder(buyer, tool, email)
    for (const body of [
      { status: 'processing' },
      { status: 'shipped', trackingNumber: 'S-2' },
      { status: 'delivered' },
    ])
      expect((await move(stepByStep, body)).status).toBe(200)
    const skipped = await paidOrder(buyer, tool, email)
    expect((await move(skipped, { status: 'delivered' })).status).toBe(200)

    expect((await cancel(await placeOrder(buyer, tool, email), buyer)).status).toBe(200)
    expect((await cancel(await placeOrder(buyer, tool, email), admin)).status).toBe(200)
    const expiring = await placeOrder(buyer, tool, email)
    await ageOrder(expiring, 3)
    expect((await runScheduled(env, Date.now())).cancelled).toBe(1)

    const withdrawn = await makeTool({ name: 'Withdrawn Saw', pricePaisa: 7_000, quantity: 100, min: 3 })
    await placeOrder(buyer, withdrawn, email) // cancelled with its tool
    await paidOrder(buyer, withdrawn, email) // stays paid
    expect((await call('DELETE', `/api/service/${withdrawn.id}`, { as: admin })).status).toBe(200)

    expect((await refund(await paidOrder(buyer, tool, email))).status).toBe(200)
    const refundedInProcessing = await paidOrder(buyer, tool, email)
    expect((await move(refundedInProcessing, { status: 'processing' })).status).toBe(200)
    expect((await refund(refundedInProcessing)).status).toBe(200)
    await refundedInStripe(buyer, email)

    const after = await summary()
    expect(after).toEqual(await fromScratch(Date.now()))
    await expectKeptExactly()
    const delta = Object.fromEntries(ORDER_STATUSES.map((s) => [s, after.orders[s] - before.orders[s]]))
    expect(delta).toEqual({ unpaid: 1, paid: 2, processing: 1, shipped: 1, delivered: 2, cancelled: 4, refunded: 3 })
    // Paid and still paid: 5 orders of the drill (100 BDT each) and one of the saw (3 × 70), each
    // with its 200 BDT delivery; the refunded ones net nothing.
    expect(after.revenue.last7Days).toBeCloseTo(before.revenue.last7Days + 5 * 100 + 210 + 6 * 200, 2)
    expect(after.revenue.last30Days).toBeCloseTo(before.revenue.last30Days + 5 * 100 + 210 + 6 * 200, 2)
  })

  it('a refused move (409) or a repeated one changes no figure', async () => {
    const email = 'summary-refused@example.com'
    const buyer = await signIn(email)
    const unpaid = await placeOrder(buyer, tool, email)
    const paid = await paidOrder(buyer, tool, email)
    const delivered = await paidOrder(buyer, tool, email)
    expect((await move(delivered, { status: 'delivered' })).status).toBe(200)
    const cancelled = await placeOrder(buyer, tool, email)
    expect((await cancel(cancelled, buyer)).status).toBe(200)
    const refunded = await paidOrder(buyer, tool, email)
    expect((await refund(refunded)).status).toBe(200)
    const inStripe = await refundedInStripe(buyer, email)
    const before = await summary()

    const refusals = [
      await move(delivered, { status: 'shipped', trackingNumber: 'X-1' }),
      await move(unpaid, { status: 'processing' }),
      await move(cancelled, { status: 'delivered' }),
      await move(refunded, { status: 'processing' }),
      await refund(delivered),
      await refund(refunded),
      await refund(unpaid),
      await cancel(paid, buyer),
      await cancel(cancelled, admin),
    ]
    expect(refusals.map((r) => r.status)).toEqual(refusals.map(() => 409))
    // Repeated: the same status again, the same payment again, the same refund seen again.
    expect(await json(await move(delivered, { status: 'delivered' }))).toEqual({ acknowledged: true, modifiedCount: 0 })
    const transactionId = (await env.DB.prepare('select transaction_id from bookings where id = ?')
      .bind(paid)
      .first<{ transaction_id: string }>())!.transaction_id
    expect(await json(await call('PATCH', `/api/booking/${paid}`, { as: buyer, body: { transactionId } }))).toEqual({
      acknowledged: true,
      modifiedCount: 0,
    })
    expect(await json(await deliver(inStripe.event))).toEqual({ received: true, duplicate: true })

    expect(await summary()).toEqual(before)
    expect(before).toEqual(await fromScratch(Date.now()))
    await expectKeptExactly()
  })

  it('revenue follows paidAt and refundedAt across midnight and the 7-day window’s start (now)', async () => {
    const email = 'summary-days@example.com'
    const buyer = await signIn(email)
    const before = await summary()
    const order = (quantity: number) => paidOrder(buyer, tool, email, { quantity })
    // 100 BDT per unit and 200 BDT of delivery: each order's figure tells which ones a window holds.
    const [yesterday, today, inWeek, beforeWeek, refundedYesterday] = await Promise.all([
      order(1),
      order(2),
      order(4),
      order(8),
      order(16),
    ])
    expect((await refund(refundedYesterday!)).status).toBe(200)
    const now = Date.now()
    const midnight = dhakaMidnight(now)
    await stamp(yesterday!, 'paid_at', midnight - 1)
    await stamp(today!, 'paid_at', midnight)
    await stamp(inWeek!, 'paid_at', now - 7 * DAY + 5 * 60_000)
    await stamp(beforeWeek!, 'paid_at', now - 7 * DAY - 5 * 60_000)
    await stamp(refundedYesterday!, 'paid_at', now - 8 * DAY)
    await stamp(refundedYesterday!, 'refunded_at', midnight - 1)

    const after = await summary()
    expect(after).toEqual(await fromScratch(Date.now()))
    await expectKeptExactly()
    const fee = 200
    expect(after.revenue.today).toBeCloseTo(before.revenue.today + 200 + fee, 2)
    expect(after.revenue.last7Days).toBeCloseTo(before.revenue.last7Days + 100 + 200 + 400 - 1600 + 2 * fee, 2)
    expect(after.revenue.last30Days).toBeCloseTo(before.revenue.last30Days + 100 + 200 + 400 + 800 + 4 * fee, 2)
  })

  it('is exact at every edge of its windows: midnight, the first whole day, the part of a day before it, now on a midnight', async () => {
    const email = 'summary-edges@example.com'
    const buyer = await signIn(email)
    // A "now" no other order comes near: the windows hold only these orders.
    const T = Date.UTC(2100, 0, 10, 9, 30)
    // Midnight in Dhaka: 18:00 UTC the day before.
    const M = Date.UTC(2100, 0, 9, 18)
    const weekStart = T - 7 * DAY
    const stamps: { paid: number; refunded?: number }[] = [
      { paid: M - 1 },
      { paid: M },
      { paid: weekStart },
      { paid: weekStart - 1 },
      { paid: weekStart + 60 * 60_000 },
      { paid: Math.ceil(weekStart / DAY) * DAY },
      { paid: Math.ceil(weekStart / DAY) * DAY - 1 },
      { paid: T - 30 * DAY },
      { paid: T - 30 * DAY - 1 },
      { paid: T - 10 * DAY, refunded: M + 60 * 60_000 },
      { paid: T - 8 * DAY, refunded: weekStart + 1 },
      { paid: T - 40 * DAY, refunded: T - 30 * DAY - 1 },
      // Stamped after "now": counted, as the contract's sums from a start (with no end) count it.
      { paid: T + 60 * 60_000 },
      // Midnight UTC, inside Dhaka's today: counted today, not yesterday.
      { paid: Date.UTC(2100, 0, 10) },
    ]
    const orders: { id: string; paisa: number; paid: number; refunded?: number }[] = []
    for (const [i, s] of stamps.entries()) {
      // Distinct powers of two (× 100 BDT), so a wrong figure names the orders it got wrong.
      // (the last, past the unpaid limit as a power, orders 3)
      const quantity = i < 13 ? 2 ** i : 3
      const id = await paidOrder(buyer, tool, email, { quantity })
      if (s.refunded !== undefined) expect((await refund(id)).status).toBe(200)
      await stamp(id, 'paid_at', s.paid)
      if (s.refunded !== undefined) await stamp(id, 'refunded_at', s.refunded)
      orders.push({ id, paisa: buyNowTotal(quantity * tool.pricePaisa), ...s })
    }
    await expectKeptExactly()
    const expected = (fromMs: number) =>
      toTaka(
        orders.reduce(
          (sum, o) =>
            sum + (o.paid >= fromMs ? o.paisa : 0) - (o.refunded !== undefined && o.refunded >= fromMs ? o.paisa : 0),
          0,
        ),
      )

    const db = getDb(env)
    // Also the first minutes of a Dhaka day (00:30 there, 18:30 UTC the day before) and a UTC midnight.
    for (const now of [
      T,
      M,
      M + DAY - 1,
      M - 1,
      M + 30 * 60_000,
      Date.UTC(2100, 0, 10),
      weekStart + 7 * DAY + 1,
      Math.ceil(weekStart / DAY) * DAY + 7 * DAY,
    ]) {
      const got = await orderSummary(db, now, PERMISSIONS)
      const label = new Date(now).toISOString()
      expect({ orders: got.orders, revenue: got.revenue }, label).toEqual(await fromScratch(now))
      expect(got.revenue, label).toEqual({
        today: expected(dhakaMidnight(now)),
        last7Days: expected(now - 7 * DAY),
        last30Days: expected(now - 30 * DAY),
      })
    }
  })
})

describe('GET /api/admin/summary', () => {
  it('counts orders by status, sums revenue less refunds, and lists low-stock tools', async () => {
    const email = 'summary-desk@example.com'
    const buyer = await signIn(email)
    const before = await json<OwnerSummary>(await call('GET', '/api/admin/summary', { as: admin }))
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
    await paidOrder(buyer, low, email, { quantity: 8 })
    const refunded = await paidOrder(buyer, tool, email)
    expect((await refund(refunded)).status).toBe(200)
    const after = await json<OwnerSummary>(await call('GET', '/api/admin/summary', { as: admin }))
    expect(after.orders.paid).toBe(before.orders.paid + 1)
    expect(after.orders.refunded).toBe(before.orders.refunded + 1)
    // 8 × 500 paid and 200 of delivery; the refunded order counts its payment and its refund.
    expect(after.revenue.today).toBeCloseTo(before.revenue.today + 4200, 2)
    expect(after.revenue.last7Days).toBeCloseTo(before.revenue.last7Days + 4200, 2)
    expect(after.revenue.last30Days).toBeCloseTo(before.revenue.last30Days + 4200, 2)
    expect(after.lowStock).toContainEqual({ _id: low.id, name: 'Nearly Gone Saw', quantity: 2, Minimum_quantity: 3 })
    expect(after.lowStock.find((t) => t._id === tool.id)).toBeUndefined()
  })
})
