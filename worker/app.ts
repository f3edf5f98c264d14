import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import { type AppEnv, type Config, ConfigError, getConfig } from './env'
import { auditRoutes } from './features/audit/audit.routes'
import { cartRoutes } from './features/cart/cart.routes'
import { categoriesRoutes } from './features/categories/categories.routes'
import { checkoutRoutes } from './features/checkout/checkout.routes'
import { contactRoutes } from './features/contact/contact.routes'
import { imagesRoutes } from './features/images/images.routes'
import { outboxRoutes } from './features/mail/outbox.routes'
import { metaRoutes } from './features/meta/meta.routes'
import { orderDeskRoutes, ordersRoutes } from './features/orders/orders.routes'
import { paymentsRoutes } from './features/payments/payments.routes'
import { quotesRoutes } from './features/quotes/quotes.routes'
import { reviewsRoutes } from './features/reviews/reviews.routes'
import { settingsRoutes } from './features/settings/settings.routes'
import { staffRoutes } from './features/staff/staff.routes'
import { vatRoutes } from './features/tax-documents/vat.routes'
import { toolReviewsRoutes } from './features/tool-reviews/tool-reviews.routes'
import { toolsRoutes } from './features/tools/tools.routes'
import { adminRoutes, usersRoutes } from './features/users/users.routes'
import { limitBody } from './lib/body-limit'
import { BOOKMARK_HEADER, bindingsOf, isBookmark, openD1Session } from './lib/db'
import { keptPublicAnswer } from './lib/edge-cache'
import { ApiError, badRequest, type ErrorBody } from './lib/errors'
import { applySecurityHeaders } from './lib/security-headers'

const app = new Hono<AppEnv>().basePath('/api')

// First in the chain, so its second half runs after every handler, onError and notFound.
app.use(async (c, next) => {
  await next()
  let config: Config | undefined = c.get('config') as Config | undefined
  try {
    config ??= getConfig(bindingsOf(c.env))
  } catch {
    config = undefined
  }
  applySecurityHeaders(c.res.headers, 'api', config)
  // api.md "General": JSON in and out as `application/json; charset=utf-8` (Hono's c.json names no charset).
  if (c.res.headers.get('Content-Type') === 'application/json')
    c.res.headers.set('Content-Type', 'application/json; charset=utf-8')
  // API answers are private unless their route made them public (edge-cache.ts, the images):
  // anything behind a token, and every error.
  if (!/^\s*public\b/i.test(c.res.headers.get('Cache-Control') ?? ''))
    c.res.headers.set('Cache-Control', 'private, no-store')
})

// A kept public answer goes out at once: the rest of the chain has nothing to add to it
// (lib/edge-cache.ts; anything it cannot answer alone goes on to the route).
app.use(async (c, next) => {
  const kept = await keptPublicAnswer(c.req.raw, c.env)
  if (kept) return kept
  await next()
})

// Before the configuration is read: an oversized body is refused whatever else is wrong.
app.use(limitBody)

app.use(async (c, next) => {
  c.set('config', getConfig(c.env))
  c.set('user', undefined)
  await next()
})

app.use(
  cors({
    origin: (origin, c) => ((c.var.config?.corsOrigins ?? []).includes(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Reauth', BOOKMARK_HEADER],
    exposeHeaders: ['X-Total-Count', 'Retry-After', 'ETag', BOOKMARK_HEADER],
    maxAge: 600,
  }),
)

// Reads near the shopper (D1 Sessions API): a request that sent a bookmark reads at least as
// new as it; one without reads from any replica, or from the primary when it may write. Every
// answer carries the session's latest bookmark for the client's next request.
app.use(async (c, next) => {
  const sent = c.req.header(BOOKMARK_HEADER)?.trim()
  if (sent && !isBookmark(sent)) {
    const message = `The ${BOOKMARK_HEADER} header is not a D1 bookmark: send back the one an answer carried, or none.`
    throw badRequest(message, { [BOOKMARK_HEADER]: message })
  }
  const reads = c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS'
  const session = openD1Session(c.env, sent || (reads ? 'first-unconstrained' : 'first-primary'))
  c.env = session.env
  await next()
  const bookmark = session.bookmark()
  if (bookmark) c.res.headers.set(BOOKMARK_HEADER, bookmark)
})

const routes = app
  .route('/service', toolsRoutes)
  // A tool's reviews by its buyers (/service/{id}/reviews) and the admins' list (/tool-reviews).
  .route('/', toolReviewsRoutes)
  .route('/category', categoriesRoutes)
  .route('/review', reviewsRoutes)
  .route('/images', imagesRoutes)
  .route('/user', usersRoutes)
  .route('/staff', staffRoutes)
  // NOTE: before adminRoutes, whose /admin/{email} would otherwise take /admin/summary and /admin/vat.
  .route('/admin', orderDeskRoutes)
  .route('/admin/vat', vatRoutes)
  .route('/admin', adminRoutes)
  .route('/audit', auditRoutes)
  .route('/outbox', outboxRoutes)
  .route('/contact', contactRoutes)
  .route('/booking', ordersRoutes)
  .route('/cart', cartRoutes)
  .route('/checkout', checkoutRoutes)
  .route('/quotes', quotesRoutes)
  .route('/settings', settingsRoutes)
  .route('/', paymentsRoutes)
  .route('/', metaRoutes)

app.notFound((c) =>
  c.json<ErrorBody>({ error: { code: 'NOT_FOUND', message: `No API route for ${c.req.method} ${c.req.path}.` } }, 404),
)

app.onError((err, c) => {
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v)
    return c.json(err.toBody(), err.status)
  }
  if (err instanceof HTTPException) {
    // Hono's own errors (a malformed JSON body, for example) keep their status.
    const status = err.status
    const code = status === 400 ? 'VALIDATION_FAILED' : status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL'
    return c.json<ErrorBody>({ error: { code, message: err.message || 'Bad request.' } }, status)
  }
  if (err instanceof ConfigError) {
    console.error(err.message)
    return c.json<ErrorBody>({ error: { code: 'NOT_CONFIGURED', message: err.message } }, 503)
  }
  console.error('Unhandled error', c.req.method, c.req.path, err)
  return c.json<ErrorBody>(
    { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } },
    500,
  )
})

export type AppType = typeof routes
export default app
