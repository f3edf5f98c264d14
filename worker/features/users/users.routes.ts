import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Deleted, Modified } from '#schemas/ack.ts'
import { needsPermissionMessage, permissionsOf } from '#schemas/staff.ts'
import {
  type AdminFlag,
  EmailParamSchema,
  EmailSchema,
  ProfileUpdateSchema,
  UserListQuerySchema,
  type UserProfile,
} from '#schemas/user.ts'
import type { AppEnv, SessionUser, SignedInEnv } from '#worker/env.ts'
import { issueAccessToken } from '#worker/lib/access-token.ts'
import { assertSelfOr, authenticate, bearerToken, can, requirePermission, requireUser } from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import { badRequest, conflict, forbidden, notFound } from '#worker/lib/errors.ts'
import { type FirebaseIdentity, verifyFirebaseIdToken } from '#worker/lib/firebase-token.ts'
import { isHs256 } from '#worker/lib/jwt.ts'
import { validate } from '#worker/lib/validator.ts'
import { cancelUnpaidOrdersOfSquatter, orderDeps } from '../orders/orders.service'
import { assertMayRemove, makeManager } from '../staff/staff.service'
import { getProfile, listProfiles, removeUser, restoreUser, rolesOf, signInUser, updateProfile } from './users.service'

type Caller = { kind: 'session'; user: SessionUser } | { kind: 'firebase'; identity: FirebaseIdentity }

/**
 * PUT /user/{email} is "firebase, or self". The token's header decides which: our access
 * tokens are HS256, Firebase ID tokens are RS256 (or unsigned from the emulator), so an
 * HS256 token is checked only as an access token and anything else only as an ID token;
 * each failure then names the right problem.
 */
const signInOrSelf = createMiddleware<AppEnv & { Variables: { caller: Caller } }>(async (c, next) => {
  const email = EmailSchema.parse(c.req.param('email'))
  const token = bearerToken(c)
  if (isHs256(token)) {
    const user = await authenticate(c)
    if (user.email !== email && !can(user, 'customers.manage'))
      throw forbidden(
        user.roles.length ? needsPermissionMessage('customers.manage') : 'You can only change your own profile.',
      )
    c.set('caller', { kind: 'session', user })
  } else {
    const identity = await verifyFirebaseIdToken(token, c.var.config)
    if (identity.email !== email) throw forbidden('The sign-in is for another e-mail address than the one in the path.')
    c.set('caller', { kind: 'firebase', identity })
  }
  await next()
})

/** Removing an account needs customers.manage or staff.manage (which of them, the account decides). */
const mayRemoveAccounts = createMiddleware<SignedInEnv>(async (c, next) => {
  const user = c.var.user
  if (!can(user, 'customers.manage') && !can(user, 'staff.manage'))
    throw forbidden(needsPermissionMessage('customers.manage'))
  await next()
})

/** Routes under /api/user. */
export const usersRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('customers.read'), validate('query', UserListQuerySchema), async (c) => {
    const { q, removed, limit, offset } = c.req.valid('query')
    const { items, total } = await listProfiles(getDb(c.env), {
      ...(q ? { q } : {}),
      removed: removed === '1',
      limit,
      offset,
    })
    c.header('X-Total-Count', String(total))
    c.header('Cache-Control', 'private, no-store')
    return c.json<UserProfile[]>(items)
  })
  // Registered before '/:email' for clarity; ':email' never matches a '/' anyway.
  // The spec's Make Admin: gives `manager`, the owner only (staff.manage first, as the contract's refusal).
  .put('/admin/:email', requirePermission('staff.manage'), validate('param', EmailParamSchema), async (c) => {
    const { email } = c.req.valid('param')
    const modifiedCount = await makeManager(getDb(c.env), c.var.user, email)
    return c.json<Modified>({ acknowledged: true, modifiedCount })
  })
  .post('/:email/restore', requirePermission('customers.manage'), validate('param', EmailParamSchema), async (c) => {
    const { email } = c.req.valid('param')
    const modifiedCount = await restoreUser(getDb(c.env), email, c.var.user.email)
    return c.json<Modified>({ acknowledged: true, modifiedCount })
  })
  .get('/:email', requireUser, validate('param', EmailParamSchema), async (c) => {
    const { email } = c.req.valid('param')
    assertSelfOr(c, email, 'customers.read')
    const profile = await getProfile(getDb(c.env), email)
    if (!profile) throw notFound('No user with that e-mail.')
    c.header('Cache-Control', 'private, no-store')
    return c.json(profile)
  })
  .put(
    '/:email',
    validate('param', EmailParamSchema),
    signInOrSelf,
    validate('json', ProfileUpdateSchema),
    async (c) => {
      const { email } = c.req.valid('param')
      const { email: bodyEmail, ...fields } = c.req.valid('json')
      if (bodyEmail !== undefined && bodyEmail !== email) {
        const message = 'The e-mail in the body must be the one in the path.'
        throw badRequest(message, { email: message })
      }
      const db = getDb(c.env)
      const config = c.var.config
      const caller = c.var.caller
      let profile: UserProfile
      let accessToken: string
      if (caller.kind === 'firebase') {
        const { identity } = caller
        // NOTE: ADMIN_EMAILS trusts only a verified address: anyone can create an unverified
        // e-mail/password account for an address they do not own.
        const makeAdmin = identity.emailVerified && config.adminEmails.includes(email)
        const signedIn = await signInUser(db, { ...identity, email }, fields, { makeAdmin })
        if (signedIn.tookOver) await cancelUnpaidOrdersOfSquatter(orderDeps(config, db), email)
        profile = signedIn.profile
        accessToken = await issueAccessToken(email, signedIn.sessionVersion, config)
      } else {
        // An admin changing someone else's profile is audited.
        profile = await updateProfile(db, email, fields, caller.user.email)
        // Only a Firebase ID token starts or renews a session: the token answered here is for
        // the caller (an admin editing someone else gets one for itself), in the same session,
        // and ends no later than the one presented.
        const session = c.var.session!
        accessToken = await issueAccessToken(caller.user.email, session.sessionVersion, config, session.exp)
      }
      c.header('Cache-Control', 'private, no-store')
      return c.json([profile, accessToken] as [UserProfile, string])
    },
  )
  // Customers: customers.manage; staff: staff.manage and the right to take each role it holds.
  .delete('/:email', requireUser, mayRemoveAccounts, validate('param', EmailParamSchema), async (c) => {
    const { email } = c.req.valid('param')
    const caller = c.var.user
    if (email === caller.email) throw conflict('You cannot remove your own account. Ask another admin.')
    const db = getDb(c.env)
    await assertMayRemove(db, caller, email)
    const deletedCount = await removeUser(db, email, caller.email)
    return c.json<Deleted>({ acknowledged: true, deletedCount })
  })

/** Routes under /api/admin. */
export const adminRoutes = new Hono<AppEnv>().get(
  '/:email',
  requireUser,
  validate('param', EmailParamSchema),
  async (c) => {
    const { email } = c.req.valid('param')
    assertSelfOr(c, email, 'customers.read')
    const roles = await rolesOf(getDb(c.env), email)
    c.header('Cache-Control', 'private, no-store')
    return c.json<AdminFlag>({ admin: roles.length > 0, roles, permissions: permissionsOf(roles) })
  },
)
