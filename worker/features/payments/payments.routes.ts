import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import {
  type GatewaySessionCreated,
  type PaymentIntentCreated,
  PaymentIntentRequestSchema,
  type SimulatedConfirmed,
  SimulatedConfirmSchema,
} from '#schemas/payment.ts'
import type { AppEnv } from '#worker/env.ts'
import { requireUser } from '#worker/lib/auth.ts'
import { ApiError, badRequest } from '#worker/lib/errors.ts'
import { validate } from '#worker/lib/validator.ts'
import { deliverMail } from '../mail/mail.service'
import { getOrderRow } from '../orders/lifecycle.service'
import { depsOf } from '../orders/orders.service'
import {
  confirmSimulatedPayment,
  createIntentForOrder,
  handleSslcommerzIpn,
  handleStripeWebhook,
} from './payments.service'
import { SimulatedProvider } from './providers/simulated'
import { SslcommerzProvider } from './providers/sslcommerz'

/** Simulated payments exist only without Stripe keys, and never in production. */
const simulatedOnly = createMiddleware<AppEnv>(async (c, next) => {
  const config = c.var.config
  if (config.payments !== 'simulated') {
    throw new ApiError(
      503,
      'NOT_CONFIGURED',
      'Simulated payments are off: this shop takes card payments through Stripe.',
    )
  }
  if (config.ENVIRONMENT === 'production') {
    throw new ApiError(503, 'NOT_CONFIGURED', 'Simulated payments are not available in production.')
  }
  await next()
})

/**
 * Payment routes, mounted at /api: /create-payment-intent, /payments/simulated/confirm,
 * /sslcommerz/return/{id}, /sslcommerz/ipn, /stripe/webhook.
 */
export const paymentsRoutes = new Hono<AppEnv>()
  .use(deliverMail)
  .post('/create-payment-intent', requireUser, validate('json', PaymentIntentRequestSchema), async (c) => {
    const { bookingId: orderId, price } = c.req.valid('json')
    const config = c.var.config
    const deps = depsOf(c)
    const order = await getOrderRow(deps.db, orderId)
    const created = await createIntentForOrder(deps, config, order, c.var.user, price)
    c.header('Cache-Control', 'private, no-store')
    return c.json<PaymentIntentCreated | GatewaySessionCreated>(created)
  })
  .post(
    '/payments/simulated/confirm',
    requireUser,
    simulatedOnly,
    validate('json', SimulatedConfirmSchema),
    async (c) => {
      const { clientSecret, card } = c.req.valid('json')
      const deps = depsOf(c)
      const confirmed = await confirmSimulatedPayment(
        { ...deps, provider: new SimulatedProvider(deps.db) },
        clientSecret,
        card,
        c.var.user,
      )
      c.header('Cache-Control', 'private, no-store')
      return c.json<SimulatedConfirmed>(confirmed)
    },
  )
  // ─── SSLCommerz (the `gateway` method) ─────────────────────────────────────────────────
  // The gateway posts the customer's browser back here (success, fail or cancel): nothing is
  // marked; the payment page shows the order as it is, and what the gateway said, for display.
  .post('/sslcommerz/return/:id', (c) => {
    const id = encodeURIComponent(c.req.param('id'))
    const result = c.req.query('result')
    const shown =
      result === 'success' ? 'success' : result === 'fail' ? 'failed' : result === 'cancel' ? 'cancelled' : ''
    return c.redirect(`/dashboard/payment/${id}${shown ? `?gateway=${shown}` : ''}`, 303)
  })
  // The gateway's IPN (form-encoded): applied only after its validation API confirms it.
  .post('/sslcommerz/ipn', async (c) => {
    // A body that is not a form (broken multipart, say) is the sender's mistake, not ours.
    const form = await c.req.parseBody().catch(() => {
      throw badRequest('The IPN must be a form (application/x-www-form-urlencoded or multipart/form-data).')
    })
    const fields = Object.fromEntries(
      Object.entries(form).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as const] : [])),
    )
    const deps = depsOf(c)
    const gateway = new SslcommerzProvider(deps.db, c.var.config)
    return c.json(await handleSslcommerzIpn(deps, gateway, fields))
  })
  .post('/stripe/webhook', async (c) => {
    // NOTE: the signature is over the exact bytes Stripe sent; read them before anything parses them.
    const rawBody = await c.req.text()
    const result = await handleStripeWebhook(depsOf(c), c.var.config, rawBody, c.req.header('Stripe-Signature'))
    return c.json(result)
  })
