import { queryOptions } from '@tanstack/react-query'
import { withApi } from './lazy-api'

/** The spec's admin lookup, GET /api/admin/{email}: the one answer to "is this user an admin". */
export const adminQuery = (email: string) =>
  queryOptions({
    queryKey: ['users', 'admin', email] as const,
    queryFn: () =>
      withApi(async ({ api, unwrap }) => (await unwrap(api.admin[':email'].$get({ param: { email } }))).admin),
    staleTime: 0,
  })
