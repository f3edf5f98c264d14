import { type FormEvent, useId, useState } from 'react'
import { formatBDT } from '#schemas/bdt.ts'
import type { Quote, QuoteStatus } from '#schemas/quote.ts'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { formatCount, formatDateTime } from '#web/lib/format.ts'
import { toast } from '#web/lib/toast.ts'
import { usePostQuoteMessage } from '../quote-mutations'

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: 'Waiting for an offer',
  offered: 'Offer ready',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
}

const STATUS_STYLES: Record<QuoteStatus, string> = {
  requested: 'bg-brand-100 text-brand-700 ring-brand-400/40',
  offered: 'bg-sky-50 text-sky-800 ring-sky-600/30',
  accepted: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  declined: 'bg-slate-100 text-slate-700 ring-slate-400/40',
  expired: 'bg-amber-50 text-amber-900 ring-amber-600/30',
}

/** A quote's status as a pill, like an order's. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span
      className={`inline-block shrink-0 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLES[status]}`}
      data-testid="quote-status"
    >
      {QUOTE_STATUS_LABELS[status]}
    </span>
  )
}

/** The tools of a quote, the list price and (once offered) the offered price; a card per line (phone first). */
export function QuoteLines({ quote }: { quote: Quote }) {
  return (
    <div className="mt-3">
      <ul className="divide-y divide-slate-100" aria-label={`Tools of quote ${quote.quoteNumber}`}>
        {quote.lines.map((line) => (
          <li key={line.serviceId} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm">
            <div className="min-w-0">
              <p className="break-words font-medium text-ink">
                {formatCount(line.quantity)} × {line.service}
              </p>
              <p className="text-slate-600">
                List price {formatBDT(line.listUnitPrice)} each
                {line.unitPrice !== null && (
                  <>
                    {' '}
                    · <span className="font-semibold text-ink">offered {formatBDT(line.unitPrice)} each</span>
                  </>
                )}
              </p>
            </div>
            {line.price !== null && <p className="shrink-0 font-semibold text-ink">{formatBDT(line.price)}</p>}
          </li>
        ))}
      </ul>
      {quote.total !== null && quote.deliveryFee !== null && (
        <dl className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">Courier delivery anywhere (pickup free)</dt>
            <dd>{quote.deliveryFee === 0 ? 'Free' : formatBDT(quote.deliveryFee)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="font-semibold text-ink">Total</dt>
            <dd className="font-bold text-ink" data-testid="quote-total">
              {formatBDT(quote.total)}
            </dd>
          </div>
          {quote.validUntil && (
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600">{quote.status === 'expired' ? 'Expired' : 'Valid until'}</dt>
              <dd>{formatDateTime(quote.validUntil)}</dd>
            </div>
          )}
        </dl>
      )}
    </div>
  )
}

/** The messages of a quote, oldest first, and a box to write one (the other side is e-mailed). */
export function QuoteMessages({ quote, me }: { quote: Quote; me: 'customer' | 'shop' }) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const post = usePostQuoteMessage(quote._id)
  const id = useId()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (text.trim() === '') return setError('Write a message.')
    setError(undefined)
    post.mutate(text, {
      onSuccess: () => {
        setText('')
        toast.success('Message sent')
      },
      onError: (err) => setError(err instanceof ApiRequestError ? err.message : 'We could not send it. Try again.'),
    })
  }
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-ink">Messages</h3>
      {quote.messages.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {quote.messages.map((m) => (
            <li
              key={`${m.at}-${m.text.slice(0, 20)}`}
              className={`rounded-xl p-3 text-sm ${m.from === me ? 'bg-slate-100' : 'bg-brand-50 ring-1 ring-brand-400/30'}`}
            >
              <p className="text-xs text-slate-600">
                {m.from === 'shop' ? 'The shop' : quote.customerName} · {formatDateTime(m.at)}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{m.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} className="mt-3" noValidate>
        <label htmlFor={id} className="label">
          {me === 'shop' ? 'Write to the customer' : 'Write to the shop'}
        </label>
        <textarea
          id={id}
          className="field"
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn-ghost mt-2 px-3 py-1.5" disabled={post.isPending}>
          {post.isPending ? 'Sending…' : 'Send message'}
        </button>
      </form>
    </div>
  )
}
