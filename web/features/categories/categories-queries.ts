import { queryOptions } from '@tanstack/react-query'
import { withApi } from '#web/lib/lazy-api.ts'

/** The catalogue's categories with their counts (`GET /api/category`, public): /service, the tool page, the forms. */
export const categoryQueries = {
  all: () => ['categories'] as const,
  list: () =>
    queryOptions({
      queryKey: categoryQueries.all(),
      queryFn: () => withApi(({ api, unwrap }) => unwrap(api.category.$get())),
    }),
}
