import { queryOptions } from '@tanstack/react-query'
import { withApi } from '#web/lib/lazy-api.ts'

/** The shop's settings (`GET /api/settings`): public, read by the admin's Settings page and, later, checkout. */
export const settingsQueries = {
  all: () => ['settings'] as const,
  detail: () =>
    queryOptions({
      queryKey: settingsQueries.all(),
      queryFn: () => withApi(({ api, unwrap }) => unwrap(api.settings.$get())),
    }),
}
