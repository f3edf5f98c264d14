import type { UserProfile } from '#schemas/user.ts'

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

export const authState = {
  get: () => snapshot,
  set(next: AuthSnapshot) {
    snapshot = next
    for (const l of listeners) l()
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** Sends a person whose session ended to /login (set by web/main.tsx with the router). */
  navigateToLogin: (_from: string) => {},
}
