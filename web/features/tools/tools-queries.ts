import { queryOptions } from '@tanstack/react-query'
import type { ToolSort } from '#schemas/tool-sorts.ts'
import { DESK_KEY } from '#web/lib/desk.ts'
import { withApi } from '#web/lib/lazy-api.ts'

export type ToolListParams = { q?: string; sort?: ToolSort; category?: string; limit: number; offset: number }

export const toolQueries = {
  all: () => ['tools'] as const,
  list: (params: ToolListParams) =>
    queryOptions({
      queryKey: [...toolQueries.all(), 'list', params] as const,
      queryFn: () =>
        withApi(({ api, unwrapPage }) =>
          unwrapPage(
            api.service.$get({
              query: {
                ...(params.q ? { q: params.q } : {}),
                ...(params.sort ? { sort: params.sort } : {}),
                ...(params.category ? { category: params.category } : {}),
                limit: String(params.limit),
                offset: String(params.offset),
              },
            }),
          ),
        ),
      // Query's keepPreviousData, written out: the home page's first load imports this file, and
      // the export would bring TanStack Query's client with it (web/lib/browser-query-client.ts).
      placeholderData: (previous) => previous,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...toolQueries.all(), 'detail', id] as const,
      queryFn: () => withApi(({ api, unwrap }) => unwrap(api.service[':id'].$get({ param: { id } }))),
    }),
  /** What deleting a tool would touch (admins only). */
  orders: (id: string) =>
    queryOptions({
      queryKey: [...DESK_KEY, 'tool-orders', id] as const,
      queryFn: () => withApi(({ api, unwrap }) => unwrap(api.service[':id'].orders.$get({ param: { id } }))),
      staleTime: 0,
    }),
}

/** Spec section 9: the home page shows the first 5 tools. */
export const HOME_TOOL_COUNT = 5
export const homeTools = () => toolQueries.list({ limit: HOME_TOOL_COUNT, offset: 0 })
