import { Hono } from 'hono'
import { type CheckoutPlaced, type CheckoutPreview, CheckoutPreviewSchema, CheckoutSchema } from '#schemas/checkout.ts'
import type { AppEnv } from '#worker/env.ts'
import { requireUser, requireVerifiedUser } from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import { validate } from '#worker/lib/validator.ts'
import { deliverMail } from '../mail/mail.service'
import { depsOf } from '../orders/orders.service'
import { methodContext } from '../payments/payment-methods.service'
import { placeCheckout, previewCheckout } from './checkout.service'

/** Routes under /api/checkout. */
export const checkoutRoutes = new Hono<AppEnv>()
  .use(deliverMail)
  .post('/preview', requireUser, validate('json', CheckoutPreviewSchema), async (c) => {
    c.header('Cache-Control', 'private, no-store')
    const db = getDb(c.env)
    const methods = await methodContext(c.var.config, db)
    return c.json<CheckoutPreview>(await previewCheckout(db, c.var.user.email, c.req.valid('json'), methods))
  })
  .post('/', requireVerifiedUser(), validate('json', CheckoutSchema), async (c) => {
    const config = c.var.config
    const deps = depsOf(c)
    const methods = await methodContext(config, deps.db)
    const placed = await placeCheckout(deps, methods, c.var.user, c.req.valid('json'), {
      maxUnpaid: config.MAX_UNPAID_ORDERS,
      maxUnpaidPaisa: config.MAX_UNPAID_BDT * 100,
    })
    return c.json<CheckoutPlaced, 201>(placed, 201)
  })
