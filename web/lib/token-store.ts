/** The key the spec stores the API's access token under. */
export const TOKEN_KEY = 'accessToken'

/** The API's access token in localStorage (the spec's place for it). */
export const tokenStore = {
  get: () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY)),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
}

/** When an access token ends (ms since the epoch), read without verifying it (the server verifies it). */
export function tokenExpiresAtMs(token: string): number | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined
  } catch {
    return undefined
  }
}

/**
 * How a 401 renews before the auth layer (web/lib/session-auth.ts) has loaded and taken over:
 * web/lib/session.ts sets it to load that layer and renew through it (kept here, apart from both,
 * so that neither the entry chunk nor the API client imports the other).
 */
export const lateRenewal: { run?: () => Promise<boolean> } = {}
