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
  /** The printable receipt of a paid order: an HTML page of its own. */
  invoice: (id: string) =>
    queryOptions({
      queryKey: [...bookingQueries.all(), 'invoice', id] as const,
      queryFn: async () => {
        const res = await api.booking[':id'].invoice.$get({ param: { id } })
        if (!res.ok) throw new Error('The receipt could not be loaded. Please try again.')
        return res.text()
      },
    }),
}
