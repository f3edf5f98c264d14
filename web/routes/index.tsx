import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { BusinessStats } from '../features/home/components/stats'
import { Hero } from '../features/home/components/hero'
import { ProductHighlight } from '../features/home/components/product-highlight'
import { reviewQueries } from '../features/reviews/reviews-queries'
import { ToolCard } from '../features/tools/components/tool-card'
import { toolQueries } from '../features/tools/tools-queries'

// Below the fold: their code (the carousel, the contact form with its validation) loads after
// the first paint, in placeholders of their own height, so the page neither waits nor shifts.
const ReviewCarousel = lazy(() => import('../features/reviews/components/review-carousel').then((m) => ({ default: m.ReviewCarousel })))
const ContactSection = lazy(() => import('../features/contact/contact-section').then((m) => ({ default: m.ContactSection })))

/** Spec section 9: the home page shows the first 5 tools. */
const HOME_TOOL_COUNT = 5
const homeTools = () => toolQueries.list({ limit: HOME_TOOL_COUNT, offset: 0 })

const NEWEST_TOOL_ID = 'electric-saw'
const MOST_SOLD_TOOL_ID = 'drill-machine'

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: 'Power tools since 1992 · Toolhaus' }] }),
  loader: async ({ context: { queryClient } }) => {
    // The featured tools render their own loading and missing states, so they do not hold the page back.
    void queryClient.prefetchQuery(toolQueries.detail(NEWEST_TOOL_ID))
    void queryClient.prefetchQuery(toolQueries.detail(MOST_SOLD_TOOL_ID))
    await Promise.all([queryClient.ensureQueryData(homeTools()), queryClient.ensureQueryData(reviewQueries.list())])
  },
  component: HomePage,
})

function HomePage() {
  return (
    <>
      <Hero />
      <OurTools />
      <BusinessStats />
      <ProductHighlight toolId={NEWEST_TOOL_ID} sectionId="newest" eyebrow="Newest product" badge="New" />
      <ProductHighlight toolId={MOST_SOLD_TOOL_ID} sectionId="most-sold" eyebrow="Most sold" badge="Best seller" reverse tone="dark" />
      <Reviews />
      {/* NOTE: the anchor lives here so ContactSection must not set id="contact" itself. */}
      <div id="contact" className="scroll-mt-16">
        <Suspense fallback={<div className="min-h-[40rem]" aria-busy="true" />}>
          <ContactSection />
        </Suspense>
      </div>
    </>
  )
}

function OurTools() {
  const { data } = useSuspenseQuery(homeTools())
  return (
    <section className="py-16 sm:py-20" aria-labelledby="tools-title">
      <div className="container-page">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Catalogue</p>
          <h2 id="tools-title" className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            Our tools
          </h2>
          <p className="mt-3 max-w-2xl text-slate-600">Built for daily professional use and sold at wholesale quantities.</p>
        </div>
        {data.items.length === 0 ? (
          <div className="mt-10 flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="text-slate-600">Our catalogue is being restocked. Please check back soon.</p>
            <Link to="/service" className="btn-primary px-6 py-3">
              See All Service
            </Link>
          </div>
        ) : (
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.items.map((tool) => (
              <li key={tool._id}>
                <ToolCard tool={tool} />
              </li>
            ))}
            <li className="flex flex-col items-center justify-center gap-4 rounded-xl border-2 border-dashed border-slate-300 bg-white p-8 text-center">
              <p className="text-lg font-bold text-ink">Looking for something else?</p>
              <p className="text-sm text-slate-600">Browse the full catalogue, with search and sorting.</p>
              <Link to="/service" className="btn-primary px-6 py-3">
                See All Service
              </Link>
            </li>
          </ul>
        )}
      </div>
    </section>
  )
}

function Reviews() {
  const { data: reviews } = useSuspenseQuery(reviewQueries.list())
  return (
    <section id="reviews" className="scroll-mt-16 bg-slate-50 py-16 sm:py-20" aria-labelledby="reviews-title">
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Testimonials</p>
          <h2 id="reviews-title" className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            What our customers say
          </h2>
        </div>
        <div className="mt-10">
          <Suspense fallback={<div className="min-h-[20rem]" aria-busy="true" />}>
            <ReviewCarousel reviews={reviews} />
          </Suspense>
        </div>
      </div>
    </section>
  )
}
