import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  findTransition,
  movesMethod,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderActor,
  type OrderStatus,
} from '#schemas/order-status.ts'
import type { OrderRow } from '#worker/db/schema.ts'
import { getDb } from '#worker/lib/db.ts'
import { makeTool, orderRow, placeOrder, stockOf, type ToolFixture } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'
import { applyMove, getOrderRow, type ShopContext } from './lifecycle.service'

const BUYER = 'lifecycle-buyer@example.com'
const ACTORS: OrderActor[] = ['customer', 'admin', 'payment', 'expiry', 'system']

/**
 * The moves the shop allows, written out here rather than read from ORDER_TRANSITIONS (the table
 * under test): from → to, by whom, and whether the order's stock goes back. Every other
 * (from, to, actor) is refused.
 */
const ALLOWED: readonly (readonly [from: OrderStatus, to: OrderStatus, by: OrderActor, stock: 'restock' | 'kept'])[] = [
  ['unpaid', 'paid', 'payment', 'kept'],
  ['unpaid', 'cancelled', 'customer', 'restock'],
  ['unpaid', 'cancelled', 'admin', 'restock'],
  ['unpaid', 'cancelled', 'expiry', 'restock'],
  ['unpaid', 'cancelled', 'system', 'restock'],
  // Fulfilment, forward only; steps may be skipped.
  ['paid', 'processing', 'admin', 'kept'],
  ['paid', 'shipped', 'admin', 'kept'],
  ['paid', 'delivered', 'admin', 'kept'],
  ['processing', 'shipped', 'admin', 'kept'],
  ['processing', 'delivered', 'admin', 'kept'],
  ['shipped', 'delivered', 'admin', 'kept'],
  // Refunds: by an admin, or seen from the payment provider; before shipping only.
  ['paid', 'refunded', 'admin', 'restock'],
  ['paid', 'refunded', 'payment', 'restock'],
  ['processing', 'refunded', 'admin', 'restock'],
  ['processing', 'refunded', 'payment', 'restock'],
]
const allowed = (from: OrderStatus, to: OrderStatus, actor: OrderActor) =>
  ALLOWED.find(([f, t, by]) => f === from && t === to && by === actor)
const SHOP: ShopContext = {
  shopName: 'Toolhaus',
  shopEmail: 'shop@example.com',
  shopUrl: 'https://shop.example',
  stockChanged: async () => {},
}

let buyer: string
let tool: ToolFixture

beforeAll(async () => {
  buyer = await signIn(BUYER)
  tool = await makeTool({ quantity: 10_000, min: 1, pricePaisa: 1000 })
})

const events = (id: string) =>
  env.DB.prepare('select status, actor, actor_email, note from order_events where booking_id = ? order by at, rowid')
    .bind(id)
    .all<{ status: string; actor: string; actor_email: string | null; note: string | null }>()
    .then((r) => r.results)

/**
 * The admin overview's kept figures (order_counts, revenue_days: migrations/0005): orders per
 * status, and all revenue paid and refunded so far.
 */
async function keptFigures() {
  const counts = await env.DB.prepare('select status, n from order_counts').all<{ status: string; n: number }>()
  const revenue = await env.DB.prepare(
    'select coalesce(sum(paid_paisa), 0) as paid, coalesce(sum(refunded_paisa), 0) as refunded from revenue_days',
  ).first<{ paid: number; refunded: number }>()
  return {
    counts: Object.fromEntries(ORDER_STATUSES.map((s) => [s, counts.results.find((r) => r.status === s)?.n ?? 0])),
    ...revenue!,
  }
}

/** An order placed through the API, then put straight into `status` (the state under test). */
async function orderIn(status: string): Promise<OrderRow> {
  const id = await placeOrder(buyer, tool, BUYER, { quantity: 2 })
  await env.DB.prepare('update bookings set status = ? where id = ?').bind(status, id).run()
  return (await getOrderRow(getDb(env), id))!
}

describe('the order lifecycle table', () => {
  it('placing an order starts its history', async () => {
    const id = await placeOrder(buyer, tool, BUYER)
    expect(await events(id)).toEqual([{ status: 'unpaid', actor: 'customer', actor_email: BUYER, note: null }])
  })

  it('allows exactly the moves listed here: each has its row, with its stock effect, and no row allows another', () => {
    for (const [from, to, actor, stock] of ALLOWED) {
      const row = findTransition(from, to, actor)
      expect(row, `${from} → ${to} by ${actor}`).toBeDefined()
      expect(row!.effects.includes('restock'), `${from} → ${to} by ${actor} gives the stock back`).toBe(
        stock === 'restock',
      )
    }
    // A card order's moves (cash on delivery and bank transfer: payment-methods.test.ts).
    const inTable = ORDER_TRANSITIONS.filter((t) => movesMethod(t, 'card')).flatMap((t) =>
      t.by.map((actor) => `${t.from} → ${t.to} by ${actor}`),
    )
    expect(inTable.sort()).toEqual(ALLOWED.map(([from, to, actor]) => `${from} → ${to} by ${actor}`).sort())
  })

  // Every (from, to, actor) listed is applied; every other one is refused and changes nothing.
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      for (const actor of ACTORS) {
        const rule = allowed(from, to, actor)
        it(`${from} → ${to} by ${actor}: ${rule ? 'allowed' : 'refused'}`, async () => {
          const order = await orderIn(from)
          const stock = await stockOf(tool.id)
          const before = await events(order.id)
          const figures = await keptFigures()
          if (!rule) {
            await expect(applyMove(getDb(env), order, { to, actor }, SHOP)).rejects.toMatchObject({
              status: 409,
              code: 'INVALID_TRANSITION',
            })
            expect((await orderRow(order.id))?.status).toBe(from)
            expect(await events(order.id)).toEqual(before)
            expect(await stockOf(tool.id)).toBe(stock)
            expect(await keptFigures()).toEqual(figures)
            return
          }
          expect(await applyMove(getDb(env), order, { to, actor, note: 'test' }, SHOP)).toBe(true)
          expect((await orderRow(order.id))?.status).toBe(to)
          expect((await events(order.id)).slice(before.length)).toEqual([
            { status: to, actor, actor_email: null, note: 'test' },
          ])
          const restocked = rule[3] === 'restock' ? 2 : 0
          expect(await stockOf(tool.id)).toBe(stock! + restocked)
          // The move counts once: one order less in `from`, one more in `to`; paid or refunded, its price that day.
          const moved = {
            counts: { ...figures.counts, [from]: figures.counts[from]! - 1, [to]: figures.counts[to]! + 1 },
            paid: figures.paid + (to === 'paid' ? order.totalPaisa : 0),
            refunded: figures.refunded + (to === 'refunded' ? order.totalPaisa : 0),
          }
          expect(await keptFigures()).toEqual(moved)
          // The same move again, from the state read before: it no longer applies, nothing changes twice.
          expect(await applyMove(getDb(env), order, { to, actor }, SHOP)).toBe(false)
          expect(await events(order.id)).toHaveLength(before.length + 1)
          expect(await stockOf(tool.id)).toBe(stock! + restocked)
          expect(await keptFigures()).toEqual(moved)
        })
      }
    }
  }

  it('every row of the table names known statuses and at least one actor', () => {
    for (const t of ORDER_TRANSITIONS) {
      expect(ORDER_STATUSES).toContain(t.from)
      expect(ORDER_STATUSES).toContain(t.to)
      expect(t.from).not.toBe(t.to)
      expect(t.by.length).toBeGreaterThan(0)
    }
  })

  it('a move whose condition fails changes nothing', async () => {
    const order = await orderIn('unpaid')
    const figures = await keptFigures()
    const moved = await applyMove(
      getDb(env),
      order,
      { to: 'paid', actor: 'payment', when: { sql: 'total_paisa = ?', values: [1] } },
      SHOP,
    )
    expect(moved).toBe(false)
    expect(await keptFigures()).toEqual(figures)
    expect((await orderRow(order.id))?.status).toBe('unpaid')
    expect(await events(order.id)).toHaveLength(1)
  })
})
