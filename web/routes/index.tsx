import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { WhenNear } from '../components/when-near'
import { BusinessStats } from '../features/home/components/stats'
import { Hero } from '../features/home/components/hero'
import { ProductHighlight } from '../features/home/components/product-highlight'
import { ReviewTrack } from '../features/reviews/components/review-cards'
import { reviewQueries } from '../features/reviews/reviews-queries'
import { ToolCard, ToolCardSkeleton } from '../features/tools/components/tool-card'
import { toolQueries } from '../features/tools/tools-queries'
import { isServer } from '../lib/is-server'
import { publicPage, SHOP_DESCRIPTION, SHOP_NAME, SHOP_TITLE } from '../lib/page-head'

// Below the fold: their code (the carousel, the contact form with its validation) loads only
// when the visitor scrolls near them; until then the reviews show as plain cards and the form
// as a placeholder of its own height, so nothing shifts.
const ReviewCarousel = lazy(() => import('../features/reviews/components/review-carousel').then((m) => ({ default: m.ReviewCarousel })))
const ContactSection = lazy(() => import('../features/contact/contact-section').then((m) => ({ default: m.ContactSection })))

/** Spec section 9: the home page shows the first 5 tools. */
const HOME_TOOL_COUNT = 5
const homeTools = () => toolQueries.list({ limit: HOME_TOOL_COUNT, offset: 0 })

const NEWEST_TOOL_ID = 'electric-saw'
const MOST_SOLD_TOOL_ID = 'drill-machine'

export const Route = createFileRoute('/')({
  head: ({ match }) =>
    publicPage({
      origin: match.context.origin,
      path: '/',
      title: SHOP_TITLE,
      description: SHOP_DESCRIPTION,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: SHOP_NAME,
          url: `${match.context.origin}/`,
          logo: `${match.context.origin}/favicon.svg`,
          foundingDate: '1992',
          description: SHOP_DESCRIPTION,
        },
      ],
    }),
  // The server waits for every section's data, so the page arrives whole. In the browser (coming
  // from another page) nothing is awaited: the hero needs no data and paints at once, and each
  // section shows its own placeholder until its data arrives (the requests start here, in parallel).
  loader: async ({ context: { queryClient } }) => {
    const sections = Promise.all([
      queryClient.prefetchQuery(homeTools()),
      queryClient.prefetchQuery(reviewQueries.list()),
      queryClient.prefetchQuery(toolQueries.detail(NEWEST_TOOL_ID)),
      queryClient.prefetchQuery(toolQueries.detail(MOST_SOLD_TOOL_ID)),
    ])
    if (isServer) await sections
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
        <WhenNear fallback={<SectionPlaceholder className="min-h-[56rem] lg:min-h-[42rem]" />}>
          <ContactSection />
        </WhenNear>
      </div>
    </>
  )
}

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

function OurTools() {
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
        <Suspense fallback={<ToolGridSkeleton />}>
          <ToolGrid />
        </Suspense>
      </div>
    </section>
  )
}

function ToolGrid() {
  const { data } = useSuspenseQuery(homeTools())
  if (data.items.length === 0)
    return (
      <div className="mt-10 flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="text-slate-600">Our catalogue is being restocked. Please check back soon.</p>
        <Link to="/service" className="btn-primary px-6 py-3">
          See All Service
        </Link>
      </div>
    )
  return (
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
  )
}

/** The grid's shape while the tools load: the cards below it do not jump when they arrive. */
function ToolGridSkeleton() {
  return (
    <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      {Array.from({ length: HOME_TOOL_COUNT + 1 }, (_, i) => (
        <ToolCardSkeleton key={i} />
      ))}
    </div>
  )
}

function SectionPlaceholder({ className }: { className: string }) {
  return <div className={className} aria-busy="true" />
}

function Reviews() {
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
