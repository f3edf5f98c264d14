import { decodeProtectedHeader, type ProtectedHeaderParameters } from 'jose'
import { unauthenticated } from './errors'

/**
 * The protected header of a JWT, before anything is verified.
 * @throws ApiError 401 naming `what` when the token is not a JWT.
 */
export function tokenHeader(token: string, what: string): ProtectedHeaderParameters {
  try {
    return decodeProtectedHeader(token)
  } catch {
    throw unauthenticated(`The ${what} is malformed.`)
  }
}

/** True for the API's own access tokens (HS256); Firebase ID tokens are RS256 or, from the emulator, unsigned. */
export function isHs256(token: string): boolean {
  try {
    return decodeProtectedHeader(token).alg === 'HS256'
  } catch {
    return false
  }
}
