import { and, desc, eq, lte } from 'drizzle-orm'
import { nowMs } from '../../db/now'
import { bookings, tools } from '../../db/schema'
import { newId, type Db } from '../../lib/db'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { bookingQuantitySchema, orderLessThanMessage, type Booking, type BookingInput } from '../../schemas/booking'
import { toPaisa, toTaka } from '../../schemas/money'
import { transition, type OrderRow } from './lifecycle'
import type { PaymentProvider } from './providers/provider'

const HOUR_MS = 60 * 60 * 1000

/** When an unpaid booking expires; the cron job cancels it at its first run after that. */
export const expiresAtMs = (row: Pick<OrderRow, 'createdAt'>, ttlHours: number) => row.createdAt + ttlHours * HOUR_MS

export const toBookingDto = (row: OrderRow, ttlHours: number): Booking => ({
  _id: row.id,
  serviceId: row.serviceId,
  service: row.service,
  quantity: row.quantity,
  unitPrice: toTaka(row.unitPricePaisa),
  price: toTaka(row.pricePaisa),
  customer: row.customer,
  customerName: row.customerName,
  phone: row.phone,
  address: row.address,
  status: row.status,
  paid: row.status === 'paid',
  transactionId: row.transactionId,
  createdAt: new Date(row.createdAt).toISOString(),
  expiresAt: row.status === 'unpaid' ? new Date(expiresAtMs(row, ttlHours)).toISOString() : null,
})

export async function getOrderRow(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.select().from(bookings).where(eq(bookings.id, id)).get()
}

/** A customer's bookings, newest first (a query, so it can go in a batch). */
export const listBookingsQuery = (db: Db, customer: string) =>
  db.select().from(bookings).where(eq(bookings.customer, customer)).orderBy(desc(bookings.createdAt), desc(bookings.id))

/** The tool's limits as an order sees them, with the spec's quantity messages. */
function checkQuantity(tool: { quantity: number; minimumQuantity: number }, quantity: number) {
  const parsed = bookingQuantitySchema({ min: tool.minimumQuantity, available: tool.quantity }).safeParse(quantity)
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid quantity'
    throw badRequest(message, { quantity: message })
  }
}

/**
 * Places an order: the price is quantity × the tool's unit price from the database, and
 * the stock is taken in the same D1 batch (one transaction) as the insert. The stock
 * UPDATE is conditional (enough left, price unchanged) and the INSERT happens only when
 * it changed a row (`changes()`), so concurrent orders can never oversell.
 * @throws 404 no such tool; 400 quantity outside the tool's limits or a price that is not
 *   quantity × unit price; 409 when the stock ran out (or the price changed) meanwhile.
 */
export async function createBooking(
  db: Db,
  input: BookingInput & { customerName: string },
): Promise<{ id: string }> {
  const tool = await db.select().from(tools).where(eq(tools.id, input.serviceId)).get()
  if (!tool) throw notFound('No such tool. It may have been removed from the shop.')
  checkQuantity(tool, input.quantity)
  const pricePaisa = tool.pricePaisa * input.quantity
  if (input.price !== undefined && toPaisa(input.price) !== pricePaisa) {
    const message = `The price must be quantity × unit price: ${input.quantity} × ${toTaka(tool.pricePaisa)} = ${toTaka(pricePaisa)} BDT`
    throw badRequest(message, { price: message })
  }

  const id = newId()
  const d1 = db.$client
  const [, inserted] = await d1.batch([
    d1
      .prepare(
        `update tools set quantity = quantity - ?1
         where id = ?2 and quantity >= ?1 and minimum_quantity <= ?1 and price_paisa = ?3`,
      )
      .bind(input.quantity, tool.id, tool.pricePaisa),
    // NOTE: changes() is the row count of the UPDATE just before, in the same transaction.
    d1
      .prepare(
        `insert into bookings (id, service_id, service, unit_price_paisa, quantity, price_paisa, customer, customer_name, phone, address)
         select ?1, id, name, price_paisa, ?2, price_paisa * ?2, ?3, ?4, ?5, ?6 from tools where id = ?7 and changes() = 1`,
      )
      .bind(id, input.quantity, input.customer, input.customerName, input.phone, input.address, tool.id),
    // The order's history starts with its placing.
    d1.prepare(`insert into order_events (id, booking_id, status, actor, actor_email) select ?1, ?2, 'unpaid', 'customer', ?3 where changes() = 1`).bind(newId(), id, input.customer),
  ])
  if ((inserted?.meta.changes ?? 0) === 1) return { id }

  // Someone else changed the tool between our read and the batch: say what changed.
  const now = await db.select().from(tools).where(eq(tools.id, tool.id)).get()
  if (!now) throw notFound('No such tool. It has just been removed from the shop.')
  if (now.pricePaisa !== tool.pricePaisa) throw conflict(`The price of ${now.name} has just changed to ${toTaka(now.pricePaisa)} BDT. Please review your order.`)
  if (now.quantity < input.quantity) {
    const message = orderLessThanMessage(now.quantity)
    throw conflict(`Not enough stock left: only ${now.quantity} available now. ${message}`, { quantity: message })
  }
  checkQuantity(now, input.quantity)
  throw conflict('The tool changed while you were ordering. Please try again.')
}

/** Unpaid bookings created at or before `cutoffMs`, oldest first. */
async function findExpiredUnpaid(db: Db, cutoffMs: number, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'unpaid'), lte(bookings.createdAt, cutoffMs)))
    .orderBy(bookings.createdAt, bookings.id)
    .limit(limit)
}

/**
 * Records the provider's open intent on a booking that is still unpaid.
 * @returns false when the booking is no longer unpaid (nothing recorded).
 */
export async function recordPaymentIntent(db: Db, bookingId: string, intentId: string): Promise<boolean> {
  const result = await db
    .update(bookings)
    .set({ paymentIntentId: intentId, updatedAt: nowMs })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'unpaid')))
    .run()
  return (result.meta.changes ?? 0) === 1
}

/**
 * Cancels an unpaid order for its customer or an admin: its payment is released at the
 * provider first, then the move gives the stock back (lifecycle.ts).
 * @throws 409 when the order is not unpaid, has just been paid, or a payment is in flight.
 */
export async function cancelOrder(db: Db, provider: PaymentProvider, order: OrderRow, by: { actor: 'customer' | 'admin'; email: string }): Promise<void> {
  if (order.status === 'paid') throw conflict('This booking is paid; it can no longer be cancelled.')
  if (order.status === 'cancelled') throw conflict('This booking is already cancelled.')
  const outcome = await transition(db, provider, order, { to: 'cancelled', actor: by.actor, actorEmail: by.email })
  if (outcome === 'paid-instead') throw conflict('This booking has just been paid; it can no longer be cancelled.')
  if (outcome === 'paying') throw conflict('A payment for this booking is in progress; it cannot be cancelled now.')
  if (outcome === 'unchanged') throw conflict('This booking is no longer unpaid; reload to see its state.')
}

export type ExpiryReport = { cancelled: number; paid: number; skipped: number }

/**
 * Expires unpaid orders created at or before `cutoffMs` (at most `limit`, oldest first):
 * each is cancelled with its stock back, or marked paid when its payment turns out to
 * have succeeded. One whose payment is in flight, or whose provider could not be reached,
 * is left for the next run.
 */
export async function expireUnpaidOrders(db: Db, provider: PaymentProvider, cutoffMs: number, limit: number): Promise<ExpiryReport> {
  const report: ExpiryReport = { cancelled: 0, paid: 0, skipped: 0 }
  for (const order of await findExpiredUnpaid(db, cutoffMs, limit)) {
    try {
      const outcome = await transition(db, provider, order, { to: 'cancelled', actor: 'expiry', note: 'expired' })
      if (outcome === 'moved') report.cancelled += 1
      else if (outcome === 'paid-instead') report.paid += 1
      else report.skipped += 1
    } catch (err) {
      report.skipped += 1
      console.error(`Expiring order ${order.id} failed; the next run tries again`, err)
    }
  }
  return report
}
