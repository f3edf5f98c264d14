import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js'
import { useId, useMemo, useRef, useState } from 'react'
import { usePayOrder } from '#web/features/orders/order-mutations.ts'
import { ApiRequestError } from '#web/lib/api.ts'
import { type CardFormProps, CONNECTION_MESSAGE } from './card-form-props'

/**
 * Stripe.js per publishable key, loaded on first use only.
 * NOTE: `@stripe/stripe-js` injects Stripe's script as soon as it is imported, so it is
 * imported dynamically here and this module itself is loaded lazily, in Stripe mode only.
 */
const stripeByKey = new Map<string, Promise<Stripe | null>>()
function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey)
  if (!stripe) {
    stripe = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey))
    stripeByKey.set(publishableKey, stripe)
    // A failed load (offline) may work on the next visit.
    stripe.catch(() => stripeByKey.delete(publishableKey))
  }
  return stripe
}

/** A decline or card problem as Stripe words it, shown as is. */
class CardError extends Error {}

const CARD_OPTIONS: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: {
      fontSize: '16px',
      color: '#0f172a',
      fontFamily: 'ui-sans-serif, system-ui, sans-serif',
      '::placeholder': { color: '#64748b' },
    },
    invalid: { color: '#b91c1c', iconColor: '#b91c1c' },
  },
}

/** Card payments through Stripe Elements' card input and `stripe.confirmCardPayment`. */
export default function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  const [loadFailed, setLoadFailed] = useState(false)
  const stripe = useMemo(
    () =>
      getStripe(props.publishableKey).catch(() => {
        setLoadFailed(true)
        return null
      }),
    [props.publishableKey],
  )
  if (loadFailed) {
    return (
      <p className="text-sm font-medium text-red-700" role="alert">
        The card form could not be loaded. Check your connection and reload the page.
      </p>
    )
  }
  return (
    <Elements stripe={stripe}>
      <StripeCheckout {...props} />
    </Elements>
  )
}

function StripeCheckout({ orderId, clientSecret, paid, onPaid, billing }: CardFormProps) {
  const stripe = useStripe()
  const elements = useElements()
  const labelId = useId()
  const [inputError, setInputError] = useState<string>()
  const [focused, setFocused] = useState(false)
  // Once the money is taken, a retry only records it (the PATCH), it never charges again.
  const confirmedId = useRef<string | undefined>(undefined)

  const pay = usePayOrder(orderId, async () => {
    if (!confirmedId.current) {
      const card = elements?.getElement(CardElement)
      if (!stripe || !card) throw new CardError('The card form is still loading. Please try again in a moment.')
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      })
      if (result.error) {
        // Paid already (e.g. a second tab): record it instead of failing.
        if (result.error.payment_intent?.status === 'succeeded') confirmedId.current = result.error.payment_intent.id
        else throw new CardError(result.error.message ?? 'Your card was declined.')
      } else if (result.paymentIntent.status === 'succeeded') {
        confirmedId.current = result.paymentIntent.id
      } else {
        throw new CardError('The payment is not complete yet. Please try again.')
      }
    }
    return confirmedId.current
  })

  const payError =
    pay.error instanceof CardError || pay.error instanceof ApiRequestError
      ? pay.error.message
      : pay.error
        ? CONNECTION_MESSAGE
        : undefined
  const busy = pay.isPending || paid

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (!busy) pay.mutate(undefined, { onSuccess: onPaid })
      }}
    >
      <div role="group" aria-labelledby={labelId}>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: a pointer convenience; the card field itself takes keyboard focus */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: as above */}
        <span id={labelId} className="label" onClick={() => elements?.getElement(CardElement)?.focus()}>
          Card details
        </span>
        <div
          className={`rounded-lg border bg-white px-3 py-3 transition ${focused ? 'border-brand-600 ring-2 ring-brand-500/30' : 'border-slate-300'} ${
            busy ? 'opacity-60' : ''
          }`}
        >
          <CardElement
            options={{ ...CARD_OPTIONS, disabled: busy }}
            onChange={(e) => setInputError(e.error?.message)}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
          />
        </div>
        {inputError && (
          <p className="field-error" role="alert">
            {inputError}
          </p>
        )}
      </div>

      {payError && (
        <p className="mt-4 text-sm font-medium text-red-700" role="alert" data-testid="card-error">
          {payError}
        </p>
      )}

      <button type="submit" className="btn-dark mt-6 w-full py-3 text-base" disabled={busy || !stripe}>
        {paid ? 'Paid' : pay.isPending ? 'Processing…' : 'Pay'}
      </button>
    </form>
  )
}
