import { zodResolver } from '@hookform/resolvers/zod'
import { Link } from '@tanstack/react-router'
import { useId, useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { formatBDT, toTaka } from '#schemas/bdt.ts'
import { type BookingInput, orderFormSchema } from '#schemas/order.ts'
import type { Tool } from '#schemas/tool.ts'
import { tieredPriceOf, unitPriceOf } from '#schemas/unit-price.ts'
import type { z } from '#schemas/zod.ts'
import { DistrictOptions } from '#web/components/district-options.tsx'
import { EmailNotVerified } from '#web/components/email-not-verified.tsx'
import { FormField } from '#web/components/form-field.tsx'
import { Modal } from '#web/components/modal.tsx'
import { ApiRequestError } from '#web/lib/api.ts'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { formatCount } from '#web/lib/format.ts'
import { toast } from '#web/lib/toast.ts'
import { usePlaceOrder } from './order-mutations'

export type OrderPlaced = { orderId: string; quantity: number }

type Customer = { email: string; name: string; phone?: string; address?: string }

type PurchaseDialogProps = {
  tool: Tool
  customer: Customer
  open: boolean
  onClose: () => void
  /** The order went through (the dialog has said so in a toast with a link to My Orders); the caller closes it. */
  onOrdered: (order: OrderPlaced) => void
}

/** The Purchase dialog of a tool detail: who orders, how many, where to deliver, and the live total. */
export function PurchaseDialog({ tool, customer, open, onClose, onOrdered }: PurchaseDialogProps) {
  const [busy, setBusy] = useState(false)
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
      <PurchaseForm tool={tool} customer={customer} onBusyChange={setBusy} onCancel={onClose} onOrdered={onOrdered} />
    </Modal>
  )
}

type FormValues = z.input<ReturnType<typeof orderFormSchema>>
const FIELDS = ['quantity', 'phone', 'address', 'district'] as const

function PurchaseForm({
  tool,
  customer,
  onBusyChange,
  onCancel,
  onOrdered,
}: Omit<PurchaseDialogProps, 'open' | 'onClose'> & { onBusyChange: (busy: boolean) => void; onCancel: () => void }) {
  const min = tool.Minimum_quantity
  const available = tool.quantity
  const packSize = tool.packSize
  const schema = useMemo(() => orderFormSchema({ min, available, packSize }), [min, available, packSize])
  const [formError, setFormError] = useState<string>()
  /** The API's 403 EMAIL_NOT_VERIFIED: its message, shown with the way to verify. */
  const [unverified, setUnverified] = useState<string>()
  const totalId = useId()

  const { register, handleSubmit, control, formState, setError, trigger } = useForm<FormValues, unknown, BookingInput>({
    resolver: zodResolver(schema),
    // Phone and address are checked when a field is left, then while correcting it.
    mode: 'onTouched',
    defaultValues: {
      serviceId: tool._id,
      customer: customer.email,
      customerName: customer.name,
      quantity: String(min),
      phone: customer.phone ?? '',
      address: customer.address ?? '',
    },
  })

  const quantityText = useWatch({ control, name: 'quantity' })
  const quantity = Number(String(quantityText ?? '').trim() || NaN)
  // No total for a quantity the order would refuse: the spec's message shows instead.
  const total =
    Number.isInteger(quantity) && quantity >= min && quantity <= available && quantity % packSize === 0
      ? formatBDT(toTaka(quantity * unitPriceOf(tieredPriceOf(tool), quantity)))
      : '—'

  const order = usePlaceOrder(tool)
  const submit = (values: BookingInput) => {
    setFormError(undefined)
    setUnverified(undefined)
    onBusyChange(true)
    order.mutate(values, {
      onSettled: () => onBusyChange(false),
      onSuccess: (created) => {
        toast.success('Order placed', {
          duration: 8000,
          description: (
            <Link to="/dashboard/order" className="font-semibold text-brand-700 underline underline-offset-4">
              Go to My Orders
            </Link>
          ),
        })
        onOrdered({ orderId: created.insertedId, quantity: values.quantity })
      },
      onError: (error) => {
        if (!(error instanceof ApiRequestError)) {
          setFormError('We could not reach the shop. Check your connection and try again.')
          return
        }
        if (error.code === 'EMAIL_NOT_VERIFIED') {
          setUnverified(error.message)
          return
        }
        // Stock or price moved on the server: the mutation refetches the tool, so it shows as it is now.
        if (showServerFieldErrors(error, setError, FIELDS) === 0) setFormError(error.message)
      },
    })
  }

  const quantityField = register('quantity', {
    // The spec's minimum / stock messages show while typing, not only when the field is left.
    onChange: () => void trigger('quantity'),
  })

  return (
    <form noValidate onSubmit={handleSubmit((values) => !order.isPending && submit(values))} className="space-y-4">
      <fieldset disabled={order.isPending} className="space-y-4">
        <legend className="sr-only">Your order</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name">
            <input
              className="field bg-slate-50 text-slate-700"
              readOnly
              autoComplete="name"
              {...register('customerName')}
            />
          </FormField>
          <FormField label="Email">
            <input
              className="field bg-slate-50 text-slate-700"
              readOnly
              type="email"
              autoComplete="email"
              {...register('customer')}
            />
          </FormField>
        </div>
        <FormField
          label="Quantity"
          error={formState.errors.quantity?.message}
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
            {...quantityField}
          />
        </FormField>
        <FormField
          label="Phone"
          error={formState.errors.phone?.message}
          hint="A number we can call about the delivery, e.g. 01712 345678."
        >
          <input className="field" type="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
        <FormField label="Delivery address" error={formState.errors.address?.message}>
          <textarea className="field" rows={2} autoComplete="street-address" {...register('address')} />
        </FormField>
        <FormField
          label="District (optional)"
          error={formState.errors.district?.message}
          hint="Sets the delivery fee; without it, the fee for the rest of Bangladesh applies."
        >
          <select
            className="field"
            autoComplete="address-level1"
            {...register('district', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
          >
            <DistrictOptions empty="Not chosen" />
          </select>
        </FormField>
      </fieldset>

      <div className="flex flex-wrap items-baseline justify-between gap-x-4 rounded-xl bg-brand-50 px-4 py-3 ring-1 ring-brand-100">
        <span className="text-sm font-medium text-slate-700" id={totalId}>
          Total
        </span>
        <output
          aria-labelledby={totalId}
          aria-live="polite"
          className="text-lg font-bold text-ink"
          data-testid="booking-total"
        >
          {total}
        </output>
        <p className="w-full text-sm text-slate-600">VAT included; delivery is added and shown before you pay.</p>
      </div>

      {formError && (
        <p className="text-sm font-medium text-red-700" role="alert">
          {formError}
        </p>
      )}
      {unverified && (
        <EmailNotVerified email={customer.email} message={unverified} returnTo={`/service/${tool._id}?order=1`} />
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-ghost" onClick={onCancel} disabled={order.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={order.isPending}>
          {order.isPending ? 'Placing order…' : 'Place order'}
        </button>
      </div>
    </form>
  )
}
