import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose'
import type { AccessTokenClaims, Config } from '../env'
import { unauthenticated } from './errors'
import { tokenHeader } from './jwt'

const ACCESS_TOKEN_ISSUER = 'toolhaus'
const ACCESS_TOKEN_TTL_SECONDS = 24 * 60 * 60

const secretKey = (config: Config) => new TextEncoder().encode(config.ACCESS_TOKEN_SECRET)

/**
 * Issues the API's access token: a JWT, HS256 with ACCESS_TOKEN_SECRET, `sub` the
 * lower-cased e-mail, `sv` the account's session version (raising it ends the session),
 * `iss` 'toolhaus', `iat` now, `exp` in 24 h, or earlier when `notAfter` (seconds) says so:
 * a token renewed with a token never outlives it. It names the user only; the role is read
 * from the database on each request.
 */
export async function issueAccessToken(
  email: string,
  sessionVersion: number,
  config: Config,
  notAfter?: number,
): Promise<string> {
  const exp = Math.min(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS, notAfter ?? Number.POSITIVE_INFINITY)
  return new SignJWT({ sv: sessionVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(email.toLowerCase())
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(secretKey(config))
}

/**
 * Verifies an access token from {@link issueAccessToken}: HS256 only (so never `alg: none`
 * nor a Firebase ID token), our secret, our issuer, not expired, with a session version.
 * @throws ApiError 401 UNAUTHENTICATED otherwise.
 */
export async function verifyAccessToken(token: string, config: Config): Promise<AccessTokenClaims> {
  tokenHeader(token, 'access token')
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(token, secretKey(config), {
      algorithms: ['HS256'],
      issuer: ACCESS_TOKEN_ISSUER,
      requiredClaims: ['sub', 'iat', 'exp', 'sv'],
    }))
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw unauthenticated('Your session has expired. Please sign in again.')
    if (err instanceof errors.JOSEAlgNotAllowed)
      throw unauthenticated('This is not an access token of this shop. Sign in to get one.')
    if (err instanceof errors.JWSSignatureVerificationFailed)
      throw unauthenticated('The access token has a bad signature. Please sign in again.')
    throw unauthenticated('The access token is not valid. Please sign in again.')
  }
  const { sub, sv, exp } = payload
  if (typeof sub !== 'string' || !sub.includes('@'))
    throw unauthenticated('The access token names no user. Please sign in again.')
  if (typeof sv !== 'number' || !Number.isInteger(sv))
    throw unauthenticated('The access token is not valid. Please sign in again.')
  return { email: sub.toLowerCase(), sessionVersion: sv, exp: exp! }
}
