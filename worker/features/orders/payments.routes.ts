import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import {
  type PaymentIntentCreated,
  PaymentIntentRequestSchema,
  type SimulatedConfirmed,
  SimulatedConfirmSchema,
} from '#schemas/payment.ts'
import type { AppEnv } from '#worker/env.ts'
import { requireUser } from '#worker/lib/auth.ts'
import { ApiError } from '#worker/lib/errors.ts'
import { validate } from '#worker/lib/validator.ts'
import { deliverMail, depsOf } from './deps'
import { getOrderRow } from './lifecycle'
import { confirmSimulatedPayment, createIntentForBooking, handleStripeWebhook } from './payments.service'
import { assertPaymentsAvailable } from './providers/configured'
import { SimulatedProvider } from './providers/simulated'

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

/** Payment routes, mounted at /api: /create-payment-intent, /payments/simulated/confirm, /stripe/webhook. */
export const paymentsRoutes = new Hono<AppEnv>()
  .use(deliverMail)
  .post('/create-payment-intent', requireUser, validate('json', PaymentIntentRequestSchema), async (c) => {
    const { bookingId, price } = c.req.valid('json')
    const config = c.var.config
    assertPaymentsAvailable(config)
    const deps = depsOf(c)
    const booking = await getOrderRow(deps.db, bookingId)
    const created = await createIntentForBooking(deps, config, booking, c.var.user!, price)
    c.header('Cache-Control', 'private, no-store')
    return c.json<PaymentIntentCreated>(created)
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
        c.var.user!,
      )
      c.header('Cache-Control', 'private, no-store')
      return c.json<SimulatedConfirmed>(confirmed)
    },
  )
  .post('/stripe/webhook', async (c) => {
    // NOTE: the signature is over the exact bytes Stripe sent; read them before anything parses them.
    const rawBody = await c.req.text()
    const result = await handleStripeWebhook(depsOf(c), c.var.config, rawBody, c.req.header('Stripe-Signature'))
    return c.json(result)
  })
