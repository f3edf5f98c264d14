import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import type { Review } from '#schemas/review.ts'
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx'
import { EmptyState } from '#web/components/empty-state.tsx'
import { Pager } from '#web/components/pager.tsx'
import { useDeleteReview } from '#web/features/reviews/reviews-mutations.ts'
import { reviewQueries } from '#web/features/reviews/reviews-queries.ts'
import { ToolReviewsDesk } from '#web/features/tool-reviews/components/tool-reviews-desk.tsx'
import { DESK_PAGE_SIZE } from '#web/lib/desk.ts'
import { formatCount, formatDateTime } from '#web/lib/format.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { pageNumber } from '#web/lib/search-params.ts'
import { toast } from '#web/lib/toast.ts'

export const Route = createFileRoute('/_auth/dashboard/_admin/reviews')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => ({ page: pageNumber(search.page) }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(reviewQueries.desk(deps.page)),
  head: () => ({ meta: [{ title: 'Reviews · Toolhaus' }] }),
  component: ReviewsPage,
})

function ReviewsPage() {
  const { page = 1 } = Route.useSearch()
  const { data } = useSuspenseQuery(reviewQueries.desk(page))
  const remove = useDeleteReview()
  const [deleting, setDeleting] = useState<Review>()

  return (
    <div>
      <h1 className="text-2xl font-bold">Reviews ({formatCount(data.total)})</h1>
      <p className="mt-1 text-sm text-slate-600">
        What customers wrote, newest first. The home page shows the newest ones.
      </p>
      {data.items.length === 0 ? (
        <EmptyState title="No reviews yet" />
      ) : (
        <ul
          className="mt-6 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          aria-label="Reviews"
        >
          {data.items.map((review) => (
            <li key={review._id} className="flex flex-wrap items-start gap-4 px-4 py-4" data-testid="review-row">
              <img
                src={review.img}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="size-12 shrink-0 rounded-full bg-slate-100 object-cover"
              />
              <div className="min-w-0 flex-1 basis-56">
                <p className="font-semibold text-ink">
                  {review.name}
                  {review.rating !== null && (
                    <span className="ml-2 text-sm font-normal text-amber-700">
                      {'★'.repeat(review.rating)}
                      <span className="sr-only"> {review.rating} of 5</span>
                    </span>
                  )}
                </p>
                <p className="text-xs text-slate-500">{formatDateTime(review.createdAt)}</p>
                <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{review.description}</p>
              </div>
              <button type="button" className="btn-ghost px-3 py-1.5 text-red-700" onClick={() => setDeleting(review)}>
                Delete<span className="sr-only"> the review by {review.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={DESK_PAGE_SIZE} total={data.total} noun="reviews" />
      <ToolReviewsDesk />

      <ConfirmDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(undefined)}
        busy={remove.isPending}
        title="Delete this review?"
        description={deleting && `The review by ${deleting.name} leaves the site for good.`}
        confirmLabel="Delete review"
        busyLabel="Deleting…"
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              toast.success('Review deleted')
              setDeleting(undefined)
            },
            onError: (error) => toast.error(error.message),
          })
        }
      />
    </div>
  )
}
