import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import { toTaka } from '#schemas/bdt.ts'
import { dhakaDayStart } from '#schemas/dhaka-time.ts'
import type { OrderSummary } from '#schemas/order.ts'
import { ORDER_STATUSES, type OrderStatus } from '#schemas/order-status.ts'
import type { Permission } from '#schemas/staff.ts'
import { orderCounts, orders, quotes, revenueDays, tools } from '#worker/db/schema.ts'
import type { Db } from '#worker/lib/db.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** The statuses of a cash-on-delivery order whose cash is still to come. */
const COD_OPEN: OrderStatus[] = ['unpaid', 'processing', 'shipped']
/** At most this many low-stock tools are listed (the worst first). */
const LOW_STOCK_LIMIT = 20

/**
 * Paid minus refunded since `fromMs` (paid by `paid_at`, refunded by `refunded_at`), read in
 * a time that does not grow with the orders: the whole UTC days from the first midnight at
 * or after `fromMs` are summed from `revenue_days` (at most 31 rows here); the part of a day
 * before that midnight (none when `fromMs` is a midnight) from the orders themselves, through
 * the (paid_at, total_paisa) and (refunded_at, total_paisa) indexes over that part alone.
 * Exactly `sum(price) where paid_at >= fromMs` less `sum(price) where refunded_at >= fromMs`.
 */
const revenueSince = (db: Db, fromMs: number) => {
  const firstDay = Math.ceil(fromMs / DAY_MS)
  const partEnd = firstDay * DAY_MS
  return db
    .select({
      paid: sql<number>`(select coalesce(sum(${revenueDays.paidPaisa}), 0) from ${revenueDays} where ${revenueDays.day} >= ${firstDay})
        + (select coalesce(sum(${orders.totalPaisa}), 0) from ${orders} where ${orders.paidAt} >= ${fromMs} and ${orders.paidAt} < ${partEnd})`,
      refunded: sql<number>`(select coalesce(sum(${revenueDays.refundedPaisa}), 0) from ${revenueDays} where ${revenueDays.day} >= ${firstDay})
        + (select coalesce(sum(${orders.totalPaisa}), 0) from ${orders} where ${orders.refundedAt} >= ${fromMs} and ${orders.refundedAt} < ${partEnd})`,
    })
    .from(sql`(select 1)`)
}

/**
 * `GET /api/admin/summary`: orders per status, revenue today (since midnight in Dhaka) and over
 * the last 7 and 30 days (rolling, from now: paid by `paidAt`, less refunds by
 * `refundedAt`), and the tools whose stock is below their minimum order. One D1 batch whose
 * cost does not grow with the number of orders: the counts are `order_counts` (a row per
 * status), the revenue is `revenue_days` (a row per day) plus a part of one day, both kept
 * in step with `bookings` by triggers (migrations/0005); low stock reads an index.
 */
export async function orderSummary(db: Db, nowMs: number, permissions: readonly Permission[]): Promise<OrderSummary> {
  // Today is the shop's day: from 00:00 in Dhaka (18:00 UTC the day before).
  const midnight = dhakaDayStart(nowMs)
  const [counts, today, week, month, low, cod, awaiting] = await db.batch([
    db.select({ status: orderCounts.status, n: orderCounts.n }).from(orderCounts),
    revenueSince(db, midnight),
    revenueSince(db, nowMs - 7 * DAY_MS),
    revenueSince(db, nowMs - 30 * DAY_MS),
    db
      .select({ id: tools.id, name: tools.name, quantity: tools.quantity, minimumQuantity: tools.minimumQuantity })
      .from(tools)
      .where(lt(sql`(${tools.quantity} - ${tools.minimumQuantity})`, 0))
      .orderBy(sql`(${tools.quantity} - ${tools.minimumQuantity})`)
      .limit(LOW_STOCK_LIMIT),
    // Cash on delivery still to collect: the open COD orders (the method's index; as many rows as are open).
    db
      .select({ n: sql<number>`count(*)`, total: sql<number>`coalesce(sum(${orders.totalPaisa}), 0)` })
      .from(orders)
      .where(and(eq(orders.paymentMethod, 'cod'), inArray(orders.status, COD_OPEN), isNull(orders.paidAt))),
    // Quotes waiting for an offer (an index range: quotes_status_idx).
    db.select({ n: sql<number>`count(*)` }).from(quotes).where(eq(quotes.status, 'requested')),
  ])
  const perStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>
  for (const row of counts)
    if ((ORDER_STATUSES as readonly string[]).includes(row.status)) perStatus[row.status as OrderStatus] = row.n
  const net = (r: { paid: number; refunded: number }[]) => toTaka((r[0]?.paid ?? 0) - (r[0]?.refunded ?? 0))
  // Each part only for a caller holding its permission.
  const may = (permission: Permission) => permissions.includes(permission)
  return {
    orders: may('orders.read') ? perStatus : null,
    revenue: may('reports.read') ? { today: net(today), last7Days: net(week), last30Days: net(month) } : null,
    codToCollect: may('reports.read') ? { orders: cod[0]?.n ?? 0, total: toTaka(cod[0]?.total ?? 0) } : null,
    lowStock: may('stock.read')
      ? low.map((t) => ({ _id: t.id, name: t.name, quantity: t.quantity, Minimum_quantity: t.minimumQuantity }))
      : null,
    quotes: may('quotes.manage') ? { requested: awaiting[0]?.n ?? 0 } : null,
  }
}
