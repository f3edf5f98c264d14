import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { formatBDT } from '#schemas/bdt.ts'
import type { Quote } from '#schemas/quote.ts'
import { canMoveQuote } from '#schemas/quote-status.ts'
import { formatCount, formatDateTime, nameBesideEmail } from '#web/lib/format.ts'
import { DeclineQuoteDialog } from './decline-quote-dialog'
import { OfferDialog } from './offer-form'
import { QuoteLines, QuoteMessages, QuoteStatusBadge } from './quote-view'

/** A quote on the admin's desk: a summary row that opens to its lines, the offer form and the messages. */
export function DeskQuote({ quote }: { quote: Quote }) {
  const [offering, setOffering] = useState(false)
  const [declining, setDeclining] = useState(false)
  // What the shop may do: the quote lifecycle's table says (schemas/quote-status.ts).
  const canOffer = canMoveQuote(quote.status, 'offered', 'admin')
  const canDecline = canMoveQuote(quote.status, 'declined', 'admin')
  const tools = quote.lines.length
  return (
    <details className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="desk-quote">
      <summary className="flex cursor-pointer list-none flex-wrap items-start justify-between gap-2 p-4">
        <div className="min-w-0">
          <h2 className="font-mono font-semibold text-ink">{quote.quoteNumber}</h2>
          <p className="break-words text-sm text-slate-700">
            {nameBesideEmail(quote.customerName, quote.customer) && `${quote.customerName} · `}
            <span className="break-all">{quote.customer}</span>
          </p>
          <p className="text-sm text-slate-600">
            {tools === 1
              ? `${formatCount(quote.lines[0]!.quantity)} × ${quote.lines[0]!.service}`
              : `${quote.lines[0]!.service} and ${tools - 1} more`}{' '}
            · {formatDateTime(quote.createdAt)}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <QuoteStatusBadge status={quote.status} />
          {quote.total !== null && <span className="text-sm font-semibold">{formatBDT(quote.total)}</span>}
        </div>
      </summary>
      <div className="border-t border-slate-100 px-4 pb-4">
        <QuoteLines quote={quote} />
        <div className="mt-3 flex flex-wrap gap-2">
          {canOffer && (
            <button type="button" className="btn-primary" onClick={() => setOffering(true)}>
              {quote.status === 'offered' ? 'Revise offer' : 'Make an offer'}
            </button>
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
        <QuoteMessages quote={quote} me="shop" />
      </div>
      <OfferDialog quote={quote} open={offering} onClose={() => setOffering(false)} />
      <DeclineQuoteDialog quote={quote} open={declining} onClose={() => setDeclining(false)} by="shop" />
    </details>
  )
}
