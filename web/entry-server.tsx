/**
 * The server's entry (built by `vite build --ssr` into build/server/entry-server.js, imported by
 * the Worker: worker/pages.ts). It renders a page of the same route tree the browser runs, with
 * the same loaders: their API calls go to the Worker's own API in-process, and the Query cache
 * they fill travels in the page (docs/decisions/009-server-rendering.md).
 */

import { AsyncLocalStorage } from 'node:async_hooks'
import manifest from 'virtual:router-manifest'
import { createRequestHandler, RouterServer, renderRouterToString } from '@tanstack/react-router/ssr/server'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { setApiTransport } from './lib/api'
import { createQueryClient } from './lib/query-client'
import { createAppRouter } from './router'

/** Names this build: its entry script, whose file name carries a hash of its content. */
export const buildId = manifest.routes.__root__?.scripts?.[0]?.attrs?.src ?? 'dev'

/** Answers one API request (the Worker's own Hono app). */
export type FetchApi = (request: Request) => Promise<Response>

// Each render's API calls go to the fetchApi of its own request, however renders interleave.
const renders = new AsyncLocalStorage<{ fetchApi: FetchApi; origin: string }>()
setApiTransport((input, init) => {
  const render = renders.getStore()
  if (!render) return Promise.reject(new Error('An API call outside a server render'))
  const url = input instanceof Request ? input.url : String(input)
  return render.fetchApi(new Request(new URL(url, render.origin), init))
})

/** A router used only to read addresses: which routes a path matches and the search they declare. */
let addressReader: ReturnType<typeof createAppRouter> | undefined

/**
 * The address of the page `url` shows: its path and only the search parameters its routes declare
 * (their `validateSearch`), with the values those read, in a fixed order. Anything else (`?r=…`,
 * `utm_*`, a value a route throws away) changes nothing on the page, so the Worker keeps and
 * renders the page under this address.
 */
export function pageAddress(url: string): string {
  const { origin, pathname, search } = new URL(url)
  addressReader ??= createAppRouter({ queryClient: createQueryClient(), origin })
  const matches = addressReader.matchRoutes(pathname, addressReader.options.parseSearch(search))
  const declared = Object.entries(matches.at(-1)?.search ?? {})
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
  return `${origin}${pathname}${addressReader.options.stringifySearch(Object.fromEntries(declared))}`
}

/** Renders the page a GET request asks for: the whole HTML document, its status (200, 404, 500) and headers, or a redirect. */
export function render({ request, fetchApi }: { request: Request; fetchApi: FetchApi }): Promise<Response> {
  const origin = new URL(request.url).origin
  return renders.run({ fetchApi, origin }, () =>
    createRequestHandler({
      request,
      createRouter: () => {
        const queryClient = createQueryClient()
        const router = createAppRouter({ queryClient, origin })
        setupRouterSsrQueryIntegration({ router, queryClient })
        return router
      },
      getRouterManifest: () => manifest,
    })(({ router, responseHeaders }) =>
      renderRouterToString({ router, responseHeaders, children: <RouterServer router={router} /> }),
    ),
  )
}
