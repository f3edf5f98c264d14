import { type ReactNode, useId } from 'react'
import { type UseFormRegisterReturn, useFormContext, useWatch } from 'react-hook-form'
import type { PickupDetails } from '#schemas/delivery.ts'
import { DistrictOptions } from '#web/components/district-options.tsx'
import { FormField } from '#web/components/form-field.tsx'
import type { CheckoutFormValues } from '../checkout-body'

/** A titled part of the checkout form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6" aria-label={title}>
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  )
}

/**
 * One choice of a radio group (react-hook-form's `register` of the group, and this choice's
 * value): its name labels the radio, what it means describes it.
 */
export function Choice({
  label,
  detail,
  value,
  field,
}: {
  label: string
  detail?: ReactNode
  value: string
  field: UseFormRegisterReturn
}) {
  const detailId = useId()
  return (
    <div className="rounded-xl p-3 ring-1 ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-500">
      <label className="flex cursor-pointer items-center gap-3 font-semibold text-ink">
        <input
          type="radio"
          value={value}
          className="size-4 shrink-0 accent-brand-600"
          aria-describedby={detail ? detailId : undefined}
          {...field}
        />
        {label}
      </label>
      {detail && (
        <p id={detailId} className="mt-0.5 pl-7 text-sm text-slate-600">
          {detail}
        </p>
      )}
    </div>
  )
}

/** Delivery: courier to an address (its district sets the fee) or pickup at the factory; then who and where. */
export function DeliveryFields({ pickup, children }: { pickup: PickupDetails; children?: ReactNode }) {
  const { register, control, formState } = useFormContext<CheckoutFormValues>()
  const method = useWatch({ control, name: 'delivery.method' })
  const errors = formState.errors.delivery?.address

  return (
    <>
      <FormSection title="Delivery">
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="sr-only">How the order reaches you</legend>
          <Choice
            label="Courier"
            detail="To your address; the fee depends on the district and the weight."
            value="courier"
            field={register('delivery.method')}
          />
          <Choice
            label="Pickup at the factory"
            detail="Free: collect the order at our factory."
            value="pickup"
            field={register('delivery.method')}
          />
        </fieldset>
        {method === 'pickup' && (
          <div className="rounded-xl bg-slate-50 p-4 text-sm text-slate-800" data-testid="pickup-point">
            <p className="font-semibold">Pick up at</p>
            <p className="mt-0.5 break-words">{pickup.address || 'The shop tells you the address when it is ready.'}</p>
            {pickup.hours && <p className="mt-1 text-slate-600">Open {pickup.hours}</p>}
          </div>
        )}
      </FormSection>

      <FormSection title={method === 'pickup' ? 'Who picks it up' : 'Deliver to'}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name" error={errors?.name?.message}>
            <input className="field" autoComplete="name" {...register('delivery.address.name')} />
          </FormField>
          <FormField label="Phone" error={errors?.phone?.message} hint="A number we can call, e.g. 01712 345678.">
            <input className="field" type="tel" autoComplete="tel" {...register('delivery.address.phone')} />
          </FormField>
        </div>
        {method === 'courier' && (
          <>
            <FormField label="Address" error={errors?.line1?.message} hint="House, road, area.">
              <input className="field" autoComplete="address-line1" {...register('delivery.address.line1')} />
            </FormField>
            <FormField label="Address line 2 (optional)" error={errors?.line2?.message}>
              <input className="field" autoComplete="address-line2" {...register('delivery.address.line2')} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField label="City (optional)" error={errors?.city?.message}>
                <input className="field" autoComplete="address-level2" {...register('delivery.address.city')} />
              </FormField>
              <FormField label="District" error={errors?.district?.message}>
                <select className="field" autoComplete="address-level1" {...register('delivery.address.district')}>
                  <DistrictOptions empty="Choose a district" />
                </select>
              </FormField>
              <FormField label="Postcode (optional)" error={errors?.postcode?.message}>
                <input
                  className="field"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  {...register('delivery.address.postcode')}
                />
              </FormField>
            </div>
          </>
        )}
        {children}
      </FormSection>
    </>
  )
}
