import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api.ts'
import { DESK_KEY } from '#web/lib/desk.ts'

export const vatQueries = {
  /** The VAT sales register of a month (`YYYY-MM`, Asia/Dhaka). */
  register: (month: string) =>
    queryOptions({
      queryKey: [...DESK_KEY, 'vat', month] as const,
      queryFn: () => unwrap(api.admin.vat.$get({ query: { month } })),
      staleTime: 0,
    }),
}
