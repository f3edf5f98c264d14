import type { ToolReviewInput } from '#schemas/tool-review.ts'
import { toolQueries } from '#web/features/tools/tools-queries.ts'
import { api, unwrap } from '#web/lib/api.ts'
import { useMutation, useQueryClient } from '#web/lib/query.ts'
import { toolReviewQueries } from './tool-reviews-queries'

/** A review changes the reviews' lists and the tools' ratings (every list and page of tools). */
function useRefresh() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: toolReviewQueries.all() }),
      queryClient.invalidateQueries({ queryKey: toolQueries.all() }),
    ])
}

/** A buyer reviews a tool of a delivered order. */
export function useReviewTool(toolId: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (values: ToolReviewInput) =>
      unwrap(api.service[':id'].reviews.$post({ param: { id: toolId }, json: values })),
    onSuccess: () => refresh(),
  })
}

/** An admin deletes a review of a tool. */
export function useDeleteToolReview() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ toolId, reviewId }: { toolId: string; reviewId: string }) =>
      unwrap(api.service[':id'].reviews[':reviewId'].$delete({ param: { id: toolId, reviewId } })),
    onSettled: () => refresh(),
  })
}
