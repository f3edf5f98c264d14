import { lazy, Suspense } from 'react'
import { WhenNear } from '#web/components/when-near.tsx'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { reviewQueries } from '../reviews-queries'
import { ReviewTrack } from './review-cards'

// The carousel's code (embla, autoplay) loads only when the visitor scrolls near it; until then
// the reviews show as plain cards in the same places, so nothing moves when it takes over.
const ReviewCarousel = lazy(() =>
  import('#web/features/reviews/components/review-carousel.tsx').then((m) => ({ default: m.ReviewCarousel })),
)

/** The reviews arrive in the page's HTML; the carousel's code takes them over when the visitor scrolls near. */
function ReviewSlides() {
  const { data: reviews } = useSuspenseQuery(reviewQueries.list())
  const track = <ReviewTrack reviews={reviews} />
  return (
    <WhenNear fallback={track}>
      <ReviewCarousel reviews={reviews} />
    </WhenNear>
  )
}

/** The home page's testimonials. */
export function ReviewsSection() {
  return (
    <section id="reviews" className="scroll-mt-16 bg-slate-50 py-16 sm:py-20" aria-labelledby="reviews-title">
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Testimonials</p>
          <h2 id="reviews-title" className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            What our customers say
          </h2>
        </div>
        <div className="mt-10 min-h-[26rem]">
          <Suspense fallback={null}>
            <ReviewSlides />
          </Suspense>
        </div>
      </div>
    </section>
  )
}
