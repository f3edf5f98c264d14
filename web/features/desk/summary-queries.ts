import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api.ts'
import { DESK_KEY } from '#web/lib/desk.ts'

/** The admin's overview: what needs doing and how the shop is doing. */
export const summaryQueries = {
  detail: () =>
    queryOptions({
      queryKey: [...DESK_KEY, 'summary'] as const,
      queryFn: () => unwrap(api.admin.summary.$get()),
      staleTime: 0,
    }),
}
