import { Hono } from 'hono'
import type { PublicConfig } from '#schemas/config.ts'
import type { AppEnv } from '#worker/env.ts'
import { getDb } from '#worker/lib/db.ts'
import { cachePublicRoute } from '#worker/lib/edge-cache.ts'
import { usesLocalOutbox } from '../mail/mail.service'
import { methodContext, offeredMethods } from '../payments/payment-methods.service'

export const metaRoutes = new Hono<AppEnv>()
  // Public and kept like the catalogue; it changes with a deployment or the settings (the payment methods).
  .get('/config', (c) => {
    const config = c.var.config
    const answer = async () => {
      const db = getDb(c.env)
      const body: PublicConfig = {
        shopName: config.SHOP_NAME,
        currency: 'BDT',
        payments: config.payments,
        paymentMethods: offeredMethods(await methodContext(config, db)),
        localOutbox: usesLocalOutbox(config),
        ...(config.payments === 'stripe' ? { stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY } : {}),
        firebase: {
          apiKey: config.FIREBASE_API_KEY || 'demo-api-key',
          authDomain: config.FIREBASE_AUTH_DOMAIN || `${config.FIREBASE_PROJECT_ID}.firebaseapp.com`,
          projectId: config.FIREBASE_PROJECT_ID,
          ...(config.FIREBASE_AUTH_EMULATOR_HOST
            ? { emulatorUrl: `http://${config.FIREBASE_AUTH_EMULATOR_HOST}` }
            : {}),
        },
      }
      return c.json(body)
    }
    return cachePublicRoute(c, answer, { tags: ['settings'] })
  })
  .get('/health', async (c) => {
    await c.env.DB.prepare('select 1').first()
    c.header('Cache-Control', 'no-store')
    return c.json({ ok: true as const })
  })
  // For bench/ only: the runtime's ceiling, a fixed body without D1. Absent in production.
  .get('/bench/baseline', (c) => {
    if (c.var.config.ENVIRONMENT === 'production') return c.notFound()
    c.header('Cache-Control', 'no-store')
    return c.json({ ok: true as const, name: 'baseline' })
  })
