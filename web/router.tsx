import type { DehydratedState, QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { PagePending } from './components/page-pending'
import { session } from './lib/session'
import { routeTree } from './routeTree.gen'

/**
 * The app's router over the one route tree, for the browser (web/main.tsx, once) and for the
 * server (web/entry-server.tsx, per page). The Query cache a server render filled travels in the
 * page and is hydrated before the app takes over, so nothing it holds is fetched again.
 */
export function createAppRouter({ queryClient, origin }: { queryClient: QueryClient; origin: string }) {
  const router = createRouter({
    routeTree,
    context: { queryClient, auth: session, origin },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // A page whose code or data still loads after a moment: the skeleton (a route may set its own).
    defaultPendingComponent: PagePending,
    scrollRestoration: true,
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  countPageDataAsFetchedOnArrival(router)
  return router
}

/**
 * A page kept at the edge may have been rendered a minute ago, but it is dropped the moment its
 * data changes (worker/lib/edge-cache.ts): what it carries is as fresh as the page itself. So its
 * queries count as fetched when the page arrived, and are not fetched again at once on hydration.
 */
function countPageDataAsFetchedOnArrival(router: { options: { hydrate?: (dehydrated: never) => unknown } }) {
  const hydrate = router.options.hydrate as ((dehydrated: PageData) => unknown) | undefined
  if (!hydrate) return
  router.options.hydrate = ((dehydrated: PageData) => {
    const arrivedAt = Date.now()
    for (const query of dehydrated.query?.initial ?? [])
      if (query.state.status === 'success') query.state.dataUpdatedAt = arrivedAt
    return hydrate(dehydrated)
  }) as (dehydrated: never) => unknown
}

/** What the page carries for the Query cache (set up by setupRouterSsrQueryIntegration): the queries the render finished. */
type PageData = { query?: { initial?: DehydratedState['queries'] } }

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
