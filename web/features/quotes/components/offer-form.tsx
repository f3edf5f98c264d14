import { type FormEvent, useId, useState } from 'react'
import { formatBDT } from '#schemas/bdt.ts'
import { dhakaDate } from '#schemas/dhaka-time.ts'
import { QUOTE_MAX_VALID_DAYS, type Quote, QuoteOfferSchema } from '#schemas/quote.ts'
import { Modal } from '#web/components/modal.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { toast } from '#web/lib/toast.ts'
import { useOfferQuote } from '../quote-mutations'

const DAY_MS = 24 * 60 * 60 * 1000
/** An offer holds this long unless the admin says otherwise. */
const DEFAULT_VALID_DAYS = 14

/** The form's names for the API's fields, in its messages ("unitPrice is Required" → "Enter the unit price."). */
const FIELD_WORDS: Record<string, string> = { unitPrice: 'the unit price', deliveryFee: 'the courier fee' }

/** A message of the offer's schema or the API, in the words of the form's labels. */
function inFormWords(path: string, message: string): string {
  if (path === 'validUntil') return 'Choose the last day the offer holds.'
  const field = path.split('.').pop() ?? ''
  const words = FIELD_WORDS[field]
  if (!words) return message
  if (message.endsWith('is Required')) return `Enter ${words}.`
  const said = message.replace(field, words)
  return said.charAt(0).toUpperCase() + said.slice(1)
}

const inFormWordsAll = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([path, message]) => [path, inFormWords(path, message)]))

type LineDraft = { serviceId: string; service: string; listUnitPrice: number; unitPrice: string; quantity: string }

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
  const id = useId()
  const [lines, setLines] = useState<LineDraft[]>(() =>
    quote.lines.map((l) => ({
      serviceId: l.serviceId,
      service: l.service,
      listUnitPrice: l.listUnitPrice,
      unitPrice: String(l.unitPrice ?? l.listUnitPrice),
      quantity: String(l.quantity),
    })),
  )
  const [fee, setFee] = useState(quote.deliveryFee === null ? '' : String(quote.deliveryFee))
  // The days are Dhaka's, as the offer's end is: a revised offer keeps the last day it had.
  const [validUntil, setValidUntil] = useState(() => {
    const current = quote.validUntil === null ? Number.NaN : Date.parse(quote.validUntil)
    return dhakaDate(current > Date.now() ? current : Date.now() + DEFAULT_VALID_DAYS * DAY_MS)
  })
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string>()

  const setLine = (i: number, patch: Partial<LineDraft>) =>
    setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setFormError(undefined)
    // The end of the chosen day, Dhaka time (UTC+6).
    const until = new Date(`${validUntil}T23:59:59+06:00`)
    const body = {
      lines: lines.map((l) => ({
        serviceId: l.serviceId,
        unitPrice: l.unitPrice.trim() === '' ? undefined : Number(l.unitPrice),
        quantity: l.quantity.trim() === '' ? undefined : Number(l.quantity),
      })),
      deliveryFee: fee.trim() === '' ? undefined : Number(fee),
      validUntil: Number.isNaN(until.getTime()) ? '' : until.toISOString(),
      ...(message.trim() ? { message: message.trim() } : {}),
    }
    const parsed = QuoteOfferSchema.safeParse(body)
    if (!parsed.success) {
      setErrors(inFormWordsAll(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]))))
      return
    }
    setErrors({})
    offer.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(`Offer sent for ${quote.quoteNumber}`)
        onDone()
      },
      onError: (err) => {
        if (!(err instanceof ApiRequestError)) return setFormError('We could not reach the shop. Try again.')
        setErrors(inFormWordsAll(err.fields))
        setFormError(err.message)
      },
    })
  }

  const fieldError = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="field-error" role="alert">
        {errors[key]}
      </p>
    ) : null
  const ariaFor = (key: string) =>
    errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {}

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <fieldset disabled={offer.isPending} className="space-y-4">
        <legend className="sr-only">The offer</legend>
        {lines.map((line, i) => (
          <div key={line.serviceId} className="rounded-xl bg-slate-50 p-3">
            <p className="break-words font-medium text-ink">{line.service}</p>
            <p className="text-sm text-slate-600">List price {formatBDT(line.listUnitPrice)} each</p>
            <div className="mt-2 grid grid-cols-2 gap-3">
              <div>
                <label htmlFor={`${id}-price-${i}`} className="label">
                  Unit price (BDT)
                </label>
                <input
                  id={`${id}-price-${i}`}
                  className="field"
                  inputMode="decimal"
                  value={line.unitPrice}
                  onChange={(e) => setLine(i, { unitPrice: e.target.value })}
                  {...ariaFor(`lines.${i}.unitPrice`)}
                />
                {fieldError(`lines.${i}.unitPrice`)}
              </div>
              <div>
                <label htmlFor={`${id}-quantity-${i}`} className="label">
                  Quantity
                </label>
                <input
                  id={`${id}-quantity-${i}`}
                  className="field"
                  inputMode="numeric"
                  value={line.quantity}
                  onChange={(e) => setLine(i, { quantity: e.target.value })}
                  {...ariaFor(`lines.${i}.quantity`)}
                />
                {fieldError(`lines.${i}.quantity`)}
              </div>
            </div>
          </div>
        ))}
        {fieldError('lines')}
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-fee`} className="label">
              Courier delivery, anywhere (BDT)
            </label>
            <input
              id={`${id}-fee`}
              className="field"
              inputMode="decimal"
              value={fee}
              onChange={(e) => setFee(e.target.value)}
              {...ariaFor('deliveryFee')}
            />
            {fieldError('deliveryFee')}
          </div>
          <div>
            <label htmlFor={`${id}-valid`} className="label">
              Valid until
            </label>
            <input
              id={`${id}-valid`}
              type="date"
              className="field"
              min={dhakaDate(Date.now())}
              // The end of the last day must stay within the 90 days.
              max={dhakaDate(Date.now() + (QUOTE_MAX_VALID_DAYS - 1) * DAY_MS)}
              value={validUntil}
              onChange={(e) => setValidUntil(e.target.value)}
              {...ariaFor('validUntil')}
            />
            {fieldError('validUntil')}
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-message`} className="label">
            Message to the customer (optional)
          </label>
          <textarea
            id={`${id}-message`}
            className="field"
            rows={2}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
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
