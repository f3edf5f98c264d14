import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { formatBDT } from '#schemas/bdt.ts'
import type { Quote } from '#schemas/quote.ts'
import { canMoveQuote } from '#schemas/quote-status.ts'
import { StrokeIcon } from '#web/components/stroke-icon.tsx'
import { formatCount, formatDateTime, nameBesideEmail } from '#web/lib/format.ts'
import { DeclineQuoteDialog } from './decline-quote-dialog'
import { OfferDialog } from './offer-form'
import { QuoteLines, QuoteMessages, QuoteStatusBadge } from './quote-view'

/** Who asked: their name beside their e-mail, or the e-mail once. */
export function QuoteCustomer({ quote }: { quote: Quote }) {
  return (
    <p className="break-words text-sm text-slate-700">
      {nameBesideEmail(quote.customerName, quote.customer) && `${quote.customerName} · `}
      <span className="break-all">{quote.customer}</span>
    </p>
  )
}

/** The shop's side of a quote: its lines, Make an offer and Decline, the order it became, the messages. */
export function DeskQuoteBody({ quote, linked = false }: { quote: Quote; linked?: boolean }) {
  const [offering, setOffering] = useState(false)
  const [declining, setDeclining] = useState(false)
  // What the shop may do: the quote lifecycle's table says (schemas/quote-status.ts).
  const canOffer = canMoveQuote(quote.status, 'offered', 'admin')
  const canDecline = canMoveQuote(quote.status, 'declined', 'admin')
  return (
    <>
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
        {linked && (
          <Link to="/dashboard/quote/$id" params={{ id: quote._id }} className="btn-ghost">
            Open its page<span className="sr-only"> ({quote.quoteNumber})</span>
          </Link>
        )}
      </div>
      <QuoteMessages quote={quote} me="shop" />
      <OfferDialog quote={quote} open={offering} onClose={() => setOffering(false)} />
      <DeclineQuoteDialog quote={quote} open={declining} onClose={() => setDeclining(false)} by="shop" />
    </>
  )
}

/** A quote on the admin's desk: a summary row that opens (its chevron says so) to the shop's side of it. */
export function DeskQuote({ quote }: { quote: Quote }) {
  const tools = quote.lines.length
  return (
    <details className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="desk-quote">
      <summary className="flex cursor-pointer list-none flex-wrap items-start justify-between gap-2 rounded-2xl p-4 hover:bg-slate-50">
        <div className="min-w-0">
          <h2 className="font-mono font-semibold text-ink">{quote.quoteNumber}</h2>
          <QuoteCustomer quote={quote} />
          <p className="text-sm text-slate-600">
            {tools === 1
              ? `${formatCount(quote.lines[0]!.quantity)} × ${quote.lines[0]!.service}`
              : `${quote.lines[0]!.service} and ${tools - 1} more`}{' '}
            · {formatDateTime(quote.createdAt)}
          </p>
        </div>
        <div className="flex items-start gap-3">
          <div className="flex flex-col items-end gap-1">
            <QuoteStatusBadge status={quote.status} />
            {quote.total !== null && <span className="text-sm font-semibold">{formatBDT(quote.total)}</span>}
          </div>
          <span className="mt-0.5 text-slate-500 transition-transform group-open:rotate-180" data-testid="opens">
            <StrokeIcon size={20}>
              <path d="m6 9 6 6 6-6" />
            </StrokeIcon>
          </span>
        </div>
      </summary>
      <div className="border-t border-slate-100 px-4 pb-4">
        <DeskQuoteBody quote={quote} linked />
      </div>
    </details>
  )
}
