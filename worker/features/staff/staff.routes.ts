import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Modified } from '#schemas/ack.ts'
import { HandOverSchema, type StaffMember, StaffRolesSchema } from '#schemas/staff.ts'
import { EmailParamSchema } from '#schemas/user.ts'
import type { AppEnv, SignedInEnv } from '#worker/env.ts'
import { authenticate, requirePermission } from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import { ApiError, forbidden } from '#worker/lib/errors.ts'
import { verifyFirebaseIdToken } from '#worker/lib/firebase-token.ts'
import { validate } from '#worker/lib/validator.ts'
import { deliverMail } from '../mail/mail.service'
import { handOver, listStaff, setRoles } from './staff.service'

/** How fresh the hand-over's sign-in must be (`auth_time`, seconds before the request). */
const REAUTH_MAX_AGE_S = 300

const reauthRequired = () => new ApiError(403, 'REAUTH_REQUIRED', 'Sign in again to hand over the shop.')

/**
 * The hand-over's guard: the owner only, with `X-Reauth: <Firebase ID token>` of its own
 * e-mail, verified, signed in at most 5 minutes ago (contract/operations.md "The owner").
 */
const ownerSignedInAgain = createMiddleware<SignedInEnv>(async (c, next) => {
  const user = await authenticate(c)
  if (!user.roles.includes('owner')) throw forbidden('Only the owner can hand over the shop.')
  const token = c.req.header('X-Reauth')
  if (!token) throw reauthRequired()
  const identity = await verifyFirebaseIdToken(token, c.var.config).catch(() => {
    throw reauthRequired()
  })
  const age = Date.now() / 1000 - (identity.authTime ?? 0)
  if (identity.email !== user.email || !identity.emailVerified || age > REAUTH_MAX_AGE_S || age < -60)
    throw reauthRequired()
  await next()
})

/** Routes under /api/staff (contract/operations.md "Staff roles and permissions", "Routes"). */
export const staffRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('staff.manage'), async (c) => {
    const staff = await listStaff(getDb(c.env))
    c.header('X-Total-Count', String(staff.length))
    c.header('Cache-Control', 'private, no-store')
    return c.json<StaffMember[]>(staff)
  })
  .put(
    '/:email/roles',
    requirePermission('staff.manage'),
    validate('param', EmailParamSchema),
    validate('json', StaffRolesSchema),
    async (c) => {
      const { roles, expectedRoles } = c.req.valid('json')
      const modifiedCount = await setRoles(getDb(c.env), c.var.user, c.req.valid('param').email, roles, expectedRoles)
      return c.json<Modified>({ acknowledged: true, modifiedCount })
    },
  )
  .post('/owner', deliverMail, ownerSignedInAgain, validate('json', HandOverSchema), async (c) => {
    await handOver(getDb(c.env), c.var.config, c.var.user, c.req.valid('json').email)
    return c.json<Modified>({ acknowledged: true, modifiedCount: 1 })
  })
