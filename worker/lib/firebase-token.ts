import { createRemoteJWKSet, decodeJwt, errors, type JWTPayload, jwtVerify } from 'jose'
import type { Config } from '../env'
import { UNSEEN_CHARACTERS } from '../schemas/text'
import { ApiError, unauthenticated } from './errors'
import { tokenHeader } from './jwt'

/** Google's public keys for Firebase ID tokens (securetoken service account). */
const GOOGLE_SECURETOKEN_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'

/** What the API takes from a verified Firebase ID token. */
export type FirebaseIdentity = {
  /** Firebase uid (`sub`). */
  uid: string
  /** The token's e-mail, lower-cased. */
  email: string
  emailVerified: boolean
  /** When the person signed in to Firebase (`auth_time`, seconds); a token refresh keeps it. */
  authTime?: number
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
function acceptsEmulatorTokens(config: Config): boolean {
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
  if (!projectId)
    throw new ApiError(503, 'NOT_CONFIGURED', 'Sign-in is not configured: FIREBASE_PROJECT_ID is not set.')
  const issuer = `https://securetoken.google.com/${projectId}`
  const header = tokenHeader(token, 'sign-in token')

  let payload: JWTPayload
  if (header.alg === 'none') {
    if (!acceptsEmulatorTokens(config)) {
      throw unauthenticated(
        'The sign-in token is not signed. Unsigned tokens are accepted only from the Firebase Auth emulator in development.',
      )
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
  if (typeof p.iat !== 'number' || p.iat > now + CLOCK_SKEW_SECONDS)
    throw bad('its issue time (iat) is missing or in the future')
  if (p.auth_time !== undefined && (typeof p.auth_time !== 'number' || p.auth_time > now + CLOCK_SKEW_SECONDS))
    throw bad('its sign-in time (auth_time) is in the future')
  if (typeof p.sub !== 'string' || p.sub.length === 0 || p.sub.length > 128) throw bad('it names no user (sub)')
  const email = p.email
  if (typeof email !== 'string' || !email.includes('@'))
    throw bad('it carries no e-mail address; sign in with e-mail or Google')
  // NOTE: compared exactly (lower-cased only): a claim with white space or invisible
  // characters is never "the same address" as a clean one.
  if (email.replace(UNSEEN_CHARACTERS, '') !== email)
    throw bad('its e-mail address contains white space or invisible characters')
  // Nor is one whose lower-casing turns a letter from outside ASCII into an ASCII one (the Kelvin
  // sign K into k, İ into i): another Firebase account would read as the clean address's owner.
  if ([...email].some((ch) => ch > '\x7f' && /[a-z]/.test(ch.toLowerCase())))
    throw bad('its e-mail address contains a letter that reads as another once lower-cased')
  return {
    uid: p.sub,
    email: email.toLowerCase(),
    emailVerified: p.email_verified === true,
    ...(typeof p.auth_time === 'number' ? { authTime: p.auth_time } : {}),
    ...(typeof p.name === 'string' && p.name.trim() ? { name: p.name.trim() } : {}),
    ...(typeof p.picture === 'string' && p.picture ? { picture: p.picture } : {}),
  }
}

function firebaseTokenError(err: unknown): ApiError {
  if (err instanceof errors.JWTExpired) return unauthenticated('Your sign-in has expired. Please sign in again.')
  if (err instanceof errors.JWTClaimValidationFailed)
    return unauthenticated(
      `The sign-in token is not valid: its ${err.claim} claim does not match this shop's Firebase project.`,
    )
  if (err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported)
    return unauthenticated('The sign-in token is not a Firebase ID token (Firebase signs with RS256).')
  if (err instanceof errors.JWKSNoMatchingKey)
    return unauthenticated('The sign-in token was signed with a key Google does not publish.')
  if (err instanceof errors.JWSSignatureVerificationFailed)
    return unauthenticated('The sign-in token has a bad signature.')
  if (err instanceof errors.JWSInvalid || err instanceof errors.JWTInvalid)
    return unauthenticated('The sign-in token is malformed.')
  // NOTE: the key server being unreachable is not the caller's fault; a 401 would sign them out.
  if (
    err instanceof errors.JWKSTimeout ||
    err instanceof errors.JWKSInvalid ||
    !(err instanceof errors.JOSEError) ||
    err.code === 'ERR_JOSE_GENERIC'
  ) {
    console.error('Fetching Google securetoken keys failed', err)
    return new ApiError(502, 'PROVIDER_FAILED', 'Could not check the sign-in with Google right now. Please try again.')
  }
  return unauthenticated('The sign-in token is not valid.')
}
