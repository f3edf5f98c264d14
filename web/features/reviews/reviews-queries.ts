import { queryOptions } from '@tanstack/react-query'
import { deskPage } from '#web/lib/desk.ts'
import { withApi } from '#web/lib/lazy-api.ts'

export const reviewQueries = {
  all: () => ['reviews'] as const,
  list: () =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'list'] as const,
      queryFn: () => withApi(({ api, unwrap }) => unwrap(api.review.$get({ query: {} }))),
    }),
  /** Every review, for the admin's Reviews page. */
  desk: (page?: number) =>
    queryOptions({
      queryKey: [...reviewQueries.all(), 'desk', page ?? 1] as const,
      queryFn: () => withApi(({ api, unwrapPage }) => unwrapPage(api.review.$get({ query: deskPage(page) }))),
      // Query's keepPreviousData, written out: the home page imports this file (see tools-queries.ts).
      placeholderData: (previous) => previous,
    }),
}
