import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { hydrateOnSight } from '#web/components/hydrate-on-sight.tsx'
import { WhenNear } from '#web/components/when-near.tsx'
import { Hero } from '#web/features/home/components/hero.tsx'
import { MOST_SOLD_TOOL_ID, NEWEST_TOOL_ID } from '#web/features/home/home-queries.ts'
import { reviewQueries } from '#web/features/reviews/reviews-queries.ts'
import { homeTools, toolQueries } from '#web/features/tools/tools-queries.ts'
import { isServer } from '#web/lib/is-server.ts'
import { publicPage, SHOP_DESCRIPTION, SHOP_NAME, SHOP_TITLE } from '#web/lib/page-head.ts'

// Below the hero, every section arrives in the server's HTML but runs its code only when the
// visitor scrolls near it (hydrateOnSight): the first load runs the navbar and the hero.
const ToolsSection = hydrateOnSight(() =>
  import('#web/features/tools/components/our-tools.tsx').then((m) => m.OurTools),
)
const StatsSection = hydrateOnSight(() =>
  import('#web/features/home/components/stats.tsx').then((m) => m.BusinessStats),
)
const HighlightSection = hydrateOnSight(() =>
  import('#web/features/home/components/product-highlight.tsx').then((m) => m.ProductHighlight),
)
const Reviews = hydrateOnSight(() =>
  import('#web/features/reviews/components/reviews-section.tsx').then((m) => m.ReviewsSection),
)
const SECTIONS = [ToolsSection, StatsSection, HighlightSection, Reviews]
// The contact form (its validation, the form library) is the browser's alone: a placeholder of
// its own height until the visitor comes near.
const ContactSection = lazy(() =>
  import('#web/features/contact/contact-section.tsx').then((m) => ({ default: m.ContactSection })),
)

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
  // from another page) only the sections' code is awaited (small, preloaded on hover), not their
  // data: the hero needs none and paints at once, and each section shows its own placeholder
  // until its data arrives (the requests start here, in parallel).
  loader: async ({ context: { queryClient } }) => {
    const sections = Promise.all([
      queryClient.prefetchQuery(homeTools()),
      queryClient.prefetchQuery(reviewQueries.list()),
      queryClient.prefetchQuery(toolQueries.detail(NEWEST_TOOL_ID)),
      queryClient.prefetchQuery(toolQueries.detail(MOST_SOLD_TOOL_ID)),
    ])
    const code = Promise.all(SECTIONS.map((section) => section.preload()))
    await (isServer ? Promise.all([sections, code]) : code)
  },
  component: HomePage,
})

function HomePage() {
  return (
    <>
      <Hero />
      <ToolsSection id="island-tools" />
      <StatsSection id="island-stats" />
      <HighlightSection
        id="island-newest"
        toolId={NEWEST_TOOL_ID}
        sectionId="newest"
        eyebrow="Newest product"
        badge="New"
      />
      <HighlightSection
        id="island-most-sold"
        toolId={MOST_SOLD_TOOL_ID}
        sectionId="most-sold"
        eyebrow="Most sold"
        badge="Best seller"
        reverse
        tone="dark"
      />
      <Reviews id="island-reviews" />
      {/* NOTE: the anchor lives here so ContactSection must not set id="contact" itself. */}
      <div id="contact" className="scroll-mt-16">
        <WhenNear fallback={<div className="min-h-[56rem] lg:min-h-[42rem]" aria-busy="true" />}>
          <ContactSection />
        </WhenNear>
      </div>
    </>
  )
}
