import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../env'
import { assertSelfOrAdmin, authenticateAlong, requireAccessToken, requireUser } from '../../lib/auth'
import { getDb, type Db } from '../../lib/db'
import { forbidden, notFound, unauthenticated } from '../../lib/errors'
import { validate } from '../../lib/validator'
import type { Inserted, Modified } from '../../schemas/ack'
import { BookingIdParamSchema, BookingInputSchema, BookingListQuerySchema, BookingPaymentSchema, type Booking } from '../../schemas/booking'
import type { OrderRow } from './lifecycle'
import { cancelOrder, createBooking, getOrderRow, listBookingsQuery, toBookingDto } from './orders.service'
import { payBooking } from './payments.service'
import { assertPaymentsAvailable, paymentProvider } from './providers/configured'

/**
 * The booking of `id` when the caller is its customer or an admin.
 * @throws 404 otherwise: someone else's booking answers like one that does not exist.
 */
async function ownBooking(c: Context<AppEnv>, db: Db, id: string): Promise<OrderRow> {
  const user = c.var.user
  if (!user) throw unauthenticated()
  const row = await getOrderRow(db, id)
  if (!row || (row.customer !== user.email && user.role !== 'admin')) throw notFound('No such booking.')
  return row
}

/** Routes under /api/booking. */
export const bookingsRoutes = new Hono<AppEnv>()
  .post('/', requireUser, validate('json', BookingInputSchema), async (c) => {
    const input = c.req.valid('json')
    const user = c.var.user!
    if (input.customer !== user.email) {
      const message = 'You can only order for yourself: customer must be your own e-mail address.'
      throw forbidden(message)
    }
    const { id } = await createBooking(getDb(c.env), {
      ...input,
      customerName: input.customerName || user.name || user.email,
    })
    return c.json<Inserted, 201>({ acknowledged: true, insertedId: id }, 201)
  })
  // The token is checked first (401), then the query (400), then the account and the bookings
  // are read together; so a removed user's token with a bad query gets the 400.
  .get('/', requireAccessToken, validate('query', BookingListQuerySchema), async (c) => {
    const { customer } = c.req.valid('query')
    // The session user and the bookings in one D1 round trip; the rights are checked before answering.
    const rows = await authenticateAlong(c, listBookingsQuery(getDb(c.env), customer))
    assertSelfOrAdmin(c, customer)
    c.header('Cache-Control', 'no-store')
    return c.json<Booking[]>(rows.map((row) => toBookingDto(row, c.var.config.BOOKING_TTL_HOURS)))
  })
  .get('/:id', requireUser, validate('param', BookingIdParamSchema), async (c) => {
    const row = await ownBooking(c, getDb(c.env), c.req.valid('param').id)
    c.header('Cache-Control', 'no-store')
    return c.json<Booking>(toBookingDto(row, c.var.config.BOOKING_TTL_HOURS))
  })
  .post('/:id/cancel', requireUser, validate('param', BookingIdParamSchema), async (c) => {
    const db = getDb(c.env)
    const row = await ownBooking(c, db, c.req.valid('param').id)
    const user = c.var.user!
    await cancelOrder(db, paymentProvider(c.var.config, db), row, { actor: user.email === row.customer ? 'customer' : 'admin', email: user.email })
    return c.json<Modified>({ acknowledged: true, modifiedCount: 1 })
  })
  .patch('/:id', requireUser, validate('param', BookingIdParamSchema), validate('json', BookingPaymentSchema), async (c) => {
    const db = getDb(c.env)
    const row = await ownBooking(c, db, c.req.valid('param').id)
    const config = c.var.config
    assertPaymentsAvailable(config)
    const modifiedCount = await payBooking(db, paymentProvider(config, db), row, c.req.valid('json').transactionId)
    return c.json<Modified>({ acknowledged: true, modifiedCount })
  })
