import { queryOptions } from '@tanstack/react-query'
import { withApi } from '#web/lib/lazy-api.ts'
import { toolQueries } from './tools-queries'

/** Up to 4 tools of a tool's category family, orderable first (the tool page's "Related tools"). */
export const relatedToolsQuery = (id: string) =>
  queryOptions({
    // Under the tools' key: a tool's change (or a review's, for their ratings) refreshes it too.
    queryKey: [...toolQueries.all(), 'related', id] as const,
    queryFn: () => withApi(({ api, unwrap }) => unwrap(api.service[':id'].related.$get({ param: { id } }))),
  })
