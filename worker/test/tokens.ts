/**
 * Tokens for worker tests: Firebase ID tokens (the Auth emulator's unsigned kind and real
 * RS256 ones from the fake Google key server) and the API's own access tokens, valid or
 * broken in the ways an attacker would try.
 */
import { env } from 'cloudflare:workers'
import { generateKeyPair, importJWK, type JWTPayload, SignJWT } from 'jose'
import { expect, inject } from 'vitest'
import type { UserProfile } from '#schemas/user.ts'
import { type Bindings, call, json } from './helpers'

const PROJECT_ID: string = env.FIREBASE_PROJECT_ID || 'demo-storefront'
const ACCESS_SECRET: string = (env as unknown as { ACCESS_TOKEN_SECRET: string }).ACCESS_TOKEN_SECRET

export type IdTokenClaims = {
  email: string
  /** Firebase uid; derived from the e-mail when left out. */
  sub?: string
  name?: string
  picture?: string
  /** Seconds since the epoch; an hour from now when left out. */
  exp?: number
  iat?: number
  aud?: string
  iss?: string
  /** `email_verified`; true when left out (like the seeded emulator accounts). */
  emailVerified?: boolean
  /**
   * `auth_time`, when the person signed in to Firebase. Left out, every token is a sign-in of its
   * own (a distinct second in the past); the same value is one sign-in's refreshed token.
   */
  authTime?: number
}

/** Default sign-in times: distinct, rising, in the past. */
let signInsSoFar = Math.floor(Date.now() / 1000) - 100_000

const now = () => Math.floor(Date.now() / 1000)
const b64url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

/** A stable fake uid for an e-mail. */
export const uidFor = (email: string) => `uid-${email.toLowerCase().replace(/[^a-z0-9]/g, '-')}`.slice(0, 128)

/** The claims Firebase puts in an ID token. */
function idTokenPayload(c: IdTokenClaims): JWTPayload {
  const t = now()
  const sub = c.sub ?? uidFor(c.email)
  return {
    iss: c.iss ?? `https://securetoken.google.com/${PROJECT_ID}`,
    aud: c.aud ?? PROJECT_ID,
    auth_time: c.authTime ?? ++signInsSoFar,
    user_id: sub,
    sub,
    iat: c.iat ?? t,
    exp: c.exp ?? t + 3600,
    email: c.email,
    email_verified: c.emailVerified ?? true,
    ...(c.name !== undefined ? { name: c.name } : {}),
    ...(c.picture !== undefined ? { picture: c.picture } : {}),
    firebase: { identities: { email: [c.email] }, sign_in_provider: 'password' },
  }
}

/** An unsigned ID token shaped like the Firebase Auth emulator's (`alg: none`, empty signature). */
export function emulatorIdToken(claims: IdTokenClaims): string {
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(idTokenPayload(claims))}.`
}

let otherKey: Promise<CryptoKey> | undefined

/**
 * A real RS256 ID token signed with the fake Google key (see fake-google.ts). The app
 * verifies it only when called with {@link fakeGoogle}'s bindings.
 * `key: 'other'` signs with a key Google does not publish, under the published `kid`.
 */
export async function signedIdToken(
  claims: IdTokenClaims,
  opts: { key?: 'google' | 'other'; kid?: string } = {},
): Promise<string> {
  const key =
    opts.key === 'other'
      ? await (otherKey ??= generateKeyPair('RS256').then((pair) => pair.privateKey))
      : await importJWK(inject('googlePrivateJwk'), 'RS256')
  return new SignJWT(idTokenPayload(claims))
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: opts.kid ?? inject('googleKid') })
    .sign(key)
}

/** The bindings with which the app fetches Google's keys from the fake key server: `call(…, { env: fakeGoogle() })`. */
export const fakeGoogle = (overrides: Bindings = {}): Bindings => ({
  FIREBASE_JWKS_URL: inject('jwksUrl'),
  ...overrides,
})

export type AccessTokenVariant = 'valid' | 'expired' | 'wrongSecret' | 'algNone' | 'wrongIssuer' | 'noSubject'

/**
 * An access token for `email` as the API would issue it, or broken on purpose:
 * expired, signed with another secret, unsigned (`alg: none`), another issuer, no `sub`.
 */
export async function accessTokenFor(
  email: string,
  opts: { variant?: AccessTokenVariant; sessionVersion?: number; secret?: string } = {},
): Promise<string> {
  const variant = opts.variant ?? 'valid'
  const t = now()
  // The account's current session version (1 for an account not made yet), unless told.
  const sv =
    opts.sessionVersion ??
    (
      await env.DB.prepare('select session_version as sv from users where email = ?')
        .bind(email.toLowerCase())
        .first<{ sv: number }>()
    )?.sv ??
    1
  const claims: JWTPayload = {
    ...(variant === 'noSubject' ? {} : { sub: email.toLowerCase() }),
    sv,
    iss: variant === 'wrongIssuer' ? 'someone-else' : 'toolhaus',
    iat: variant === 'expired' ? t - 2 * 86400 : t,
    exp: variant === 'expired' ? t - 86400 : t + 86400,
  }
  if (variant === 'algNone') return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`
  const secret =
    variant === 'wrongSecret' ? 'not-the-secret-but-just-as-long-as-the-real-one' : (opts.secret ?? ACCESS_SECRET)
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret))
}

/**
 * Signs in through the real route (PUT /api/user/{email} with an emulator ID token) and
 * returns the access token; `profile` for the rest of the answer.
 */
export async function signIn(email: string, claims: Partial<IdTokenClaims> = {}): Promise<string> {
  return (await signInFull(email, claims)).accessToken
}

/** Like {@link signIn}, returning the saved profile too. */
export async function signInFull(
  email: string,
  claims: Partial<IdTokenClaims> = {},
): Promise<{ profile: UserProfile; accessToken: string }> {
  const res = await call('PUT', `/api/user/${email}`, { as: emulatorIdToken({ ...claims, email }), body: { email } })
  expect(res.status, `sign-in of ${email}`).toBe(200)
  const [profile, accessToken] = await json<[UserProfile, string]>(res)
  return { profile, accessToken }
}
