import { tokenStore } from './token-store.ts'

type Client = typeof import('./api.ts')

let client: Client | undefined

/**
 * The typed API client (web/lib/api.ts), loaded with the first call. A page arrives with its data
 * (the Query cache travels in it), so hydrating it calls nothing: the client, Hono's included,
 * stays out of the entry and loads when a query or a visitor's action first needs it. Once loaded,
 * a call starts at once, as a static import's would (no wait for the module each time).
 */
export async function withApi<T>(call: (client: Client) => Promise<T>): Promise<T> {
  if (!client) {
    const signedIn = tokenStore.get() !== null
    client = await import('./api.ts')
    // A call made in a session that ended while the client loaded (Sign Out, in this tab or
    // another) is not sent: without the token it could only be refused (a 401 in the console).
    if (signedIn && tokenStore.get() === null)
      throw new DOMException('The session ended before the call was sent.', 'AbortError')
  }
  return call(client)
}
