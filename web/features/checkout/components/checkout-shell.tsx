import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useRef, useState } from 'react'
import { FormProvider, type UseFormReturn, useForm, useWatch } from 'react-hook-form'
import type { CheckoutPreviewInput } from '#schemas/checkout.ts'
import type { PickupDetails } from '#schemas/delivery.ts'
import type { CodSection } from '#schemas/settings.ts'
import type { UserProfile } from '#schemas/user.ts'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { CHECKOUT_FORM_FIELDS, CheckoutFormSchema, type CheckoutFormValues, checkoutDefaults } from '../checkout-body'
import { type Refusal, RefusalNotice, refusalOf } from './checkout-refusal'
import { DeliveryFields } from './delivery-fields'
import { OrderSummary, type PricedPreview } from './order-summary'
import { BusinessFields, PaymentFields, paidOnNextPage } from './payment-fields'

export type CheckoutFormApi = UseFormReturn<CheckoutFormValues, unknown, CheckoutPreviewInput>

/** The checkout's form (delivery, payment, business details), starting from the buyer's profile. */
export const useCheckoutForm = (profile: UserProfile, displayName: string): CheckoutFormApi =>
  useForm<CheckoutFormValues, unknown, CheckoutPreviewInput>({
    resolver: zodResolver(CheckoutFormSchema),
    mode: 'onTouched',
    defaultValues: checkoutDefaults(profile, displayName),
  })

/**
 * One placing at a time, and what the shop said when it refused one. `begin` is set before the
 * request goes, so a second click or Enter in the moment before the button shows it is busy sends
 * nothing; `failed` shows the refusal by its fields, or above the button.
 */
export function usePlacing(form: CheckoutFormApi) {
  const placing = useRef(false)
  const [refusal, setRefusal] = useState<Refusal>()
  const begin = () => {
    if (placing.current) return false
    placing.current = true
    setRefusal(undefined)
    return true
  }
  const failed = (error: unknown, shownTotal: number, from?: 'cart' | 'quote') => {
    placing.current = false
    const refused = refusalOf(error, shownTotal, from)
    if (showServerFieldErrors(error, form.setError, CHECKOUT_FORM_FIELDS) === 0 || refused.kind === 'lines')
      setRefusal(refused)
  }
  return { refusal, begin, failed }
}

type CheckoutShellProps = {
  form: CheckoutFormApi
  onSubmit: (body: CheckoutPreviewInput) => void
  /** Placing, or placed: the fields and the button hold. */
  busy: boolean
  pickup: PickupDetails
  /** The methods this order may use (undefined while they are worked out). */
  offered: readonly string[] | undefined
  cod: CodSection
  summary: {
    preview: PricedPreview | undefined
    updating: boolean
    deliveryLabel: string
    from?: 'cart' | 'quote'
  }
  refusal: Refusal | undefined
  email: string
  /** What the summary says above the refusal (the preview's own trouble). */
  notices?: ReactNode
  submitLabel: string
  submitDisabled: boolean
}

/**
 * The checkout's page body, for the cart and for an accepted quote alike: delivery, payment and
 * the optional business details on one side, the order summary, the refusal and the button on the
 * other (below on a phone).
 */
export function CheckoutShell(props: CheckoutShellProps) {
  const { form, busy, refusal } = props
  const paymentMethod = useWatch({ control: form.control, name: 'paymentMethod' })
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(props.onSubmit)}
        className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start"
      >
        <fieldset disabled={busy} className="min-w-0 space-y-6">
          <legend className="sr-only">Delivery and payment</legend>
          <DeliveryFields pickup={props.pickup} />
          <PaymentFields offered={props.offered} cod={props.cod} />
          <BusinessFields />
        </fieldset>
        <div className="min-w-0 lg:sticky lg:top-20">
          <OrderSummary {...props.summary} lineErrors={refusal?.kind === 'lines' ? refusal.lineErrors : {}}>
            {props.notices}
            {refusal && <RefusalNotice refusal={refusal} email={props.email} />}
            <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy || props.submitDisabled}>
              {busy ? 'Placing order…' : props.submitLabel}
            </button>
            {paidOnNextPage(paymentMethod) && (
              <p className="text-center text-sm text-slate-600">You pay on the next page.</p>
            )}
          </OrderSummary>
        </div>
      </form>
    </FormProvider>
  )
}
