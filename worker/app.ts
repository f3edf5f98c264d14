import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import { ConfigError, getConfig, type AppEnv } from './env'
import { ApiError, type ErrorBody } from './lib/errors'
import { limitBody } from './lib/body-limit'
import { applySecurityHeaders } from './lib/security-headers'
import { contactRoutes } from './features/contact/contact.routes'
import { imagesRoutes } from './features/images/images.routes'
import { metaRoutes } from './features/meta/meta.routes'
import { auditRoutes } from './features/audit/audit.routes'
import { outboxRoutes } from './features/mail/outbox.routes'
import { bookingsRoutes, orderDeskRoutes } from './features/orders/orders.routes'
import { paymentsRoutes } from './features/orders/payments.routes'
import { reviewsRoutes } from './features/reviews/reviews.routes'
import { toolsRoutes } from './features/tools/tools.routes'
import { adminRoutes, usersRoutes } from './features/users/users.routes'

const app = new Hono<AppEnv>().basePath('/api')

// First in the chain, so its second half runs after every handler, onError and notFound.
app.use(async (c, next) => {
  await next()
  let config
  try {
    config = getConfig(c.env)
  } catch {
    config = undefined
  }
  applySecurityHeaders(c.res.headers, 'api', config)
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
    allowHeaders: ['Authorization', 'Content-Type'],
    exposeHeaders: ['X-Total-Count', 'Retry-After'],
    maxAge: 600,
  }),
)

const routes = app
  .route('/service', toolsRoutes)
  .route('/review', reviewsRoutes)
  .route('/images', imagesRoutes)
  .route('/user', usersRoutes)
  // NOTE: before adminRoutes, whose /admin/{email} would otherwise take /admin/summary.
  .route('/admin', orderDeskRoutes)
  .route('/admin', adminRoutes)
  .route('/audit', auditRoutes)
  .route('/outbox', outboxRoutes)
  .route('/contact', contactRoutes)
  .route('/booking', bookingsRoutes)
  .route('/', paymentsRoutes)
  .route('/', metaRoutes)

app.notFound((c) => c.json<ErrorBody>({ error: { code: 'NOT_FOUND', message: `No API route for ${c.req.method} ${c.req.path}.` } }, 404))

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
  return c.json<ErrorBody>({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } }, 500)
})

export type AppType = typeof routes
export default app
