import type { DehydratedState, QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'

/**
 * The browser's QueryClient as the entry knows it: a stand-in until TanStack Query's client code
 * (web/lib/query-client.ts, about 10 kB gz) loads. A page arrives with its data and most of it
 * runs no query before the visitor acts (the home page hydrates its navbar and hero only), so the
 * client loads with the first thing that needs it:
 * - a component using Query's hooks, which it imports from web/lib/query.ts, which brings the client;
 * - a navigation or a preload (the root route's `beforeLoad` imports web/lib/query-client.ts);
 * - a session: its code (web/lib/session-auth.ts) uses the client.
 * Until then the stand-in takes the provider's mount and keeps what the page carried for the cache;
 * anything else throws, naming the rule. The router's context and `QueryClientProvider` hold it
 * from the start, so nothing re-renders when the real client arrives.
 */
let client: QueryClient | undefined
let hydrateCache: ((client: QueryClient, state: DehydratedState) => void) | undefined
/** What the page carried for the cache while no client was there to take it. */
const carried: DehydratedState['queries'][] = []
let mounts = 0

const beforeLoad: Partial<QueryClient> = {
  mount: () => void mounts++,
  unmount: () => void mounts--,
}
const bound = new Map<PropertyKey, unknown>()

export const browserQueryClient = new Proxy({} as QueryClient, {
  get(_, key) {
    if (!client) {
      if (key in beforeLoad) return beforeLoad[key as keyof QueryClient]
      // Asked by whoever inspects objects (a promise's `then`, `Symbol.toStringTag`…): a plain object's answer.
      if (typeof key === 'symbol' || key === 'then' || key === 'toJSON') return undefined
      throw new Error(
        `The query client is not loaded (${String(key)}): import Query's hooks from web/lib/query.ts, or import web/lib/query-client.ts first`,
      )
    }
    const value = Reflect.get(client, key)
    if (typeof value !== 'function') return value
    let method = bound.get(key)
    if (!method) bound.set(key, (method = value.bind(client)))
    return method
  },
})

/**
 * Called once by web/lib/query-client.ts as it loads in the browser: the stand-in forwards to
 * `real` from now on, which takes what the page carried and the provider's mount.
 */
export function attachQueryClient(real: QueryClient, hydrate: typeof hydrateCache & {}) {
  client = real
  hydrateCache = hydrate
  for (const queries of carried.splice(0)) hydrate(real, { queries, mutations: [] })
  for (; mounts > 0; mounts--) real.mount()
}

/** The page's Query data, as the server put it in (the `query` part of the router's dehydrated data). */
type PageQueries = {
  query?: { initial?: DehydratedState['queries']; stream?: ReadableStream<DehydratedState['queries']> }
}

/**
 * The browser's half of `setupRouterSsrQueryIntegration` (the server keeps the library's, see
 * web/entry-server.tsx), for a client that may come later: the queries the page carried, and those
 * the server streamed after, go into the cache when there is one. A page kept at the edge is dropped
 * the moment its data changes (worker/lib/edge-cache.ts), so its queries count as fetched when it
 * arrived and are not fetched again at once. (No query here throws `redirect()`: the library's
 * handling of it is left out.)
 */
export function hydrateQueriesFromPage(router: AnyRouter) {
  const original = router.options.hydrate
  router.options.hydrate = async (dehydrated: PageQueries) => {
    await original?.(dehydrated)
    const take = (queries: DehydratedState['queries']) => {
      const arrivedAt = Date.now()
      for (const query of queries) if (query.state.status === 'success') query.state.dataUpdatedAt = arrivedAt
      if (client && hydrateCache) hydrateCache(client, { queries, mutations: [] })
      else carried.push(queries)
    }
    if (dehydrated.query?.initial) take(dehydrated.query.initial)
    const stream = dehydrated.query?.stream
    if (!stream) return
    void (async () => {
      const reader = stream.getReader()
      try {
        for (let read = await reader.read(); !read.done; read = await reader.read()) take(read.value)
      } catch (error) {
        console.error('Error reading query stream:', error)
        void reader.cancel(error).catch(() => {})
      } finally {
        reader.releaseLock()
      }
    })()
  }
}
