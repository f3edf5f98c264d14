/**
 * The typed API client (web/lib/api.ts), loaded with the first call. A page arrives with its data
 * (the Query cache travels in it), so hydrating it calls nothing: the client, Hono's included,
 * stays out of the entry and loads when a query or a visitor's action first needs it.
 */
export async function withApi<T>(call: (client: typeof import('./api.ts')) => Promise<T>): Promise<T> {
  return call(await import('./api.ts'))
}
