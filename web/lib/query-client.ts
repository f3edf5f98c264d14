import { QueryClient } from '@tanstack/react-query'
import { ApiRequestError } from './api-error'

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

/** The browser's QueryClient (the session drops private data from it on sign-out). */
export const queryClient = createQueryClient()
