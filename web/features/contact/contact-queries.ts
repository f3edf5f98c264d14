import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, unwrapPage } from '#web/lib/api.ts'
import { deskPage } from '#web/lib/desk.ts'

export const contactQueries = {
  all: () => ['contact'] as const,
  /** The visitors' messages, for the admin's Messages page. */
  desk: (filter: { q?: string; page?: number }) =>
    queryOptions({
      queryKey: [...contactQueries.all(), 'desk', filter] as const,
      queryFn: () =>
        unwrapPage(api.contact.$get({ query: { ...deskPage(filter.page), ...(filter.q ? { q: filter.q } : {}) } })),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
}
