import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { CustomerQuoteBody } from '#web/features/quotes/components/customer-quote.tsx'
import { DeskQuoteBody, QuoteCustomer } from '#web/features/quotes/components/desk-quote.tsx'
import { QuoteStatusBadge } from '#web/features/quotes/components/quote-view.tsx'
import { quoteQueries } from '#web/features/quotes/quote-queries.ts'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'

/**
 * /dashboard/quote/$id: one quote on a page of its own, the address its e-mails link to. The
 * customer who asked sees their side (Accept, Decline, messages); the shop's staff the desk's.
 */
export const Route = createFileRoute('/_auth/dashboard/quote/$id')({
  loader: async ({ context, params }) => {
    try {
      return await context.queryClient.ensureQueryData(quoteQueries.detail(params.id))
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) throw notFound()
      throw error
    }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: `${loaderData ? `Quote ${loaderData.quoteNumber}` : 'Quote'} · Toolhaus` }],
  }),
  component: QuotePage,
})

function QuotePage() {
  const { id } = Route.useParams()
  const { session } = Route.useRouteContext()
  const { data: quote } = useSuspenseQuery(quoteQueries.detail(id))
  // The API answers a quote only to the customer who asked and to the shop's staff.
  const mine = quote.customer === session.user.email
  return (
    <div>
      <Link
        to={mine ? '/dashboard/quotes' : '/dashboard/quote-desk'}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        ← {mine ? 'My quotes' : 'All quotes'}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">
          Quote <span className="font-mono">{quote.quoteNumber}</span>
        </h1>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <p className="mt-1 text-sm text-slate-600">Asked {formatDateTime(quote.createdAt)}</p>
      {!mine && <QuoteCustomer quote={quote} />}
      <section
        className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        aria-labelledby="quote-details"
        data-testid="quote"
      >
        <h2 id="quote-details" className="sr-only">
          Tools, offer and messages
        </h2>
        {mine ? <CustomerQuoteBody quote={quote} /> : <DeskQuoteBody quote={quote} />}
      </section>
    </div>
  )
}
