/**
 * An unpaid order whose hold ran out gives its stock up at once, not at the sweep's next run
 * (worker/scheduled.ts, every 15 minutes): an order of the same tools (buy now, the cart's
 * checkout, an accepted quote) first ends those holds with the sweep's own move, so the stock is
 * free for it, and the sweep later finds nothing to give back twice.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutPreview } from '#schemas/checkout.ts'
import { runScheduled } from '#worker/scheduled.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import {
  mailsAbout,
  makeTool,
  orderBody,
  orderRow,
  placeOrder,
  postOrder,
  readOrder,
  stockOf,
} from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

const ADMIN = 'admin@example.com'
let admin: string

beforeAll(async () => {
  admin = await signIn(ADMIN)
})

async function buyer(tag: string) {
  const email = `hold-${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`
  return { email, token: await signIn(email) }
}

/** Ends an order's hold `minutes` ago, as time passing would: its creation moved back past the 120-minute hold. */
const holdEndedAgo = (id: string, minutes: number) =>
  env.DB.prepare('update bookings set created_at = ? where id = ?')
    .bind(Date.now() - (120 + minutes) * 60_000, id)
    .run()

const cancelledEvents = async (id: string) =>
  (await readOrder(id, admin)).history.filter((h) => h.status === 'cancelled')

describe('stock held by an unpaid order', () => {
  it('is not for others while the hold lasts, however close to its end', async () => {
    const tool = await makeTool({ name: 'Held Drill', quantity: 5, min: 1 })
    const first = await buyer('first')
    const held = await placeOrder(first.token, tool, first.email, { quantity: 5 })
    await holdEndedAgo(held, -1) // a minute left
    const second = await buyer('second')
    const res = await postOrder(second.token, orderBody(tool, second.email, { quantity: 5 }))
    expect(res.status).toBe(400)
    expect((await errorOf(res)).fields).toHaveProperty('quantity')
    expect((await orderRow(held))?.status).toBe('unpaid')
    expect(await stockOf(tool.id)).toBe(0)
  })

  it('a cash-on-delivery order never expires, and keeps its stock', async () => {
    const tool = await makeTool({ name: 'COD Held Drill', quantity: 3, min: 1 })
    const first = await buyer('cod')
    const id = await placeOrder(first.token, tool, first.email, { quantity: 3 })
    // Made cash on delivery in D1: the method's own settings are another test's (payment-methods.test.ts).
    await env.DB.prepare("update bookings set payment_method = 'cod' where id = ?").bind(id).run()
    await holdEndedAgo(id, 600)
    const second = await buyer('after-cod')
    expect((await postOrder(second.token, orderBody(tool, second.email, { quantity: 3 }))).status).toBe(400)
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it('is free for another buyer from the moment the hold ends, before the sweep; the sweep gives nothing back twice', async () => {
    const tool = await makeTool({ name: 'Last Units Saw', quantity: 4, min: 1 })
    const first = await buyer('lapsed')
    const lapsed = await placeOrder(first.token, tool, first.email, { quantity: 4 })
    expect(await stockOf(tool.id)).toBe(0)
    await holdEndedAgo(lapsed, 1)

    const second = await buyer('next')
    const next = await placeOrder(second.token, tool, second.email, { quantity: 4 })
    expect(await stockOf(tool.id)).toBe(0)
    const ended = await readOrder(lapsed, admin)
    expect(ended.status).toBe('cancelled')
    expect(ended.history.at(-1)).toMatchObject({ status: 'cancelled', by: 'expiry' })
    expect((await orderRow(next))?.status).toBe('unpaid')

    // The sweep: the lapsed order is cancelled already, its stock back once; nothing changes.
    await runScheduled(env, Date.now())
    expect(await stockOf(tool.id)).toBe(0)
    expect(await cancelledEvents(lapsed)).toHaveLength(1)
    expect((await orderRow(next))?.status).toBe('unpaid')
    const no = ended.orderNumber
    expect(await mailsAbout(first.email, no, 'cancelled')).toHaveLength(1)
    // The stock adds up: 4 units, all held by the second order.
    const lines = await env.DB.prepare(
      "select coalesce(sum(l.quantity), 0) as n from order_lines l join bookings b on b.id = l.order_id where l.tool_id = ? and b.status = 'unpaid'",
    )
      .bind(tool.id)
      .first<{ n: number }>()
    expect(lines?.n).toBe(4)
  })

  it("is free for a cart's checkout too, the lapsed order's other lines back in stock with it", async () => {
    const [saw, drill] = await Promise.all([
      makeTool({ name: 'Cart Lapsed Saw', quantity: 2, min: 1 }),
      makeTool({ name: 'Cart Lapsed Drill', quantity: 10, min: 1 }),
    ])
    const first = await buyer('cart-lapsed')
    const lapsed = await placeOrder(first.token, saw, first.email, { quantity: 2 })
    await holdEndedAgo(lapsed, 30)
    const second = await buyer('cart-next')
    for (const [tool, quantity] of [
      [saw, 2],
      [drill, 3],
    ] as const) {
      const res = await call('PUT', `/api/cart/${tool.id}`, { as: second.token, body: { quantity } })
      expect(res.status).toBe(200)
    }
    const b = {
      delivery: {
        method: 'courier',
        address: { name: 'Karim Traders', phone: '01712345678', line1: 'Shop 4', district: 'Dhaka' },
      },
      paymentMethod: 'card',
    }
    const { total } = await json<CheckoutPreview>(
      await call('POST', '/api/checkout/preview', { as: second.token, body: b }),
    )
    const placed = await call('POST', '/api/checkout', { as: second.token, body: { ...b, expectedTotal: total } })
    expect(placed.status, JSON.stringify(await placed.clone().json())).toBe(201)
    expect(await stockOf(saw.id)).toBe(0)
    expect(await stockOf(drill.id)).toBe(7)
    expect((await orderRow(lapsed))?.status).toBe('cancelled')
    await runScheduled(env, Date.now())
    expect(await stockOf(saw.id)).toBe(0)
    expect(await stockOf(drill.id)).toBe(7)
    expect(await cancelledEvents(lapsed)).toHaveLength(1)
  })

  it('left alone when no one orders its tools, is ended by the sweep as before', async () => {
    const tool = await makeTool({ name: 'Limit Lapsed Drill', quantity: 100, min: 1 })
    const first = await buyer('limit')
    const lapsed = await placeOrder(first.token, tool, first.email, { quantity: 1 })
    await holdEndedAgo(lapsed, 5)
    // Still unpaid until something ends it: an order of its tool, or the sweep.
    expect((await orderRow(lapsed))?.status).toBe('unpaid')
    await runScheduled(env, Date.now())
    expect((await orderRow(lapsed))?.status).toBe('cancelled')
    expect(await stockOf(tool.id)).toBe(100)
  })
})
