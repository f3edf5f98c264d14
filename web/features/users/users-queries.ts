import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api'

export const userQueries = {
  all: () => ['users'] as const,
  profile: (email: string) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'profile', email] as const,
      queryFn: () => unwrap(api.user[':email'].$get({ param: { email } })),
    }),
  /** The spec's admin lookup: GET /api/admin/{email}. */
  isAdmin: (email: string) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'admin', email] as const,
      queryFn: async () => (await unwrap(api.admin[':email'].$get({ param: { email } }))).admin,
      staleTime: 0,
    }),
}
