import { toPaisa, toTaka } from '#schemas/bdt.ts'
import { cartLineError } from '#schemas/cart-lines.ts'
import type { CheckoutInput, CheckoutPlaced, CheckoutPreview, CheckoutPreviewInput } from '#schemas/checkout.ts'
import { zoneOf } from '#schemas/delivery.ts'
import { formatOrderNumber, orderLessThanMessage } from '#schemas/order.ts'
import { vatPercent } from '#schemas/vat.ts'
import type { Db } from '#worker/lib/db.ts'
import { ApiError, badRequest, conflict } from '#worker/lib/errors.ts'
import { cartLinesOf } from '../cart/cart.service'
import { getOrderRow, type OrderDeps } from '../orders/lifecycle.service'
import { releaseExpiredHolds } from '../orders/orders.service'
import {
  assertUnpaidRoom,
  insertOrder,
  type NewOrder,
  type OrderLimits,
  type PricedLine,
  priceLine,
  priceOrder,
} from '../orders/place-order.service'
import { assertMethodAllowed, type MethodContext, methodsForOrder } from '../payments/payment-methods.service'
import { toolsById } from '../tools/tools.service'

// The checkout (api.md "Orders with several tools"): the customer's cart becomes one order,
// priced and checked here, placed by the orders feature (place-order.service.ts).

/** `POST /api/checkout`'s 400 for a cart with nothing in it. */
export const EMPTY_CART = 'Your cart is empty. Add tools to it before checking out.'

/**
 * The cart (or the one tool bought now) as the checkout sees it: each line priced from its tool
 * now, with why it cannot be ordered as it is. `beforeStock` runs on the tools before their stock
 * is read (the expired holds released).
 */
async function checkoutOf(
  db: Db,
  customer: string,
  input: CheckoutPreviewInput,
  beforeStock?: (toolIds: string[]) => Promise<void>,
) {
  const cart = input.buyNow
    ? [{ toolId: input.buyNow.serviceId, quantity: input.buyNow.quantity }]
    : await cartLinesOf(db, customer)
  await beforeStock?.(cart.map((l) => l.toolId))
  const tools = await toolsById(
    db,
    cart.map((l) => l.toolId),
  )
  const lines = cart.map((l) => {
    const tool = tools.get(l.toolId)
    return { toolId: l.toolId, quantity: l.quantity, tool, error: cartLineError(tool, l.quantity) }
  })
  const priced = lines.flatMap((l) => (l.tool ? [priceLine(l.tool, l.quantity)] : []))
  const method = input.delivery.method
  const delivery = { method, zone: zoneOf(input.delivery.address.district) }
  return { lines, priced, delivery, price: await priceOrder(db, priced, delivery) }
}

/** `POST /api/checkout/preview`: what the order would cost; nothing is stored. */
export async function previewCheckout(
  db: Db,
  customer: string,
  input: CheckoutPreviewInput,
  methods: MethodContext,
): Promise<CheckoutPreview> {
  const { lines, priced, price } = await checkoutOf(db, customer, input)
  // Nothing to order: nothing to deliver or to pay either (checking it out is the empty cart's 400).
  if (lines.length === 0) return { lines: [], price: 0, deliveryFee: 0, vat: 0, total: 0, paymentMethods: [] }
  const byTool = new Map<string, PricedLine>(priced.map((l) => [l.toolId, l]))
  return {
    lines: lines.map((l) => {
      const p = byTool.get(l.toolId)
      return {
        serviceId: l.toolId,
        service: l.tool?.name ?? '',
        img: l.tool?.img ?? '',
        quantity: l.quantity,
        unitPrice: toTaka(p?.unitPricePaisa ?? 0),
        listUnitPrice: toTaka(l.tool?.pricePaisa ?? 0),
        price: toTaka(p?.pricePaisa ?? 0),
        vatRate: vatPercent(p?.vatRateBp ?? 0),
        vat: toTaka(p?.vatPaisa ?? 0),
        error: l.error,
      }
    }),
    price: toTaka(price.pricePaisa),
    deliveryFee: toTaka(price.deliveryFeePaisa),
    vat: toTaka(price.vatPaisa),
    total: toTaka(price.totalPaisa),
    paymentMethods: methodsForOrder(methods, price.totalPaisa),
  }
}

/**
 * `POST /api/checkout`: the customer's cart becomes one order, checked in the contract's order:
 * 400 (an empty cart, a line with an error other than stock), 409 TOO_MANY_UNPAID /
 * TOO_MUCH_UNPAID, 409 TOTAL_CHANGED, 409 STOCK_CHANGED; then placed all or nothing
 * ({@link insertOrder}), the cart emptied with it.
 */
export async function placeCheckout(
  deps: OrderDeps,
  methods: MethodContext,
  user: { email: string; name: string },
  input: CheckoutInput,
  limits: OrderLimits,
): Promise<CheckoutPlaced> {
  // Stock held by orders whose hold ran out is free before it is read.
  const { lines, priced, delivery, price } = await checkoutOf(deps.db, user.email, input, (toolIds) =>
    releaseExpiredHolds(deps, toolIds),
  )
  if (lines.length === 0) throw badRequest(EMPTY_CART)
  type Line = (typeof lines)[number]
  /** The lines `pick` selects among those with an error, as the error's `fields`. */
  const fieldsWhere = (pick: (l: Line) => boolean): Record<string, string> =>
    Object.fromEntries(lines.flatMap((l, i) => (l.error && pick(l) ? [[`lines.${i}.quantity`, l.error]] : [])))
  // Too little stock is the 409 below; a withdrawn tool or a quantity below the minimum, a 400.
  const invalid = fieldsWhere((l) => !isShortOfStock(l.tool, l.error))
  if (Object.keys(invalid).length > 0) throw linesInvalid(invalid)
  const order: NewOrder = {
    customer: user.email,
    customerName: input.delivery.address.name || user.name || user.email,
    lines: priced,
    price,
    delivery: {
      ...delivery,
      address: {
        name: input.delivery.address.name,
        phone: input.delivery.address.phone,
        line1: input.delivery.address.line1 ?? '',
        line2: input.delivery.address.line2 ?? null,
        city: input.delivery.address.city ?? null,
        district: input.delivery.address.district ?? null,
        postcode: input.delivery.address.postcode ?? null,
      },
    },
    paymentMethod: input.paymentMethod,
    company: input.company ?? null,
    poNumber: input.poNumber ?? null,
    note: input.note ?? null,
    // Bought now: the cart stays as it is.
    fromCart: !input.buyNow,
  }
  assertMethodAllowed(methods, input.paymentMethod, price.totalPaisa)
  await assertUnpaidRoom(deps.db, { ...order, pricePaisa: price.pricePaisa }, limits, deps.holdMs)
  if (toPaisa(input.expectedTotal) !== price.totalPaisa) throw totalChanged(price.totalPaisa, input.expectedTotal)
  const short = fieldsWhere(() => true)
  if (Object.keys(short).length > 0) throw stockChanged(short)
  const id = await insertOrder(deps, order, limits)
  if (!id) return explainRefusal(deps, order, limits)
  const placed = await getOrderRow(deps.db, id)
  return {
    acknowledged: true,
    insertedId: id,
    orderNumber: placed?.orderNo ? formatOrderNumber(placed.orderNo) : id,
    total: toTaka(price.totalPaisa),
  }
}

// ─── The checkout's refusals (before the batch, and again after a refused one) ─────────────

/** Whether a line's error ({@link cartLineError}) is only short stock: the 409, not a 400. */
export const isShortOfStock = (tool: { quantity: number } | undefined, error: string | null) =>
  tool !== undefined && error === orderLessThanMessage(tool.quantity)

/** @returns the 400 for lines that cannot be ordered as they are (`fields` `lines.{i}.quantity`). */
export const linesInvalid = (fields: Record<string, string>) =>
  badRequest('Some lines of your cart cannot be ordered as they are. Change or remove them.', fields)

/** @returns the 409 TOTAL_CHANGED: the total is `nowPaisa`, not the `sent` one the customer saw. */
export const totalChanged = (nowPaisa: number, sent: number) =>
  new ApiError(
    409,
    'TOTAL_CHANGED',
    `The total is now ${toTaka(nowPaisa)} BDT, not ${sent}: a price or the delivery changed. Please review your order.`,
    { expectedTotal: String(toTaka(nowPaisa)) },
  )

/** @returns the 409 STOCK_CHANGED naming the lines short of stock (nothing was taken). */
export const stockChanged = (fields: Record<string, string>) =>
  new ApiError(
    409,
    'STOCK_CHANGED',
    'Some tools have less stock than your cart asks for: nothing was taken. Please review your order.',
    fields,
  )

/**
 * After {@link insertOrder} found nothing to change (the checkout's batch): why, from the
 * database as it is now, in the checkout's order of checks.
 * @throws 400 for a cart emptied by another checkout of it (a double click), 409 for a cart
 *   changed since it was read; 400 for a line that can no longer be ordered as it is (a withdrawn tool, a minimum or
 *   pack size raised); 409 TOO_MANY_UNPAID / TOO_MUCH_UNPAID; 409 TOTAL_CHANGED (with the total
 *   now in `fields.expectedTotal`) when a price, a VAT rate or a weight changed; 409 STOCK_CHANGED
 *   naming each line short of stock (the spec's message).
 */
export async function explainRefusal(
  deps: Pick<OrderDeps, 'db' | 'holdMs'>,
  order: NewOrder,
  limits: OrderLimits,
): Promise<never> {
  if (order.fromCart) {
    // Another checkout of this cart came first (a double click), or the cart changed in another tab.
    const cart = await cartLinesOf(deps.db, order.customer)
    if (cart.length === 0) throw badRequest(EMPTY_CART)
    const wanted = new Map(order.lines.map((l) => [l.toolId, l.quantity]))
    if (cart.length !== wanted.size || cart.some((l) => wanted.get(l.toolId) !== l.quantity))
      throw conflict('Your cart changed while you were ordering, so nothing was ordered. Check it and try again.')
  }
  const now = await toolsById(
    deps.db,
    order.lines.map((l) => l.toolId),
  )
  const invalid: Record<string, string> = {}
  const short: Record<string, string> = {}
  order.lines.forEach((line, i) => {
    const tool = now.get(line.toolId)
    const error = cartLineError(tool, line.quantity)
    if (!error) return
    if (isShortOfStock(tool, error)) short[`lines.${i}.quantity`] = error
    else invalid[`lines.${i}.quantity`] = error
  })
  if (Object.keys(invalid).length > 0) throw linesInvalid(invalid)
  await assertUnpaidRoom(deps.db, { ...order, pricePaisa: order.price.pricePaisa }, limits, deps.holdMs)
  const repriced = await priceOrder(
    deps.db,
    order.lines.map((l) => priceLine(now.get(l.toolId)!, l.quantity)),
    order.delivery,
  )
  if (repriced.totalPaisa !== order.price.totalPaisa)
    throw totalChanged(repriced.totalPaisa, toTaka(order.price.totalPaisa))
  if (Object.keys(short).length > 0) throw stockChanged(short)
  // Anything else the batch checked moved (a VAT rate, a weight): the total is the same, so not TOTAL_CHANGED.
  throw conflict('The tools changed while you were ordering. Please try again.')
}
