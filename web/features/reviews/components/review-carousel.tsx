import Autoplay from 'embla-carousel-autoplay'
import useEmblaCarousel from 'embla-carousel-react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { Review } from '#schemas/review.ts'
import { toast } from '#web/lib/toast.ts'
import { useIsAdmin } from '#web/lib/use-is-admin.ts'
import { useDeleteReview } from '../reviews-mutations'
import { type ReviewDelete, ReviewTrack } from './review-cards'

/** Spec section 9: the carousel moves on every 8500 ms. */
const AUTOPLAY_DELAY_MS = 8500

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * Customer reviews, three per view from the md breakpoint and one below it.
 * Autoplay pauses on hover and focus, and the visitor can stop it (WCAG 2.2.2).
 */
export function ReviewCarousel({ reviews }: { reviews: Review[] }) {
  const [autoplay] = useState(() =>
    Autoplay({ delay: AUTOPLAY_DELAY_MS, stopOnInteraction: false, stopOnMouseEnter: true }),
  )
  const [paused, setPaused] = useState(prefersReducedMotion)
  // Changing the plugin list makes embla re-initialise without (or with) autoplay.
  const plugins = useMemo(() => (paused ? [] : [autoplay]), [paused, autoplay])
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: 'start' }, plugins)
  const [canPrev, setCanPrev] = useState(false)
  const [canNext, setCanNext] = useState(false)
  const removeReview = useAdminReviewDelete()

  const sync = useCallback(() => {
    if (!embla) return
    setCanPrev(embla.canScrollPrev())
    setCanNext(embla.canScrollNext())
  }, [embla])

  useEffect(() => {
    if (!embla) return
    sync()
    embla.on('select', sync).on('reInit', sync)
    return () => {
      embla.off('select', sync).off('reInit', sync)
    }
  }, [embla, sync])

  const scrollable = canPrev || canNext

  return (
    <ReviewTrack reviews={reviews} viewportRef={viewportRef} onDelete={removeReview}>
      {scrollable && (
        <div className="mt-6 flex items-center justify-center gap-3">
          <button
            type="button"
            className="btn-ghost size-11 rounded-full p-0"
            aria-label="Previous reviews"
            onClick={() => embla?.scrollPrev()}
            disabled={!canPrev}
          >
            <Chevron direction="left" />
          </button>
          <button type="button" className="btn-ghost h-11 rounded-full px-4" onClick={() => setPaused((p) => !p)}>
            {paused ? 'Play' : 'Pause'}
            <span className="sr-only"> automatic scrolling</span>
          </button>
          <button
            type="button"
            className="btn-ghost size-11 rounded-full p-0"
            aria-label="Next reviews"
            onClick={() => embla?.scrollNext()}
            disabled={!canNext}
          >
            <Chevron direction="right" />
          </button>
        </div>
      )}
    </ReviewTrack>
  )
}

/** Admins can delete a review (after confirming); for everyone else this is undefined. */
function useAdminReviewDelete(): ReviewDelete | undefined {
  const isAdmin = useIsAdmin()
  const remove = useDeleteReview()
  if (!isAdmin) return undefined
  return {
    pendingId: remove.isPending ? remove.variables : undefined,
    remove: (review: Review) =>
      remove.mutate(review._id, {
        onSuccess: () => toast.success('Review deleted'),
        onError: (error) => toast.error(error.message),
      }),
  }
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 6l6 6-6 6'} />
    </svg>
  )
}
