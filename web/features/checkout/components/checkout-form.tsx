import { Link, useNavigate } from '@tanstack/react-router'
import { useWatch } from 'react-hook-form'
import type { CheckoutPreviewInput } from '#schemas/checkout.ts'
import { type PickupDetails, zoneOf } from '#schemas/delivery.ts'
import type { CodSection } from '#schemas/settings.ts'
import type { UserProfile } from '#schemas/user.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { toast } from '#web/lib/toast.ts'
import { usePlaceCheckout } from '../checkout-mutations'
import { useCheckoutPreview } from '../use-checkout-preview'
import { CheckoutShell, PreviewTrouble, useCheckoutForm, useKeepOnProfile, usePlacing } from './checkout-shell'
import { pageAfterPlacing } from './payment-fields'

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
  const form = useCheckoutForm(profile, displayName)
  const keep = useKeepOnProfile(form, profile, displayName)
  const [method, district, paymentMethod] = useWatch({
    control: form.control,
    name: ['delivery.method', 'delivery.address.district', 'paymentMethod'],
  })
  const { preview, current } = useCheckoutPreview({ method, district, paymentMethod })
  const data = preview.data
  const { refusal, begin, failed } = usePlacing(form)
  const place = usePlaceCheckout()
  const navigate = useNavigate()

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
    if (!data || !current || !data.priced || blockedLines || !begin()) return
    place.mutate(
      { ...body, expectedTotal: data.total },
      {
        onSuccess: (placed) => {
          keep.save()
          toast.success(`Order ${placed.orderNumber} placed`)
          void navigate(pageAfterPlacing(body.paymentMethod, placed.insertedId))
        },
        onError: (error) => failed(error, data.total),
      },
    )
  }

  const deliveryLabel =
    method === 'pickup' ? 'pickup at the factory' : district ? (zoneNames[zoneOf(district)] ?? district) : ''

  return (
    <CheckoutShell
      form={form}
      keep={keep}
      onSubmit={submit}
      busy={place.isPending || place.isSuccess}
      pickup={pickup}
      // The preview says which methods this order may use.
      offered={data?.paymentMethods}
      cod={cod}
      summary={{ preview: data, updating: data !== undefined && !current && !preview.isError, deliveryLabel }}
      refusal={refusal}
      email={email}
      notices={
        <>
          <PreviewTrouble preview={preview} />
          {blockedLines && !refusal && (
            <p className="text-sm font-medium text-red-700">
              Some tools cannot be ordered as they are.{' '}
              <Link to="/cart" className="underline underline-offset-4">
                Change them in your cart
              </Link>{' '}
              first.
            </p>
          )}
        </>
      }
      submitLabel="Place order"
      submitDisabled={blockedLines || !current}
    />
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
