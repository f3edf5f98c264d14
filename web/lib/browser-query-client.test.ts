/**
 * The browser's stand-in QueryClient (web/lib/browser-query-client.ts), with the real TanStack
 * Query client behind it: what it does before the client's code has loaded, and how it hands over.
 * The module keeps one client for the page, so the steps run in order in this one file.
 */
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import {
  attachQueryClient,
  browserQueryClient,
  hydrateQueriesFromPage,
  loadQueryClient,
  setQueryClientLoader,
} from '#web/lib/browser-query-client.ts'

/** A server render's cache, dehydrated as the page carries it. */
async function pageQueries() {
  const server = new QueryClient()
  await server.prefetchQuery({ queryKey: ['tools', 'list'], queryFn: () => ['Drill Machine'] })
  const { queries } = dehydrate(server)
  // Rendered a minute ago: kept at the edge.
  for (const query of queries) query.state.dataUpdatedAt = Date.now() - 60_000
  return queries
}

describe('the stand-in before the client loads, and the hand-over', () => {
  const real = new QueryClient()
  const mount = vi.spyOn(real, 'mount')
  const router = { options: {} as { hydrate?: (dehydrated: unknown) => Promise<void> } }
  let loads = 0

  it('takes the page’s queries, counts the provider’s mounts, and throws on anything synchronous', async () => {
    hydrateQueriesFromPage(router as never)
    await router.options.hydrate!({ query: { initial: await pageQueries() } })
    // StrictMode mounts, unmounts and mounts the provider again.
    browserQueryClient.mount()
    browserQueryClient.unmount()
    browserQueryClient.mount()
    expect(() => browserQueryClient.getQueryData(['tools', 'list'])).toThrow(/not loaded yet \(getQueryData\)/)
    // Whoever inspects it (a promise's resolution, a spread) finds a plain object.
    expect(await Promise.resolve(browserQueryClient)).toBe(browserQueryClient)
    expect({ ...{ queryClient: browserQueryClient } }.queryClient).toBe(browserQueryClient)
    expect(mount).not.toHaveBeenCalled()
  })

  it('makes an asynchronous call wait for the client, which then has the page’s data as fresh', async () => {
    setQueryClientLoader(async () => {
      loads++
      attachQueryClient(real, hydrate)
    })
    const started = Date.now()
    const fetched = await browserQueryClient.ensureQueryData({
      queryKey: ['tools', 'list'],
      queryFn: () => ['fetched again'],
    })
    expect(fetched).toEqual(['Drill Machine'])
    expect(loads).toBe(1)
    // Counted as fetched when the page arrived (not a minute ago): not fetched again at once.
    expect(real.getQueryState(['tools', 'list'])?.dataUpdatedAt).toBeGreaterThanOrEqual(started - 1000)
    // One live mount handed over (focus and online refetching).
    expect(mount).toHaveBeenCalledTimes(1)
  })

  it('forwards every call to the client once attached, and loads nothing again', async () => {
    await loadQueryClient()
    expect(loads).toBe(1)
    browserQueryClient.setQueryData(['cart', 'mine'], { count: 2 })
    expect(real.getQueryData(['cart', 'mine'])).toEqual({ count: 2 })
    expect(browserQueryClient.getQueryCache()).toBe(real.getQueryCache())
    // Streamed later, a query goes straight into the cache.
    const streamed = new QueryClient()
    streamed.setQueryData(['reviews'], ['Great drill'])
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(dehydrate(streamed).queries)
        controller.close()
      },
    })
    await router.options.hydrate!({ query: { stream } })
    await vi.waitFor(() => expect(real.getQueryData(['reviews'])).toEqual(['Great drill']))
  })

  it('hands the provider’s mount to a client attached again (a development reload)', () => {
    const next = new QueryClient()
    const nextMount = vi.spyOn(next, 'mount')
    const unmount = vi.spyOn(real, 'unmount')
    attachQueryClient(next, hydrate)
    expect(unmount).toHaveBeenCalledTimes(1)
    expect(nextMount).toHaveBeenCalledTimes(1)
    expect(browserQueryClient.getQueryCache()).toBe(next.getQueryCache())
  })
})
