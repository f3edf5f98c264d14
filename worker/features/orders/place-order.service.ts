import { cartLineError } from '#schemas/cart-lines.ts'
import { type DeliveryMethod, type DeliveryZone, deliveryFeePaisa } from '#schemas/delivery.ts'
import { ORDER_NUMBER_PREFIX, type PaymentMethod } from '#schemas/order.ts'
import { lineMoney, type OrderMoney, orderMoney } from '#schemas/order-money.ts'
import { unitPriceOf } from '#schemas/unit-price.ts'
import type { DeliveryAddressRow, tools } from '#worker/db/schema.ts'
import type { Db } from '#worker/lib/db.ts'
import { newId } from '#worker/lib/db.ts'
import { ApiError, badRequest } from '#worker/lib/errors.ts'
import { prepare, returnedRow, runBatch, type SqlPart, sqlPart, sqlText } from '#worker/lib/guarded.ts'
import { queueMailStatement } from '../mail/mail.service'
import { loadSettings } from '../settings/settings.service'
import { historyEntry, type OrderDeps } from './lifecycle.service'
import { ORDER_NUMBER_TOKEN, orderMail } from './order-emails'

// Placing an order (docs/decisions/007): lines priced from their tools, the caps on unpaid orders,
// and the one guarded batch that takes the stock and writes the order. The orders feature's
// service for every way an order is made: buy now (orders), the cart (features/checkout) and an
// accepted quote (features/quotes, through orders.service.ts).

/** The first order number; each order gets the highest so far plus one. */
const FIRST_ORDER_NO = 10001

type ToolRow = typeof tools.$inferSelect

/** A line priced from the tool as it is now: what the order will store. */
export type PricedLine = {
  toolId: string
  name: string
  img: string
  quantity: number
  unitPricePaisa: number
  pricePaisa: number
  vatRateBp: number
  vatPaisa: number
  weightHundredths: number
}

/** What an order of these lines, delivered so, costs: goods, delivery, VAT included, total ({@link orderMoney}). */
export type OrderPrice = OrderMoney & { lines: PricedLine[]; weightHundredths: number }

/**
 * A line of `quantity` of `tool`: at the quantity's unit price (volume prices included:
 * {@link unitPriceOf}), or at `offeredUnitPricePaisa`, an accepted quote's price for it.
 */
export const priceLine = (tool: ToolRow, quantity: number, offeredUnitPricePaisa?: number): PricedLine => {
  const unitPricePaisa = offeredUnitPricePaisa ?? unitPriceOf(tool, quantity)
  return {
    toolId: tool.id,
    name: tool.name,
    img: tool.img,
    quantity,
    unitPricePaisa,
    ...lineMoney(unitPricePaisa, quantity, tool.vatRateBp),
    vatRateBp: tool.vatRateBp,
    weightHundredths: tool.weightHundredths * quantity,
  }
}

/** The price of `lines` delivered for `deliveryFeePaisa`: {@link orderMoney}, with the lines and their weight. */
export const orderPrice = (lines: PricedLine[], deliveryFeePaisa: number): OrderPrice => ({
  lines,
  ...orderMoney(lines, deliveryFeePaisa),
  weightHundredths: lines.reduce((sum, l) => sum + l.weightHundredths, 0),
})

export type DeliveryChoice = { method: DeliveryMethod; zone: DeliveryZone }

/** The price of an order of `lines`, its fee from the shop's delivery zones. */
export async function priceOrder(db: Db, lines: PricedLine[], delivery: DeliveryChoice): Promise<OrderPrice> {
  const { delivery: fees } = await loadSettings(db)
  const goods = orderPrice(lines, 0)
  return orderPrice(lines, deliveryFeePaisa(fees.zones, delivery, goods))
}

export type NewOrder = {
  customer: string
  customerName: string
  lines: PricedLine[]
  price: OrderPrice
  delivery: DeliveryChoice & { address: DeliveryAddressRow }
  paymentMethod: PaymentMethod
  company: { name: string; bin: string } | null
  poNumber: string | null
  note: string | null
  /** The order came from the customer's cart: the cart is emptied with it. */
  fromCart: boolean
  /**
   * An accepted quote (features/quotes): its lines carry the offered prices, so the tools'
   * prices and minimums are not checked; `guard` must hold when the stock is taken (the quote
   * still open), and `andThen`'s statements run with the order (the quote accepted).
   */
  fromQuote?: { id: string; guard: SqlPart; andThen: (orderId: string, happened: SqlPart) => SqlPart[] }
}

export type OrderLimits = { maxUnpaid: number; maxUnpaidPaisa: number }

/** The shop's messages for the two caps on unpaid orders. */
export const tooManyUnpaid = (max: number) =>
  new ApiError(409, 'TOO_MANY_UNPAID', `You have ${max} unpaid orders. Pay or cancel one before ordering again.`)
export const tooMuchUnpaid = () =>
  new ApiError(409, 'TOO_MUCH_UNPAID', 'Pay your open orders before ordering more, or ask us for a quote.')

/** The methods whose open orders count against the value cap: they wait for a payment (cash on delivery has its own limit). */
const VALUE_CAPPED: readonly PaymentMethod[] = ['card', 'gateway', 'bank']
const cappedByValue = (method: PaymentMethod) => VALUE_CAPPED.includes(method)
const VALUE_CAPPED_SQL = sqlText(`payment_method in (${VALUE_CAPPED.map((m) => `'${m}'`).join(', ')})`)

/**
 * The customer's orders that count against both caps (still unpaid and holding stock): cash on
 * delivery until delivered or cancelled (it is fulfilled unpaid), the others while unpaid and
 * until their hold ends. The one rule, read for the caps' messages ({@link assertUnpaidRoom})
 * and inside the stock UPDATE that places an order ({@link insertOrder}), where racing orders
 * meet it.
 */
const openUnpaidOf = (customer: string, nowMs: number, holdMs: number) =>
  sqlPart`from bookings where customer = ${customer}
    and ((status = 'unpaid' and (payment_method = 'cod' or coalesce(hold_until, created_at + ${holdMs}) > ${nowMs}))
      or (payment_method = 'cod' and status in ('processing', 'shipped')))`

/** The goods of those orders that count against the value cap. */
const cappedGoods = (open: SqlPart) => sqlPart`(select coalesce(sum(price_paisa), 0) ${open} and ${VALUE_CAPPED_SQL})`

/** Unpaid orders of the customer still holding stock: how many, and the goods of those that wait for a payment. */
async function unpaidOf(db: Db, customer: string, holdMs: number) {
  const open = openUnpaidOf(customer, Date.now(), holdMs)
  // One read of the customer's open orders for both figures.
  const row = await prepare(
    db,
    sqlPart`select count(*) as n, coalesce(sum(case when ${VALUE_CAPPED_SQL} then price_paisa end), 0) as goods ${open}`,
  ).first<{ n: number; goods: number }>()
  return { n: row?.n ?? 0, goods: row?.goods ?? 0 }
}

/** @throws 409 TOO_MANY_UNPAID / TOO_MUCH_UNPAID when this order would pass either cap. */
export async function assertUnpaidRoom(
  db: Db,
  order: Pick<NewOrder, 'customer' | 'paymentMethod'> & { pricePaisa: number },
  limits: OrderLimits,
  holdMs: number,
) {
  const unpaid = await unpaidOf(db, order.customer, holdMs)
  if (unpaid.n >= limits.maxUnpaid) throw tooManyUnpaid(limits.maxUnpaid)
  if (cappedByValue(order.paymentMethod) && unpaid.goods + order.pricePaisa > limits.maxUnpaidPaisa)
    throw tooMuchUnpaid()
}

/** `{first tool} and {n} more`: an order of several tools in the spec's one-tool field. */
export const orderTitle = (first: string, lineCount: number) =>
  lineCount > 1 ? `${first} and ${lineCount - 1} more` : first

/**
 * Places an order of priced lines in one guarded D1 batch (docs/decisions/007): the stock of
 * every line is taken by one UPDATE that changes every line's tool or none (each tool still
 * has enough, at the price, VAT rate and weight the order was priced at, and the customer is
 * still under both caps on unpaid orders); the order, its lines, its first history row, its
 * 'placed' e-mail and (from a cart) the emptied cart follow only if it did. So racing orders
 * never oversell, and an order is never half taken. The public answers that show stock are
 * invalidated before it returns.
 * @returns the new order's id, or null when the UPDATE changed nothing (the caller says why).
 */
export async function insertOrder(
  deps: Pick<OrderDeps, 'db' | 'shop' | 'holdMs'>,
  order: NewOrder,
  limits: OrderLimits,
): Promise<string | null> {
  const { db, shop } = deps
  const id = newId()
  const { price, lines } = order
  const first = lines[0]!
  const wanted = JSON.stringify(
    lines.map((l) => ({
      id: l.toolId,
      q: l.quantity,
      p: order.fromQuote ? null : l.unitPricePaisa,
      v: l.vatRateBp,
      w: l.weightHundredths / l.quantity,
    })),
  )
  const placedAt = Date.now()
  const open = openUnpaidOf(order.customer, placedAt, deps.holdMs)
  const valueCap = cappedByValue(order.paymentMethod)
    ? sqlPart`and ${cappedGoods(open)} + ${price.pricePaisa} <= ${limits.maxUnpaidPaisa}`
    : sqlPart``
  // A bank transfer holds its stock for the shop's hold hours; cash on delivery and the others need nothing stored.
  const bank = order.paymentMethod === 'bank' ? (await loadSettings(db)).bank : undefined
  const holdUntil = bank ? placedAt + bank.holdHours * 3_600_000 : null
  // NOTE: the count is an uncorrelated subquery, evaluated once before any row changes: every
  // line's tool passes, or the UPDATE changes no row at all.
  const takeStock = sqlPart`with wanted(id, q, p, v, w) as (
      select value ->> 'id', value ->> 'q', value ->> 'p', value ->> 'v', value ->> 'w' from json_each(${wanted}))
    update tools set quantity = quantity - (select q from wanted where wanted.id = tools.id)
    where id in (select id from wanted)
      and (select count(*) from tools t join wanted on t.id = wanted.id
           where t.quantity >= wanted.q
             and (wanted.p is null or (t.minimum_quantity <= wanted.q and wanted.q % t.pack_size = 0
               and ${unitPriceSql} = wanted.p))
             and t.vat_rate_bp = wanted.v and t.weight_hundredths = wanted.w) = ${lines.length}
      and (select count(*) ${open}) < ${limits.maxUnpaid}
      ${valueCap}
      ${order.fromCart ? sqlPart`and ${cartStillHolds(order.customer, lines.length)}` : sqlPart``}
      ${order.fromQuote ? sqlPart`and ${order.fromQuote.guard}` : sqlPart``}`
  const address = order.delivery.address
  // The order number is the highest so far plus one, allocated inside the INSERT (D1 runs one
  // statement at a time, so two orders never take the same one).
  const insert = sqlPart`insert into bookings
      (id, service_id, service, unit_price_paisa, quantity, price_paisa, delivery_fee_paisa, total_paisa, vat_paisa,
       line_count, tool_names, customer, customer_name, phone, address, delivery_method, delivery_zone,
       delivery_address, payment_method, hold_until, company_name, company_bin, po_number, note, quote_id, order_no)
    select ${id}, ${first.toolId}, ${first.name}, ${first.unitPricePaisa}, ${first.quantity}, ${price.pricePaisa},
      ${price.deliveryFeePaisa}, ${price.totalPaisa}, ${price.vatPaisa}, ${lines.length},
      ${lines.map((l) => l.name).join(' · ')}, ${order.customer}, ${order.customerName}, ${address.phone},
      ${oneLineAddress(address)}, ${order.delivery.method}, ${order.delivery.method === 'pickup' ? null : order.delivery.zone},
      ${JSON.stringify(address)}, ${order.paymentMethod}, ${holdUntil}, ${order.company?.name ?? null}, ${order.company?.bin ?? null},
      ${order.poNumber}, ${order.note}, ${order.fromQuote?.id ?? null}, (select coalesce(max(order_no), ${FIRST_ORDER_NO} - 1) + 1 from bookings)
    where changes() = ${lines.length}`
  const event = historyEntry({
    id: newId(),
    booking_id: id,
    status: 'unpaid',
    actor: 'customer',
    actor_email: order.customer,
  })
  const insertLines = sqlPart`insert into order_lines
      (order_id, position, tool_id, name, img, quantity, unit_price_paisa, price_paisa, vat_rate_bp, vat_paisa, weight_hundredths)
    select ${id}, key, value ->> 'toolId', value ->> 'name', value ->> 'img', value ->> 'quantity',
      value ->> 'unitPricePaisa', value ->> 'pricePaisa', value ->> 'vatRateBp', value ->> 'vatPaisa', value ->> 'weightHundredths'
    from json_each(${JSON.stringify(lines)}) where ${event.happened}`
  const facts = {
    id,
    orderNo: null,
    customer: order.customer,
    customerName: order.customerName,
    phone: address.phone,
    address: oneLineAddress(address),
    carrier: null,
    trackingNumber: null,
    pricePaisa: price.pricePaisa,
    deliveryFeePaisa: price.deliveryFeePaisa,
    vatPaisa: price.vatPaisa,
    totalPaisa: price.totalPaisa,
    paymentMethod: order.paymentMethod,
    lines,
  }
  const mailContext = {
    shopName: shop.shopName,
    ...(shop.shopUrl ? { shopUrl: shop.shopUrl } : {}),
    ...(bank ? { bank } : {}),
  }
  const withNumber = {
    token: ORDER_NUMBER_TOKEN,
    ...sqlPart`select ${ORDER_NUMBER_PREFIX} || order_no from bookings where id = ${id}`,
  }
  const results = await runBatch(db, [
    takeStock,
    insert,
    event.statement,
    insertLines,
    ...(order.fromCart
      ? [sqlPart`delete from cart_lines where customer = ${order.customer} and ${event.happened}`]
      : []),
    ...(order.fromQuote?.andThen(id, event.happened) ?? []),
    queueMailStatement(db, orderMail('placed', facts, mailContext), event.happened, withNumber),
    // Cash on delivery is never paid online: the shop hears of it when it is placed.
    ...(order.paymentMethod === 'cod' && shop.shopEmail
      ? [queueMailStatement(db, orderMail('shop-cod', facts, mailContext, shop.shopEmail), event.happened, withNumber)]
      : []),
  ])
  if (!returnedRow(results[2])) return null
  // The tools' stock went down: the public answers that show it are stale from now on.
  await shop.stockChanged()
  return id
}

/**
 * For {@link insertOrder}'s guard: the customer's cart still holds exactly the `wanted` lines (each
 * tool at its quantity, nothing more). A second checkout of the same cart (a double click, two
 * tabs) that read it before the first emptied it then places nothing, and neither does a checkout
 * whose cart changed meanwhile in another tab.
 */
const cartStillHolds = (customer: string, lineCount: number) =>
  sqlPart`(select count(*) from cart_lines c join wanted on c.tool_id = wanted.id and c.quantity = wanted.q
      where c.customer = ${customer}) = ${lineCount}
    and (select count(*) from cart_lines where customer = ${customer}) = ${lineCount}`

/**
 * {@link unitPriceOf} in SQL, for the tool `t` and the quantity `wanted.q` of insertOrder's
 * guard: the price of the last tier (they are stored with `minQuantity` rising) at or below the
 * quantity, else the list price.
 */
const unitPriceSql = sqlText(`coalesce((select tier.value ->> 'pricePaisa' from json_each(t.price_tiers) tier
    where tier.value ->> 'minQuantity' <= wanted.q order by tier.key desc limit 1), t.price_paisa)`)

/** The delivery address on one line, as the spec's `address` field reads. */
export const oneLineAddress = (a: DeliveryAddressRow) =>
  [a.line1, a.line2, a.city, a.district, a.postcode].filter((part) => part && part.trim() !== '').join(', ')

/** @throws 400 with the spec's message when `quantity` is outside the tool's limits (`fields.quantity`). */
export function checkQuantity(tool: ToolRow | undefined, quantity: number, field = 'quantity') {
  const error = cartLineError(tool, quantity)
  if (error) throw badRequest(error, { [field]: error })
}
