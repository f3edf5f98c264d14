import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { ToolReviewAdminRow } from '#schemas/tool-review.ts'
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx'
import { EmptyState } from '#web/components/empty-state.tsx'
import { formatCount, formatDateTime } from '#web/lib/format.ts'
import { useQuery } from '#web/lib/query.ts'
import { toast } from '#web/lib/toast.ts'
import { useDeleteToolReview } from '../tool-reviews-mutations'
import { TOOL_REVIEWS_DESK_PAGE, toolReviewQueries } from '../tool-reviews-queries'
import { Stars } from './stars'

/** The admins' moderation of buyers' reviews of tools (the Reviews page, beside the site-wide reviews). */
export function ToolReviewsDesk() {
  const [page, setPage] = useState(1)
  const { data, isPending, error } = useQuery(toolReviewQueries.desk(page))
  const remove = useDeleteToolReview()
  const [deleting, setDeleting] = useState<ToolReviewAdminRow>()
  const pages = data ? Math.max(1, Math.ceil(data.total / TOOL_REVIEWS_DESK_PAGE)) : 1

  return (
    <section aria-labelledby="tool-reviews-title" className="mt-10">
      <h2 id="tool-reviews-title" className="text-xl font-bold">
        Reviews of tools{data && ` (${formatCount(data.total)})`}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Written by customers whose order of the tool was delivered, newest first. Each tool page shows its own.
      </p>
      {isPending ? (
        <p className="mt-4 text-sm text-slate-600" role="status">
          Loading reviews of tools…
        </p>
      ) : error ? (
        <p className="mt-4 text-sm text-red-700" role="alert">
          {error.message}
        </p>
      ) : data.items.length === 0 ? (
        <EmptyState title="No reviews of tools yet" />
      ) : (
        <ul
          className="mt-6 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          aria-label="Reviews of tools"
        >
          {data.items.map((review) => (
            <li key={review._id} className="flex flex-wrap items-start gap-4 px-4 py-4" data-testid="tool-review-row">
              <div className="min-w-0 flex-1 basis-56">
                <p className="flex flex-wrap items-center gap-x-2 font-semibold text-ink">
                  {review.toolName ? (
                    <Link
                      to="/service/$serviceId"
                      params={{ serviceId: review.toolId }}
                      className="text-brand-700 hover:underline"
                    >
                      {review.toolName}
                    </Link>
                  ) : (
                    <span className="text-slate-600">A deleted tool</span>
                  )}
                  <Stars rating={review.rating} size={16} />
                </p>
                <p className="text-xs text-slate-600">
                  {review.name} · {review.customer} · {formatDateTime(review.createdAt)}
                </p>
                {review.title && <p className="mt-1 font-medium text-ink [overflow-wrap:anywhere]">{review.title}</p>}
                <p className="mt-1 whitespace-pre-line text-sm text-slate-800 [overflow-wrap:anywhere]">
                  {review.body}
                </p>
              </div>
              <button type="button" className="btn-ghost px-3 py-1.5 text-red-700" onClick={() => setDeleting(review)}>
                Delete
                <span className="sr-only">
                  {' '}
                  the review of {review.toolName ?? 'a deleted tool'} by {review.name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Pages of reviews of tools" className="mt-4 flex gap-2">
          <button
            type="button"
            className="btn-ghost px-3 py-1.5"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            Previous
          </button>
          <button
            type="button"
            className="btn-ghost px-3 py-1.5"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </button>
        </nav>
      )}

      <ConfirmDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(undefined)}
        busy={remove.isPending}
        title="Delete this review?"
        description={
          deleting &&
          `The review of ${deleting.toolName ?? 'a deleted tool'} by ${deleting.name} leaves the tool page for good.`
        }
        confirmLabel="Delete review"
        busyLabel="Deleting…"
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { toolId: deleting.toolId, reviewId: deleting._id },
            {
              onSuccess: () => {
                toast.success('Review deleted')
                setDeleting(undefined)
              },
              onError: (err) => toast.error(err.message),
            },
          )
        }
      />
    </section>
  )
}
