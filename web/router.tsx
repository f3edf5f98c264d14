import type { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import type { JSX, ReactNode } from 'react'
import { PagePending } from './components/page-pending'
import { session } from './lib/session'
import { routeTree } from './routeTree.gen'

/**
 * The app's router over the one route tree, for the browser (web/main.tsx, once) and for the
 * server (web/entry-server.tsx, per page). Each side connects the Query cache its own way: the
 * server sends what its render filled in the page, the browser takes it in (before or after its
 * client loads), so nothing the page carried is fetched again.
 */
export function createAppRouter({
  queryClient,
  origin,
  Wrap,
}: {
  queryClient: QueryClient
  origin: string
  /** Around the whole app (the browser's QueryClientProvider). */
  Wrap?: (props: { children: ReactNode }) => JSX.Element
}) {
  return createRouter({
    routeTree,
    context: { queryClient, auth: session, origin },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // A page whose code or data still loads after a moment: the skeleton (a route may set its own).
    defaultPendingComponent: PagePending,
    scrollRestoration: true,
    Wrap,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
