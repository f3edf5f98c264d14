// The framework floor as the shop ships it (bench/README.md): the same one route and one query as
// bench/floor, but hydrating a server-rendered document as the shop's pages do (the root renders
// the document, RouterClient hydrates it, the Query cache comes with the page). The difference
// between the two floors is what server rendering itself costs in the browser.
import { QueryClient, queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  HeadContent,
  Outlet,
  Scripts,
} from '@tanstack/react-router'
import { RouterClient } from '@tanstack/react-router/ssr/client'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { type ReactNode, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'

const toolsQuery = queryOptions({
  queryKey: ['tools'],
  queryFn: async () => (await fetch('/api/service?limit=5')).json() as Promise<{ _id: string; name: string }[]>,
})

function Document({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  shellComponent: Document,
  component: Outlet,
})
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: ({ context }) => context.queryClient.ensureQueryData(toolsQuery),
  component: function Tools() {
    const { data } = useSuspenseQuery(toolsQuery)
    return (
      <ul>
        {data.map((tool) => (
          <li key={tool._id}>{tool.name}</li>
        ))}
      </ul>
    )
  },
})

const queryClient = new QueryClient()
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]), context: { queryClient } })
setupRouterSsrQueryIntegration({ router, queryClient })

hydrateRoot(
  document,
  <StrictMode>
    <RouterClient router={router} />
  </StrictMode>,
)
