import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { OrderStatus, PaymentMethod } from '#schemas/order-statuses.ts'
import { api, unwrap, unwrapPage } from '#web/lib/api.ts'

/** Rows per page in the admin lists. */
export const DESK_PAGE_SIZE = 20

const paging = (page = 1) => ({ limit: String(DESK_PAGE_SIZE), offset: String((page - 1) * DESK_PAGE_SIZE) })

/** The admin's views: the order desk, the overview, the audit log, the outbox, reviews, users, messages and VAT. */
export const deskQueries = {
  all: () => ['desk'] as const,
  orders: (filter: { status?: OrderStatus; paymentMethod?: PaymentMethod; q?: string; page?: number }) =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'orders', filter] as const,
      queryFn: () =>
        unwrapPage(
          api.booking.$get({
            query: {
              ...paging(filter.page),
              ...(filter.status ? { status: filter.status } : {}),
              ...(filter.paymentMethod ? { paymentMethod: filter.paymentMethod } : {}),
              ...(filter.q ? { q: filter.q } : {}),
            },
          }),
        ),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  summary: () =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'summary'] as const,
      queryFn: () => unwrap(api.admin.summary.$get()),
      staleTime: 0,
    }),
  audit: (page?: number) =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'audit', page ?? 1] as const,
      queryFn: () => unwrapPage(api.audit.$get({ query: paging(page) })),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  outbox: (page?: number) =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'outbox', page ?? 1] as const,
      queryFn: () => unwrapPage(api.outbox.$get({ query: paging(page) })),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  /** Every e-mail's delivery status, without its text (also with a mail provider configured). */
  deliveries: (page?: number) =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'deliveries', page ?? 1] as const,
      queryFn: () => unwrapPage(api.outbox.deliveries.$get({ query: paging(page) })),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  reviews: (page?: number) =>
    queryOptions({
      queryKey: ['reviews', 'desk', page ?? 1] as const,
      queryFn: () => unwrapPage(api.review.$get({ query: paging(page) })),
      placeholderData: keepPreviousData,
    }),
  users: (filter: { q?: string; removed?: boolean; page?: number }) =>
    queryOptions({
      queryKey: ['users', 'desk', filter] as const,
      queryFn: () =>
        unwrapPage(
          api.user.$get({
            query: {
              ...paging(filter.page),
              ...(filter.q ? { q: filter.q } : {}),
              ...(filter.removed ? { removed: '1' as const } : {}),
            },
          }),
        ),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  messages: (filter: { q?: string; page?: number }) =>
    queryOptions({
      queryKey: ['contact', 'desk', filter] as const,
      queryFn: () =>
        unwrapPage(api.contact.$get({ query: { ...paging(filter.page), ...(filter.q ? { q: filter.q } : {}) } })),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  /** The VAT sales register of a month (`YYYY-MM`, Asia/Dhaka). */
  vat: (month: string) =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'vat', month] as const,
      queryFn: () => unwrap(api.admin.vat.$get({ query: { month } })),
      staleTime: 0,
    }),
  /** What deleting a tool would touch. */
  toolOrders: (id: string) =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'tool-orders', id] as const,
      queryFn: () => unwrap(api.service[':id'].orders.$get({ param: { id } })),
      staleTime: 0,
    }),
}
