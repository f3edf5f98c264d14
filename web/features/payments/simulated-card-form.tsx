import { zodResolver } from '@hookform/resolvers/zod'
import { useRef } from 'react'
import { useForm } from 'react-hook-form'
import { CARD_MESSAGES, type Card, cardSchema, TEST_CARDS } from '#schemas/payment.ts'
import { z } from '#schemas/zod.ts'
import { FormField } from '#web/components/form-field.tsx'
import { usePayOrder } from '#web/features/orders/order-mutations.ts'
import { ApiRequestError, api, unwrap } from '#web/lib/api.ts'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { type CardFormProps, CONNECTION_MESSAGE } from './card-form-props'
import { formatCardNumber, formatExpiry, reformatInput, splitExpiry } from './card-format'

// Stripe's wording for fields left incomplete; the shared card schema covers the rest.
const EXPIRY_INCOMPLETE = "Your card's expiration date is incomplete."
const CVC_INCOMPLETE = "Your card's security code is incomplete."

type CardFormValues = { number: string; expiry: string; cvc: string }
type Field = keyof CardFormValues

/** Which form field an issue of the card schema (or a server `fields` key) belongs to. */
const fieldOf = (key: string): Field | undefined => {
  const last = key.split('.').pop()
  if (last === 'number') return 'number'
  if (last === 'expMonth' || last === 'expYear') return 'expiry'
  if (last === 'cvc') return 'cvc'
  return undefined
}

/** The form's three fields checked with the shared card schema, into the API's card shape. */
const cardFormSchema = z
  .object({ number: z.string(), expiry: z.string(), cvc: z.string() })
  .transform((values, ctx): Card => {
    const { month, year } = splitExpiry(values.expiry)
    const problems: Partial<Record<Field, string>> = {}
    if (!values.number.trim()) problems.number = CARD_MESSAGES.numberRequired
    if (!month || year.length < 2) problems.expiry = EXPIRY_INCOMPLETE
    if (!values.cvc.trim()) problems.cvc = CVC_INCOMPLETE
    const parsed = cardSchema().safeParse({ number: values.number, expMonth: month, expYear: year, cvc: values.cvc })
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.join('.'))
        if (field) problems[field] ??= issue.message
      }
    }
    const entries = Object.entries(problems)
    if (entries.length === 0 && parsed.success) return parsed.data
    for (const [field, message] of entries) ctx.addIssue({ code: 'custom', path: [field], message })
    return z.NEVER
  })

/**
 * The card form of simulated payments (no Stripe keys): number, expiry and CVC, confirmed
 * through `POST /api/payments/simulated/confirm`, which follows Stripe's test cards.
 * Stripe.js is never loaded here.
 */
export function SimulatedCardForm({ orderId, clientSecret, paid, onPaid }: CardFormProps) {
  // Once the money is taken, a retry only records it (the PATCH), it never charges again.
  const confirmedId = useRef<string | undefined>(undefined)
  const { register, handleSubmit, formState, setError } = useForm<CardFormValues, unknown, Card>({
    resolver: zodResolver(cardFormSchema),
    mode: 'onTouched',
    defaultValues: { number: '', expiry: '', cvc: '' },
  })

  const pay = usePayOrder(orderId, async (card: Card) => {
    if (!confirmedId.current) {
      const { paymentIntent } = await unwrap(api.payments.simulated.confirm.$post({ json: { clientSecret, card } }))
      confirmedId.current = paymentIntent.id
    }
    return confirmedId.current
  })
  const submit = (card: Card) =>
    pay.mutate(card, { onSuccess: onPaid, onError: (error) => void showServerFieldErrors(error, setError, fieldOf) })

  // A decline (402) or any other refusal shows under the form; field problems show at their field.
  const shownAtField = pay.error instanceof ApiRequestError && Object.keys(pay.error.fields).some((key) => fieldOf(key))
  const paymentError =
    !pay.error || shownAtField
      ? undefined
      : pay.error instanceof ApiRequestError
        ? pay.error.message
        : CONNECTION_MESSAGE

  const number = register('number')
  const expiry = register('expiry')
  const cvc = register('cvc')
  const busy = pay.isPending || paid

  return (
    <form
      noValidate
      onSubmit={handleSubmit((card) => {
        if (!busy) submit(card)
      })}
    >
      <fieldset disabled={busy} className="space-y-4">
        <legend className="sr-only">Card details</legend>
        <FormField label="Card number" error={formState.errors.number?.message}>
          <input
            className="field font-mono tracking-wide"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            {...number}
            onChange={(e) => {
              reformatInput(e.target, formatCardNumber)
              return number.onChange(e)
            }}
          />
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField label="Expiry date" error={formState.errors.expiry?.message}>
            <input
              className="field font-mono"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              maxLength={7}
              {...expiry}
              onChange={(e) => {
                reformatInput(e.target, formatExpiry)
                return expiry.onChange(e)
              }}
            />
          </FormField>
          <FormField label="CVC" error={formState.errors.cvc?.message}>
            <input
              className="field font-mono"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              {...cvc}
              onChange={(e) => {
                reformatInput(e.target, (v) => v.replace(/\D/g, '').slice(0, 4))
                return cvc.onChange(e)
              }}
            />
          </FormField>
        </div>
      </fieldset>

      {paymentError && (
        <p className="mt-4 text-sm font-medium text-red-700" role="alert" data-testid="card-error">
          {paymentError}
        </p>
      )}

      <button type="submit" className="btn-dark mt-6 w-full py-3 text-base" disabled={busy}>
        {paid ? 'Paid' : pay.isPending ? 'Processing…' : 'Pay'}
      </button>

      {!paid && <TestCardHint />}
    </form>
  )
}

/** Simulated mode takes only Stripe's documented test cards: say which. */
function TestCardHint() {
  return (
    <details className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
      <summary className="cursor-pointer font-medium">
        Test mode: no real money is taken. Which card numbers work?
      </summary>
      <p className="mt-2">Use any future expiry date and any 3-digit CVC with one of these numbers:</p>
      <ul className="mt-2 space-y-1">
        {Object.entries(TEST_CARDS).map(([digits, card]) => (
          <li key={digits} className="flex flex-wrap justify-between gap-x-3">
            <span className="font-mono">{formatCardNumber(digits)}</span>
            <span className="text-slate-600">{card.label}</span>
          </li>
        ))}
      </ul>
    </details>
  )
}
