import { eq } from 'drizzle-orm'
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { needsPermissionMessage, PERMISSIONS, type Permission, permissionsOf, sortedRoles } from '#schemas/staff.ts'
import { rolesOfAccount, users } from '../db/schema'
import type { AccessTokenClaims, AppEnv, SessionUser, SignedInEnv } from '../env'
import { verifyAccessToken } from './access-token'
import { type Db, getDb } from './db'
import { ApiError, forbidden, notFound, unauthenticated } from './errors'

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
      roles: rolesOfAccount,
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
 * `staffExempt`: staff need no verification (image uploads).
 */
export const requireVerifiedUser = (opts: { staffExempt?: boolean } = {}) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const user = await authenticate(c)
    if (!user.verified && !(opts.staffExempt && isStaff(user)))
      throw new ApiError(403, 'EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE)
    await next()
  })

/** Staff: an account holding at least one role (contract/operations.md "General"). */
export const isStaff = (user: SessionUser): boolean => user.roles.length > 0

/** The user holds `permission` through one of its roles. */
export const can = (user: SessionUser, permission: Permission): boolean => user.permissions.includes(permission)

/** @throws ApiError 403 FORBIDDEN naming `permission` and the roles holding it, unless the user holds it. */
export function assertPermission(user: SessionUser, permission: Permission): void {
  if (!can(user, permission)) throw forbidden(needsPermissionMessage(permission))
}

/**
 * Middleware: like {@link requireUser}, and the user must hold `permission` (403 naming it
 * otherwise, before the body or query is validated and before any record is read).
 */
export const requirePermission = (permission: Permission) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    assertPermission(await authenticate(c), permission)
    await next()
  })

/**
 * Middleware after {@link requireUser} (and a body limit) for a write whose fields decide the
 * permission (`PATCH /api/service/{id}`, `PATCH /api/settings`): a field of `byField` needs its
 * permission, any other field `others`; a body needs each permission its fields need. Reads only
 * which fields the JSON object holds, before it is validated (a body that is not an object needs
 * `others`, then the validator answers it); 403 names the first missing, in the table's order.
 */
export const requireFieldPermissions = (byField: Readonly<Record<string, Permission>>, others: Permission) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const body: unknown = await c.req.json().catch(() => undefined)
    const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : []
    const needed = new Set(fields.length ? fields.map((f) => byField[f] ?? others) : [others])
    for (const permission of PERMISSIONS) if (needed.has(permission)) assertPermission(c.var.user, permission)
    await next()
  })

/** Middleware: like {@link requireUser}, and the user must be staff (any role; 403 otherwise). */
export const requireStaff = createMiddleware<SignedInEnv>(async (c, next) => {
  const user = await authenticate(c)
  if (!isStaff(user)) throw forbidden('Only the shop’s staff can see this.')
  await next()
})

/**
 * After {@link requireUser}: the signed-in user must be the one with `email`
 * (case-insensitive) or hold `permission` (the `self` routes).
 * @returns the signed-in user.
 * @throws ApiError 403 otherwise (401 if no user is signed in): staff hear which permission.
 */
export function assertSelfOr<E extends AppEnv>(c: Context<E>, email: string, permission: Permission): SessionUser {
  const user = c.var.user
  if (!user) throw unauthenticated()
  if (user.email === email.trim().toLowerCase() || can(user, permission)) return user
  throw forbidden(isStaff(user) ? needsPermissionMessage(permission) : 'You can only see or change your own account.')
}

/**
 * A customer's own record (an order, a quote): its customer may use it, and staff holding
 * `read`; to anyone else it answers 404 `notFoundMessage`, as a record that does not exist.
 * `act`: what staff need to do more than read it (403 naming it to staff who only read).
 */
export function assertOwnRecord(
  user: SessionUser,
  customer: string,
  notFoundMessage: string,
  read: Permission,
  act?: Permission,
): void {
  if (user.email === customer) return
  if (!can(user, read)) throw notFound(notFoundMessage)
  if (act) assertPermission(user, act)
}
