import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import { TOOL_REVIEWS_PAGE } from '#schemas/page-sizes.ts'
import { withApi } from '#web/lib/lazy-api.ts'

/** The admins' page size of every tool's reviews. */
export const TOOL_REVIEWS_DESK_PAGE = 20

export const toolReviewQueries = {
  all: () => ['tool-reviews'] as const,
  /** A tool's reviews, newest first, a page at a time ("Show more reviews"). */
  list: (toolId: string) =>
    infiniteQueryOptions({
      queryKey: [...toolReviewQueries.all(), 'tool', toolId] as const,
      queryFn: ({ pageParam }) =>
        withApi(({ api, unwrapPage }) =>
          unwrapPage(
            api.service[':id'].reviews.$get({
              param: { id: toolId },
              query: { limit: String(TOOL_REVIEWS_PAGE), offset: String(pageParam) },
            }),
          ),
        ),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((n, page) => n + page.items.length, 0)
        return loaded < last.total ? loaded : undefined
      },
    }),
  /** The tools the signed-in customer has reviewed (their order page). */
  mine: () =>
    queryOptions({
      queryKey: [...toolReviewQueries.all(), 'mine'] as const,
      queryFn: () => withApi(({ api, unwrap }) => unwrap(api['tool-reviews'].mine.$get())),
    }),
  /** Every tool's reviews, for the admins' Reviews page. */
  desk: (page: number) =>
    queryOptions({
      queryKey: [...toolReviewQueries.all(), 'desk', page] as const,
      queryFn: () =>
        withApi(({ api, unwrapPage }) =>
          unwrapPage(
            api['tool-reviews'].$get({
              query: {
                limit: String(TOOL_REVIEWS_DESK_PAGE),
                offset: String((page - 1) * TOOL_REVIEWS_DESK_PAGE),
              },
            }),
          ),
        ),
      placeholderData: keepPreviousData,
    }),
}
