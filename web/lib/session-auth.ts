import type { Query } from '@tanstack/react-query'
import type { User } from 'firebase/auth'
import { ApiRequestError, api, configureApiAuth, unwrap } from './api'
import { getFirebaseAuth } from './firebase'
import { queryClient } from './query-client'
import { authState } from './session-state'
import { tokenExpiresAtMs, tokenStore } from './token-store'

/**
 * What changes the session (web/lib/session.ts loads it): Firebase, the exchange of its ID token
 * for the API's access token, renewal and sign-out. A visitor who never signed in does not load
 * it, nor the API client and Firebase it brings, until they sign in.
 */

let firstState: Promise<void> | undefined
let inFlight: { uid: string; promise: Promise<void> } | undefined
/**
 * Counts sign-outs. An exchange that a sign-out overtook (Sign Out clicked while a renewal or the
 * sign-in's profile is still on its way) keeps neither its token nor its state: the page does not
 * show signed in again for a moment, nor call the API with a token Firebase's sign-out then clears.
 */
let signOuts = 0

const storage = tokenStore
const set = authState.set

/** Exchanges the Firebase ID token for the API's access token and loads the profile. */
async function establish(user: User, extra: { name?: string } = {}, forceRefresh = false): Promise<void> {
  if (inFlight?.uid === user.uid && !extra.name && !forceRefresh) return inFlight.promise
  const started = signOuts
  const promise = (async () => {
    const email = (user.email ?? '').toLowerCase()
    const idToken = await user.getIdToken(forceRefresh)
    // Only a name typed here (sign-up) is sent: the server keeps the name the account has, and fills
    // an empty one from the ID token (Google's), so a name edited in the profile or by an admin stays.
    const name = extra.name
    const [profile, accessToken] = await unwrap(
      api.user[':email'].$put(
        { param: { email }, json: { email, ...(name ? { name } : {}) } },
        { headers: { Authorization: `Bearer ${idToken}` } },
      ),
    )
    if (signOuts !== started) return
    storage.set(accessToken)
    scheduleRenewal(accessToken)
    set({
      status: 'signedIn',
      user: {
        uid: user.uid,
        email,
        displayName: profile.name || user.displayName || '',
        photoURL: user.photoURL,
        emailVerified: user.emailVerified,
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

export async function renewSession(): Promise<boolean> {
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
    await signOut()
    authState.navigateToLogin(window.location.pathname + window.location.search)
    return false
  }
}

/** Attaches to Firebase (loading it if needed) and resolves once the first auth state is handled. */
export function listen(): Promise<void> {
  firstState ??= new Promise<void>((resolve) => {
    getFirebaseAuth().then(
      async (firebaseAuth) => {
        const { onAuthStateChanged } = await import('firebase/auth')
        onAuthStateChanged(firebaseAuth, async (user) => {
          const now = authState.get()
          const token = storage.get()
          if (!user) await endSession()
          else if (now.status === 'signedIn' && now.user.uid === user.uid && token) {
            // Restored at boot (web/lib/session-state.ts) with a token still good, or signed in
            // by this page already: no exchange now; the renewal comes before the token ends.
            scheduleRenewal(token)
          } else {
            try {
              await establish(user)
            } catch (error) {
              // The API refused the account (removed): sign out for good. Not reaching it (the
              // page being left mid-request, the network, a 5xx) is no verdict: this page stays
              // signed out, but the stored session is kept so the next page load signs back in.
              if (isUnreachable(error)) set({ status: 'signedOut' })
              else await signOut()
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

/** The first known auth state; route guards await it so nothing protected flashes. */
export async function ready() {
  if (firstState || storage.get()) await listen()
  return authState.get()
}

/** Starts the session of a Firebase user who just signed in (the sign-in forms call it). */
export async function start(user: User, extra: { name?: string } = {}) {
  void listen()
  await establish(user, extra)
}

/**
 * After the owner opened the verification link: Firebase reloads the account and, once the
 * address reads verified, the session renews with a refreshed ID token of the same sign-in (the
 * API keeps the profile and the session: not a takeover). @returns whether it is verified now.
 */
export async function recheckVerification(): Promise<boolean> {
  const [firebaseAuth, { reload }] = await Promise.all([getFirebaseAuth(), import('firebase/auth')])
  const user = firebaseAuth.currentUser
  if (!user) throw new Error('No user is logged in')
  await reload(user)
  if (!user.emailVerified) return false
  await establish(user, {}, true)
  return true
}

/** A failure to reach the API or Firebase (fetch's TypeError, a 5xx, Firebase's network error), as opposed to a "no". */
const isUnreachable = (error: unknown) =>
  error instanceof TypeError ||
  (error instanceof ApiRequestError && error.status >= 500) ||
  (error as { code?: unknown } | null)?.code === 'auth/network-request-failed'

/** Query keys whose data is the same for everybody; all others are the signed-in user's. */
const PUBLIC_QUERY_ROOTS = new Set(['tools', 'reviews'])

/**
 * Ends the session in this page: signed out at once, then the token and the private data go.
 * NOTE: the token goes once the page has re-rendered signed out (React does that in a microtask).
 * A component drawn signed in a moment before (a section the home page revealed as its data came)
 * may not have run its effects yet; React runs them before that render, and a query they start
 * still goes with the token. Cleared first, that query went without it: a 401 in the console.
 */
async function endSession() {
  signOuts++
  inFlight = undefined
  clearTimeout(renewalTimer)
  set({ status: 'signedOut' })
  await new Promise((resolve) => setTimeout(resolve, 0))
  storage.clear()
  // NOTE: drop only private data; clearing everything would cancel the public queries a page
  // is loading at that moment and surface their CancelledError. A private query in flight (the
  // one whose 401 ended the session, on a page that started signed in) goes once it settles, for
  // the same reason.
  const isPrivate = (query: Query) => !PUBLIC_QUERY_ROOTS.has(String(query.queryKey[0]))
  for (const query of queryClient.getQueryCache().findAll({ predicate: isPrivate })) {
    const inFlight = query.promise
    if (!inFlight) queryClient.getQueryCache().remove(query)
    else void inFlight.catch(() => {}).finally(() => queryClient.getQueryCache().remove(query))
  }
}

/** Sign Out: ends the session here and Firebase's, clearing the stored token and private data. */
export async function signOut() {
  await endSession()
  if (firstState) {
    const [firebaseAuth, { signOut: signOutOfFirebase }] = await Promise.all([
      getFirebaseAuth(),
      import('firebase/auth'),
    ])
    await signOutOfFirebase(firebaseAuth)
  }
}

// A 401 renews the access token once (through Firebase); when that fails the user is signed out and sent to /login.
configureApiAuth(storage.get, renewSession)
