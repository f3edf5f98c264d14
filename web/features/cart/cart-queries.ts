import { queryOptions } from '@tanstack/react-query'
import { withApi } from '#web/lib/lazy-api.ts'

export const cartQueries = {
  all: () => ['cart'] as const,
  /** The signed-in user's cart, on the server (`GET /api/cart`): the navbar's count and the cart page. */
  mine: () =>
    queryOptions({
      queryKey: [...cartQueries.all(), 'mine'] as const,
      queryFn: () => withApi(({ api, unwrap }) => unwrap(api.cart.$get())),
    }),
}
