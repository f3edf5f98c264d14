import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../env'
import { assertSelfOrAdmin, authenticateAlong, requireAccessToken, requireUser } from '../../lib/auth'
import { getDb, type Db } from '../../lib/db'
import { conflict, forbidden, notFound, unauthenticated } from '../../lib/errors'
import { validate } from '../../lib/validator'
import {
  BookingIdParamSchema,
  BookingInputSchema,
  BookingListQuerySchema,
  BookingPaymentSchema,
  type Booking,
  type BookingCreated,
  type BookingModified,
} from '../../schemas/booking'
import { assertPaymentsAvailable, cancelBooking, payBooking, paymentProvider } from '../payments/payments.service'
import { createBooking, getBookingRow, listBookingsQuery, toBookingDto, type BookingRow } from './bookings.service'

/**
 * The booking of `id` when the caller is its customer or an admin.
 * @throws 404 otherwise: someone else's booking answers like one that does not exist.
 */
async function ownBooking(c: Context<AppEnv>, db: Db, id: string): Promise<BookingRow> {
  const user = c.var.user
  if (!user) throw unauthenticated()
  const row = await getBookingRow(db, id)
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
    return c.json<BookingCreated, 201>({ acknowledged: true, insertedId: id }, 201)
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
    if (row.status === 'paid') throw conflict('This booking is paid; it can no longer be cancelled.')
    if (row.status === 'cancelled') throw conflict('This booking is already cancelled.')
    const outcome = await cancelBooking(db, paymentProvider(c.var.config, db), row)
    if (outcome === 'paid') throw conflict('This booking has just been paid; it can no longer be cancelled.')
    if (outcome === 'paying') throw conflict('A payment for this booking is in progress; it cannot be cancelled now.')
    if (outcome === 'unchanged') throw conflict('This booking is no longer unpaid; reload to see its state.')
    return c.json<BookingModified>({ acknowledged: true, modifiedCount: 1 })
  })
  .patch('/:id', requireUser, validate('param', BookingIdParamSchema), validate('json', BookingPaymentSchema), async (c) => {
    const db = getDb(c.env)
    const row = await ownBooking(c, db, c.req.valid('param').id)
    const config = c.var.config
    assertPaymentsAvailable(config)
    const modifiedCount = await payBooking(db, paymentProvider(config, db), row, c.req.valid('json').transactionId)
    return c.json<BookingModified>({ acknowledged: true, modifiedCount })
  })
