import { QueryObserver } from '@tanstack/react-query'
import { queryClient } from '#web/lib/query-client.ts'
import { cartQueries } from './cart-queries'

/**
 * The signed-in user's cart count for the navbar (`GET /api/cart`), as `useQuery` would keep it
 * (fetched when stale, again on focus, kept in step with every write to the cart's query), for a
 * link in the entry that must not load Query's hooks: this module loads with the first session.
 * @returns the function that stops watching.
 */
export function watchCartCount(onCount: (count: number | null) => void): () => void {
  const observer = new QueryObserver(queryClient, cartQueries.mine())
  onCount(observer.getCurrentResult().data?.count ?? null)
  return observer.subscribe((result) => onCount(result.data?.count ?? null))
}
