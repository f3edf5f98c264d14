import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api.ts'

export const paymentQueries = {
  all: () => ['payments'] as const,
  /**
   * The order's payment intent (`POST /api/create-payment-intent`), keyed by order:
   * the server keeps one open intent per order, so asking again on a reload or a second
   * mount answers the same intent instead of creating another.
   * NOTE: a query although it is a POST: it is idempotent and the page needs it on load.
   * Never prefetch it on hover; it is only asked for by the payment form itself.
   */
  intent: (orderId: string) =>
    queryOptions({
      queryKey: [...paymentQueries.all(), 'intent', orderId] as const,
      queryFn: () => unwrap(api['create-payment-intent'].$post({ json: { bookingId: orderId } })),
      staleTime: 0,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      // A 409 (paid, cancelled, expired) or 503 will not change by asking again at once.
      retry: false,
    }),
}
