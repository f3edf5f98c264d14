import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv, SessionUser } from '../../env'
import { issueAccessToken } from '../../lib/access-token'
import { assertSelfOrAdmin, authenticate, bearerToken, requireAdmin, requireUser } from '../../lib/auth'
import { verifyFirebaseIdToken, type FirebaseIdentity } from '../../lib/firebase-token'
import { isHs256 } from '../../lib/jwt'
import { getDb } from '../../lib/db'
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors'
import { validate } from '../../lib/validator'
import type { Deleted, Modified } from '../../schemas/ack'
import { EmailParamSchema, EmailSchema, ProfileUpdateSchema, type AdminFlag, type UserProfile } from '../../schemas/user'
import {
  deleteUser,
  getProfile,
  getUserRow,
  listProfiles,
  promoteToAdmin,
  updateProfile,
  upsertSignedInUser,
} from './users.service'

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
    if (user.role !== 'admin' && user.email !== email) throw forbidden('You can only change your own profile.')
    c.set('caller', { kind: 'session', user })
  } else {
    const identity = await verifyFirebaseIdToken(token, c.var.config)
    if (identity.email !== email) throw forbidden('The sign-in is for another e-mail address than the one in the path.')
    c.set('caller', { kind: 'firebase', identity })
  }
  await next()
})

/** Routes under /api/user. */
export const usersRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json(await listProfiles(getDb(c.env)))
  })
  // Registered before '/:email' for clarity; ':email' never matches a '/' anyway.
  .put('/admin/:email', requireAdmin, validate('param', EmailParamSchema), async (c) => {
    const modifiedCount = await promoteToAdmin(getDb(c.env), c.req.valid('param').email)
    return c.json<Modified>({ acknowledged: true, modifiedCount })
  })
  .get('/:email', requireUser, validate('param', EmailParamSchema), async (c) => {
    const { email } = c.req.valid('param')
    assertSelfOrAdmin(c, email)
    const profile = await getProfile(getDb(c.env), email)
    if (!profile) throw notFound('No user with that e-mail.')
    c.header('Cache-Control', 'no-store')
    return c.json(profile)
  })
  .put('/:email', validate('param', EmailParamSchema), signInOrSelf, validate('json', ProfileUpdateSchema), async (c) => {
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
    let tokenFor: string
    if (caller.kind === 'firebase') {
      const { identity } = caller
      // NOTE: ADMIN_EMAILS trusts only a verified address: anyone can create an unverified
      // e-mail/password account for an address they do not own.
      const makeAdmin = identity.emailVerified && config.adminEmails.includes(email)
      profile = await upsertSignedInUser(db, { ...identity, email }, fields, { makeAdmin })
      tokenFor = email
    } else {
      profile = await updateProfile(db, email, fields)
      // An admin editing someone else gets a fresh token for itself, never for the other user.
      tokenFor = caller.user.email
    }
    const accessToken = await issueAccessToken(tokenFor, config)
    c.header('Cache-Control', 'no-store')
    return c.json([profile, accessToken] as [UserProfile, string])
  })
  .delete('/:email', requireAdmin, validate('param', EmailParamSchema), async (c) => {
    const { email } = c.req.valid('param')
    if (email === c.var.user?.email) throw conflict('You cannot remove your own account. Ask another admin.')
    await deleteUser(getDb(c.env), email)
    return c.json<Deleted>({ acknowledged: true, deletedCount: 1 })
  })

/** Routes under /api/admin. */
export const adminRoutes = new Hono<AppEnv>().get('/:email', requireUser, validate('param', EmailParamSchema), async (c) => {
  const { email } = c.req.valid('param')
  assertSelfOrAdmin(c, email)
  const row = await getUserRow(getDb(c.env), email)
  c.header('Cache-Control', 'no-store')
  return c.json<AdminFlag>({ admin: row?.role === 'admin' })
})
