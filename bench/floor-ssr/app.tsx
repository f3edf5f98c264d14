// The framework floor as the shop ships it (bench/README.md): one route and one query, the root
// rendering the document, RouterClient hydrating it, the Query cache coming with the page. Shared
// by the browser's entry (main.tsx) and, for Lighthouse, the server's (server.tsx).
import { type QueryClient, queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  HeadContent,
  Outlet,
  Scripts,
} from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { type ReactNode, useState } from 'react'

export type Tool = { _id: string; name: string }

export const toolsQuery = queryOptions({
  queryKey: ['tools'],
  queryFn: async () => (await fetch('/api/service?limit=5')).json() as Promise<Tool[]>,
})

/**
 * A page's worth of static markup (one of the shop's pages without its scripts, when Lighthouse
 * measures the floor): the server sets it, the browser hydrates it as it stands. React does not
 * walk into `dangerouslySetInnerHTML`, so it costs the framework nothing but its bytes and layout.
 */
let pageHtml = ''
export const setPageHtml = (html: string) => {
  pageHtml = html
}
const readPageHtml = () =>
  typeof document === 'undefined' ? pageHtml : (document.getElementById('page')?.innerHTML ?? '')

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

export function createFloorRouter(queryClient: QueryClient) {
  const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
    shellComponent: Document,
    head: () => ({
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { title: 'Framework floor, server-rendered' },
      ],
    }),
    component: Outlet,
  })
  const indexRoute = createRoute({
    getParentRoute: () => rootRoute,
    // Every address (a splat): the floor stands in for any of the shop's pages.
    path: '$',
    loader: ({ context }) => context.queryClient.ensureQueryData(toolsQuery),
    component: function Tools() {
      const { data } = useSuspenseQuery(toolsQuery)
      const [html] = useState(readPageHtml)
      return (
        <>
          <ul hidden>
            {data.map((tool) => (
              <li key={tool._id}>{tool.name}</li>
            ))}
          </ul>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own page, measured as it stands */}
          <div id="page" dangerouslySetInnerHTML={{ __html: html }} />
        </>
      )
    },
  })
  const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]), context: { queryClient } })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}
