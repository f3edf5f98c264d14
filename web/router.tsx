import { createRouter } from '@tanstack/react-router'
import { session } from './lib/session'
import { queryClient } from './lib/query-client'
import { routeTree } from './routeTree.gen'

export { queryClient }

export const router = createRouter({
  routeTree,
  context: { queryClient, auth: session },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
})

session.setNavigator((to) => router.navigate({ to: '/login', search: { redirect: to } }))

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
