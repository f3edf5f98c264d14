import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Inserted, Modified } from '#schemas/ack.ts'
import {
  BankPaymentSchema,
  type Booking,
  BookingIdParamSchema,
  BookingInputSchema,
  BookingListQuerySchema,
  BookingPaymentSchema,
  OrderCancelSchema,
  OrderRefundSchema,
  OrderStatusChangeSchema,
} from '#schemas/order.ts'
import { hasCreditNote, hasReceipt, NO_CREDIT_NOTE, NO_RECEIPT } from '#schemas/order-status.ts'
import { PAGE_DEFAULT } from '#schemas/paging.ts'
import type { Permission } from '#schemas/staff.ts'
import type { OrderRow } from '#worker/db/schema.ts'
import type { AppEnv } from '#worker/env.ts'
import {
  assertOwnRecord,
  assertPermission,
  assertSelfOr,
  authenticate,
  authenticateAlong,
  can,
  requireAccessToken,
  requirePermission,
  requireStaff,
  requireUser,
  requireVerifiedUser,
} from '#worker/lib/auth.ts'
import { type Db, getDb } from '#worker/lib/db.ts'
import { conflict, forbidden, notFound, unauthenticated } from '#worker/lib/errors.ts'
import { validate } from '#worker/lib/validator.ts'
import { deliverMail } from '../mail/mail.service'
import { methodContext } from '../payments/payment-methods.service'
import { assertPaidByCard, payOrder } from '../payments/payments.service'
import { assertPaymentsAvailable } from '../payments/providers.service'
import { creditNoteHtml, invoiceHtml } from '../tax-documents/tax-documents.service'
import { getOrderRow } from './lifecycle.service'
import {
  cancelOrder,
  changeOrderStatus,
  createOrder,
  depsOf,
  listCustomerOrdersQuery,
  listOrders,
  recordBankPayment,
  refundOrder,
  withHistory,
} from './orders.service'
import { orderSummary } from './summary'

const NO_SUCH_ORDER = 'No such order.'

/**
 * The order of `id` for its customer, or staff who may read every order (`orders.read`); `act`:
 * what staff need to do more than read it (a 403 naming it to staff who only read).
 * @throws 404 otherwise: someone else's order answers like one that does not exist.
 */
async function ownOrder<E extends AppEnv>(c: Context<E>, db: Db, id: string, act?: Permission): Promise<OrderRow> {
  const user = c.var.user
  if (!user) throw unauthenticated()
  const row = await getOrderRow(db, id)
  if (!row) throw notFound(NO_SUCH_ORDER)
  assertOwnRecord(user, row.customer, NO_SUCH_ORDER, 'orders.read', act)
  return row
}

/** The order of `id`, for a route its permission already guards. @throws 404 when there is none. */
async function anyOrder(db: Db, id: string): Promise<OrderRow> {
  const row = await getOrderRow(db, id)
  if (!row) throw notFound(NO_SUCH_ORDER)
  return row
}

/** The order desk (`GET /api/booking` without `customer`) needs orders.read, checked before the query is read. */
const deskNeedsOrdersRead = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.query('customer') === undefined) assertPermission(await authenticate(c), 'orders.read')
  await next()
})

/** Routes under /api/booking. */
export const ordersRoutes = new Hono<AppEnv>()
  .use(deliverMail)
  .post('/', requireVerifiedUser(), validate('json', BookingInputSchema), async (c) => {
    const input = c.req.valid('json')
    const user = c.var.user
    if (input.customer !== user.email) {
      const message = 'You can only order for yourself: customer must be your own e-mail address.'
      throw forbidden(message)
    }
    const { id } = await createOrder(
      depsOf(c),
      { ...input, customerName: input.customerName || user.name || user.email },
      { maxUnpaid: c.var.config.MAX_UNPAID_ORDERS, maxUnpaidPaisa: c.var.config.MAX_UNPAID_BDT * 100 },
      await methodContext(c.var.config, getDb(c.env)),
    )
    return c.json<Inserted, 201>({ acknowledged: true, insertedId: id }, 201)
  })
  // The token is checked first (401); the order desk (no `customer`) then needs orders.read
  // before its query is read; a customer's own list checks the query (400), then reads the
  // account and the orders together (so a removed user's token with a bad query gets the 400).
  .get('/', requireAccessToken, deskNeedsOrdersRead, validate('query', BookingListQuerySchema), async (c) => {
    const { customer, status, paymentMethod, q, limit, offset } = c.req.valid('query')
    const db = getDb(c.env)
    const holdMs = c.var.config.unpaidHoldMs
    c.header('Cache-Control', 'private, no-store')
    if (!customer) {
      // The order desk: every order (orders.read, checked before the query).
      const page = await listOrders(
        db,
        {
          ...(status ? { status } : {}),
          ...(paymentMethod ? { paymentMethod } : {}),
          ...(q ? { q } : {}),
          limit: limit ?? PAGE_DEFAULT,
          offset: offset ?? 0,
        },
        holdMs,
      )
      c.header('X-Total-Count', String(page.total))
      return c.json<Booking[]>(page.items)
    }
    // The session user and the orders in one D1 round trip; the rights are checked before answering.
    const rows = await authenticateAlong(
      c,
      listCustomerOrdersQuery(db, customer, {
        ...(limit !== undefined ? { limit } : {}),
        ...(offset !== undefined ? { offset } : {}),
      }),
    )
    assertSelfOr(c, customer, 'orders.read')
    return c.json<Booking[]>(await withHistory(db, rows, holdMs))
  })
  .get('/:id', requireUser, validate('param', BookingIdParamSchema), async (c) => {
    const db = getDb(c.env)
    const row = await ownOrder(c, db, c.req.valid('param').id)
    c.header('Cache-Control', 'private, no-store')
    const [order] = await withHistory(db, [row], c.var.config.unpaidHoldMs)
    return c.json<Booking>(order!)
  })
  .get('/:id/invoice', requireUser, validate('param', BookingIdParamSchema), async (c) => {
    const db = getDb(c.env)
    const row = await ownOrder(c, db, c.req.valid('param').id)
    if (!hasReceipt(row.status, { paymentMethod: row.paymentMethod, paid: row.paidAt !== null }))
      throw conflict(NO_RECEIPT)
    const html = await invoiceHtml(db, row)
    c.header('Cache-Control', 'private, no-store')
    return c.html(html)
  })
  .get('/:id/credit-note', requireUser, validate('param', BookingIdParamSchema), async (c) => {
    const db = getDb(c.env)
    const row = await ownOrder(c, db, c.req.valid('param').id)
    if (!hasCreditNote(row.status)) throw notFound(NO_CREDIT_NOTE)
    const html = await creditNoteHtml(db, row)
    c.header('Cache-Control', 'private, no-store')
    return c.html(html)
  })
  // The body is optional (the spec's client sends none; without a JSON Content-Type it reads as {}): `{note?}`.
  .post(
    '/:id/cancel',
    requireUser,
    validate('param', BookingIdParamSchema),
    validate('json', OrderCancelSchema),
    async (c) => {
      const deps = depsOf(c)
      const row = await ownOrder(c, deps.db, c.req.valid('param').id, 'orders.fulfil')
      const user = c.var.user
      const note = c.req.valid('json').note || undefined
      // The shop cancels (staff on someone else's order, or on a shipped one that came back); a customer their own.
      const actor =
        user.email === row.customer && !(can(user, 'orders.fulfil') && row.status === 'shipped') ? 'customer' : 'admin'
      await cancelOrder(deps, row, { actor, email: user.email, ...(note ? { reason: note } : {}) })
      return c.json<Modified>({ acknowledged: true, modifiedCount: 1 })
    },
  )
  .post(
    '/:id/payment',
    requirePermission('payments.record'),
    validate('param', BookingIdParamSchema),
    validate('json', BankPaymentSchema),
    async (c) => {
      const deps = depsOf(c)
      const row = await anyOrder(deps.db, c.req.valid('param').id)
      const modifiedCount = await recordBankPayment(deps, row, c.req.valid('json'), c.var.user.email)
      return c.json<Modified>({ acknowledged: true, modifiedCount })
    },
  )
  .post(
    '/:id/status',
    requirePermission('orders.fulfil'),
    validate('param', BookingIdParamSchema),
    validate('json', OrderStatusChangeSchema),
    async (c) => {
      const deps = depsOf(c)
      const row = await anyOrder(deps.db, c.req.valid('param').id)
      const modifiedCount = await changeOrderStatus(deps, row, c.req.valid('json'), c.var.user.email)
      return c.json<Modified>({ acknowledged: true, modifiedCount })
    },
  )
  .post(
    '/:id/refund',
    requirePermission('refunds.issue'),
    validate('param', BookingIdParamSchema),
    validate('json', OrderRefundSchema),
    async (c) => {
      const deps = depsOf(c)
      const row = await anyOrder(deps.db, c.req.valid('param').id)
      const { reason, reference } = c.req.valid('json')
      await refundOrder(deps, row, c.var.user.email, reason, reference)
      return c.json<Modified>({ acknowledged: true, modifiedCount: 1 })
    },
  )
  .patch(
    '/:id',
    requireUser,
    validate('param', BookingIdParamSchema),
    validate('json', BookingPaymentSchema),
    async (c) => {
      const deps = depsOf(c)
      const row = await ownOrder(c, deps.db, c.req.valid('param').id, 'payments.record')
      assertPaidByCard(row)
      assertPaymentsAvailable(c.var.config)
      const modifiedCount = await payOrder(deps, row, c.req.valid('json').transactionId)
      return c.json<Modified>({ acknowledged: true, modifiedCount })
    },
  )

/** Routes under /api/admin that belong to the order desk (mounted before the user routes' /admin/{email}). */
export const orderDeskRoutes = new Hono<AppEnv>().get('/summary', requireStaff, async (c) => {
  c.header('Cache-Control', 'private, no-store')
  return c.json(await orderSummary(getDb(c.env), Date.now(), c.var.user.permissions))
})
