import type { QueryClient } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { lazy, memo, Suspense, useEffect, useState } from 'react'
import { categoryPath } from '#schemas/category-tree.ts'
import { hydrateOnSight } from '#web/components/hydrate-on-sight.tsx'
import { categoryQueries } from '#web/features/categories/categories-queries.ts'
import { ToolBreadcrumbs } from '#web/features/categories/components/tool-breadcrumbs.tsx'
import { RequestQuote } from '#web/features/quotes/components/request-quote.tsx'
import { toolReviewQueries } from '#web/features/tool-reviews/tool-reviews-queries.ts'
import { ToolDetails } from '#web/features/tools/components/tool-details.tsx'
import { ToolNotFound, ToolPending } from '#web/features/tools/components/tool-page-states.tsx'
import { ToolSpecs } from '#web/features/tools/components/tool-specs.tsx'
import { VolumePricing } from '#web/features/tools/components/volume-pricing.tsx'
import { relatedToolsQuery } from '#web/features/tools/related-queries.ts'
import { toolQueries } from '#web/features/tools/tools-queries.ts'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { useSession } from '#web/lib/session.ts'

export const Route = createFileRoute('/service/$serviceId')({
  // `?order=1`: open the order dialog (a visitor who pressed Purchase comes back signed in).
  validateSearch: (search: Record<string, unknown>): { order?: boolean } => ({
    order: search.order === 1 || search.order === '1' || search.order === true ? true : undefined,
  }),
  loader: async ({ context, params }) => {
    try {
      // The categories too: the breadcrumbs and the Product data name the tool's category.
      const [tool] = await Promise.all([
        context.queryClient.ensureQueryData(toolQueries.detail(params.serviceId)),
        context.queryClient.ensureQueryData(categoryQueries.list()),
      ])
      // Once the tool is known to exist: an unknown id asks for nothing more (one 404, not three).
      await Promise.all(belowTheFold(context.queryClient, params.serviceId))
      return tool
    } catch (error) {
      // 400 is an id no tool can have: for the visitor that is the same as an unknown one.
      if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) throw notFound()
      throw error
    }
  },
  // The head's code (Product data, the photo's preload) loads with the page's own, not in the entry.
  head: async ({ loaderData: tool, match }) =>
    tool
      ? (await import('./-tool-head.ts')).toolHead(tool, match.context.origin, match.context.queryClient)
      : { meta: [{ title: 'Tool not found · Toolhaus' }] },
  notFoundComponent: ToolNotFound,
  pendingComponent: ToolPending,
  component: ToolPage,
})

// Customer reviews and related tools: in the server's HTML, their code run when the visitor nears them.
// NOTE: memo, with props of plain values: the page re-renders (the session, a refetch of the tool), and
// an update reaching a section still waiting to hydrate would make React drop its server HTML.
const ReviewsIsland = hydrateOnSight(() =>
  import('#web/features/tool-reviews/components/customer-reviews.tsx').then((m) => m.CustomerReviews),
)
const RelatedIsland = hydrateOnSight(() =>
  import('#web/features/tools/components/related-tools.tsx').then((m) => m.RelatedTools),
)
const ReviewsSection = memo(ReviewsIsland)
const RelatedSection = memo(RelatedIsland)

/** The data and code of the sections below the tool (reviews, related tools), for the loader. */
const belowTheFold = (queryClient: QueryClient, id: string) => [
  queryClient.ensureInfiniteQueryData(toolReviewQueries.list(id)),
  queryClient.ensureQueryData(relatedToolsQuery(id)),
  ReviewsIsland.preload(),
  RelatedIsland.preload(),
]

// The order form (its validation, the form library) loads when a signed-in customer opens it,
// not with the page every visitor reads.
const PurchaseDialog = lazy(() =>
  import('#web/features/checkout/components/purchase-dialog.tsx').then((m) => ({ default: m.PurchaseDialog })),
)

function ToolPage() {
  const { serviceId } = Route.useParams()
  const { order: orderOnArrival } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data: tool } = useSuspenseQuery(toolQueries.detail(serviceId))
  const { data: categories } = useSuspenseQuery(categoryQueries.list())
  // The tool page is public (product.md): anyone can read it; ordering needs a signed-in customer.
  const session = useSession()
  const [ordering, setOrdering] = useState(false)
  useEffect(() => {
    if (orderOnArrival && session.status === 'signedIn') {
      setOrdering(true)
      void navigate({ search: {}, replace: true })
    }
  }, [orderOnArrival, session.status, navigate])

  const purchase = () => {
    if (session.status === 'signedIn') return setOrdering(true)
    void navigate({ to: '/login', search: { redirect: `/service/${serviceId}?order=1` } })
  }

  // Mounted once first opened, then kept (its code loads then).
  const [dialogWanted, setDialogWanted] = useState(false)
  useEffect(() => {
    if (ordering) setDialogWanted(true)
  }, [ordering])

  return (
    <div className="container-page py-8 sm:py-12">
      <ToolBreadcrumbs path={categoryPath(categories, tool.categoryId)} name={tool.name} />

      <ToolDetails
        tool={tool}
        signedOut={session.status === 'signedOut'}
        onPurchase={purchase}
        requestQuote={(quantity) => (
          <RequestQuote
            what={{ serviceId: tool._id, name: tool.name, minimum: tool.Minimum_quantity, quantity }}
            returnTo={`/service/${tool._id}`}
            className="btn-ghost w-full py-3 text-base sm:w-auto sm:px-8"
          />
        )}
      />
      <VolumePricing tool={tool} />
      <ToolSpecs specs={tool.specs} />
      <ReviewsSection
        id="island-tool-reviews"
        toolId={tool._id}
        average={tool.rating.average}
        count={tool.rating.count}
      />
      <RelatedSection id="island-related-tools" toolId={tool._id} />

      {session.status === 'signedIn' && (ordering || dialogWanted) && (
        <Suspense fallback={null}>
          <PurchaseDialog
            tool={tool}
            profile={session.profile}
            displayName={session.user.displayName}
            email={session.user.email}
            open={ordering}
            onClose={() => setOrdering(false)}
          />
        </Suspense>
      )}
    </div>
  )
}
