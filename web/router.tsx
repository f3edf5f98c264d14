import type { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
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
    scrollRestoration: true,
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
