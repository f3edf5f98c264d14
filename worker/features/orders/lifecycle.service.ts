import { eq } from 'drizzle-orm'
import { formatOrderNumber } from '#schemas/order.ts'
import {
  findTransition,
  type OrderActor,
  type OrderEffect,
  type OrderStatus,
  type OrderTransition,
  type PaymentMethod,
  refusalOf,
} from '#schemas/order-status.ts'
import { NOW_MS_SQL } from '#worker/db/now.ts'
import { type OrderLineRow, type OrderRow, orderLines, orders } from '#worker/db/schema.ts'
import type { Config } from '#worker/env.ts'
import { type Db, newId } from '#worker/lib/db.ts'
import { invalidatePublic } from '#worker/lib/edge-cache.ts'
import { ApiError } from '#worker/lib/errors.ts'
import {
  insertIfChanged,
  joinParts,
  returnedRow,
  runBatch,
  type SqlPart,
  sqlPart,
  sqlText,
} from '#worker/lib/guarded.ts'
import { auditStatement } from '../audit/audit.service'
import { queueMailStatement } from '../mail/mail.service'
import { ORDER_CURRENCY, type PaymentProvider, type ProviderIntent, paysFor } from '../payments/providers.service'
import { documentStatements } from '../tax-documents/serials.service'
import { type MailContext, mailKindFor, type OrderMailFacts, orderMail } from './order-emails'

/** The columns a move may set besides the status. Names are fixed here, never taken from input. */
type MoveColumns = Partial<
  Record<'transaction_id' | 'payment_intent_id' | 'refund_id' | 'carrier' | 'tracking_number', string>
>

/** The time column stamped when an order enters a status. */
const STAMPS: Partial<Record<OrderStatus, string>> = {
  paid: 'paid_at',
  shipped: 'shipped_at',
  delivered: 'delivered_at',
  refunded: 'refunded_at',
}

export type Move = {
  to: OrderStatus
  actor: OrderActor
  /**
   * The person who asked for the move, when one did: a refusal is told in the words of their
   * action (schemas/order-status.ts, ORDER_ACTIONS), and an admin's moves are audited.
   */
  actorEmail?: string
  /** Why: shown in the history, and in the cancellation or refund e-mail. */
  note?: string
  set?: MoveColumns
  /** Further conditions the row must meet at the moment of the move. */
  when?: SqlPart
}

/**
 * What the moves need from the configuration: whom to e-mail, what to call the shop, and how
 * to tell the public answers that show stock (the catalogue, its pages) that it changed.
 */
export type ShopContext = { shopName: string; shopEmail: string; shopUrl: string; stockChanged: () => Promise<void> }

/** The shop for the moves; links in their e-mails start with SHOP_URL, never a request's Host. */
export const shopContext = (config: Config): ShopContext => ({
  shopName: config.SHOP_NAME,
  shopEmail: config.shopEmail,
  shopUrl: config.shopUrl,
  stockChanged: () => invalidatePublic(config, ['catalogue']),
})

/**
 * The lifecycle table's row for `move` from `status`: the one check of every move, and of an
 * action a person asks for before it becomes a move (a payment, say).
 * @throws 409 when the table has no such move for `move.actor`: in the words of the action
 *   when a person asked for it (`move.actorEmail`, CONFLICT where the table has words for
 *   `status`), else INVALID_TRANSITION ({@link refusalOf}).
 */
export function ruleFor(
  status: OrderStatus,
  move: Pick<Move, 'to' | 'actor' | 'actorEmail'>,
  method: PaymentMethod = 'card',
): OrderTransition {
  const rule = findTransition(status, move.to, move.actor, method)
  if (rule) return rule
  const { code, message } = refusalOf(status, move.to, move.actorEmail !== undefined, method)
  throw new ApiError(409, code, message)
}

/**
 * The history row of a move (or of an order's placing): the marker of its guarded batch,
 * written only if the statement just before it changed one row (worker/lib/guarded.ts).
 * `happened` guards what follows from the move; the statement's RETURNING says whether it did.
 */
export const historyEntry = (entry: {
  id: string
  booking_id: string
  status: OrderStatus
  actor: OrderActor
  actor_email: string | null
  note?: string | null
}) => insertIfChanged('order_events', entry)

/** The order as it is after `move`, with its lines, for the e-mails written with it. */
const afterMove = (order: OrderRow, lines: OrderLineRow[], move: Move): OrderRow & OrderMailFacts => ({
  ...order,
  lines,
  status: move.to,
  ...(move.set?.carrier !== undefined ? { carrier: move.set.carrier } : {}),
  ...(move.set?.tracking_number !== undefined ? { trackingNumber: move.set.tracking_number } : {}),
  ...(move.set?.refund_id !== undefined ? { refundId: move.set.refund_id } : {}),
})

/** The statements of an effect written with the move; each runs only if the move `happened`. */
function effectStatements(
  db: Db,
  effect: OrderEffect,
  order: OrderRow,
  lines: OrderLineRow[],
  move: Move,
  shop: ShopContext,
  happened: SqlPart,
): (SqlPart | D1PreparedStatement)[] {
  const mailContext: MailContext = {
    shopName: shop.shopName,
    ...(shop.shopUrl ? { shopUrl: shop.shopUrl } : {}),
    actor: move.actor,
    ...(move.note ? { note: move.note } : {}),
  }
  switch (effect) {
    case 'restock':
      // Every line's stock back at once; a tool deleted meanwhile simply gets nothing back.
      // RETURNING says whether a tool did.
      return [
        sqlPart`update tools set quantity = quantity +
                  (select sum(l.quantity) from order_lines l where l.order_id = ${order.id} and l.tool_id = tools.id)
                where id in (select tool_id from order_lines where order_id = ${order.id}) and ${happened} returning id`,
      ]
    case 'email': {
      const kind = mailKindFor(move.to)
      return kind ? [queueMailStatement(db, orderMail(kind, afterMove(order, lines, move), mailContext), happened)] : []
    }
    case 'notify-shop':
      return shop.shopEmail
        ? [
            queueMailStatement(
              db,
              orderMail('shop-paid', afterMove(order, lines, move), mailContext, shop.shopEmail),
              happened,
            ),
          ]
        : []
    case 'collect-cash':
      // The cash is in: the order is paid, and the customer gets the receipt (writeMove stamps it, documentStatements numbers it).
      return [queueMailStatement(db, orderMail('paid', afterMove(order, lines, move), mailContext), happened)]
    case 'release-intents':
    case 'refund':
      return [] // at the provider, before the move: see transition()
  }
}

/** The audit log's name for an admin's move. */
const auditAction = (to: OrderStatus) =>
  to === 'cancelled'
    ? 'order.cancel'
    : to === 'refunded'
      ? 'order.refund'
      : to === 'paid'
        ? 'order.payment'
        : 'order.status'

/**
 * Applies one move of the order lifecycle (schemas/order-status.ts) in one D1 batch: the
 * conditional UPDATE (the order is still in `order.status`, and `move.when` holds), the
 * history row, the move's database effects (stock back, e-mails queued) and, for an
 * admin's move, the audit entry; each runs only when the UPDATE changed the row. So a move
 * races safely with any other: it happens once, with everything that follows from it. The
 * admin overview's counts per status and revenue per day follow from the UPDATE itself
 * (triggers on `bookings`, migrations/0005), so they too change exactly when it does. When
 * it gave stock back to a tool, the public answers that show stock are invalidated
 * (`shop.stockChanged`) before it returns.
 * @returns true when this call moved the order; false when it had already left
 *   `order.status` or `move.when` failed (nothing was written).
 * @throws 409 when the table has no such move for `move.actor` ({@link ruleFor}).
 */
export async function applyMove(db: Db, order: OrderRow, move: Move, shop: ShopContext): Promise<boolean> {
  return writeMove(db, order, move, ruleFor(order.status, move, order.paymentMethod), shop)
}

/** {@link applyMove} once the table's `rule` allowed it. */
async function writeMove(
  db: Db,
  order: OrderRow,
  move: Move,
  rule: OrderTransition,
  shop: ShopContext,
): Promise<boolean> {
  const now = sqlText(NOW_MS_SQL)
  const sets = [sqlPart`status = ${move.to}`, sqlPart`updated_at = ${now}`]
  const stamp = STAMPS[move.to]
  if (stamp) sets.push(sqlPart`${sqlText(stamp)} = ${now}`)
  if (rule.effects.includes('collect-cash')) {
    // NOTE: the cash's transaction id is the order's own number, so it is unique as the number is.
    const no = order.orderNo === null ? order.id : formatOrderNumber(order.orderNo)
    sets.push(sqlPart`paid_at = ${now}`, sqlPart`transaction_id = ${`COD-${no}`}`)
  }
  for (const [column, value] of Object.entries(move.set ?? {})) sets.push(sqlPart`${sqlText(column)} = ${value}`)
  const when = move.when ? sqlPart` and (${move.when})` : sqlText('')
  const update = sqlPart`update bookings set ${joinParts(sets, ', ')} where id = ${order.id} and status = ${order.status}${when}`
  // NOTE: whether the move happened is read from the history row's RETURNING, not from D1's
  // meta.changes, which also counts rows written by triggers (the search index's among them).
  const event = historyEntry({
    id: newId(),
    booking_id: order.id,
    status: move.to,
    actor: move.actor,
    actor_email: move.actorEmail ?? null,
    note: move.note ?? null,
  })
  const statements: (SqlPart | D1PreparedStatement)[] = [update, event.statement]
  // The e-mails list every line.
  const lines = rule.effects.some((e) => e === 'email' || e === 'notify-shop' || e === 'collect-cash')
    ? await linesOf(db, order.id)
    : []
  let restockAt = -1
  for (const effect of rule.effects) {
    if (effect === 'restock') restockAt = statements.length
    statements.push(...effectStatements(db, effect, order, lines, move, shop, event.happened))
  }
  statements.push(...documentStatements(order, move.to, rule, event.happened))
  if (move.actor === 'admin' && move.actorEmail) {
    statements.push(
      auditStatement(
        db,
        {
          actor: move.actorEmail,
          action: auditAction(move.to),
          target: order.id,
          detail: `${order.status} → ${move.to}${move.note ? `: ${move.note}` : ''}`,
        },
        event.happened,
      ),
    )
  }
  const results = await runBatch(db, statements)
  const moved = returnedRow(results[1])
  // A tool's stock went back up: the public answers that show it are stale from now on.
  if (moved && restockAt >= 0 && returnedRow(results[restockAt])) await shop.stockChanged()
  return moved
}

export type MoveOutcome =
  /** This call moved the order. */
  | 'moved'
  /** It was no longer where the move starts: nothing changed. */
  | 'unchanged'
  /** Releasing its payment found one that had succeeded: the order is paid instead. */
  | 'paid-instead'
  /** A payment of the order is in flight at the provider: it was left alone. */
  | 'paying'

export type OrderDeps = {
  db: Db
  provider: PaymentProvider
  shop: ShopContext
  /** How long an unpaid order holds its stock (UNPAID_HOLD_MINUTES). */
  holdMs: number
}

/**
 * Moves an order with everything that follows from the move: effects at the payment
 * provider first (`release-intents`: nothing may pay the order once it leaves 'unpaid';
 * `refund`: the money goes back, and a provider failure leaves everything as it was), then
 * {@link applyMove}.
 * @throws 409 when the table has no such move for `move.actor` ({@link ruleFor}), before anything happens.
 */
export async function transition({ db, provider, shop }: OrderDeps, order: OrderRow, move: Move): Promise<MoveOutcome> {
  const rule = ruleFor(order.status, move, order.paymentMethod)
  const releases = rule.effects.includes('release-intents')
  if (releases) {
    const live = await provider.releaseOpenIntents(order)
    if (live && paysFor(live, order)) {
      // Found by the move itself (the expiry job, a cancel): the payment may well have
      // succeeded in time, and nothing can tell when; it pays the order.
      await markOrderPaid({ db, provider, shop, holdMs: Number.POSITIVE_INFINITY }, order.id, live)
      return 'paid-instead'
    }
    // A succeeded payment that is not this order's (another amount) cannot keep it open.
    if (live && live.status !== 'succeeded') return 'paying'
  }
  let set = move.set
  if (rule.effects.includes('refund')) {
    if (!order.transactionId) throw new ApiError(409, 'CONFLICT', 'This order has no payment to refund.')
    const refund = await provider.refund({
      intentId: order.transactionId,
      amountPaisa: order.totalPaisa,
      orderId: order.id,
      ...(move.note ? { reason: move.note } : {}),
    })
    set = { ...set, refund_id: refund.id }
  }
  if (!(await writeMove(db, order, { ...move, ...(set ? { set } : {}) }, rule, shop))) return 'unchanged'
  if (releases) {
    // An intent recorded while the move was being made must not stay payable either.
    const after = await getOrderRow(db, order.id)
    if (after?.paymentIntentId && after.paymentIntentId !== order.paymentIntentId) {
      await provider
        .releaseOpenIntents(after)
        .catch((err) => console.error(`Releasing the intent of order ${order.id} failed`, err))
    }
  }
  return 'moved'
}

/** The order's lines, in order. */
export const linesOf = (db: Db, orderId: string): Promise<OrderLineRow[]> =>
  db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.position)

/**
 * When an unpaid order's hold on its stock ends: its own `holdUntil` (a bank transfer's hold
 * hours), else the deployment's hold from when it was placed; null for cash on delivery, which
 * never expires.
 */
export const holdEnd = (row: Pick<OrderRow, 'createdAt' | 'holdUntil' | 'paymentMethod'>, holdMs: number) =>
  row.paymentMethod === 'cod' ? null : (row.holdUntil ?? row.createdAt + holdMs)

export async function getOrderRow(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.select().from(orders).where(eq(orders.id, id)).get()
}

export type MarkPaidResult =
  /** This call made the order paid. */
  | { outcome: 'paid' }
  /** It was already paid by this very payment: nothing changed. */
  | { outcome: 'already-paid' }
  /** The payment cannot pay the order; when it took money (`refunded`), it went back to the customer. */
  | { outcome: 'refused'; reason: 'missing' | 'paid-by-another' | 'cancelled' | 'amount'; refunded?: boolean }

/**
 * The only way an order becomes paid. Callers have checked with the provider that the
 * payment succeeded for this order; the move itself is conditional (still unpaid, the same
 * amount, a transaction id no other order holds), so a webhook and a PATCH racing, or a
 * replayed event, apply once. A payment that arrives after the order's hold ran out
 * (`deps.holdMs`) finds it expired: the order is cancelled then and there (its stock back)
 * and the payment refused, like one for a cancelled order.
 */
export async function markOrderPaid(
  deps: OrderDeps,
  orderId: string,
  payment: Pick<ProviderIntent, 'id' | 'amountPaisa' | 'currency'>,
): Promise<MarkPaidResult> {
  const { db, shop } = deps
  const order = await getOrderRow(db, orderId)
  if (!order) return { outcome: 'refused', reason: 'missing' }
  const ends = holdEnd(order, deps.holdMs)
  if (order.status === 'unpaid' && ends !== null && ends <= Date.now()) {
    // NOTE: no provider step: releasing intents would find this very payment.
    // The cancel is conditional: when it changed nothing, the order moved meanwhile (the expiry
    // job, finding this very payment, paid it), and the re-read below says what it is now.
    if (await applyMove(db, order, { to: 'cancelled', actor: 'expiry', note: 'expired' }, shop))
      return { outcome: 'refused', reason: 'cancelled' }
  } else if (order.status === 'unpaid' && payment.currency === ORDER_CURRENCY) {
    const moved = await applyMove(
      db,
      order,
      {
        to: 'paid',
        actor: 'payment',
        set: { transaction_id: payment.id, payment_intent_id: payment.id },
        // NOTE: transaction_id is unique: one payment can never pay two orders. Checked here
        // so the UPDATE never reaches the constraint.
        when: sqlPart`total_paisa = ${payment.amountPaisa}
                      and not exists (select 1 from bookings used where used.transaction_id = ${payment.id})`,
      },
      shop,
    ).catch((err: unknown) => {
      if (!/UNIQUE/.test(`${String(err)} ${String((err as { cause?: unknown })?.cause ?? '')}`)) throw err
      return false
    })
    if (moved) return { outcome: 'paid' }
  }
  const now = await getOrderRow(db, orderId)
  if (!now) return { outcome: 'refused', reason: 'missing' }
  if (now.status === 'cancelled') return { outcome: 'refused', reason: 'cancelled' }
  if (now.status !== 'unpaid')
    return now.transactionId === payment.id
      ? { outcome: 'already-paid' }
      : { outcome: 'refused', reason: 'paid-by-another' }
  if (now.totalPaisa === payment.amountPaisa && payment.currency === ORDER_CURRENCY)
    return { outcome: 'refused', reason: 'paid-by-another' }
  return { outcome: 'refused', reason: 'amount' }
}
