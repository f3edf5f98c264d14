import { eq, sql } from 'drizzle-orm'
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { permissionsOf, sortedRoles } from '#schemas/staff.ts'
import { userRoles, users } from '../db/schema'
import type { AccessTokenClaims, AppEnv, SessionUser, SignedInEnv } from '../env'
import { verifyAccessToken } from './access-token'
import { type Db, getDb } from './db'
import { ApiError, forbidden, unauthenticated } from './errors'

// Who is calling: the request's access token, its user read from D1 on every request, and
// the guards routes put in front of their handlers. The tokens themselves live in
// access-token.ts (ours) and firebase-token.ts (Firebase's).

/**
 * The token of an `Authorization: Bearer <token>` header.
 * @throws ApiError 401 when the header is missing or not a Bearer token.
 */
export function bearerToken<E extends AppEnv>(c: Context<E>): string {
  const header = c.req.header('Authorization')
  if (!header) throw unauthenticated('Please sign in: this call needs an access token (Authorization: Bearer …).')
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match) throw unauthenticated('The Authorization header must be "Bearer <token>".')
  return match[1]!
}

export const sessionUserQuery = (db: Db, email: string) =>
  db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      verified: users.identityVerified,
      sessionVersion: users.sessionVersion,
      removedAt: users.removedAt,
      roles: sql<
        string | null
      >`(select group_concat(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1)

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionUserQuery>['get']>>

/** The claims of the request's access token. @throws ApiError 401 for a missing, malformed, expired or forged token. */
const accessTokenClaims = async <E extends AppEnv>(c: Context<E>) => verifyAccessToken(bearerToken(c), c.var.config)

/**
 * Sets `c.var.user` to the account the token names, if its session is still on.
 * @throws ApiError 401 for an account that is gone or removed, or a session that was ended
 *   (the account passed to a verified identity, or was removed and restored).
 */
function startSession<E extends AppEnv>(c: Context<E>, claims: AccessTokenClaims, row: SessionRow): SessionUser {
  if (!row) throw unauthenticated('This account no longer exists. Please sign in again.')
  if (row.removedAt !== null)
    throw unauthenticated('This account has been removed. Contact us if you think this is a mistake.')
  if (row.sessionVersion !== claims.sessionVersion)
    throw unauthenticated('Your session has ended. Please sign in again.')
  const roles = sortedRoles(row.roles ? row.roles.split(',') : [])
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    verified: row.verified,
    roles,
    permissions: permissionsOf(roles),
  }
  c.set('user', user)
  c.set('session', claims)
  return user
}

/**
 * Authenticates the request's access token, loads its user from D1 (every request, so a
 * promotion or a removal takes effect at once) and sets `c.var.user`.
 * @throws ApiError 401 for a missing, malformed, expired or forged token, or a removed user.
 */
export async function authenticate<E extends AppEnv>(c: Context<E>): Promise<SessionUser> {
  const claims = await accessTokenClaims(c)
  return startSession(c, claims, await sessionUserQuery(getDb(c.env), claims.email).get())
}

/** Middleware: a valid access token of an existing user (any role); sets `c.var.user`. */
export const requireUser = createMiddleware<SignedInEnv>(async (c, next) => {
  await authenticate(c)
  await next()
})

/**
 * Middleware for a read that {@link authenticateAlong} finishes: checks the access token
 * (signature, expiry; no D1 yet) and sets `c.var.session`. 401 as {@link requireUser}.
 */
export const requireAccessToken = createMiddleware<AppEnv>(async (c, next) => {
  c.set('session', await accessTokenClaims(c))
  await next()
})

/**
 * After {@link requireAccessToken}: loads the session user in the same D1 batch as `query`
 * (one round trip instead of two) and sets `c.var.user`. Only for reads: `query` runs before
 * the caller's rights are known, so check them (e.g. {@link assertSelfOrAdmin}) before
 * answering with its result.
 * @throws ApiError 401 for a removed user.
 */
export async function authenticateAlong<E extends AppEnv, Q extends BatchItem<'sqlite'>>(
  c: Context<E>,
  query: Q,
): Promise<BatchResponse<[Q]>[0]> {
  const claims = c.var.session
  if (!claims) throw unauthenticated()
  const db = getDb(c.env)
  const [[row], result] = await db.batch([sessionUserQuery(db, claims.email), query])
  startSession(c, claims, row)
  return result
}

/** What an account whose e-mail is not verified hears when it tries to order (api.md). */
export const EMAIL_NOT_VERIFIED_MESSAGE = 'Verify your e-mail address to order. We sent you a link.'

/**
 * Middleware: like {@link requireUser}, and the account's e-mail must be verified (403
 * EMAIL_NOT_VERIFIED otherwise, before the body is read): ordering, reviews, uploads.
 * `adminsExempt`: admins need no verification (image uploads).
 */
export const requireVerifiedUser = (opts: { adminsExempt?: boolean } = {}) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const user = await authenticate(c)
    if (!user.verified && !(opts.adminsExempt && user.role === 'admin'))
      throw new ApiError(403, 'EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE)
    await next()
  })

/** Middleware: like {@link requireUser}, and the user must be an admin (403 otherwise). */
export const requireAdmin = createMiddleware<SignedInEnv>(async (c, next) => {
  const user = await authenticate(c)
  if (user.role !== 'admin') throw forbidden('Only an admin can do that.')
  await next()
})

/**
 * After {@link requireUser}: the signed-in user must be the one with `email`
 * (case-insensitive) or an admin.
 * @returns the signed-in user.
 * @throws ApiError 403 otherwise (401 if no user is signed in).
 */
export function assertSelfOrAdmin<E extends AppEnv>(c: Context<E>, email: string): SessionUser {
  const user = c.var.user
  if (!user) throw unauthenticated()
  if (user.role !== 'admin' && user.email !== email.trim().toLowerCase()) {
    throw forbidden('You can only see or change your own account.')
  }
  return user
}
