import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import { QUOTE_LATEST_MESSAGES, type QuoteStatus } from '#schemas/quote.ts'
import { api, unwrap, unwrapPage } from '#web/lib/api.ts'
import { deskPage } from '#web/lib/desk.ts'
import { QUOTES_KEY } from './quote-keys'

/** Quotes: the customer's own, the admin's desk, one quote. */
export const quoteQueries = {
  all: () => QUOTES_KEY,
  mine: (email: string) =>
    queryOptions({
      queryKey: [...quoteQueries.all(), 'mine', email] as const,
      queryFn: () => unwrapPage(api.quotes.$get({ query: { customer: email, limit: '100' } })),
      staleTime: 0,
    }),
  desk: (filter: { status?: QuoteStatus; q?: string; page?: number }) =>
    queryOptions({
      queryKey: [...quoteQueries.all(), 'desk', filter] as const,
      queryFn: () =>
        unwrapPage(
          api.quotes.$get({
            query: {
              ...deskPage(filter.page),
              ...(filter.status ? { status: filter.status } : {}),
              ...(filter.q ? { q: filter.q } : {}),
            },
          }),
        ),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...quoteQueries.all(), 'detail', id] as const,
      queryFn: () => unwrap(api.quotes[':id'].$get({ param: { id } })),
      staleTime: 0,
    }),
  /**
   * A quote's messages before the latest ones its answer carries, newest first, a page at a time
   * ("Show earlier messages"). Under the quotes' key, so a change to any quote reads them again.
   */
  earlierMessages: (id: string) =>
    infiniteQueryOptions({
      queryKey: [...quoteQueries.all(), 'messages', id] as const,
      queryFn: ({ pageParam }) =>
        unwrapPage(
          api.quotes[':id'].messages.$get({
            param: { id },
            query: { limit: String(QUOTE_LATEST_MESSAGES), offset: String(pageParam) },
          }),
        ),
      initialPageParam: QUOTE_LATEST_MESSAGES,
      getNextPageParam: (last, _pages, offset) =>
        offset + last.items.length < last.total ? offset + last.items.length : undefined,
      staleTime: 0,
    }),
}
