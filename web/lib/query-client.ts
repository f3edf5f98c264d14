import { hydrate, QueryClient } from '@tanstack/react-query'
import { ApiRequestError } from './api-error'
import { attachQueryClient } from './browser-query-client'
import { isServer } from './is-server'

/** A QueryClient with the app's defaults: the browser keeps one; the server makes one per page it renders. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again.
        retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
      },
    },
  })
}

/**
 * The browser's QueryClient (the session drops private data from it on sign-out). This module
 * loads after the entry, with the first code that needs it (web/lib/browser-query-client.ts), and
 * hands the client to the stand-in the router and the provider hold.
 */
export const queryClient = createQueryClient()
if (!isServer) attachQueryClient(queryClient, hydrate)
