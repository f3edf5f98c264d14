import type { User } from 'firebase/auth'
import { useSyncExternalStore } from 'react'
import type { UserProfile } from '#schemas/user.ts'
import { type AuthSnapshot, authState, LOADING, restoredSession } from './session-state'
import { lateRenewal, tokenStore } from './token-store'

export type { AuthSnapshot }

/**
 * The session's code beyond its state (Firebase, the token exchange, renewal), loaded when a
 * session is stored or someone signs in: the visitor who only reads the shop never loads it.
 */
let authRequested = false
const loadAuth = () => {
  authRequested = true
  return import('./session-auth')
}
lateRenewal.run = () => loadAuth().then((auth) => auth.renewSession())

export const session = {
  subscribe: authState.subscribe,
  get snapshot() {
    return authState.get()
  },
  /**
   * Boots the session store. Firebase is loaded at once only when a session is stored; a visitor
   * who never signed in does not download it until they open the login page or a guarded route.
   * A session the last page kept, with its token still good, is signed in at once: the page does
   * not wait for Firebase and the token exchange, which follow behind it.
   */
  boot() {
    if (!tokenStore.get()) return authState.set({ status: 'signedOut' })
    const restored = restoredSession()
    if (restored) authState.set(restored)
    void loadAuth().then(({ listen }) => listen())
  },
  /** The first known auth state; route guards await it so nothing protected flashes. */
  async ready(): Promise<AuthSnapshot> {
    // Nobody signed in and nothing started: the answer needs none of the session's code.
    if (!authRequested && !tokenStore.get()) return authState.get()
    // Restored at boot (or signed in since): known already.
    if (authState.get().status === 'signedIn') return authState.get()
    const { ready } = await loadAuth()
    return ready()
  },
  /** Starts the session of a Firebase user who just signed in (the sign-in forms call it). */
  async start(user: User, extra: { name?: string } = {}) {
    const { start } = await loadAuth()
    await start(user, extra)
  },
  /** After the verification link was opened: renews the session verified. @returns whether it is. */
  async recheckVerification(): Promise<boolean> {
    const { recheckVerification } = await loadAuth()
    return recheckVerification()
  },
  /** Keeps the snapshot's display name in step after Firebase changed it. */
  setDisplayName(name: string) {
    const snapshot = authState.get()
    if (snapshot.status === 'signedIn') authState.set({ ...snapshot, user: { ...snapshot.user, displayName: name } })
  },
  /** Keeps the snapshot's profile in step after a successful profile update. */
  setProfile(profile: UserProfile) {
    const snapshot = authState.get()
    if (snapshot.status === 'signedIn') authState.set({ ...snapshot, profile })
  },
  /** Sign Out: clears the Firebase session, the stored token and the query cache. */
  async signOut() {
    const { signOut } = await loadAuth()
    await signOut()
  },
  setNavigator(fn: (from: string) => void) {
    authState.navigateToLogin = fn
  },
}

export type Session = typeof session

/**
 * The one source of who is signed in, for every component (navbar, footer, sidebar, pages): the
 * session's state, re-rendering on change. Whether the user is an admin is `useIsAdmin()`
 * (web/lib/use-is-admin.ts): a query, which the pages most visitors open need not load.
 */
export function useSession(): AuthSnapshot {
  // The server does not know who reads the page (the token lives in the browser): it renders, and
  // the browser hydrates, the 'loading' state; the real one follows at once.
  return useSyncExternalStore(session.subscribe, authState.get, () => LOADING)
}
