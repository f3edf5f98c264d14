import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api.ts'

export const bookingQueries = {
  all: () => ['bookings'] as const,
  /** A customer's orders, newest first (the server's order). */
  list: (email: string) =>
    queryOptions({
      queryKey: [...bookingQueries.all(), 'list', email] as const,
      queryFn: () => unwrap(api.booking.$get({ query: { customer: email } })),
      // Status changes elsewhere (payment, expiry): never show a stale list when coming back.
      staleTime: 0,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...bookingQueries.all(), 'detail', id] as const,
      queryFn: () => unwrap(api.booking[':id'].$get({ param: { id } })),
      staleTime: 0,
    }),
}
