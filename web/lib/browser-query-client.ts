import type { DehydratedState, QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'

/**
 * The browser's QueryClient as the entry knows it: a stand-in until TanStack Query's client code
 * (web/lib/query-client.ts, about 10 kB gz) loads. A page arrives with its data and most of it
 * runs no query before the visitor acts (the home page hydrates its navbar and hero only), so the
 * client loads with the first thing that needs it:
 * - a component using Query's hooks, which it imports from web/lib/query.ts, which brings the client;
 * - a navigation or a preload (the root's `beforeLoad`), a page the browser renders (`browserPage`);
 * - a session: its code (web/lib/session-auth.ts) uses the client;
 * - a call to one of the stand-in's asynchronous methods (`ensureQueryData`, `prefetchQuery`…),
 *   which waits for the client and answers as it would.
 * Until then the stand-in counts the provider's mounts and keeps what the page carried for the
 * cache; a synchronous call throws, naming the rule. The router's context and `QueryClientProvider`
 * hold it from the start, so nothing re-renders when the real client arrives.
 */
let client: QueryClient | undefined
let hydrateCache: ((client: QueryClient, state: DehydratedState) => void) | undefined
/** What the page carried for the cache while no client was there to take it. */
const carried: DehydratedState['queries'][] = []
/** QueryClientProvider's mounts (focus and online refetching), handed to each client attached. */
let mounts = 0
let load: () => Promise<unknown> = () => Promise.resolve()

/** The browser's entry says how the client's code loads (web/main.tsx): `import('./query-client')`. */
export function setQueryClientLoader(loader: () => Promise<unknown>) {
  load = loader
}

/** Loads the client's code, once; resolves when {@link browserQueryClient} forwards to it. */
export function loadQueryClient(): Promise<unknown> {
  return client ? Promise.resolve() : load()
}

/**
 * The methods that answer with a promise (`ensureQueryData`, `fetchQuery`, `prefetchQuery`,
 * `invalidateQueries`, `refetchQueries`, `resetQueries`, `cancelQueries`, `resumePausedMutations`,
 * `query`…): before the client is there, they wait for it.
 */
const ASYNC_METHOD = /^(?:(?:cancel|ensure|fetch|invalidate|prefetch|refetch|reset|resume)[A-Z]|(?:infiniteQ|q)uery$)/
const mounting = new Map<PropertyKey, () => void>([
  [
    'mount',
    () => {
      mounts++
      client?.mount()
    },
  ],
  [
    'unmount',
    () => {
      mounts--
      client?.unmount()
    },
  ],
])
const bound = new Map<PropertyKey, unknown>()
const call = (key: PropertyKey) => (client as unknown as Record<PropertyKey, (...args: unknown[]) => unknown>)[key]!

export const browserQueryClient = new Proxy({} as QueryClient, {
  get(_, key) {
    const method = mounting.get(key) ?? bound.get(key)
    if (method) return method
    if (!client) {
      if (typeof key === 'string' && ASYNC_METHOD.test(key))
        return (...args: unknown[]) => loadQueryClient().then(() => call(key).apply(client, args))
      // Asked by whoever inspects objects (a promise's `then`, `Symbol.toStringTag`…): a plain object's answer.
      if (typeof key === 'symbol' || key === 'then' || key === 'toJSON') return undefined
      throw new Error(`Query's client is not loaded yet (${String(key)}): see web/lib/browser-query-client.ts`)
    }
    const value = Reflect.get(client, key)
    if (typeof value !== 'function') return value
    const forwarded = value.bind(client)
    bound.set(key, forwarded)
    return forwarded
  },
})

/**
 * Called by web/lib/query-client.ts as it loads in the browser (again on a development reload):
 * the stand-in forwards to `real` from now on, which takes what the page carried and the
 * provider's mounts.
 */
export function attachQueryClient(real: QueryClient, hydrate: typeof hydrateCache & {}) {
  for (let i = 0; i < mounts; i++) client?.unmount()
  client = real
  hydrateCache = hydrate
  bound.clear()
  for (const queries of carried.splice(0)) hydrate(real, { queries, mutations: [] })
  for (let i = 0; i < mounts; i++) real.mount()
}

/** The page's Query data, as the server put it in (the `query` part of the router's dehydrated data). */
type PageQueries = {
  query?: { initial?: DehydratedState['queries']; stream?: ReadableStream<DehydratedState['queries']> }
}

/**
 * The browser's half of `setupRouterSsrQueryIntegration` (the server keeps the library's, see
 * web/entry-server.tsx), for a client that may come later: the queries the page carried, and those
 * the server streamed after, go into the cache when there is one. A page kept at the edge is dropped
 * the moment its data changes (worker/lib/edge-cache.ts), so the queries it carried count as
 * fetched when it arrived and are not fetched again at once. (No query here throws `redirect()`:
 * the library's handling of it is left out.)
 */
export function hydrateQueriesFromPage(router: AnyRouter) {
  const original = router.options.hydrate
  router.options.hydrate = async (dehydrated: PageQueries) => {
    await original?.(dehydrated)
    const take = (queries: DehydratedState['queries']) => {
      if (client && hydrateCache) hydrateCache(client, { queries, mutations: [] })
      else carried.push(queries)
    }
    const initial = dehydrated.query?.initial
    if (initial) {
      const arrivedAt = Date.now()
      for (const query of initial) if (query.state.status === 'success') query.state.dataUpdatedAt = arrivedAt
      take(initial)
    }
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
