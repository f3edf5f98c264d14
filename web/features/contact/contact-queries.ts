import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api'

export const contactQueries = {
  all: () => ['contact-messages'] as const,
  /** GET /api/contact (admin): every message, newest first. */
  list: () =>
    queryOptions({
      queryKey: [...contactQueries.all(), 'list'] as const,
      queryFn: () => unwrap(api.contact.$get({ query: { limit: '100' } })),
    }),
}
