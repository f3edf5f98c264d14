import type { ReactNode, Ref } from 'react'
import type { Review } from '#schemas/review.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { responsiveImage } from '#web/lib/image-variants.ts'

/** What an admin's delete button needs (from the carousel); absent for everyone else. */
export type ReviewDelete = { pendingId: string | undefined; remove: (review: Review) => void }

/**
 * The reviews as the page first shows them, server-rendered: a row of cards, three per view from
 * the md breakpoint and one below it. The carousel (review-carousel.tsx, loaded when the visitor
 * scrolls near) renders this same markup with its viewport ref and controls, so nothing moves
 * when it takes over.
 */
export function ReviewTrack({
  reviews,
  viewportRef,
  onDelete,
  children,
}: {
  reviews: Review[]
  viewportRef?: Ref<HTMLDivElement>
  onDelete?: ReviewDelete
  children?: ReactNode
}) {
  if (reviews.length === 0) return <NoReviews />
  return (
    <div aria-roledescription="carousel" aria-label="Customer reviews" role="region">
      <div ref={viewportRef} className="overflow-hidden">
        <ul className="-ml-4 flex touch-pan-y py-2">
          {reviews.map((review, i) => (
            <li
              key={review._id}
              className="min-w-0 shrink-0 grow-0 basis-full pl-4 md:basis-1/3"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${reviews.length}`}
            >
              <ReviewCard review={review} onDelete={onDelete} />
            </li>
          ))}
        </ul>
      </div>
      {children}
    </div>
  )
}

function ReviewCard({ review, onDelete }: { review: Review; onDelete?: ReviewDelete }) {
  return (
    <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" className="text-brand-500">
        <path
          fill="currentColor"
          d="M9.5 6C6.5 7.3 5 9.6 5 13v5h5.5v-5.5H8c0-1.9.8-3.3 2.4-4.2L9.5 6Zm9 0c-3 1.3-4.5 3.6-4.5 7v5h5.5v-5.5H17c0-1.9.8-3.3 2.4-4.2L18.5 6Z"
        />
      </svg>
      {review.rating !== null && <Stars rating={review.rating} />}
      {/* Plain text only: React escapes it; whitespace-pre-line keeps the author's line breaks. */}
      <blockquote className="mt-3 flex-1 whitespace-pre-line break-words text-slate-700">
        {review.description}
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-4">
        <img
          {...responsiveImage(review.img, '48px', 160)}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="size-12 rounded-full bg-slate-200 object-cover"
        />
        <span className="min-w-0 break-words font-semibold text-ink">{review.name}</span>
        {onDelete && (
          <button
            type="button"
            className="ml-auto shrink-0 rounded-md px-2 py-1 text-sm font-semibold text-red-700 hover:bg-red-50"
            aria-label={`Delete review by ${review.name}`}
            disabled={onDelete.pendingId === review._id}
            onClick={() => window.confirm(`Delete the review by ${review.name}?`) && onDelete.remove(review)}
          >
            {onDelete.pendingId === review._id ? 'Deleting…' : 'Delete'}
          </button>
        )}
      </figcaption>
    </figure>
  )
}

function Stars({ rating }: { rating: number }) {
  const value = Math.max(0, Math.min(5, rating))
  return (
    <div className="mt-3 flex gap-0.5" role="img" aria-label={`Rated ${value} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          width="20"
          height="20"
          viewBox="0 0 20 20"
          aria-hidden="true"
          className={n <= value ? 'text-brand-500' : 'text-slate-300'}
        >
          <path
            fill="currentColor"
            d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z"
          />
        </svg>
      ))}
    </div>
  )
}

function NoReviews() {
  return (
    <EmptyState
      className="mt-0"
      title="No Reviews"
      icon={
        <>
          <path d="M4 5h16v11H8l-4 4V5Z" />
          <path d="M8 9h8M8 12h5" />
        </>
      }
    >
      Our customers have not shared any reviews yet. Check back soon.
    </EmptyState>
  )
}
