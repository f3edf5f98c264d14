import { lt, sql } from 'drizzle-orm'
import { bookings, tools } from '../../db/schema'
import type { Db } from '../../lib/db'
import type { OrderSummary } from '../../schemas/booking'
import { toTaka } from '../../schemas/bdt'
import { ORDER_STATUSES, type OrderStatus } from '../../schemas/order-status'

const DAY_MS = 24 * 60 * 60 * 1000
/** At most this many low-stock tools are listed (the worst first). */
const LOW_STOCK_LIMIT = 20

/** Paid minus refunded since `fromMs`: each a sum read from its index (paid_at, refunded_at). */
const revenueSince = (db: Db, fromMs: number) =>
  db
    .select({
      paid: sql<number>`(select coalesce(sum(${bookings.pricePaisa}), 0) from ${bookings} where ${bookings.paidAt} >= ${fromMs})`,
      refunded: sql<number>`(select coalesce(sum(${bookings.pricePaisa}), 0) from ${bookings} where ${bookings.refundedAt} >= ${fromMs})`,
    })
    .from(sql`(select 1)`)

/**
 * `GET /api/admin/summary`: orders per status, revenue today (since midnight UTC) and over
 * the last 7 and 30 days (paid by `paidAt`, less refunds by `refundedAt`), and the tools whose
 * stock is below their minimum order. One D1 batch; every part reads an index.
 */
export async function orderSummary(db: Db, nowMs: number): Promise<OrderSummary> {
  const midnight = Math.floor(nowMs / DAY_MS) * DAY_MS
  const [counts, today, week, month, low] = await db.batch([
    db.select({ status: bookings.status, n: sql<number>`count(*)` }).from(bookings).groupBy(bookings.status),
    revenueSince(db, midnight),
    revenueSince(db, nowMs - 7 * DAY_MS),
    revenueSince(db, nowMs - 30 * DAY_MS),
    db
      .select({ id: tools.id, name: tools.name, quantity: tools.quantity, minimumQuantity: tools.minimumQuantity })
      .from(tools)
      .where(lt(sql`(${tools.quantity} - ${tools.minimumQuantity})`, 0))
      .orderBy(sql`(${tools.quantity} - ${tools.minimumQuantity})`)
      .limit(LOW_STOCK_LIMIT),
  ])
  const orders = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>
  for (const row of counts) orders[row.status] = row.n
  const net = (r: { paid: number; refunded: number }[]) => toTaka((r[0]?.paid ?? 0) - (r[0]?.refunded ?? 0))
  return {
    orders,
    revenue: { today: net(today), last7Days: net(week), last30Days: net(month) },
    lowStock: low.map((t) => ({ _id: t.id, name: t.name, quantity: t.quantity, Minimum_quantity: t.minimumQuantity })),
  }
}
