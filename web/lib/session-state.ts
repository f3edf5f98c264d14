import type { UserProfile } from '#schemas/user.ts'
import { tokenExpiresAtMs, tokenStore } from './token-store'

/**
 * Who is signed in, as every component reads it (useSession): a small store in the entry chunk.
 * What changes it (Firebase, the token exchange, renewal, sign-out) is web/lib/session-auth.ts,
 * loaded when a session is stored or someone signs in.
 */
export type AuthSnapshot =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | {
      status: 'signedIn'
      /** `emailVerified`: Firebase's word; ordering needs a verified address (EMAIL_NOT_VERIFIED). */
      user: { uid: string; email: string; displayName: string; photoURL: string | null; emailVerified: boolean }
      profile: UserProfile
    }

export const LOADING: AuthSnapshot = { status: 'loading' }
let snapshot: AuthSnapshot = LOADING
const listeners = new Set<() => void>()

/**
 * The signed-in state kept beside the access token it came with, so that the next page load
 * starts signed in at once (restoredSession) instead of waiting for Firebase and the exchange.
 */
const KEPT_KEY = 'session'
/** A kept state is used only while its token has this long left (else the exchange renews it first). */
const RESTORE_MIN_LEFT_MS = 5 * 60_000
type Kept = { token: string; state: Extract<AuthSnapshot, { status: 'signedIn' }> }

function keep(next: AuthSnapshot) {
  if (typeof localStorage === 'undefined') return
  const token = tokenStore.get()
  if (next.status === 'signedIn' && token) localStorage.setItem(KEPT_KEY, JSON.stringify({ token, state: next }))
  else if (next.status === 'signedOut') localStorage.removeItem(KEPT_KEY)
}

/**
 * The state the last page kept, when the access token stored now is the one it came with and
 * has more than a few minutes left: the page renders signed in at once, and Firebase attaches
 * behind it (web/lib/session-auth.ts renews the session as ever). Anything else: undefined.
 */
export function restoredSession(): Kept['state'] | undefined {
  const token = tokenStore.get()
  const ends = token ? tokenExpiresAtMs(token) : undefined
  if (!token || ends === undefined || ends - Date.now() < RESTORE_MIN_LEFT_MS) return undefined
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT_KEY) ?? 'null') as Kept | null
    return kept?.token === token && kept.state?.status === 'signedIn' ? kept.state : undefined
  } catch {
    return undefined
  }
}

export const authState = {
  get: () => snapshot,
  set(next: AuthSnapshot) {
    snapshot = next
    keep(next)
    for (const l of listeners) l()
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** Sends a person whose session ended to /login (set by web/main.tsx with the router). */
  navigateToLogin: (_from: string) => {},
}
