import { type Context, Hono } from 'hono'
import { toPaisa, toTaka } from '#schemas/bdt.ts'
import { formatOrderNumber } from '#schemas/booking.ts'
import { cartLineError } from '#schemas/cart-lines.ts'
import {
  type CheckoutInput,
  type CheckoutPlaced,
  type CheckoutPreview,
  type CheckoutPreviewInput,
  CheckoutPreviewSchema,
  CheckoutSchema,
} from '#schemas/checkout.ts'
import { zoneOf } from '#schemas/delivery.ts'
import { vatPercent } from '#schemas/vat.ts'
import type { AppEnv } from '#worker/env.ts'
import { requireUser, requireVerifiedUser } from '#worker/lib/auth.ts'
import { type Db, getDb } from '#worker/lib/db.ts'
import { badRequest } from '#worker/lib/errors.ts'
import { validate } from '#worker/lib/validator.ts'
import { deliverMail, depsOf } from './deps'
import { getOrderRow } from './lifecycle'
import { assertMethodAllowed, type MethodContext, methodContext, methodsForOrder } from './payment-methods.service'
import {
  assertUnpaidRoom,
  cartOf,
  EMPTY_CART,
  explainRefusal,
  insertOrder,
  isShortOfStock,
  linesInvalid,
  type NewOrder,
  type OrderLimits,
  type PricedLine,
  priceLine,
  priceOrder,
  stockChanged,
  toolsById,
  totalChanged,
} from './place-order'

/** The cart as the checkout sees it: each line priced from its tool now, with why it cannot be ordered as it is. */
async function checkoutOf(db: Db, customer: string, input: CheckoutPreviewInput) {
  const cart = await cartOf(db, customer)
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
  c: Context<AppEnv>,
  user: { email: string; name: string },
  input: CheckoutInput,
  limits: OrderLimits,
): Promise<CheckoutPlaced> {
  const deps = depsOf(c)
  const { lines, priced, delivery, price } = await checkoutOf(deps.db, user.email, input)
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
    fromCart: true,
  }
  assertMethodAllowed(await methodContext(c.var.config, deps.db), input.paymentMethod, price.totalPaisa)
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

/** Routes under /api/checkout. */
export const checkoutRoutes = new Hono<AppEnv>()
  .use(deliverMail)
  .post('/preview', requireUser, validate('json', CheckoutPreviewSchema), async (c) => {
    c.header('Cache-Control', 'private, no-store')
    const db = getDb(c.env)
    const methods = await methodContext(c.var.config, db)
    return c.json<CheckoutPreview>(await previewCheckout(db, c.var.user!.email, c.req.valid('json'), methods))
  })
  .post('/', requireVerifiedUser(), validate('json', CheckoutSchema), async (c) => {
    const config = c.var.config
    const placed = await placeCheckout(c, c.var.user!, c.req.valid('json'), {
      maxUnpaid: config.MAX_UNPAID_ORDERS,
      maxUnpaidPaisa: config.MAX_UNPAID_BDT * 100,
    })
    return c.json<CheckoutPlaced, 201>(placed, 201)
  })
