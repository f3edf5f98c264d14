import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { formatBDT } from '#schemas/bdt.ts'
import { type Quote, type QuoteMessage, QuoteMessageSchema, type QuoteStatus } from '#schemas/quote.ts'
import type { z } from '#schemas/zod.ts'
import { FormField } from '#web/components/form-field.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { formatCount, formatDateTime } from '#web/lib/format.ts'
import { useInfiniteQuery } from '#web/lib/query.ts'
import { toast } from '#web/lib/toast.ts'
import { usePostQuoteMessage } from '../quote-mutations'
import { quoteQueries } from '../quote-queries'

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

type MessageFormValues = z.input<typeof QuoteMessageSchema>
type MessageForm = z.output<typeof QuoteMessageSchema>

/**
 * The thread of a quote, oldest first: the latest messages its answer carries and, a page at a
 * time on "Show earlier messages", the ones before them (newest first from the API). A message
 * written meanwhile shifts the pages by one, so one may come twice: kept once, by its id.
 */
function useThread(quote: Quote) {
  const [wantEarlier, setWantEarlier] = useState(false)
  const earlier = useInfiniteQuery({ ...quoteQueries.earlierMessages(quote._id), enabled: wantEarlier })
  const messages: QuoteMessage[] = []
  const seen = new Set<string>()
  const pages = earlier.data?.pages ?? []
  const older = [...pages].reverse().flatMap((page) => [...page.items].reverse())
  for (const m of [...older, ...quote.messages]) {
    if (seen.has(m._id)) continue
    seen.add(m._id)
    messages.push(m)
  }
  // A page that failed is asked again by the same button.
  const canShowEarlier = wantEarlier
    ? earlier.isError || earlier.hasNextPage
    : quote.messageCount > quote.messages.length
  const showEarlier = () => {
    if (!wantEarlier) setWantEarlier(true)
    else if (earlier.data) void earlier.fetchNextPage()
    else void earlier.refetch()
  }
  const loading = wantEarlier && (earlier.isFetching || earlier.isPending)
  return { messages, canShowEarlier, showEarlier, loading, failed: earlier.isError }
}

/** The messages of a quote, oldest first (the earlier ones on demand), and a box to write one (the other side is e-mailed). */
export function QuoteMessages({ quote, me }: { quote: Quote; me: 'customer' | 'shop' }) {
  const post = usePostQuoteMessage(quote._id)
  const thread = useThread(quote)
  const { register, handleSubmit, formState, setError, reset } = useForm<MessageFormValues, unknown, MessageForm>({
    resolver: zodResolver(QuoteMessageSchema),
    defaultValues: { text: '' },
  })
  const submit = ({ text }: MessageForm) =>
    post.mutate(text, {
      onSuccess: () => {
        reset()
        toast.success('Message sent')
      },
      // The API's refusal shows at the box, whether or not it names the field.
      onError: (err) => {
        if (showServerFieldErrors(err, setError, ['text'] as const) === 0)
          setError('text', {
            type: 'server',
            message: err instanceof ApiRequestError ? err.message : 'We could not send it. Try again.',
          })
      },
    })
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-ink">Messages</h3>
      {(thread.canShowEarlier || thread.loading) && (
        <button
          type="button"
          className="btn-ghost mt-2 px-3 py-1.5 text-sm"
          onClick={thread.showEarlier}
          disabled={thread.loading}
        >
          {thread.loading ? 'Loading…' : 'Show earlier messages'}
        </button>
      )}
      {thread.failed && (
        <p className="mt-1 text-sm text-red-700" role="alert">
          We could not load the earlier messages. Try again.
        </p>
      )}
      {thread.messages.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ol className="mt-2 space-y-2" aria-label={`Messages of quote ${quote.quoteNumber}`}>
          {thread.messages.map((m) => (
            <li
              key={m._id}
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
      <form onSubmit={handleSubmit(submit)} className="mt-3" noValidate>
        <FormField
          label={me === 'shop' ? 'Write to the customer' : 'Write to the shop'}
          error={formState.errors.text?.message}
        >
          <textarea className="field" rows={2} {...register('text')} />
        </FormField>
        <button type="submit" className="btn-ghost mt-2 px-3 py-1.5" disabled={post.isPending}>
          {post.isPending ? 'Sending…' : 'Send message'}
        </button>
      </form>
    </div>
  )
}
