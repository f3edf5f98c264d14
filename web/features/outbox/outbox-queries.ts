import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, unwrapPage } from '#web/lib/api.ts'
import { DESK_KEY, deskPage } from '#web/lib/desk.ts'

/** The shop's e-mails (admins only). */
export const outboxQueries = {
  /** The local outbox: every e-mail with its text (no mail provider configured). */
  list: (page?: number) =>
    queryOptions({
      queryKey: [...DESK_KEY, 'outbox', page ?? 1] as const,
      queryFn: () => unwrapPage(api.outbox.$get({ query: deskPage(page) })),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  /** Every e-mail's delivery status, without its text (also with a mail provider configured). */
  deliveries: (page?: number) =>
    queryOptions({
      queryKey: [...DESK_KEY, 'deliveries', page ?? 1] as const,
      queryFn: () => unwrapPage(api.outbox.deliveries.$get({ query: deskPage(page) })),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
}
