import type { Auth } from 'firebase/auth'
import type { PublicConfig } from '#schemas/config.ts'

let authPromise: Promise<Auth> | undefined

/**
 * Firebase Auth, loaded on first use (a dynamic import keeps firebase off the first paint)
 * and configured from GET /api/config: the Auth emulator locally, the real project in production.
 */
export function getFirebaseAuth(): Promise<Auth> {
  authPromise ??= (async () => {
    const [{ initializeApp }, authModule, config] = await Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
      fetch('/api/config').then((r) => r.json() as Promise<PublicConfig>),
    ])
    const app = initializeApp({
      apiKey: config.firebase.apiKey,
      authDomain: config.firebase.authDomain,
      projectId: config.firebase.projectId,
    })
    // NOTE: no popupRedirectResolver here: it would fetch Google's scripts at start-up.
    // It is passed to signInWithPopup only when the user asks for Google.
    const auth = authModule.initializeAuth(app, {
      persistence: [authModule.indexedDBLocalPersistence, authModule.browserLocalPersistence],
    })
    if (config.firebase.emulatorUrl)
      authModule.connectAuthEmulator(auth, config.firebase.emulatorUrl, { disableWarnings: true })
    return auth
  })()
  authPromise.catch(() => (authPromise = undefined))
  return authPromise
}
