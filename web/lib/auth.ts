import type { User } from 'firebase/auth'
import { useSyncExternalStore } from 'react'
import type { UserProfile } from '../../worker/schemas/user'
import { api, ApiRequestError, configureApiAuth, unwrap } from './api'
import { getFirebaseAuth } from './firebase'
import { queryClient } from './query-client'

/** The key the spec stores the API's access token under. */
export const TOKEN_KEY = 'accessToken'

export type AuthSnapshot =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; user: { uid: string; email: string; displayName: string; photoURL: string | null }; profile: UserProfile }

let snapshot: AuthSnapshot = { status: 'loading' }
const listeners = new Set<() => void>()
let firstState: Promise<void> | undefined
let inFlight: { uid: string; promise: Promise<void> } | undefined
let navigateToLogin: (from: string) => void = () => {}

const storage = {
  get: () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY)),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
}

function set(next: AuthSnapshot) {
  snapshot = next
  listeners.forEach((l) => l())
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
      user: { uid: user.uid, email, displayName: extra.name ?? user.displayName ?? profile.name, photoURL: user.photoURL },
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

/** The `exp` of an access token in ms, read without verifying (the server verifies it). */
function expiresAtMs(token: string): number | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined
  } catch {
    return undefined
  }
}

/**
 * Only a Firebase ID token renews a session: a few minutes before the access token ends, a
 * page left open gets a fresh ID token from Firebase (which refreshes its own) and exchanges
 * it again. A person who stays signed in never sees the sign-in page; one whose Firebase
 * account is gone is signed out then.
 */
function scheduleRenewal(token: string) {
  clearTimeout(renewalTimer)
  const exp = expiresAtMs(token)
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

export const auth = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  get snapshot() {
    return snapshot
  },
  /**
   * Starts at boot. Firebase is loaded at once only when a session is stored; a visitor who
   * never signed in does not download it until they open the login page or a guarded route.
   */
  start() {
    if (storage.get()) void listen()
    else set({ status: 'signedOut' })
  },
  /** The first known auth state; route guards await it so nothing protected flashes. */
  async ready(): Promise<AuthSnapshot> {
    if (firstState || storage.get()) await listen()
    return snapshot
  },
  async signInWithPassword(email: string, password: string) {
    void listen()
    const [firebaseAuth, { signInWithEmailAndPassword }] = await Promise.all([getFirebaseAuth(), import('firebase/auth')])
    const credential = await signInWithEmailAndPassword(firebaseAuth, email, password)
    await establish(credential.user)
  },
  async signUp(name: string, email: string, password: string) {
    void listen()
    const [firebaseAuth, { createUserWithEmailAndPassword, updateProfile }] = await Promise.all([getFirebaseAuth(), import('firebase/auth')])
    const credential = await createUserWithEmailAndPassword(firebaseAuth, email, password)
    await updateProfile(credential.user, { displayName: name })
    await establish(credential.user, { name })
  },
  async signInWithGoogle() {
    void listen()
    const [firebaseAuth, { GoogleAuthProvider, signInWithPopup, browserPopupRedirectResolver }] = await Promise.all([
      getFirebaseAuth(),
      import('firebase/auth'),
    ])
    const credential = await signInWithPopup(firebaseAuth, new GoogleAuthProvider(), browserPopupRedirectResolver)
    await establish(credential.user)
  },
  /**
   * After a 403 EMAIL_NOT_VERIFIED: signs in with the same e-mail and password once more, has
   * Firebase send its verification e-mail, and signs out again. Once the owner opens the link,
   * the password sign-in is verified and works.
   */
  async sendVerificationEmail(email: string, password: string) {
    const [firebaseAuth, { signInWithEmailAndPassword, sendEmailVerification, signOut }] = await Promise.all([getFirebaseAuth(), import('firebase/auth')])
    const credential = await signInWithEmailAndPassword(firebaseAuth, email, password)
    try {
      await sendEmailVerification(credential.user)
    } finally {
      await signOut(firebaseAuth)
    }
  },
  /** Updates the account's display name (the spec's 'No user is logged in' when nobody is). */
  async updateDisplayName(name: string) {
    const [firebaseAuth, { updateProfile }] = await Promise.all([getFirebaseAuth(), import('firebase/auth')])
    if (!firebaseAuth.currentUser) throw new Error('No user is logged in')
    await updateProfile(firebaseAuth.currentUser, { displayName: name })
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

export type Auth = typeof auth

// A 401 renews the access token once (through Firebase); when that fails the user is signed out and sent to /login.
configureApiAuth(storage.get, renewSession)

/** The current auth state, re-rendering on change. */
export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(auth.subscribe, () => snapshot)
}
