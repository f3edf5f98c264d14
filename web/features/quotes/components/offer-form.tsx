import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { type FieldError, get, useForm } from 'react-hook-form'
import { formatBDT } from '#schemas/bdt.ts'
import { dhakaDate } from '#schemas/dhaka-time.ts'
import { QUOTE_MAX_VALID_DAYS, type Quote, type QuoteOfferInput } from '#schemas/quote.ts'
import { FormField } from '#web/components/form-field.tsx'
import { Modal } from '#web/components/modal.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { toast } from '#web/lib/toast.ts'
import { inOfferWords, OfferFormSchema, type OfferFormValues, offerDefaults, offerFieldOf } from '../quote-forms'
import { useOfferQuote } from '../quote-mutations'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The admin's offer (or revised offer) on a quote: a unit price and quantity per tool, starting
 * from the list prices (or the current offer's), the courier fee, the last day it holds, a message.
 */
export function OfferDialog({ quote, open, onClose }: { quote: Quote; open: boolean; onClose: () => void }) {
  const offer = useOfferQuote(quote._id)
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={offer.isPending}
      title={`${quote.status === 'offered' ? 'Revise the offer' : 'Make an offer'} · ${quote.quoteNumber}`}
      description="Prices include VAT. The customer is e-mailed the offer."
    >
      <OfferForm quote={quote} onDone={onClose} offer={offer} />
    </Modal>
  )
}

function OfferForm({
  quote,
  onDone,
  offer,
}: {
  quote: Quote
  onDone: () => void
  offer: ReturnType<typeof useOfferQuote>
}) {
  const [formError, setFormError] = useState<string>()
  const { register, handleSubmit, formState, setError } = useForm<OfferFormValues, unknown, QuoteOfferInput>({
    resolver: zodResolver(OfferFormSchema),
    defaultValues: offerDefaults(quote),
  })
  /** The message at `path` (the schema's, or the API's), in the words of the form's labels. */
  const errorAt = (path: string) => inOfferWords(path, (get(formState.errors, path) as FieldError | undefined)?.message)

  const submit = (body: QuoteOfferInput) => {
    setFormError(undefined)
    offer.mutate(body, {
      onSuccess: () => {
        toast.success(`Offer sent for ${quote.quoteNumber}`)
        onDone()
      },
      onError: (err) => {
        if (!(err instanceof ApiRequestError)) return setFormError('We could not reach the shop. Try again.')
        showServerFieldErrors(err, setError, offerFieldOf)
        setFormError(err.message)
      },
    })
  }

  const linesError = errorAt('lines.root') ?? errorAt('lines')
  return (
    <form onSubmit={handleSubmit(submit, () => setFormError(undefined))} noValidate className="mt-4 space-y-4">
      <fieldset disabled={offer.isPending} className="space-y-4">
        <legend className="sr-only">The offer</legend>
        {quote.lines.map((line, i) => (
          <div key={line.serviceId} className="rounded-xl bg-slate-50 p-3">
            <p className="break-words font-medium text-ink">{line.service}</p>
            <p className="text-sm text-slate-600">List price {formatBDT(line.listUnitPrice)} each</p>
            <div className="mt-2 grid grid-cols-2 gap-3">
              <FormField label="Unit price (BDT)" error={errorAt(`lines.${i}.unitPrice`)}>
                <input className="field" inputMode="decimal" {...register(`lines.${i}.unitPrice`)} />
              </FormField>
              <FormField label="Quantity" error={errorAt(`lines.${i}.quantity`)}>
                <input className="field" inputMode="numeric" {...register(`lines.${i}.quantity`)} />
              </FormField>
            </div>
          </div>
        ))}
        {linesError && (
          <p className="field-error" role="alert">
            {linesError}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Courier delivery, anywhere (BDT)" error={errorAt('deliveryFee')}>
            <input className="field" inputMode="decimal" {...register('deliveryFee')} />
          </FormField>
          <FormField label="Valid until" error={errorAt('validUntil')}>
            <input
              type="date"
              className="field"
              min={dhakaDate(Date.now())}
              // The end of the last day must stay within the 90 days.
              max={dhakaDate(Date.now() + (QUOTE_MAX_VALID_DAYS - 1) * DAY_MS)}
              {...register('validUntil')}
            />
          </FormField>
        </div>
        <FormField label="Message to the customer (optional)" error={errorAt('message')}>
          <textarea className="field" rows={2} {...register('message')} />
        </FormField>
      </fieldset>
      {formError && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-ghost" onClick={onDone} disabled={offer.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={offer.isPending}>
          {offer.isPending ? 'Sending…' : 'Send offer'}
        </button>
      </div>
    </form>
  )
}
