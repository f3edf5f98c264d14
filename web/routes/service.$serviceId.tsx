import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { formatBDT } from '#schemas/bdt.ts'
import type { Tool } from '#schemas/tool.ts'
import { toolQueries } from '../features/tools/tools-queries'
import { ApiRequestError } from '../lib/api'
import { formatCount } from '../lib/format'
import { imagePreload, responsiveImage } from '../lib/image-variants'
import { absoluteUrl, breadcrumbs, publicPage, SHOP_NAME } from '../lib/page-head'
import { useSession } from '../lib/session'

export const Route = createFileRoute('/service/$serviceId')({
  // `?order=1`: open the order dialog (a visitor who pressed Purchase comes back signed in).
  validateSearch: (search: Record<string, unknown>): { order?: boolean } => ({
    order: search.order === 1 || search.order === '1' || search.order === true ? true : undefined,
  }),
  loader: async ({ context, params }) => {
    try {
      return await context.queryClient.ensureQueryData(toolQueries.detail(params.serviceId))
    } catch (error) {
      // 400 is an id no tool can have: for the visitor that is the same as an unknown one.
      if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) throw notFound()
      throw error
    }
  },
  head: ({ loaderData: tool, match }) =>
    tool ? toolHead(tool, match.context.origin) : { meta: [{ title: 'Tool not found · Toolhaus' }] },
  notFoundComponent: ToolNotFound,
  pendingComponent: ToolPending,
  component: ToolPage,
})

/** A tool's page as a search engine or a link preview reads it: Product (price, BDT, availability) and where it sits. */
function toolHead(tool: Tool, origin: string) {
  const path = `/service/${encodeURIComponent(tool._id)}`
  const price = formatBDT(tool.price)
  return publicPage({
    origin,
    path,
    title: `${tool.name} · Toolhaus`,
    description: `${tool.name}: ${price} per unit, minimum order ${tool.Minimum_quantity}. ${tool.description}`.slice(
      0,
      300,
    ),
    image: tool.img,
    type: 'product',
    preload: imagePreload(tool.img, TOOL_PHOTO_SIZES),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: tool.name,
        description: tool.description,
        image: absoluteUrl(origin, tool.img),
        sku: tool._id,
        brand: { '@type': 'Brand', name: SHOP_NAME },
        offers: {
          '@type': 'Offer',
          url: absoluteUrl(origin, path),
          price: tool.price.toFixed(2),
          priceCurrency: 'BDT',
          availability: inStock(tool) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          eligibleQuantity: { '@type': 'QuantitativeValue', minValue: tool.Minimum_quantity },
        },
      },
      breadcrumbs(origin, [
        ['Service', '/service'],
        [tool.name, path],
      ]),
    ],
  })
}

// The order form (its validation, the form library) loads when a signed-in customer opens it,
// not with the page every visitor reads.
const BookingDialog = lazy(() =>
  import('../features/bookings/booking-dialog').then((m) => ({ default: m.BookingDialog })),
)

/** The photo's width on screen: the page's left column from md (at most 1152 px wide), the whole width below. */
const TOOL_PHOTO_SIZES = '(min-width: 1024px) 540px, (min-width: 768px) calc(50vw - 40px), calc(100vw - 32px)'

/** Orderable: at least the minimum order is in stock. */
const inStock = (tool: Tool) => tool.quantity >= tool.Minimum_quantity && tool.quantity > 0

function ToolPage() {
  const { serviceId } = Route.useParams()
  const { order: orderOnArrival } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data: tool } = useSuspenseQuery(toolQueries.detail(serviceId))
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

  const canOrder = inStock(tool)

  // Mounted once first opened, then kept (its code loads then).
  const [dialogWanted, setDialogWanted] = useState(false)
  useEffect(() => {
    if (ordering) setDialogWanted(true)
  }, [ordering])

  return (
    <div className="container-page py-8 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/service" className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Service
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="min-w-0 truncate text-slate-800">
            {tool.name}
          </li>
        </ol>
      </nav>

      <article className="mt-6 grid items-start gap-8 md:grid-cols-2 lg:gap-12">
        <div className="overflow-hidden rounded-2xl bg-slate-100 shadow-sm ring-1 ring-slate-200">
          <img
            {...responsiveImage(tool.img, TOOL_PHOTO_SIZES)}
            alt={tool.name}
            width={800}
            height={600}
            fetchPriority="high"
            className="aspect-[4/3] h-auto w-full object-cover"
          />
        </div>

        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{tool.name}</h1>
          <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
            <span className="text-2xl font-bold text-brand-700" data-testid="unit-price">
              {formatBDT(tool.price)}
            </span>
            <span className="text-sm text-slate-600">per unit</span>
          </p>
          <p className="mt-5 leading-relaxed text-slate-700">{tool.description}</p>

          <dl className="mt-6 grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4">
            <div>
              <dt className="text-sm text-slate-600">Available quantity</dt>
              <dd className="mt-1 text-xl font-bold text-ink" data-testid="available-quantity">
                {formatCount(tool.quantity)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Minimum order</dt>
              <dd className="mt-1 text-xl font-bold text-ink" data-testid="minimum-quantity">
                {formatCount(tool.Minimum_quantity)}
              </dd>
            </div>
          </dl>

          <button
            type="button"
            className="btn-dark mt-6 w-full py-3 text-base sm:w-auto sm:px-10"
            disabled={!canOrder}
            onClick={purchase}
          >
            Purchase
          </button>
          {session.status === 'signedOut' && canOrder && (
            <p className="mt-2 text-sm text-slate-600">You will be asked to log in or create an account first.</p>
          )}
          {!canOrder && (
            <p className="mt-3 text-sm font-medium text-slate-700">
              Out of stock: fewer than the minimum order are left. Please check back soon.
            </p>
          )}
        </div>
      </article>

      {session.status === 'signedIn' && (ordering || dialogWanted) && (
        <Suspense fallback={null}>
          <BookingDialog
            tool={tool}
            customer={{
              email: session.user.email,
              name: session.user.displayName || session.profile.name || session.user.email,
              phone: session.profile.phone,
              address: session.profile.address,
            }}
            open={ordering}
            onClose={() => setOrdering(false)}
            onOrdered={() => setOrdering(false)}
          />
        </Suspense>
      )}
    </div>
  )
}

function ToolNotFound() {
  return (
    <section
      className="container-page flex flex-col items-center py-12 text-center sm:py-20"
      aria-labelledby="tool-not-found-title"
    >
      <img
        src="/not-found.svg"
        alt="A wrench snapped in two"
        width={480}
        height={290}
        className="h-auto w-full max-w-sm"
      />
      <h1 id="tool-not-found-title" className="mt-6 text-3xl font-extrabold tracking-tight text-ink">
        Tool not found
      </h1>
      <p className="mt-3 max-w-md text-slate-600">
        This tool is not in our catalogue. It may have been removed, or the link is mistyped.
      </p>
      <Link to="/service" className="btn-primary mt-8">
        Browse all tools
      </Link>
    </section>
  )
}

function ToolPending() {
  return (
    <div className="container-page py-8 sm:py-12" aria-busy="true">
      <p className="sr-only" role="status">
        Loading the tool…
      </p>
      <div className="mt-10 grid gap-8 md:grid-cols-2 lg:gap-12">
        <div className="aspect-[4/3] animate-pulse rounded-2xl bg-slate-200" />
        <div className="space-y-4">
          <div className="h-9 w-2/3 animate-pulse rounded bg-slate-200" />
          <div className="h-7 w-1/3 animate-pulse rounded bg-slate-200" />
          <div className="h-24 w-full animate-pulse rounded bg-slate-100" />
          <div className="h-20 w-full animate-pulse rounded-xl bg-slate-100" />
        </div>
      </div>
    </div>
  )
}
