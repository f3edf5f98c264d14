import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Inserted, Modified } from '#schemas/ack.ts'
import { CheckoutSchema } from '#schemas/checkout.ts'
import { PAGE_DEFAULT } from '#schemas/paging.ts'
import {
  type Quote,
  type QuoteAccepted,
  type QuoteCreated,
  QuoteDeclineSchema,
  QuoteIdParamSchema,
  QuoteListQuerySchema,
  type QuoteMessage,
  QuoteMessageSchema,
  QuoteMessagesQuerySchema,
  QuoteOfferSchema,
  QuoteRequestSchema,
} from '#schemas/quote.ts'
import type { AppEnv } from '#worker/env.ts'
import {
  assertOwnRecord,
  assertPermission,
  assertSelfOr,
  authenticate,
  requirePermission,
  requireUser,
  requireVerifiedUser,
} from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import { forbidden, notFound, unauthenticated } from '#worker/lib/errors.ts'
import { validate } from '#worker/lib/validator.ts'
import { deliverMail } from '../mail/mail.service'
import { depsOf } from '../orders/orders.service'
import { methodContext } from '../payments/payment-methods.service'
import {
  acceptQuote,
  declineQuote,
  getQuoteRow,
  listQuoteMessages,
  listQuotes,
  offerQuote,
  postQuoteMessage,
  type QuoteRow,
  requestQuote,
  toQuotes,
} from './quotes.service'

const NO_SUCH_QUOTE = 'No such quote.'

/**
 * The quote of `id` when the caller is its customer or staff of the quote desk (`quotes.manage`).
 * @throws 404 otherwise: someone else's quote answers like one that does not exist.
 */
async function ownQuote<E extends AppEnv>(c: Context<E>, id: string): Promise<QuoteRow> {
  const user = c.var.user
  if (!user) throw unauthenticated()
  const row = await getQuoteRow(getDb(c.env), id)
  if (!row) throw notFound(NO_SUCH_QUOTE)
  assertOwnRecord(user, row.customer, NO_SUCH_QUOTE, 'quotes.manage')
  return row
}

/** The quote desk (`GET /api/quotes` without `customer`) needs quotes.manage, checked before the query is read. */
const deskNeedsQuotesManage = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.query('customer') === undefined) assertPermission(await authenticate(c), 'quotes.manage')
  await next()
})

/** Routes under /api/quotes (api.md "Wholesale"). */
export const quotesRoutes = new Hono<AppEnv>()
  .use(deliverMail)
  .post('/', requireVerifiedUser(), validate('json', QuoteRequestSchema), async (c) => {
    const created = await requestQuote(depsOf(c), c.var.user, c.req.valid('json'))
    return c.json<QuoteCreated, 201>(created, 201)
  })
  .get('/', requireUser, deskNeedsQuotesManage, validate('query', QuoteListQuerySchema), async (c) => {
    const { customer, status, q, limit, offset } = c.req.valid('query')
    if (customer) assertSelfOr(c, customer, 'quotes.manage')
    const page = await listQuotes(
      getDb(c.env),
      {
        ...(customer ? { customer } : {}),
        ...(status ? { status } : {}),
        ...(q ? { q } : {}),
        limit: limit ?? PAGE_DEFAULT,
        offset: offset ?? 0,
      },
      Date.now(),
    )
    c.header('X-Total-Count', String(page.total))
    return c.json<Quote[]>(page.items)
  })
  .get('/:id', requireUser, validate('param', QuoteIdParamSchema), async (c) => {
    const row = await ownQuote(c, c.req.valid('param').id)
    const [quote] = await toQuotes(getDb(c.env), [row], Date.now())
    return c.json<Quote>(quote!)
  })
  .post(
    '/:id/offer',
    requirePermission('quotes.manage'),
    validate('param', QuoteIdParamSchema),
    validate('json', QuoteOfferSchema),
    async (c) => {
      const row = await ownQuote(c, c.req.valid('param').id)
      const modifiedCount = await offerQuote(depsOf(c), c.var.user.email, row, c.req.valid('json'), Date.now())
      return c.json<Modified>({ acknowledged: true, modifiedCount })
    },
  )
  .get(
    '/:id/messages',
    requireUser,
    validate('param', QuoteIdParamSchema),
    validate('query', QuoteMessagesQuerySchema),
    async (c) => {
      const row = await ownQuote(c, c.req.valid('param').id)
      const page = await listQuoteMessages(getDb(c.env), row.id, c.req.valid('query'))
      c.header('X-Total-Count', String(page.total))
      return c.json<QuoteMessage[]>(page.items)
    },
  )
  .post(
    '/:id/messages',
    requireUser,
    validate('param', QuoteIdParamSchema),
    validate('json', QuoteMessageSchema),
    async (c) => {
      const row = await ownQuote(c, c.req.valid('param').id)
      const id = await postQuoteMessage(depsOf(c), c.var.user, row, c.req.valid('json').text)
      return c.json<Inserted>({ acknowledged: true, insertedId: id })
    },
  )
  .post(
    '/:id/accept',
    requireVerifiedUser(),
    validate('param', QuoteIdParamSchema),
    validate('json', CheckoutSchema),
    async (c) => {
      const row = await ownQuote(c, c.req.valid('param').id)
      if (row.customer !== c.var.user.email)
        throw forbidden('Only the customer who asked for this quote can accept it.')
      const deps = depsOf(c)
      const accepted = await acceptQuote(
        deps,
        row,
        c.req.valid('json'),
        { maxUnpaid: c.var.config.MAX_UNPAID_ORDERS, methods: await methodContext(c.var.config, deps.db) },
        Date.now(),
      )
      return c.json<QuoteAccepted, 201>(accepted, 201)
    },
  )
  .post(
    '/:id/decline',
    requireUser,
    validate('param', QuoteIdParamSchema),
    validate('json', QuoteDeclineSchema),
    async (c) => {
      const row = await ownQuote(c, c.req.valid('param').id)
      const modifiedCount = await declineQuote(getDb(c.env), c.var.user, row, c.req.valid('json').reason, Date.now())
      return c.json<Modified>({ acknowledged: true, modifiedCount })
    },
  )
