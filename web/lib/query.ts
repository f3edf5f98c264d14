/**
 * TanStack Query's hooks, for every component that uses one: importing them from here loads the
 * browser's QueryClient with them (web/lib/browser-query-client.ts), before the component renders.
 * Imported from '@tanstack/react-query' instead, a hook could run against the entry's stand-in
 * client and throw (biome.jsonc refuses that import). Option builders and types (`queryOptions`,
 * `keepPreviousData`, `type QueryClient`) need no client and come from the package itself.
 */
import './query-client.ts'

export {
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
} from '@tanstack/react-query'
