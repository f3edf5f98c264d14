import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, unwrapPage } from '#web/lib/api.ts'
import { DESK_KEY, deskPage } from '#web/lib/desk.ts'

/** The audit log, newest first (admins only). */
export const auditQueries = {
  list: (page?: number) =>
    queryOptions({
      queryKey: [...DESK_KEY, 'audit', page ?? 1] as const,
      queryFn: () => unwrapPage(api.audit.$get({ query: deskPage(page) })),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
}
