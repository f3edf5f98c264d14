import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { toPaisa, toTaka } from '#schemas/bdt.ts'
import { zoneOf } from '#schemas/delivery.ts'
import {
  type BankPayment,
  type Booking,
  type BookingInput,
  formatOrderNumber,
  ORDER_NUMBER_PREFIX,
  type OrderHistoryEntry,
  type OrderLine,
  type OrderStatusChange,
  orderLessThanMessage,
} from '#schemas/order.ts'
import {
  type MoveNeed,
  type OrderStatus,
  type OrderTransition,
  PAID_STATUSES,
  type PaymentMethod,
} from '#schemas/order-status.ts'
import { SYSTEM_CANCEL_NOTES } from '#schemas/order-statuses.ts'
import { unitPriceOf } from '#schemas/unit-price.ts'
import { vatPercent } from '#schemas/vat.ts'
import { nowMs } from '#worker/db/now.ts'
import type { OrderRow, tools } from '#worker/db/schema.ts'
import { type OrderLineRow, orderEvents, orderLines, orders } from '#worker/db/schema.ts'
import type { AppEnv, Config } from '#worker/env.ts'
import { type Db, getDb, matchesText } from '#worker/lib/db.ts'
import { ApiError, badRequest, conflict, notFound } from '#worker/lib/errors.ts'
import { sqlPart } from '#worker/lib/guarded.ts'
import { auditIf } from '../audit/audit.service'
import { queueMailStatement } from '../mail/mail.service'
import { assertMethodAllowed, type MethodContext } from '../payments/payment-methods.service'
import { paymentProvider } from '../payments/providers.service'
import { toolsById } from '../tools/tools.service'
import { applyMove, holdEnd, linesOf, type OrderDeps, ruleFor, shopContext, transition } from './lifecycle.service'
import { orderMail } from './order-emails'
import {
  assertUnpaidRoom,
  checkQuantity,
  insertOrder,
  type NewOrder,
  type OrderLimits,
  type OrderPrice,
  orderPrice,
  orderTitle,
  priceLine,
  priceOrder,
} from './place-order.service'

/** What moving orders needs, for this configuration: the database, the payment provider, whom to e-mail. */
export const orderDeps = (config: Config, db: Db): OrderDeps => ({
  db,
  provider: paymentProvider(config, db),
  shop: shopContext(config),
  holdMs: config.unpaidHoldMs,
})

/** {@link orderDeps} for a request (any route's environment); links in e-mails start with SHOP_URL. */
export const depsOf = <E extends AppEnv>(c: Context<E>) => orderDeps(c.var.config, getDb(c.env))

/** When an unpaid order expires (null: never, cash on delivery); the cron job cancels it at its first run after that. */
export const expiresAtMs = (row: Pick<OrderRow, 'createdAt' | 'holdUntil' | 'paymentMethod'>, holdMs: number) =>
  holdEnd(row, holdMs)

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

type EventRow = typeof orderEvents.$inferSelect

const lineDto = (l: OrderLineRow): OrderLine => ({
  serviceId: l.toolId,
  service: l.name,
  img: l.img,
  quantity: l.quantity,
  unitPrice: toTaka(l.unitPricePaisa),
  price: toTaka(l.pricePaisa),
  vatRate: vatPercent(l.vatRateBp),
  vat: toTaka(l.vatPaisa),
})

export function toOrderDto(
  row: OrderRow,
  holdMs: number,
  events: EventRow[] = [],
  lines: OrderLineRow[] = [],
): Booking {
  const address = row.deliveryAddress ?? {
    name: row.customerName,
    phone: row.phone,
    line1: row.address,
    line2: null,
    city: null,
    district: null,
    postcode: null,
  }
  return {
    _id: row.id,
    serviceId: row.toolId,
    service: orderTitle(row.service, row.lineCount),
    quantity: row.quantity,
    unitPrice: toTaka(row.unitPricePaisa),
    price: toTaka(row.pricePaisa),
    customer: row.customer,
    customerName: row.customerName,
    phone: row.phone,
    address: row.address,
    status: row.status,
    // A cash-on-delivery order is fulfilled unpaid: paid once its cash is collected (paidAt).
    paid: PAID_STATUSES.includes(row.status) && (row.paymentMethod !== 'cod' || row.paidAt !== null),
    transactionId: row.transactionId,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: row.status === 'unpaid' ? iso(expiresAtMs(row, holdMs)) : null,
    orderNumber: row.orderNo === null ? row.id : formatOrderNumber(row.orderNo),
    history: events.map(
      (e): OrderHistoryEntry => ({
        status: e.status as OrderStatus,
        at: new Date(e.at).toISOString(),
        by: e.actor,
        ...(e.note ? { note: e.note } : {}),
      }),
    ),
    carrier: row.carrier || null,
    trackingNumber: row.trackingNumber,
    paidAt: iso(row.paidAt),
    shippedAt: iso(row.shippedAt),
    deliveredAt: iso(row.deliveredAt),
    refundedAt: iso(row.refundedAt),
    lines: lines.map(lineDto),
    deliveryFee: toTaka(row.deliveryFeePaisa),
    total: toTaka(row.totalPaisa),
    vat: toTaka(row.vatPaisa),
    delivery: { method: row.deliveryMethod, zone: row.deliveryZone, address },
    paymentMethod: row.paymentMethod,
    company: row.companyName ? { name: row.companyName, bin: row.companyBin ?? '' } : null,
    poNumber: row.poNumber,
    note: row.note,
    invoiceNumber: row.invoiceNumber,
    creditNoteNumber: row.creditNoteNumber,
    quoteId: row.quoteId,
  }
}

/** The lines of the given orders, in order (a query, so it can go in a batch). */
export const linesQuery = (db: Db, ids: string[]) =>
  db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(orderLines.orderId, orderLines.position)

/** The history of the given orders, oldest first (a query, so it can go in a batch). */
export const eventsQuery = (db: Db, ids: string[]) =>
  db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(orderEvents.at, sql`rowid`)

/** `items` grouped by `key`. */
function groupBy<T>(items: T[], key: (item: T) => string, into = new Map<string, T[]>()): Map<string, T[]> {
  for (const item of items) {
    const list = into.get(key(item)) ?? []
    list.push(item)
    into.set(key(item), list)
  }
  return into
}

/** Orders as the API answers them, each with its history and lines (one batch for the whole page). */
export async function withHistory(db: Db, rows: OrderRow[], holdMs: number): Promise<Booking[]> {
  if (rows.length === 0) return []
  const events = new Map<string, EventRow[]>()
  const lines = new Map<string, OrderLineRow[]>()
  // NOTE: D1 binds at most 100 values a statement.
  for (let i = 0; i < rows.length; i += 100) {
    const ids = rows.slice(i, i + 100).map((r) => r.id)
    const [e, l] = await db.batch([eventsQuery(db, ids), linesQuery(db, ids)])
    groupBy(e, (x) => x.orderId, events)
    groupBy(l, (x) => x.orderId, lines)
  }
  return rows.map((row) => toOrderDto(row, holdMs, events.get(row.id), lines.get(row.id)))
}

/** A customer's orders, newest first (a query, so it can go in a batch). */
export const listCustomerOrdersQuery = (db: Db, customer: string, page?: { limit?: number; offset?: number }) => {
  const query = db
    .select()
    .from(orders)
    .where(eq(orders.customer, customer))
    .orderBy(desc(orders.createdAt), desc(orders.id))
  return page?.limit !== undefined ? query.limit(page.limit).offset(page.offset ?? 0) : query
}

/**
 * The order desk's filter: a status, and a search over the order number (exact, with or
 * without its prefix), the customer's e-mail or name, any of its tools and the transaction id (any
 * part, case-insensitive: the `order_search` trigram index; shorter than its 3 characters,
 * a scan).
 */
function deskFilter(opts: { status?: OrderStatus; paymentMethod?: PaymentMethod; q?: string }): SQL | undefined {
  const conditions: SQL[] = []
  if (opts.status) conditions.push(eq(orders.status, opts.status))
  if (opts.paymentMethod) conditions.push(eq(orders.paymentMethod, opts.paymentMethod))
  if (opts.q) {
    const q = opts.q
    const number = new RegExp(`^(?:${ORDER_NUMBER_PREFIX})?(\\d{1,12})$`, 'i').exec(q)?.[1]
    const text = matchesText(
      orders,
      'order_search',
      [orders.customer, orders.customerName, orders.toolNames, orders.transactionId],
      q,
    )
    conditions.push(number ? sql`(${orders.orderNo} = ${Number(number)} or ${text})` : text)
  }
  return conditions.length ? and(...conditions) : undefined
}

/** Every order, newest first, filtered and paged, with the total that matches (the order desk). */
export async function listOrders(
  db: Db,
  opts: { status?: OrderStatus; paymentMethod?: PaymentMethod; q?: string; limit: number; offset: number },
  holdMs: number,
): Promise<{ items: Booking[]; total: number }> {
  const where = deskFilter(opts)
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: sql<number>`count(*)` }).from(orders).where(where),
  ])
  return { items: await withHistory(db, rows, holdMs), total: total?.n ?? 0 }
}

/**
 * `POST /api/booking`, the spec's Purchase ("buy now"): an order of one line, priced from the
 * tool in the database, delivered by courier to the district's zone (`outside` without one).
 * Placed like every order ({@link insertOrder}); checked as the checkout is, the request first.
 * @throws 404 no such tool; 400 quantity outside the tool's limits, a price that is not quantity ×
 *   unit price, or a payment method the order may not use; 409 TOO_MANY_UNPAID / TOO_MUCH_UNPAID;
 *   409 when the stock ran out
 *   (or the price changed) meanwhile.
 */
export async function createOrder(
  deps: OrderDeps,
  input: BookingInput & { customerName: string },
  limits: OrderLimits,
  methods: MethodContext,
): Promise<{ id: string }> {
  const { db } = deps
  const room = (pricePaisa: number) =>
    assertUnpaidRoom(
      db,
      { customer: input.customer, paymentMethod: input.paymentMethod, pricePaisa },
      limits,
      deps.holdMs,
    )
  // Stock held by orders whose hold ran out is free before it is read.
  await releaseExpiredHolds(deps, [input.serviceId])
  const tool = (await toolsById(db, [input.serviceId])).get(input.serviceId)
  if (!tool) throw notFound('No such tool. It may have been removed from the shop.')
  checkQuantity(tool, input.quantity)
  const line = priceLine(tool, input.quantity)
  if (input.price !== undefined && toPaisa(input.price) !== line.pricePaisa) {
    const message = `The price must be quantity × unit price: ${input.quantity} × ${toTaka(line.unitPricePaisa)} = ${toTaka(line.pricePaisa)} BDT`
    throw badRequest(message, { price: message })
  }
  const delivery = { method: 'courier' as const, zone: zoneOf(input.district) }
  const price = await priceOrder(db, [line], delivery)
  assertMethodAllowed(methods, input.paymentMethod, price.totalPaisa)
  await room(line.pricePaisa)
  const order: NewOrder = {
    customer: input.customer,
    customerName: input.customerName,
    lines: [line],
    price,
    delivery: {
      ...delivery,
      address: {
        name: input.customerName,
        phone: input.phone,
        line1: input.address,
        line2: null,
        city: null,
        district: input.district ?? null,
        postcode: null,
      },
    },
    paymentMethod: input.paymentMethod,
    company: null,
    poNumber: null,
    note: null,
    fromCart: false,
  }
  const id = await insertOrder(deps, order, limits)
  if (id) return { id }

  // Another order of this customer, or someone else's change to the tool, came between our
  // read and the batch: say which.
  await room(line.pricePaisa)
  const now = (await toolsById(db, [tool.id])).get(tool.id)
  if (!now) throw notFound('No such tool. It has just been removed from the shop.')
  const unitNow = unitPriceOf(now, input.quantity)
  if (unitNow !== line.unitPricePaisa)
    throw conflict(`The price of ${now.name} has just changed to ${toTaka(unitNow)} BDT. Please review your order.`)
  if (now.quantity < input.quantity) {
    const message = orderLessThanMessage(now.quantity)
    throw conflict(`Not enough stock left: only ${now.quantity} available now. ${message}`, { quantity: message })
  }
  checkQuantity(now, input.quantity)
  throw conflict('The tool changed while you were ordering. Please try again.')
}

/**
 * Unpaid orders whose hold ended by `nowMs` ({@link holdEnd}: the deployment's hold, a bank
 * transfer's own; never cash on delivery), oldest first; with `toolIds`, only those holding one of them.
 */
async function findExpiredUnpaid(
  db: Db,
  nowMs: number,
  holdMs: number,
  limit: number,
  toolIds?: string[],
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'unpaid'),
        ne(orders.paymentMethod, 'cod'),
        sql`coalesce(${orders.holdUntil}, ${orders.createdAt} + ${holdMs}) <= ${nowMs}`,
        toolIds
          ? sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${inArray(orderLines.toolId, toolIds)})`
          : undefined,
      ),
    )
    .orderBy(orders.createdAt, orders.id)
    .limit(limit)
}

/** At most this many run-out holds are ended by one order's placing (the sweep ends the rest). */
const LAZY_EXPIRY_MAX = 20

/**
 * Ends the holds that ran out on `toolIds` before an order takes their stock, as the scheduled
 * sweep would ({@link expireUnpaidOrders}, the same move): a hold's stock is free from the moment
 * the hold ends, not from the sweep's next run. The move is conditional (still unpaid), so the
 * sweep finds nothing left to give back; an order whose payment turns out to have succeeded is
 * paid instead and keeps its stock, one whose payment is in flight is left alone.
 */
export async function releaseExpiredHolds(deps: OrderDeps, toolIds: string[], now = Date.now()): Promise<void> {
  if (toolIds.length === 0) return
  for (const order of await findExpiredUnpaid(deps.db, now, deps.holdMs, LAZY_EXPIRY_MAX, toolIds)) {
    await transition(deps, order, { to: 'cancelled', actor: 'expiry', note: 'expired' }).catch((err: unknown) =>
      console.error(`Expiring order ${order.id} before an order of its tools failed; the sweep tries again`, err),
    )
  }
}

/**
 * For features/payments: tells the customer that a payment which could not pay their order (it
 * was cancelled or expired meanwhile, or paid by another payment) was refunded in full.
 */
export async function mailRefundedAfterCancel(
  deps: Pick<OrderDeps, 'db' | 'shop'>,
  order: OrderRow,
  payment: { id: string; amountPaisa: number },
): Promise<void> {
  const mail = orderMail(
    'refunded-after-cancel',
    { ...order, lines: await linesOf(deps.db, order.id), totalPaisa: payment.amountPaisa },
    { shopName: deps.shop.shopName, ...(deps.shop.shopUrl ? { shopUrl: deps.shop.shopUrl } : {}) },
  )
  await queueMailStatement(deps.db, { ...mail, dedupeKey: `${mail.dedupeKey}:${payment.id}` }).run()
}

/**
 * Records the provider's open intent on an order that is still unpaid.
 * @returns false when the order is no longer unpaid (nothing recorded).
 */
export async function recordPaymentIntent(db: Db, orderId: string, intentId: string): Promise<boolean> {
  const result = await db
    .update(orders)
    .set({ paymentIntentId: intentId, updatedAt: nowMs })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')))
    .run()
  return (result.meta.changes ?? 0) === 1
}

/**
 * Cancels an unpaid order for its customer or an admin: its payment is released at the
 * provider first, then the move gives the stock back (lifecycle.ts).
 * @throws 409 when the table refuses the move (in the words of the cancel action), or the
 *   order has just been paid, or a payment is in flight.
 */
export async function cancelOrder(
  deps: OrderDeps,
  order: OrderRow,
  by: { actor: 'customer' | 'admin'; email: string; reason?: string },
): Promise<void> {
  const rule = ruleFor(order.status, { to: 'cancelled', actor: by.actor, actorEmail: by.email }, order.paymentMethod)
  assertNeeds(rule, { note: by.reason })
  const outcome = await transition(deps, order, {
    to: 'cancelled',
    actor: by.actor,
    actorEmail: by.email,
    ...(by.reason ? { note: by.reason } : {}),
  })
  if (outcome === 'paid-instead') throw conflict('This order has just been paid; it can no longer be cancelled.')
  if (outcome === 'paying') throw conflict('A payment for this order is in progress; it cannot be cancelled now.')
  if (outcome === 'unchanged') throw conflict('This order changed meanwhile; reload to see its state.')
}

const NEEDS: Record<MoveNeed, string> = {
  note: 'Say why the order came back (note): it is required to cancel an order that was shipped.',
  cashCollected:
    'Confirm that the cash was collected (cashCollected: true) to mark a cash-on-delivery order delivered.',
  reference: 'Enter the reference of the bank transfer that sent the money back (reference).',
}

/** @throws 400 naming the first thing the table's `rule` needs that the person did not give. */
function assertNeeds(
  rule: OrderTransition,
  given: { note?: string | undefined; cashCollected?: boolean | undefined; reference?: string | undefined },
) {
  for (const need of rule.needs ?? []) {
    const value = given[need]
    if (value === undefined || value === '' || value === false) throw badRequest(NEEDS[need], { [need]: NEEDS[need] })
  }
}

/**
 * `POST /api/booking/{id}/status`: an admin moves a paid order forward (processing,
 * shipped with carrier and tracking number, delivered). The same status again changes
 * nothing.
 * @returns modifiedCount: 1 when moved, 0 when it already was in that status.
 * @throws 409 INVALID_TRANSITION for any move the lifecycle table does not have (backwards,
 *   from unpaid, cancelled or refunded); 409 when the order moved meanwhile.
 */
export async function changeOrderStatus(
  deps: OrderDeps,
  order: OrderRow,
  change: OrderStatusChange,
  admin: string,
): Promise<number> {
  if (order.status === change.status) return 0
  const rule = ruleFor(order.status, { to: change.status, actor: 'admin', actorEmail: admin }, order.paymentMethod)
  assertNeeds(rule, { cashCollected: change.cashCollected })
  const moved = await applyMove(
    deps.db,
    order,
    {
      to: change.status,
      actor: 'admin',
      actorEmail: admin,
      ...(change.note ? { note: change.note } : {}),
      ...(change.status === 'shipped'
        ? { set: { carrier: change.carrier ?? '', tracking_number: change.trackingNumber ?? '' } }
        : {}),
    },
    deps.shop,
  )
  if (moved) return 1
  // The same move made at the same moment (a double click, two admins) is the same status again.
  const now = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).get()
  if (now?.status === change.status) return 0
  throw conflict('This order changed while you were working on it. Reload it to see its state.')
}

/**
 * `POST /api/booking/{id}/refund`: refunds a paid or processing order in full through the
 * payment provider (idempotent there), then moves it to 'refunded' with its stock back and
 * the customer told. A provider failure answers 502 with nothing changed.
 * @throws 409 INVALID_TRANSITION unless the table has the move (paid or processing).
 */
export async function refundOrder(
  deps: OrderDeps,
  order: OrderRow,
  admin: string,
  reason?: string,
  reference?: string,
): Promise<void> {
  const rule = ruleFor(order.status, { to: 'refunded', actor: 'admin', actorEmail: admin }, order.paymentMethod)
  assertNeeds(rule, { reference })
  const outcome = await transition(deps, order, {
    to: 'refunded',
    actor: 'admin',
    actorEmail: admin,
    ...(reason ? { note: reason } : {}),
    // A bank transfer went back by hand: its reference stands where a provider's refund id would.
    ...(rule.needs?.includes('reference') && reference ? { set: { refund_id: reference } } : {}),
  })
  if (outcome !== 'moved') {
    // Another refund of the same order won (the provider refunded once: one idempotency key);
    // anything else moved it meanwhile, after the provider refunded: someone must look.
    const now = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).get()
    if (now?.status !== 'refunded')
      console.error(`Order ${order.id} was refunded at the provider but changed meanwhile (${outcome}); check it.`)
    else if (
      // The provider's notice of this very refund (Stripe's charge.refunded) was recorded while
      // the provider answered: the refund is this admin's, done; the audit log says so. (The
      // move was the notice's own batch: the entry is written, in one statement, only if it was.)
      await auditIf(
        deps.db,
        {
          actor: admin,
          action: 'order.refund',
          target: order.id,
          detail: `${order.status} → refunded${reason ? `: ${reason}` : ''} (the provider's notice recorded it first)`,
        },
        refundedByProviderNotice(order.id),
      )
    )
      return
    throw conflict('This order changed while it was being refunded. Reload it to see its state.')
  }
}

/** SQL: the order's (latest) move to refunded was the payment provider's (its webhook), not a person's. */
const refundedByProviderNotice = (orderId: string) =>
  sqlPart`(select actor from order_events where booking_id = ${orderId} and status = 'refunded'
    order by at desc limit 1) = 'payment'`

/**
 * `POST /api/booking/{id}/payment`: an admin records the bank transfer that paid an order. The
 * amount must be the order's total; the reference becomes its transaction id and pays one order
 * only: the move requires that no order holds it, and the database's unique index on
 * `transaction_id` refuses a second even when two records race.
 * @returns 1 when this call paid it; 0 when it was already paid by this very reference.
 * @throws 409 WRONG_PAYMENT_METHOD unless a bank order; 409 when paid, cancelled or the reference
 *   paid another order; 400 a wrong amount.
 */
export async function recordBankPayment(
  deps: OrderDeps,
  order: OrderRow,
  payment: BankPayment,
  admin: string,
): Promise<number> {
  if (order.paymentMethod !== 'bank')
    throw new ApiError(409, 'WRONG_PAYMENT_METHOD', 'Only a bank-transfer order is paid by recording a transfer.')
  if (order.status !== 'unpaid' && order.transactionId === payment.reference) return 0
  ruleFor(order.status, { to: 'paid', actor: 'admin', actorEmail: admin }, 'bank')
  if (toPaisa(payment.amount) !== order.totalPaisa) {
    const message = `The amount must be the order's total, ${toTaka(order.totalPaisa)} BDT.`
    throw badRequest(message, { amount: message })
  }
  const usedBy = async () =>
    deps.db
      .select({ id: orders.id, orderNo: orders.orderNo })
      .from(orders)
      .where(and(eq(orders.transactionId, payment.reference), ne(orders.id, order.id)))
      .get()
  const referenceUsed = (other: { id: string; orderNo: number | null }) =>
    new ApiError(
      409,
      'REFERENCE_USED',
      `This reference already paid order ${other.orderNo === null ? other.id : formatOrderNumber(other.orderNo)}.`,
      { reference: 'This reference already paid another order.' },
    )
  const other = await usedBy()
  if (other) throw referenceUsed(other)
  const moved = await applyMove(
    deps.db,
    order,
    {
      to: 'paid',
      actor: 'admin',
      actorEmail: admin,
      note: `bank transfer ${payment.reference}`,
      set: { transaction_id: payment.reference },
      when: sqlPart`total_paisa = ${order.totalPaisa}
                    and not exists (select 1 from bookings used where used.transaction_id = ${payment.reference})`,
    },
    deps.shop,
  ).catch((err: unknown) => {
    // Another record of the same reference won the race: the unique index refused this one.
    if (!/UNIQUE/.test(`${String(err)} ${String((err as { cause?: unknown })?.cause ?? '')}`)) throw err
    return false
  })
  if (moved) return 1
  const raced = await usedBy()
  if (raced) throw referenceUsed(raced)
  const now = await deps.db.select().from(orders).where(eq(orders.id, order.id)).get()
  if (now && now.status !== 'unpaid' && now.transactionId === payment.reference) return 0
  throw conflict('This order changed while you were recording the payment. Reload it to see its state.')
}

export type ExpiryReport = { cancelled: number; paid: number; skipped: number }

/**
 * Expires unpaid orders created at or before `cutoffMs` (at most `limit`, oldest first):
 * each is cancelled with its stock back, or marked paid when its payment turns out to
 * have succeeded. One whose payment is in flight, or whose provider could not be reached,
 * is left for the next run.
 */
export async function expireUnpaidOrders(deps: OrderDeps, cutoffMs: number, limit: number): Promise<ExpiryReport> {
  const report: ExpiryReport = { cancelled: 0, paid: 0, skipped: 0 }
  // The cutoff is the run's time less the deployment's hold; a bank transfer's own hold is read from the order.
  for (const order of await findExpiredUnpaid(deps.db, cutoffMs + deps.holdMs, deps.holdMs, limit)) {
    try {
      const outcome = await transition(deps, order, { to: 'cancelled', actor: 'expiry', note: 'expired' })
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

/** A tool's orders that are still open: unpaid ones (cancelled if it is withdrawn) and paid ones still to be fulfilled. */
export async function openOrdersOfTool(db: Db, toolId: string): Promise<{ unpaid: number; toFulfil: number }> {
  const rows = await db
    .select({ status: orders.status, n: sql<number>`count(*)` })
    .from(orders)
    .where(and(ordersHolding(toolId), inArray(orders.status, ['unpaid', 'paid', 'processing', 'shipped'])))
    .groupBy(orders.status)
  const count = (statuses: OrderStatus[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + r.n, 0)
  return { unpaid: count(['unpaid']), toFulfil: count(['paid', 'processing', 'shipped']) }
}

/** The orders with a line of the tool. */
const ordersHolding = (toolId: string) =>
  inArray(orders.id, sql`(select ${orderLines.orderId} from ${orderLines} where ${orderLines.toolId} = ${toolId})`)

/**
 * A tool was withdrawn (deleted): its unpaid orders are cancelled whole (every line's stock back), their payments released
 * and the customers told why; paid orders go on to be fulfilled.
 * @returns how many were cancelled.
 */
export function cancelOrdersOfWithdrawnTool(deps: OrderDeps, toolId: string): Promise<number> {
  return cancelUnpaid(deps, ordersHolding(toolId), SYSTEM_CANCEL_NOTES.toolWithdrawn)
}

/**
 * The verified owner of an e-mail address took over the account an unverified sign-in made: the
 * orders that sign-in left unpaid are cancelled (stock back, payments released), and the owner is
 * told why; what it paid for (nothing it could, without the owner's card) stays.
 * @returns how many were cancelled.
 */
export function cancelUnpaidOrdersOfSquatter(deps: OrderDeps, email: string): Promise<number> {
  return cancelUnpaid(deps, eq(orders.customer, email), SYSTEM_CANCEL_NOTES.beforeVerified)
}

/** Cancels the unpaid orders `where` selects, by the shop, with `note` in their history and e-mail. */
async function cancelUnpaid(deps: OrderDeps, where: SQL, note: string): Promise<number> {
  const unpaid = await deps.db
    .select()
    .from(orders)
    .where(and(where, eq(orders.status, 'unpaid')))
  let cancelled = 0
  for (const order of unpaid) {
    try {
      if ((await transition(deps, order, { to: 'cancelled', actor: 'system', note })) === 'moved') cancelled += 1
    } catch (err) {
      // The expiry job cancels it later at the latest.
      console.error(`Cancelling order ${order.id} (${note}) failed`, err)
    }
  }
  return cancelled
}

// ─── For features/quotes: an accepted quote becomes an order ──────────────────────────────

/** An order made from an accepted quote: its lines at the offered prices, its guard and statements ({@link NewOrder}). */
export type QuoteOrder = NewOrder & { fromQuote: NonNullable<NewOrder['fromQuote']> }

type ToolRow = typeof tools.$inferSelect

/** An order from a quote is held to the number of unpaid orders, not to their value (api.md "Wholesale"). */
const quoteOrderLimits = (maxUnpaid: number): OrderLimits => ({ maxUnpaid, maxUnpaidPaisa: Number.MAX_SAFE_INTEGER })

/** An accepted quote's price: each tool as it is now (VAT rate, weight) at the offered unit price, and the offered fee. */
export const priceQuoteOrder = (
  lines: readonly { tool: ToolRow; quantity: number; unitPricePaisa: number }[],
  deliveryFeePaisa: number,
): OrderPrice =>
  orderPrice(
    lines.map((l) => priceLine(l.tool, l.quantity, l.unitPricePaisa)),
    deliveryFeePaisa,
  )

/** @throws 409 TOO_MANY_UNPAID when the customer already has the most unpaid orders allowed. */
export const assertRoomForQuoteOrder = (
  db: Db,
  order: Pick<NewOrder, 'customer' | 'paymentMethod'> & { pricePaisa: number },
  maxUnpaid: number,
  holdMs: number,
) => assertUnpaidRoom(db, order, quoteOrderLimits(maxUnpaid), holdMs)

/**
 * Places an accepted quote's order ({@link insertOrder}: the stock taken, the order written and
 * the quote's own statements run, or nothing). Null when nothing was placed (the caller says why).
 */
export const placeQuoteOrder = (
  deps: Pick<OrderDeps, 'db' | 'shop' | 'holdMs'>,
  order: QuoteOrder,
  maxUnpaid: number,
) => insertOrder(deps, order, quoteOrderLimits(maxUnpaid))
