import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { Quote } from '#schemas/quote.ts'
import { canMoveQuote } from '#schemas/quote-status.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { DeclineQuoteDialog } from './decline-quote-dialog'
import { QuoteLines, QuoteMessages, QuoteStatusBadge } from './quote-view'

/** The customer's side of a quote: its tools and offer, Accept (the checkout form) and Decline, messages. */
export function CustomerQuoteBody({ quote }: { quote: Quote }) {
  const [declining, setDeclining] = useState(false)
  // What the customer may do: the quote lifecycle's table says (schemas/quote-status.ts).
  const canAccept = canMoveQuote(quote.status, 'accepted', 'customer')
  const canDecline = canMoveQuote(quote.status, 'declined', 'customer')
  return (
    <>
      <QuoteLines quote={quote} />
      {quote.status === 'requested' && (
        <p className="mt-2 text-sm text-slate-600">
          We are pricing it: you will get an e-mail when our offer is ready.
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {canAccept && (
          <Link to="/quote-checkout/$id" params={{ id: quote._id }} className="btn-primary">
            Accept offer
          </Link>
        )}
        {canDecline && (
          <button type="button" className="btn-ghost" onClick={() => setDeclining(true)}>
            Decline
          </button>
        )}
        {quote.orderId && (
          <Link to="/dashboard/order/$id" params={{ id: quote.orderId }} className="btn-ghost">
            See the order
          </Link>
        )}
      </div>
      <QuoteMessages quote={quote} me="customer" />
      <DeclineQuoteDialog quote={quote} open={declining} onClose={() => setDeclining(false)} by="customer" />
    </>
  )
}

/** One of the customer's quotes in their list, its number linking to its own page. */
export function CustomerQuote({ quote }: { quote: Quote }) {
  return (
    <article
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      aria-labelledby={`quote-${quote._id}`}
      data-testid="quote"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`quote-${quote._id}`} className="font-mono text-lg font-semibold text-ink">
            <Link to="/dashboard/quote/$id" params={{ id: quote._id }} className="hover:underline">
              {quote.quoteNumber}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">Asked {formatDateTime(quote.createdAt)}</p>
        </div>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <CustomerQuoteBody quote={quote} />
    </article>
  )
}
