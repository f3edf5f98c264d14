import { zodResolver } from '@hookform/resolvers/zod'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { type FieldError, get, useForm } from 'react-hook-form'
import type { QuoteRequestInput } from '#schemas/quote.ts'
import { FormField } from '#web/components/form-field.tsx'
import { Modal } from '#web/components/modal.tsx'
import { CART_NOT_SAVED, cartSaved } from '#web/features/cart/cart-mutations.ts'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { formatCount } from '#web/lib/format.ts'
import { withApi } from '#web/lib/lazy-api.ts'
import { useMutation, useQueryClient } from '#web/lib/query.ts'
import { RequestFormSchema, type RequestFormValues } from '../quote-forms'
import { QUOTES_KEY } from '../quote-keys'

/** What a quote asks about: the cart, or one tool (from its minimum order up), starting from the quantity the buyer typed. */
export type QuoteAsked = { fromCart: true } | { serviceId: string; name: string; minimum: number; quantity: number }

type RequestQuoteDialogProps = { what: QuoteAsked; open: boolean; onClose: () => void }

/** The Request a quote dialog: how many (of one tool) and a message for the shop. */
export function RequestQuoteDialog({ what, open, onClose }: RequestQuoteDialogProps) {
  const request = useRequestQuote()
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={request.isPending}
      title="Request a quote"
      description={
        'fromCart' in what
          ? 'Ask for a price on every tool in your cart. Your cart stays as it is.'
          : `Ask for a price on ${what.name}, from ${formatCount(what.minimum)} (the minimum order) up, whatever is in stock.`
      }
    >
      {/* A new quantity typed on the page starts the form again from it. */}
      <RequestQuoteForm
        key={'fromCart' in what ? 'cart' : what.quantity}
        what={what}
        request={request}
        onClose={onClose}
      />
    </Modal>
  )
}

function RequestQuoteForm({
  what,
  request,
  onClose,
}: Omit<RequestQuoteDialogProps, 'open'> & { request: ReturnType<typeof useRequestQuote> }) {
  const navigate = useNavigate()
  const [formError, setFormError] = useState<string>()
  const { register, handleSubmit, formState } = useForm<RequestFormValues, unknown, QuoteRequestInput>({
    resolver: zodResolver(RequestFormSchema),
    defaultValues:
      'fromCart' in what
        ? { fromCart: true, message: '' }
        : { lines: [{ serviceId: what.serviceId, quantity: String(what.quantity) }], message: '' },
  })

  const submit = (body: QuoteRequestInput) => {
    setFormError(undefined)
    // A quantity just typed in the cart is saved first, so the quote asks for it.
    void cartSaved().then(
      () =>
        request.mutate(body, {
          onSuccess: (created) => {
            // The toaster's code loads with its first toast: this button is on the tool page, whose code loads first.
            void import('#web/lib/toast.ts').then(({ toast }) =>
              toast.success(`Quote ${created.quoteNumber} requested. We will e-mail you our offer.`),
            )
            onClose()
            void navigate({ to: '/dashboard/quotes' })
          },
          onError: (err) => {
            if (!(err instanceof ApiRequestError)) return setFormError('We could not reach the shop. Try again.')
            const detail = Object.values(err.fields)[0]
            setFormError(detail && detail !== err.message ? `${err.message} ${detail}` : err.message)
          },
        }),
      () => setFormError(CART_NOT_SAVED),
    )
  }

  // The quantity's field, for one tool (its path is the API's, lines.0.quantity).
  const quantityError = (get(formState.errors, 'lines.0.quantity') as FieldError | undefined)?.message
  return (
    <form onSubmit={handleSubmit(submit, () => setFormError(undefined))} noValidate className="mt-4 space-y-4">
      {!('fromCart' in what) && (
        <FormField label="How many" error={quantityError}>
          <input className="field" inputMode="numeric" data-autofocus {...register('lines.0.quantity')} />
        </FormField>
      )}
      <FormField label="Message for the shop (optional)" error={formState.errors.message?.message}>
        <textarea
          data-autofocus={'fromCart' in what ? true : undefined}
          className="field"
          rows={3}
          placeholder="Delivery date, branding, anything we should know"
          {...register('message')}
        />
      </FormField>
      {formError && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-ghost" onClick={onClose} disabled={request.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Send request'}
        </button>
      </div>
    </form>
  )
}

/** Asks for a quote: the cart (`fromCart`) or the lines given (the API client loads with the first call). */
function useRequestQuote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: QuoteRequestInput) => withApi(({ api, unwrap }) => unwrap(api.quotes.$post({ json: body }))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUOTES_KEY }),
  })
}
