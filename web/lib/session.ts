import { queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from 'firebase/auth'
import { useSyncExternalStore } from 'react'
import type { UserProfile } from '#schemas/user.ts'
import { ApiRequestError, api, configureApiAuth, unwrap } from './api'
import { getFirebaseAuth } from './firebase'
import { queryClient } from './query-client'
import { tokenExpiresAtMs, tokenStore } from './token-store'

export type AuthSnapshot =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | {
      status: 'signedIn'
      user: { uid: string; email: string; displayName: string; photoURL: string | null }
      profile: UserProfile
    }

const LOADING: AuthSnapshot = { status: 'loading' }
let snapshot: AuthSnapshot = LOADING
const listeners = new Set<() => void>()
let firstState: Promise<void> | undefined
let inFlight: { uid: string; promise: Promise<void> } | undefined
let navigateToLogin: (from: string) => void = () => {}

const storage = tokenStore

function set(next: AuthSnapshot) {
  snapshot = next
  for (const l of listeners) l()
}

/** Exchanges the Firebase ID token for the API's access token and loads the profile. */
async function establish(user: User, extra: { name?: string } = {}, forceRefresh = false): Promise<void> {
  if (inFlight?.uid === user.uid && !extra.name && !forceRefresh) return inFlight.promise
  const promise = (async () => {
    const email = (user.email ?? '').toLowerCase()
    const idToken = await user.getIdToken(forceRefresh)
    const name = extra.name ?? user.displayName ?? undefined
    const [profile, accessToken] = await unwrap(
      api.user[':email'].$put(
        { param: { email }, json: { email, ...(name ? { name } : {}) } },
        { headers: { Authorization: `Bearer ${idToken}` } },
      ),
    )
    storage.set(accessToken)
    scheduleRenewal(accessToken)
    set({
      status: 'signedIn',
      user: {
        uid: user.uid,
        email,
        displayName: extra.name ?? user.displayName ?? profile.name,
        photoURL: user.photoURL,
      },
      profile,
    })
  })()
  inFlight = { uid: user.uid, promise }
  try {
    await promise
  } finally {
    if (inFlight?.promise === promise) inFlight = undefined
  }
}

/** Renew this long before the access token ends. */
const RENEW_BEFORE_MS = 5 * 60_000
let renewalTimer: ReturnType<typeof setTimeout> | undefined

/**
 * Only a Firebase ID token renews a session: a few minutes before the access token ends, a
 * page left open gets a fresh ID token from Firebase (which refreshes its own) and exchanges
 * it again. A person who stays signed in never sees the sign-in page; one whose Firebase
 * account is gone is signed out then.
 */
function scheduleRenewal(token: string) {
  clearTimeout(renewalTimer)
  const exp = tokenExpiresAtMs(token)
  if (exp === undefined || typeof window === 'undefined') return
  // setTimeout's limit is about 24.8 days; tokens last a day at most.
  renewalTimer = setTimeout(() => void renewSession(), Math.max(0, exp - Date.now() - RENEW_BEFORE_MS))
}

async function renewSession(): Promise<boolean> {
  try {
    const firebaseAuth = await getFirebaseAuth()
    if (!firebaseAuth.currentUser) throw new Error('No user is logged in')
    await establish(firebaseAuth.currentUser, {}, true)
    return true
  } catch (error) {
    if (isUnreachable(error)) {
      // Try again in a minute: an outage is no verdict.
      renewalTimer = setTimeout(() => void renewSession(), 60_000)
      return false
    }
    await signOutQuietly()
    navigateToLogin(window.location.pathname + window.location.search)
    return false
  }
}

/** Attaches to Firebase (loading it if needed) and resolves once the first auth state is handled. */
function listen(): Promise<void> {
  firstState ??= new Promise<void>((resolve) => {
    getFirebaseAuth().then(
      async (firebaseAuth) => {
        const { onAuthStateChanged } = await import('firebase/auth')
        onAuthStateChanged(firebaseAuth, async (user) => {
          if (!user) {
            storage.clear()
            set({ status: 'signedOut' })
          } else {
            try {
              await establish(user)
            } catch (error) {
              // The API refused the account (removed): sign out for good. Not reaching it (the
              // page being left mid-request, the network, a 5xx) is no verdict: this page stays
              // signed out, but the stored session is kept so the next page load signs back in.
              if (isUnreachable(error)) set({ status: 'signedOut' })
              else await signOutQuietly()
            }
          }
          resolve()
        })
      },
      () => {
        set({ status: 'signedOut' })
        resolve()
      },
    )
  })
  return firstState
}

/** A failure to reach the API or Firebase (fetch's TypeError, a 5xx, Firebase's network error), as opposed to a "no". */
const isUnreachable = (error: unknown) =>
  error instanceof TypeError ||
  (error instanceof ApiRequestError && error.status >= 500) ||
  (error as { code?: unknown } | null)?.code === 'auth/network-request-failed'

/** Query keys whose data is the same for everybody; all others are the signed-in user's. */
const PUBLIC_QUERY_ROOTS = new Set(['tools', 'reviews'])

async function signOutQuietly() {
  clearTimeout(renewalTimer)
  storage.clear()
  // NOTE: drop only private data; clearing everything would cancel the public queries a page
  // is loading at that moment and surface their CancelledError.
  queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.has(String(query.queryKey[0])) })
  set({ status: 'signedOut' })
  if (firstState) {
    const [firebaseAuth, { signOut }] = await Promise.all([getFirebaseAuth(), import('firebase/auth')])
    await signOut(firebaseAuth)
  }
}

export const session = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  get snapshot() {
    return snapshot
  },
  /**
   * Boots the session store. Firebase is loaded at once only when a session is stored; a visitor
   * who never signed in does not download it until they open the login page or a guarded route.
   */
  boot() {
    if (storage.get()) void listen()
    else set({ status: 'signedOut' })
  },
  /** The first known auth state; route guards await it so nothing protected flashes. */
  async ready(): Promise<AuthSnapshot> {
    if (firstState || storage.get()) await listen()
    return snapshot
  },
  /** Starts the session of a Firebase user who just signed in (the sign-in forms call it). */
  async start(user: User, extra: { name?: string } = {}) {
    void listen()
    await establish(user, extra)
  },
  /** Keeps the snapshot's display name in step after Firebase changed it. */
  setDisplayName(name: string) {
    if (snapshot.status === 'signedIn') set({ ...snapshot, user: { ...snapshot.user, displayName: name } })
  },
  /** Keeps the snapshot's profile in step after a successful profile update. */
  setProfile(profile: UserProfile) {
    if (snapshot.status === 'signedIn') set({ ...snapshot, profile })
  },
  /** Sign Out: clears the Firebase session, the stored token and the query cache. */
  signOut: signOutQuietly,
  setNavigator(fn: (from: string) => void) {
    navigateToLogin = fn
  },
}

export type Session = typeof session

// A 401 renews the access token once (through Firebase); when that fails the user is signed out and sent to /login.
configureApiAuth(storage.get, renewSession)

/** The spec's admin lookup, GET /api/admin/{email}: the one answer to "is this user an admin". */
export const adminQuery = (email: string) =>
  queryOptions({
    queryKey: ['users', 'admin', email] as const,
    queryFn: async () => (await unwrap(api.admin[':email'].$get({ param: { email } }))).admin,
    staleTime: 0,
  })

export type SessionState = AuthSnapshot & { isAdmin: boolean }

/**
 * The one source of who is signed in, for every component (navbar, footer, sidebar, pages):
 * the session's state, re-rendering on change, and whether the user is an admin.
 */
export function useSession(): SessionState {
  // The server does not know who reads the page (the token lives in the browser): it renders, and
  // the browser hydrates, the 'loading' state; the real one follows at once.
  const state = useSyncExternalStore(
    session.subscribe,
    () => snapshot,
    () => LOADING,
  )
  const email = state.status === 'signedIn' ? state.user.email : ''
  const { data: isAdmin = false } = useQuery({ ...adminQuery(email), enabled: Boolean(email) })
  return { ...state, isAdmin: Boolean(email) && isAdmin }
}
