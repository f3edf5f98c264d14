import { formatDhakaShortDate } from '#schemas/dhaka-time.ts'
import type { ToolRating } from '#schemas/tool-review.ts'
import { formatCount } from '#web/lib/format.ts'
import { useSuspenseInfiniteQuery } from '#web/lib/query.ts'
import { toolReviewQueries } from '../tool-reviews-queries'
import { Stars } from './stars'

/**
 * A tool page's **Customer reviews**: the average with stars and the count, then the reviews by
 * buyers, newest first, a page at a time, each marked **Verified buyer**.
 */
export function CustomerReviews({ toolId, average, count }: { toolId: string } & ToolRating) {
  const rating = { average, count }
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(
    toolReviewQueries.list(toolId),
  )
  const reviews = data.pages.flatMap((page) => page.items)
  return (
    <section aria-labelledby="customer-reviews" className="mt-12 max-w-3xl" data-testid="customer-reviews">
      <h2 id="customer-reviews" className="text-xl font-bold text-ink">
        Customer reviews
      </h2>
      {rating.average === null ? (
        <p className="mt-3 text-slate-600">
          No reviews yet. Customers who bought this tool can review it from their delivered order.
        </p>
      ) : (
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="rating-summary">
          <Stars rating={rating.average} size={24} />
          <span className="text-lg font-bold text-ink">{rating.average.toFixed(1)} out of 5</span>
          <span className="text-slate-600">
            {formatCount(rating.count)} {rating.count === 1 ? 'review' : 'reviews'}
          </span>
        </p>
      )}
      {reviews.length > 0 && (
        <ul className="mt-6 space-y-4">
          {reviews.map((review) => (
            <li
              key={review._id}
              className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
              data-testid="tool-review"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Stars rating={review.rating} size={18} />
                {review.title && <h3 className="font-semibold text-ink [overflow-wrap:anywhere]">{review.title}</h3>}
              </div>
              <p className="mt-2 whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{review.body}</p>
              <p className="mt-3 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
                <span className="font-medium text-slate-800">{review.name}</span>
                <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
                  <svg width="12" height="12" viewBox="0 0 20 20" aria-hidden="true">
                    <path fill="currentColor" d="M8 13.2 4.8 10l-1.4 1.4L8 16l9-9-1.4-1.4z" />
                  </svg>
                  Verified buyer
                </span>
                <span aria-hidden="true">·</span>
                <time dateTime={new Date(review.createdAt).toISOString()}>
                  {formatDhakaShortDate(review.createdAt)}
                </time>
              </p>
            </li>
          ))}
        </ul>
      )}
      {hasNextPage && (
        <button
          type="button"
          className="btn-ghost mt-4"
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
          aria-busy={isFetchingNextPage}
        >
          {isFetchingNextPage ? 'Loading…' : 'Show more reviews'}
        </button>
      )}
    </section>
  )
}
