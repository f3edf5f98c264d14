import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api.ts'

export const reviewQueries = {
  all: () => ['reviews'] as const,
  list: () =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'list'] as const,
      queryFn: () => unwrap(api.review.$get({ query: {} })),
    }),
}
