import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { formatBDT } from '#schemas/bdt.ts'
import type { CheckoutPreviewInput } from '#schemas/checkout.ts'
import { zoneOf } from '#schemas/delivery.ts'
import { orderQuantitySchema } from '#schemas/order.ts'
import type { Tool } from '#schemas/tool.ts'
import type { UserProfile } from '#schemas/user.ts'
import { FormField } from '#web/components/form-field.tsx'
import { Modal } from '#web/components/modal.tsx'
import { settingsQueries } from '#web/features/settings/settings-queries.ts'
import { formatCount } from '#web/lib/format.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { toast } from '#web/lib/toast.ts'
import { usePlaceCheckout } from '../checkout-mutations'
import { useCheckoutPreview } from '../use-checkout-preview'
import { CheckoutShell, PreviewTrouble, useCheckoutForm, useKeepOnProfile, usePlacing } from './checkout-shell'
import { pageAfterPlacing } from './payment-fields'

type PurchaseDialogProps = {
  tool: Tool
  profile: UserProfile
  displayName: string
  email: string
  open: boolean
  onClose: () => void
}

/**
 * The tool page's Purchase ("buy now"): the checkout of this one tool, in a dialog. How many,
 * the checkout's delivery and the payment methods the order may use (the server's preview), its
 * total; placed, it opens the order's page (card and gateway: its payment page). The cart stays
 * as it is.
 */
export function PurchaseDialog({ open, onClose, ...props }: PurchaseDialogProps) {
  const [busy, setBusy] = useState(false)
  const { tool } = props
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={busy}
      title={`Order ${tool.name}`}
      description={
        <>
          {formatBDT(tool.price)} per unit · minimum order {formatCount(tool.Minimum_quantity)} ·{' '}
          {formatCount(tool.quantity)} available
        </>
      }
    >
      <BuyNowForm {...props} onBusyChange={setBusy} />
    </Modal>
  )
}

function BuyNowForm({
  tool,
  profile,
  displayName,
  email,
  onBusyChange,
}: Omit<PurchaseDialogProps, 'open' | 'onClose'> & { onBusyChange: (busy: boolean) => void }) {
  // The pickup point, the cash-on-delivery limit and the zones' names, as the checkout shows them.
  const { data: settings } = useSuspenseQuery(settingsQueries.detail())
  const min = tool.Minimum_quantity
  const available = tool.quantity
  const packSize = tool.packSize
  const [quantityText, setQuantityText] = useState(String(min))
  const quantityInput = useRef<HTMLInputElement>(null)
  // The spec's minimum / stock / pack messages while typing, from the schema the server checks.
  const checked = orderQuantitySchema({ min, available, packSize }).safeParse(quantityText)
  const quantity = checked.success ? checked.data : undefined

  const form = useCheckoutForm(profile, displayName)
  const keep = useKeepOnProfile(form, profile, displayName)
  const [method, district, paymentMethod] = useWatch({
    control: form.control,
    name: ['delivery.method', 'delivery.address.district', 'paymentMethod'],
  })
  const buyNow = { serviceId: tool._id, quantity: quantity ?? min }
  const { preview, current } = useCheckoutPreview({ method, district, paymentMethod, buyNow }, quantity !== undefined)
  const data = quantity === undefined ? undefined : preview.data
  const { refusal, begin, failed } = usePlacing(form)
  const place = usePlaceCheckout()
  const navigate = useNavigate()

  const submit = (body: CheckoutPreviewInput) => {
    // A quantity the order would refuse: its message is showing; the field takes the focus.
    if (quantity === undefined) return quantityInput.current?.focus()
    if (!data || !current || !data.priced || !begin()) return
    onBusyChange(true)
    place.mutate(
      { ...body, buyNow: { serviceId: tool._id, quantity }, expectedTotal: data.total },
      {
        onSettled: () => onBusyChange(false),
        onSuccess: (placed) => {
          keep.save()
          toast.success(`Order ${placed.orderNumber} placed`)
          void navigate(pageAfterPlacing(body.paymentMethod, placed.insertedId))
        },
        onError: (error) => failed(error, data.total),
      },
    )
  }

  // The server's word on the line (stock taken meanwhile) shows on the quantity too.
  const quantityError = checked.success
    ? refusal?.kind === 'lines'
      ? refusal.lineErrors[0]
      : undefined
    : checked.error.issues[0]?.message
  return (
    <CheckoutShell
      stacked
      form={form}
      keep={keep}
      onSubmit={submit}
      busy={place.isPending || place.isSuccess}
      pickup={settings.delivery.pickup}
      // The preview says which methods this order may use.
      offered={data?.paymentMethods}
      cod={settings.cod}
      summary={{
        preview: data,
        updating: data !== undefined && !current && !preview.isError,
        deliveryLabel:
          method === 'pickup'
            ? 'pickup at the factory'
            : district
              ? (settings.delivery.zones.find((z) => z.id === zoneOf(district))?.name ?? district)
              : '',
      }}
      refusal={refusal}
      email={email}
      returnTo={`/service/${tool._id}?order=1`}
      first={
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Email">
            <input className="field bg-slate-50 text-slate-700" readOnly type="email" value={email} />
          </FormField>
          <FormField
            label="Quantity"
            error={quantityError}
            hint={`Between ${formatCount(min)} and ${formatCount(available)}${packSize > 1 ? `, in packs of ${formatCount(packSize)}` : ''}.`}
          >
            <input
              className="field"
              type="number"
              inputMode="numeric"
              min={min}
              max={available}
              step={packSize}
              data-autofocus
              ref={quantityInput}
              value={quantityText}
              onChange={(e) => setQuantityText(e.target.value)}
            />
          </FormField>
        </div>
      }
      notices={<PreviewTrouble preview={preview} />}
      submitLabel="Place order"
      submitDisabled={quantity !== undefined && !current}
    />
  )
}
