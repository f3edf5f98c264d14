import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { OrderStatus, PaymentMethod } from '#schemas/order-statuses.ts'
import { api, unwrap, unwrapPage } from '#web/lib/api.ts'
import { DESK_KEY, deskPage } from '#web/lib/desk.ts'

export const orderQueries = {
  all: () => ['orders'] as const,
  /** A customer's orders, newest first (the server's order). */
  list: (email: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'list', email] as const,
      queryFn: () => unwrap(api.booking.$get({ query: { customer: email } })),
      // Status changes elsewhere (payment, expiry): never show a stale list when coming back.
      staleTime: 0,
    }),
  /**
   * Where the customer's last courier order went (null before the first): the next checkout
   * starts from it. Read from their newest orders.
   */
  lastDelivery: (email: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'last-delivery', email] as const,
      queryFn: async () => {
        const orders = await unwrap(api.booking.$get({ query: { customer: email, limit: '10' } }))
        return orders.find((o) => o.delivery.method === 'courier')?.delivery.address ?? null
      },
      staleTime: 0,
    }),
  /** The order desk: every order, by status, payment method or a search (admins only). */
  desk: (filter: { status?: OrderStatus; paymentMethod?: PaymentMethod; q?: string; page?: number }) =>
    queryOptions({
      queryKey: [...DESK_KEY, 'orders', filter] as const,
      queryFn: () =>
        unwrapPage(
          api.booking.$get({
            query: {
              ...deskPage(filter.page),
              ...(filter.status ? { status: filter.status } : {}),
              ...(filter.paymentMethod ? { paymentMethod: filter.paymentMethod } : {}),
              ...(filter.q ? { q: filter.q } : {}),
            },
          }),
        ),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'detail', id] as const,
      queryFn: () => unwrap(api.booking[':id'].$get({ param: { id } })),
      staleTime: 0,
    }),
  /**
   * A tax document of the order, an HTML page of its own: the tax invoice (Mushak-6.3) of a paid
   * order, or the credit note (Mushak-6.7) of a refunded one.
   */
  taxDocument: (id: string, kind: 'invoice' | 'credit-note') =>
    queryOptions({
      queryKey: [...orderQueries.all(), kind, id] as const,
      queryFn: async () => {
        const route = api.booking[':id']
        const res = await (kind === 'invoice' ? route.invoice : route['credit-note']).$get({ param: { id } })
        if (!res.ok)
          throw new Error(
            `The ${kind === 'invoice' ? 'tax invoice' : 'credit note'} could not be loaded. Please try again.`,
          )
        return res.text()
      },
    }),
}
