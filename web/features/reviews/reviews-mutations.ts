import type { ReviewInput } from '#schemas/review.ts'
import { api, unwrap } from '#web/lib/api.ts'
import { useMutation, useQueryClient } from '#web/lib/query.ts'
import { reviewQueries } from './reviews-queries'

/** Every view of reviews: the home carousel (refetched now, even while not shown) and the admin table. */
function useReviewsRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: reviewQueries.all(), refetchType: 'all' })
}

/** A signed-in user adds a review. */
export function useAddReview() {
  const refresh = useReviewsRefresh()
  return useMutation({
    mutationFn: (values: ReviewInput) => unwrap(api.review.$post({ json: values })),
    onSuccess: () => refresh(),
  })
}

/** An admin deletes a review. */
export function useDeleteReview() {
  const refresh = useReviewsRefresh()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.review[':id'].$delete({ param: { id } })),
    onSettled: () => refresh(),
  })
}
