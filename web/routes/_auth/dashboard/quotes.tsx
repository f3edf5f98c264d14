import { createFileRoute, Link } from '@tanstack/react-router'
import { EmptyState } from '#web/components/empty-state.tsx'
import { CustomerQuote } from '#web/features/quotes/components/customer-quote.tsx'
import { quoteQueries } from '#web/features/quotes/quote-queries.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'

/** /dashboard/quotes: the customer's quote requests, the shop's offers, messages, Accept and Decline. */
export const Route = createFileRoute('/_auth/dashboard/quotes')({
  loader: ({ context }) => context.queryClient.ensureQueryData(quoteQueries.mine(context.session.user.email)),
  head: () => ({ meta: [{ title: 'Quotes · Toolhaus' }] }),
  component: QuotesPage,
})

function QuotesPage() {
  const { session } = Route.useRouteContext()
  const { data } = useSuspenseQuery(quoteQueries.mine(session.user.email))
  return (
    <div>
      <h1 className="text-2xl font-bold">Quotes</h1>
      <p className="mt-1 text-sm text-slate-600">
        {data.total === 0
          ? 'No quotes yet.'
          : `${data.total} ${data.total === 1 ? 'quote' : 'quotes'}, newest first. Offers hold until the date they show.`}
      </p>
      {data.items.length === 0 ? (
        <EmptyState
          title="You have asked for no quotes yet"
          action={
            <Link to="/cart" className="btn-primary">
              Go to your cart
            </Link>
          }
        >
          Ordering in dozens or hundreds? Fill your cart and press Request a quote: we answer with our best prices.
        </EmptyState>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Your quotes">
          {data.items.map((quote) => (
            <li key={quote._id}>
              <CustomerQuote quote={quote} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
