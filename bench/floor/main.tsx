// The framework floor (bench/README.md): the smallest app on the shop's React, TanStack Router and
// TanStack Query versions — one route, one query — built the way the shop's browser bundle is.
import { QueryClient, QueryClientProvider, queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

const toolsQuery = queryOptions({
  queryKey: ['tools'],
  queryFn: async () => (await fetch('/api/service?limit=5')).json() as Promise<{ _id: string; name: string }[]>,
})

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: Outlet })
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
