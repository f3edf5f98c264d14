import { createFileRoute, Link } from '@tanstack/react-router'
import { canMoveQuote } from '#schemas/quote-status.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { QuoteCheckoutForm } from '#web/features/checkout/components/quote-checkout-form.tsx'
import { orderQueries } from '#web/features/orders/order-queries.ts'
import { QUOTE_STATUS_LABELS } from '#web/features/quotes/components/quote-view.tsx'
import { quoteQueries } from '#web/features/quotes/quote-queries.ts'
import { settingsQueries } from '#web/features/settings/settings-queries.ts'
import { userQueries } from '#web/features/users/users-queries.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'

/** /quote-checkout/{id}: accepting an offer through the checkout's form, at the offered prices. */
export const Route = createFileRoute('/_auth/quote-checkout/$id')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(quoteQueries.detail(params.id)),
      context.queryClient.ensureQueryData(userQueries.profile(context.session.user.email)),
      context.queryClient.ensureQueryData(orderQueries.lastDelivery(context.session.user.email)),
      context.queryClient.ensureQueryData(settingsQueries.detail()),
    ]),
  head: () => ({ meta: [{ title: 'Accept an offer · Toolhaus' }] }),
  component: QuoteCheckoutPage,
})

function QuoteCheckoutPage() {
  const { id } = Route.useParams()
  const { session } = Route.useRouteContext()
  const { data: quote } = useSuspenseQuery(quoteQueries.detail(id))
  const { data: profile } = useSuspenseQuery(userQueries.profile(session.user.email))
  const { data: settings } = useSuspenseQuery(settingsQueries.detail())
  // Only the buyer reads this page to accept; anyone else who can read the quote is the shop (the
  // API refuses another customer's), who answers it from the quote desk.
  const isBuyer = quote.customer === session.user.email.toLowerCase()
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Accept quote {quote.quoteNumber}</h1>
      {!isBuyer ? (
        <EmptyState
          title="Only the buyer can accept this offer"
          action={
            <Link to="/dashboard/quote-desk" search={{ q: quote.quoteNumber }} className="btn-primary">
              Open it on the quote desk
            </Link>
          }
        >
          {quote.customerName || quote.customer} accepts it from their own account.
        </EmptyState>
      ) : canMoveQuote(quote.status, 'accepted', 'customer') ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            The offered prices hold until {quote.validUntil ? formatDateTime(quote.validUntil) : 'the offer ends'}.
            Prices include VAT.
          </p>
          <QuoteCheckoutForm
            quote={quote}
            profile={profile}
            displayName={session.user.displayName ?? ''}
            email={session.user.email}
            pickup={settings.delivery.pickup}
            cod={settings.cod}
          />
        </>
      ) : (
        <EmptyState
          title={`This quote is ${QUOTE_STATUS_LABELS[quote.status].toLowerCase()}`}
          action={
            <Link to="/dashboard/quotes" className="btn-primary">
              Back to your quotes
            </Link>
          }
        >
          Only an offer that is still valid can be accepted.
        </EmptyState>
      )}
    </div>
  )
}
