import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Modified } from '#schemas/ack.ts'
import { type Settings, SettingsPatchSchema } from '#schemas/settings.ts'
import type { AppEnv } from '#worker/env.ts'
import { requireFieldPermissions, requireUser } from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import { cachePublicRoute, invalidatePublic } from '#worker/lib/edge-cache.ts'
import { ApiError } from '#worker/lib/errors.ts'
import { validate } from '#worker/lib/validator.ts'
import { loadSettings, toSettingsAnswer, updateSettings } from './settings.service'

// Every section together fits in a few kilobytes (the districts, sent back as read, included).
const jsonLimit = bodyLimit({
  maxSize: 16 * 1024,
  onError: () => {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.')
  },
})

/** Routes under /api/settings: the shop's details, delivery zones and fees, bank details, cash on delivery. */
export const settingsRoutes = new Hono<AppEnv>()
  // Public (checkout, invoices and the order pages read it) and kept like the catalogue.
  .get('/', (c) =>
    cachePublicRoute(c, async () => c.json<Settings>(toSettingsAnswer(await loadSettings(getDb(c.env)))), {
      tags: ['settings'],
    }),
  )
  // The sections sent decide the permission: only the owner changes where customers send money.
  .patch(
    '/',
    requireUser,
    jsonLimit,
    requireFieldPermissions({ bank: 'settings.bank' }, 'settings.manage'),
    validate('json', SettingsPatchSchema),
    async (c) => {
      const modifiedCount = await updateSettings(getDb(c.env), c.req.valid('json'), c.var.user.email)
      if (modifiedCount) await invalidatePublic(c.var.config, ['settings'])
      return c.json<Modified>({ acknowledged: true, modifiedCount })
    },
  )
