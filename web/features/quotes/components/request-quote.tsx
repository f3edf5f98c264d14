import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { Modal } from '#web/components/modal.tsx'
import { CART_NOT_SAVED, cartSaved } from '#web/features/cart/cart-mutations.ts'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { formatCount } from '#web/lib/format.ts'
import { withApi } from '#web/lib/lazy-api.ts'
import { useMutation, useQueryClient } from '#web/lib/query.ts'
import { useSession } from '#web/lib/session.ts'
import { QUOTES_KEY } from '../quote-keys'

type RequestQuoteProps = {
  /** What to ask about: the cart, or one tool at a quantity. */
  what: { fromCart: true } | { serviceId: string; name: string; minimum: number }
  /** Where a visitor comes back to after signing in. */
  returnTo: string
  className?: string
}

/**
 * **Request a quote**: a dialog with an optional message; the request goes to the shop, and the
 * customer lands on their Quotes page. A visitor signs in first.
 */
export function RequestQuote({ what, returnTo, className = 'btn-ghost w-full py-3 text-base' }: RequestQuoteProps) {
  const session = useSession()
  const [open, setOpen] = useState(false)
  const [message, setMessage] = useState('')
  const [quantity, setQuantity] = useState(() => ('fromCart' in what ? '' : String(what.minimum)))
  const [error, setError] = useState<string>()
  const request = useRequestQuote()
  const navigate = useNavigate()
  const id = useId()

  if (session.status !== 'signedIn')
    return (
      <Link to="/login" search={{ redirect: returnTo }} className={className}>
        Request a quote
      </Link>
    )

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setError(undefined)
    const text = message.trim() ? { message: message.trim() } : {}
    const body =
      'fromCart' in what
        ? { fromCart: true as const, ...text }
        : { lines: [{ serviceId: what.serviceId, quantity: Number(quantity) }], ...text }
    if ('lines' in body && !(Number.isInteger(body.lines[0]!.quantity) && body.lines[0]!.quantity >= 1))
      return setError('Enter how many you need, a whole number.')
    // A quantity just typed in the cart is saved first, so the quote asks for it.
    void cartSaved().then(
      () =>
        request.mutate(body, {
          onSuccess: (created) => {
            // The toaster's code loads with its first toast: this button is on the tool page, whose code loads first.
            void import('#web/lib/toast.ts').then(({ toast }) =>
              toast.success(`Quote ${created.quoteNumber} requested. We will e-mail you our offer.`),
            )
            setOpen(false)
            void navigate({ to: '/dashboard/quotes' })
          },
          onError: (err) => {
            if (!(err instanceof ApiRequestError)) return setError('We could not reach the shop. Try again.')
            const detail = Object.values(err.fields)[0]
            setError(detail && detail !== err.message ? `${err.message} ${detail}` : err.message)
          },
        }),
      () => setError(CART_NOT_SAVED),
    )
  }

  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        Request a quote
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        busy={request.isPending}
        title="Request a quote"
        description={
          'fromCart' in what
            ? 'Ask for a price on every tool in your cart. Your cart stays as it is.'
            : `Ask for a price on ${what.name}, from ${formatCount(what.minimum)} (the minimum order) up, whatever is in stock.`
        }
      >
        <form onSubmit={submit} noValidate className="mt-4 space-y-4">
          {!('fromCart' in what) && (
            <div>
              <label htmlFor={`${id}-quantity`} className="label">
                How many
              </label>
              <input
                id={`${id}-quantity`}
                className="field"
                inputMode="numeric"
                data-autofocus
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
              />
            </div>
          )}
          <div>
            <label htmlFor={id} className="label">
              Message for the shop (optional)
            </label>
            <textarea
              id={id}
              data-autofocus={'fromCart' in what ? true : undefined}
              className="field"
              rows={3}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              placeholder="Delivery date, branding, anything we should know"
            />
          </div>
          {error && (
            <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-ghost" onClick={() => setOpen(false)} disabled={request.isPending}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={request.isPending}>
              {request.isPending ? 'Sending…' : 'Send request'}
            </button>
          </div>
        </form>
      </Modal>
    </>
  )
}

type QuoteRequestBody =
  | { fromCart: true; message?: string }
  | { lines: { serviceId: string; quantity: number }[]; message?: string }

/** Asks for a quote: the cart (`fromCart`) or the lines given (the API client loads with the first call). */
function useRequestQuote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: QuoteRequestBody) => withApi(({ api, unwrap }) => unwrap(api.quotes.$post({ json: body }))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUOTES_KEY }),
  })
}
