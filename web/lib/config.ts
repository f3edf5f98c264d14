import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from './api'

/** GET /api/config: the shop's public settings (Firebase, payments, whether e-mail goes to the local outbox). */
export const configQuery = queryOptions({
  queryKey: ['config'] as const,
  queryFn: () => unwrap(api.config.$get()),
  staleTime: 5 * 60_000,
})
