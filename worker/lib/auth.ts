import { eq } from 'drizzle-orm'
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  SignJWT,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from 'jose'
import { users } from '../db/schema'
import type { AppEnv, Config, SessionUser } from '../env'
import { getDb, type Db } from './db'
import { ApiError, forbidden, unauthenticated } from './errors'

// ─── Firebase ID tokens ──────────────────────────────────────────────────────────────────

/** Google's public keys for Firebase ID tokens (securetoken service account). */
export const GOOGLE_SECURETOKEN_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'

/** What the API takes from a verified Firebase ID token. */
export type FirebaseIdentity = {
  /** Firebase uid (`sub`). */
  uid: string
  /** The token's e-mail, lower-cased. */
  email: string
  emailVerified: boolean
  name?: string
  picture?: string
}

// One remote key set per URL and isolate: jose caches the keys (10 min) and refetches on an
// unknown `kid` (at most every 30 s), so Google is asked rarely.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()
function googleKeys(url: string) {
  let keys = keySets.get(url)
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url))
    keySets.set(url, keys)
  }
  return keys
}

/**
 * True when the Firebase Auth emulator's unsigned (`alg: none`) ID tokens are accepted:
 * only with FIREBASE_AUTH_EMULATOR_HOST set and never in production (the config also
 * refuses that combination outright).
 */
export function acceptsEmulatorTokens(config: Config): boolean {
  return Boolean(config.FIREBASE_AUTH_EMULATOR_HOST) && config.ENVIRONMENT !== 'production'
}

// Firebase allows no leeway on exp; a little on iat/auth_time absorbs clock skew.
const CLOCK_SKEW_SECONDS = 60

/**
 * Verifies a Firebase ID token: RS256 with a key from Google's securetoken JWKS, `iss`
 * `https://securetoken.google.com/<project>`, `aud` the project id, `exp` in the future,
 * a non-empty `sub` and an `email`. With the Auth emulator configured (and not in
 * production) the emulator's unsigned tokens pass the same claim checks instead.
 *
 * Does not compare the e-mail with anything: the caller does that.
 * @throws ApiError 401 UNAUTHENTICATED for any bad token; 502 when Google's keys cannot be
 *   fetched; 503 when FIREBASE_PROJECT_ID is not configured.
 */
export async function verifyFirebaseIdToken(token: string, config: Config): Promise<FirebaseIdentity> {
  const projectId = config.FIREBASE_PROJECT_ID
  if (!projectId) throw new ApiError(503, 'NOT_CONFIGURED', 'Sign-in is not configured: FIREBASE_PROJECT_ID is not set.')
  const issuer = `https://securetoken.google.com/${projectId}`
  const header = readHeader(token, 'sign-in token')

  let payload: JWTPayload
  if (header.alg === 'none') {
    if (!acceptsEmulatorTokens(config)) {
      throw unauthenticated('The sign-in token is not signed. Unsigned tokens are accepted only from the Firebase Auth emulator in development.')
    }
    try {
      payload = decodeJwt(token)
    } catch {
      throw unauthenticated('The sign-in token is malformed.')
    }
  } else {
    try {
      ;({ payload } = await jwtVerify(token, googleKeys(config.FIREBASE_JWKS_URL || GOOGLE_SECURETOKEN_JWKS_URL), {
        algorithms: ['RS256'],
        issuer,
        audience: projectId,
        requiredClaims: ['exp', 'iat', 'sub'],
      }))
    } catch (err) {
      throw firebaseTokenError(err)
    }
  }
  return checkFirebaseClaims(payload, { issuer, projectId })
}

function checkFirebaseClaims(p: JWTPayload, want: { issuer: string; projectId: string }): FirebaseIdentity {
  const now = Math.floor(Date.now() / 1000)
  const bad = (what: string) => unauthenticated(`The sign-in token is not valid: ${what}.`)
  if (p.iss !== want.issuer) throw bad('it was issued for another Firebase project (iss)')
  if (p.aud !== want.projectId) throw bad('it was issued for another Firebase project (aud)')
  if (typeof p.exp !== 'number') throw bad('it has no expiry (exp)')
  if (p.exp <= now) throw unauthenticated('Your sign-in has expired. Please sign in again.')
  if (typeof p.iat !== 'number' || p.iat > now + CLOCK_SKEW_SECONDS) throw bad('its issue time (iat) is missing or in the future')
  if (p.auth_time !== undefined && (typeof p.auth_time !== 'number' || p.auth_time > now + CLOCK_SKEW_SECONDS))
    throw bad('its sign-in time (auth_time) is in the future')
  if (typeof p.sub !== 'string' || p.sub.length === 0 || p.sub.length > 128) throw bad('it names no user (sub)')
  const email = p.email
  if (typeof email !== 'string' || !email.includes('@')) throw bad('it carries no e-mail address; sign in with e-mail or Google')
  return {
    uid: p.sub,
    email: email.trim().toLowerCase(),
    emailVerified: p.email_verified === true,
    ...(typeof p.name === 'string' && p.name.trim() ? { name: p.name.trim() } : {}),
    ...(typeof p.picture === 'string' && p.picture ? { picture: p.picture } : {}),
  }
}

function firebaseTokenError(err: unknown): ApiError {
  if (err instanceof errors.JWTExpired) return unauthenticated('Your sign-in has expired. Please sign in again.')
  if (err instanceof errors.JWTClaimValidationFailed)
    return unauthenticated(`The sign-in token is not valid: its ${err.claim} claim does not match this shop's Firebase project.`)
  if (err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported)
    return unauthenticated('The sign-in token is not a Firebase ID token (Firebase signs with RS256).')
  if (err instanceof errors.JWKSNoMatchingKey) return unauthenticated('The sign-in token was signed with a key Google does not publish.')
  if (err instanceof errors.JWSSignatureVerificationFailed) return unauthenticated('The sign-in token has a bad signature.')
  if (err instanceof errors.JWSInvalid || err instanceof errors.JWTInvalid) return unauthenticated('The sign-in token is malformed.')
  // NOTE: the key server being unreachable is not the caller's fault; a 401 would sign them out.
  if (err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid || !(err instanceof errors.JOSEError) || err.code === 'ERR_JOSE_GENERIC') {
    console.error('Fetching Google securetoken keys failed', err)
    return new ApiError(502, 'PROVIDER_FAILED', 'Could not check the sign-in with Google right now. Please try again.')
  }
  return unauthenticated('The sign-in token is not valid.')
}

// ─── The API's own access tokens ────────────────────────────────────────────────────────

export const ACCESS_TOKEN_ISSUER = 'toolhaus'
export const ACCESS_TOKEN_TTL_SECONDS = 24 * 60 * 60

const secretKey = (config: Config) => new TextEncoder().encode(config.ACCESS_TOKEN_SECRET)

/**
 * Issues the API's access token: a JWT, HS256 with ACCESS_TOKEN_SECRET, `sub` the
 * lower-cased e-mail, `iss` 'toolhaus', `iat` now, `exp` in 24 h. It names the user only;
 * the role is read from the database on each request.
 */
export async function issueAccessToken(email: string, config: Config): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(email.trim().toLowerCase())
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(secretKey(config))
}

/**
 * Verifies an access token from {@link issueAccessToken}: HS256 only (so never `alg: none`
 * nor a Firebase ID token), our secret, our issuer, not expired.
 * @returns the lower-cased e-mail it was issued for.
 * @throws ApiError 401 UNAUTHENTICATED otherwise.
 */
export async function verifyAccessToken(token: string, config: Config): Promise<{ email: string }> {
  readHeader(token, 'access token')
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(token, secretKey(config), {
      algorithms: ['HS256'],
      issuer: ACCESS_TOKEN_ISSUER,
      requiredClaims: ['sub', 'iat', 'exp'],
    }))
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw unauthenticated('Your session has expired. Please sign in again.')
    if (err instanceof errors.JOSEAlgNotAllowed) throw unauthenticated('This is not an access token of this shop. Sign in to get one.')
    if (err instanceof errors.JWSSignatureVerificationFailed) throw unauthenticated('The access token has a bad signature. Please sign in again.')
    throw unauthenticated('The access token is not valid. Please sign in again.')
  }
  const sub = payload.sub
  if (typeof sub !== 'string' || !sub.includes('@')) throw unauthenticated('The access token names no user. Please sign in again.')
  return { email: sub.toLowerCase() }
}

function readHeader(token: string, what: string): ProtectedHeaderParameters {
  try {
    return decodeProtectedHeader(token)
  } catch {
    throw unauthenticated(`The ${what} is malformed.`)
  }
}

// ─── Middleware and guards ───────────────────────────────────────────────────────────────

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

const sessionUserQuery = (db: Db, email: string) =>
  db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1)

/** The user row behind a session, or undefined when the account no longer exists. */
export async function findSessionUser(db: Db, email: string): Promise<SessionUser | undefined> {
  return sessionUserQuery(db, email).get()
}

/** The e-mail of the request's access token. @throws ApiError 401 for a missing, malformed, expired or forged token. */
const accessTokenEmail = async <E extends AppEnv>(c: Context<E>) => (await verifyAccessToken(bearerToken(c), c.var.config)).email

/** Sets `c.var.user` to the account found for the token. @throws ApiError 401 for a removed user. */
function startSession<E extends AppEnv>(c: Context<E>, user: SessionUser | undefined): SessionUser {
  if (!user) throw unauthenticated('This account no longer exists. Please sign in again.')
  c.set('user', user)
  return user
}

/**
 * Authenticates the request's access token, loads its user from D1 (every request, so a
 * promotion or a removal takes effect at once) and sets `c.var.user`.
 * @throws ApiError 401 for a missing, malformed, expired or forged token, or a removed user.
 */
export async function authenticate<E extends AppEnv>(c: Context<E>): Promise<SessionUser> {
  return startSession(c, await findSessionUser(getDb(c.env), await accessTokenEmail(c)))
}

/** Middleware: a valid access token of an existing user (any role); sets `c.var.user`. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  await authenticate(c)
  await next()
})

/**
 * Middleware for a read that {@link authenticateAlong} finishes: checks the access token
 * (signature, expiry; no D1 yet) and sets `c.var.tokenEmail`. 401 as {@link requireUser}.
 */
export const requireAccessToken = createMiddleware<AppEnv>(async (c, next) => {
  c.set('tokenEmail', await accessTokenEmail(c))
  await next()
})

/**
 * After {@link requireAccessToken}: loads the session user in the same D1 batch as `query`
 * (one round trip instead of two) and sets `c.var.user`. Only for reads: `query` runs before
 * the caller's rights are known, so check them (e.g. {@link assertSelfOrAdmin}) before
 * answering with its result.
 * @throws ApiError 401 for a removed user.
 */
export async function authenticateAlong<E extends AppEnv, Q extends BatchItem<'sqlite'>>(c: Context<E>, query: Q): Promise<BatchResponse<[Q]>[0]> {
  const email = c.var.tokenEmail
  if (!email) throw unauthenticated()
  const db = getDb(c.env)
  const [[user], result] = await db.batch([sessionUserQuery(db, email), query])
  startSession(c, user)
  return result
}

/** Middleware: like {@link requireUser}, and the user must be an admin (403 otherwise). */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
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
    throw forbidden("You can only see or change your own account.")
  }
  return user
}
