// The hydrating floor's server entry, for Lighthouse (bench/lib/floor.mjs `serveSsrFloor`): renders
// its one page once, in Node, with the tools answer and the page markup it is given, naming the
// browser build's entry script and the stylesheet in TanStack Router's manifest.
import { QueryClient } from '@tanstack/react-query'
import { createRequestHandler, RouterServer, renderRouterToString } from '@tanstack/react-router/ssr/server'
import { createFloorRouter, setPageHtml, type Tool, toolsQuery } from './app'

export async function renderFloor({
  url,
  entry,
  stylesheets,
  tools,
  pageHtml,
}: {
  url: string
  entry: string
  stylesheets: string[]
  tools: Tool[]
  pageHtml: string
}): Promise<string> {
  setPageHtml(pageHtml)
  const manifest = { routes: { __root__: { css: stylesheets, scripts: [{ attrs: { type: 'module', src: entry } }] } } }
  const response = await createRequestHandler({
    request: new Request(url),
    createRouter: () => {
      const queryClient = new QueryClient()
      queryClient.setQueryData(toolsQuery.queryKey, tools)
      return createFloorRouter(queryClient)
    },
    getRouterManifest: () => manifest,
  })(({ router, responseHeaders }) =>
    renderRouterToString({ router, responseHeaders, children: <RouterServer router={router} /> }),
  )
  return response.text()
}
