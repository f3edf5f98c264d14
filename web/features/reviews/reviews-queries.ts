import { queryOptions } from '@tanstack/react-query'
import { withApi } from '#web/lib/lazy-api.ts'

export const reviewQueries = {
  all: () => ['reviews'] as const,
  list: () =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'list'] as const,
      queryFn: () => withApi(({ api, unwrap }) => unwrap(api.review.$get({ query: {} }))),
    }),
}
