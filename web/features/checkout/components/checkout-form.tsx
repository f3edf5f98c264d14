import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
import type { CheckoutPreviewInput } from '#schemas/checkout.ts'
import { type PickupDetails, zoneOf } from '#schemas/delivery.ts'
import type { CodSection } from '#schemas/settings.ts'
import type { UserProfile } from '#schemas/user.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { toast } from '#web/lib/toast.ts'
import { CHECKOUT_FORM_FIELDS, CheckoutFormSchema, type CheckoutFormValues, checkoutDefaults } from '../checkout-body'
import { usePlaceCheckout } from '../checkout-mutations'
import { useCheckoutPreview } from '../use-checkout-preview'
import { type Refusal, RefusalNotice, refusalOf } from './checkout-refusal'
import { DeliveryFields } from './delivery-fields'
import { OrderSummary } from './order-summary'
import { BusinessFields, PaymentFields, pageAfterPlacing, paidOnNextPage } from './payment-fields'

type CheckoutFormProps = {
  profile: UserProfile
  displayName: string
  email: string
  pickup: PickupDetails
  /** The delivery zones' names as the shop calls them, by id. */
  zoneNames: Record<string, string>
  /** The shop's cash-on-delivery settings (its limit is said when an order is over it). */
  cod: CodSection
}

/**
 * The checkout: delivery, payment and the optional business details on one side, the server's
 * preview of the order and Place order on the other (below on a phone).
 */
export function CheckoutForm({ profile, displayName, email, pickup, zoneNames, cod }: CheckoutFormProps) {
  const form = useForm<CheckoutFormValues, unknown, CheckoutPreviewInput>({
    resolver: zodResolver(CheckoutFormSchema),
    mode: 'onTouched',
    defaultValues: checkoutDefaults(profile, displayName),
  })
  const { control, setError, handleSubmit } = form
  const [method, district, paymentMethod] = useWatch({
    control,
    name: ['delivery.method', 'delivery.address.district', 'paymentMethod'],
  })
  const { preview, current } = useCheckoutPreview({ method, district, paymentMethod })
  const data = preview.data
  const [refusal, setRefusal] = useState<Refusal>()
  const place = usePlaceCheckout()
  const navigate = useNavigate()
  // Set before the request goes, so a second click or Enter in the moment before the button shows
  // it is busy sends nothing (the server would refuse it as an empty cart, and its answer would
  // replace the first one's).
  const placing = useRef(false)

  if (data && data.lines.length === 0 && !place.isSuccess)
    // The cart emptied while a placing failed without the shop's answer (a dropped connection, a
    // proxy's 5xx): the order was most likely placed after all.
    return place.isError && !(place.error instanceof ApiRequestError && place.error.status < 500) ? (
      <MaybePlaced />
    ) : (
      <EmptyCart />
    )

  const blockedLines = data?.lines.some((line) => line.error) ?? false
  const submit = (body: CheckoutPreviewInput) => {
    if (!data || !current || !data.priced || blockedLines || placing.current) return
    placing.current = true
    setRefusal(undefined)
    place.mutate(
      { ...body, expectedTotal: data.total },
      {
        onSuccess: (placed) => {
          toast.success(`Order ${placed.orderNumber} placed`)
          void navigate(pageAfterPlacing(body.paymentMethod, placed.insertedId))
        },
        onError: (error) => {
          placing.current = false
          const refused = refusalOf(error, data.total)
          if (showServerFieldErrors(error, setError, CHECKOUT_FORM_FIELDS) === 0 || refused.kind === 'lines')
            setRefusal(refused)
        },
      },
    )
  }

  const deliveryLabel =
    method === 'pickup' ? 'pickup at the factory' : district ? (zoneNames[zoneOf(district)] ?? district) : ''
  const busy = place.isPending || place.isSuccess

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={handleSubmit(submit)}
        className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start"
      >
        <fieldset disabled={busy} className="min-w-0 space-y-6">
          <legend className="sr-only">Delivery and payment</legend>
          <DeliveryFields pickup={pickup} />
          {/* The preview says which methods this order may use. */}
          <PaymentFields offered={data?.paymentMethods} cod={cod} />
          <BusinessFields />
        </fieldset>

        <div className="min-w-0 lg:sticky lg:top-20">
          <OrderSummary
            preview={data}
            updating={data !== undefined && !current && !preview.isError}
            deliveryLabel={deliveryLabel}
            lineErrors={refusal?.kind === 'lines' ? refusal.lineErrors : {}}
          >
            {preview.isError && (
              <div className="rounded-xl bg-red-50 p-4 text-sm text-red-900" role="alert">
                <p>We could not price your order: {preview.error.message}</p>
                <button type="button" className="btn-ghost mt-2 px-3 py-1.5" onClick={() => void preview.refetch()}>
                  Try again
                </button>
              </div>
            )}
            {blockedLines && !refusal && (
              <p className="text-sm font-medium text-red-700">
                Some tools cannot be ordered as they are.{' '}
                <Link to="/cart" className="underline underline-offset-4">
                  Change them in your cart
                </Link>{' '}
                first.
              </p>
            )}
            {refusal && <RefusalNotice refusal={refusal} email={email} />}
            <button
              type="submit"
              className="btn-primary w-full py-3 text-base"
              disabled={busy || blockedLines || !current}
            >
              {busy ? 'Placing order…' : 'Place order'}
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

function MaybePlaced() {
  return (
    <EmptyState
      title="Your order was most likely placed"
      action={
        <Link to="/dashboard/order" className="btn-primary">
          Check My Orders
        </Link>
      }
    >
      The shop’s answer did not reach you, and your cart is empty now, as it is after an order. Look in My Orders before
      ordering again.
    </EmptyState>
  )
}

function EmptyCart() {
  return (
    <EmptyState
      title="Your cart is empty"
      icon={
        <>
          <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
          <circle cx="9" cy="20" r="1" />
          <circle cx="17" cy="20" r="1" />
        </>
      }
      action={
        <Link to="/service" className="btn-primary">
          Browse tools
        </Link>
      }
    >
      Add the tools you need from the catalogue, then check out here.
    </EmptyState>
  )
}
