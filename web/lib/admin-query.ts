import { queryOptions } from '@tanstack/react-query'
import type { AdminFlag } from '#schemas/user.ts'
import { withApi } from './lazy-api'

/**
 * The spec's admin lookup, GET /api/admin/{email}: whether the user is staff (`admin`), and its
 * roles and permissions (contract/operations.md), which set the dashboard's menu and pages.
 */
export const adminQuery = (email: string) =>
  queryOptions({
    queryKey: ['users', 'admin', email] as const,
    queryFn: (): Promise<AdminFlag> =>
      withApi(async ({ api, unwrap }) => unwrap(api.admin[':email'].$get({ param: { email } }))),
    staleTime: 0,
  })
