import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, unwrap, unwrapPage } from '#web/lib/api.ts'
import { deskPage } from '#web/lib/desk.ts'

export const userQueries = {
  all: () => ['users'] as const,
  profile: (email: string) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'profile', email] as const,
      queryFn: () => unwrap(api.user[':email'].$get({ param: { email } })),
    }),
  /** Every user, by a search or the removed ones (admins only). */
  desk: (filter: { q?: string; removed?: boolean; page?: number }) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'desk', filter] as const,
      queryFn: () =>
        unwrapPage(
          api.user.$get({
            query: {
              ...deskPage(filter.page),
              ...(filter.q ? { q: filter.q } : {}),
              ...(filter.removed ? { removed: '1' as const } : {}),
            },
          }),
        ),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
}
