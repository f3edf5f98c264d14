import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useRef, useState } from 'react'
import { FormProvider, type UseFormReturn, useForm, useWatch } from 'react-hook-form'
import type { CheckoutPreviewInput } from '#schemas/checkout.ts'
import type { PickupDetails } from '#schemas/delivery.ts'
import type { CodSection } from '#schemas/settings.ts'
import { PROFILE_LIMITS, type UserProfile } from '#schemas/user.ts'
import { EmailNotVerified, useUnverifiedEmail } from '#web/components/email-not-verified.tsx'
import { orderQueries } from '#web/features/orders/order-queries.ts'
import { useUpdateProfile } from '#web/features/users/users-mutations.ts'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { toast } from '#web/lib/toast.ts'
import {
  CHECKOUT_FORM_FIELDS,
  CheckoutFormSchema,
  type CheckoutFormValues,
  checkoutDefaults,
  profileAddress,
} from '../checkout-body'
import { type Refusal, RefusalNotice, refusalOf } from './checkout-refusal'
import { DeliveryFields } from './delivery-fields'
import { OrderSummary, type PricedPreview } from './order-summary'
import { BusinessFields, PaymentFields, paidOnNextPage } from './payment-fields'

export type CheckoutFormApi = UseFormReturn<CheckoutFormValues, unknown, CheckoutPreviewInput>

/**
 * The checkout's form (delivery, payment, business details), starting from the buyer's last
 * courier delivery, else their profile (the route's loader reads both).
 */
export function useCheckoutForm(profile: UserProfile, displayName: string): CheckoutFormApi {
  const { data: last } = useSuspenseQuery(orderQueries.lastDelivery(profile.email))
  return useForm<CheckoutFormValues, unknown, CheckoutPreviewInput>({
    resolver: zodResolver(CheckoutFormSchema),
    mode: 'onTouched',
    defaultValues: checkoutDefaults(profile, displayName, last),
  })
}

/**
 * "Keep this phone and address on my profile": offered while what is typed differs from the
 * profile (ticked when the profile has neither), kept once the order is placed.
 */
export function useKeepOnProfile(form: CheckoutFormApi, profile: UserProfile, displayName: string) {
  const [method, address] = useWatch({ control: form.control, name: ['delivery.method', 'delivery.address'] })
  const typed = { phone: address.phone.trim(), address: profileAddress(address, PROFILE_LIMITS.address) }
  const offered =
    method === 'courier' &&
    typed.phone !== '' &&
    typed.address !== '' &&
    (typed.phone !== profile.phone || typed.address !== profile.address)
  const [checked, setChecked] = useState(!profile.phone && !profile.address)
  const update = useUpdateProfile(profile, displayName)
  /** After the order was placed: the profile keeps them (a refusal is said, the order stands). */
  const save = () => {
    if (!offered || !checked) return
    update.mutate(typed, {
      onError: () => toast.error('Your order is placed, but your profile could not keep the phone and address.'),
    })
  }
  return { offered, checked, setChecked, save }
}

export type KeepOnProfile = ReturnType<typeof useKeepOnProfile>

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
  keep: KeepOnProfile
  /** Above the delivery (the quantity of a tool bought now). */
  first?: ReactNode
  /** One column at every width (in a dialog). */
  stacked?: boolean
  /** Where a sign-in renewed after verifying comes back to (this page by default). */
  returnTo?: string
}

/**
 * The checkout's page body, for the cart and for an accepted quote alike: delivery, payment and
 * the optional business details on one side, the order summary, the refusal and the button on the
 * other (below on a phone).
 */
export function CheckoutShell(props: CheckoutShellProps) {
  const { form, busy, refusal } = props
  const paymentMethod = useWatch({ control: form.control, name: 'paymentMethod' })
  // Said as the page opens, not after the form is filled: the refusal then adds nothing.
  const unverified = useUnverifiedEmail()
  return (
    <FormProvider {...form}>
      {unverified && (
        <div className={props.stacked ? 'mt-2' : 'mt-6'}>
          <EmailNotVerified email={props.email} {...(props.returnTo ? { returnTo: props.returnTo } : {})} />
        </div>
      )}
      <form
        noValidate
        onSubmit={form.handleSubmit(props.onSubmit)}
        className={
          props.stacked ? 'mt-4 grid gap-4' : 'mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start'
        }
      >
        <fieldset disabled={busy} className={`min-w-0 ${props.stacked ? 'space-y-4' : 'space-y-6'}`}>
          <legend className="sr-only">Delivery and payment</legend>
          {props.first}
          <DeliveryFields pickup={props.pickup}>
            {props.keep.offered && (
              <label className="flex items-start gap-3 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  checked={props.keep.checked}
                  onChange={(e) => props.keep.setChecked(e.target.checked)}
                />
                Keep this phone and address on my profile
              </label>
            )}
          </DeliveryFields>
          <PaymentFields offered={props.offered} cod={props.cod} />
          <BusinessFields />
        </fieldset>
        <div className={props.stacked ? 'min-w-0' : 'min-w-0 lg:sticky lg:top-20'}>
          <OrderSummary {...props.summary} lineErrors={refusal?.kind === 'lines' ? refusal.lineErrors : {}}>
            {props.notices}
            {refusal && !(unverified && refusal.kind === 'unverified') && (
              <RefusalNotice refusal={refusal} email={props.email} />
            )}
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

/** The preview could not be asked (the network, a 5xx): said above the button, with Try again. */
export function PreviewTrouble({
  preview,
}: {
  preview: { isError: boolean; error: Error | null; refetch: () => unknown }
}) {
  if (!preview.isError) return null
  return (
    <div className="rounded-xl bg-red-50 p-4 text-sm text-red-900" role="alert">
      <p>We could not price your order: {preview.error?.message}</p>
      <button type="button" className="btn-ghost mt-2 px-3 py-1.5" onClick={() => void preview.refetch()}>
        Try again
      </button>
    </div>
  )
}
