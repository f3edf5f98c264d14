import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { DeliveryFormSchema, type Settings } from '#schemas/settings.ts'
import type { z } from '#schemas/zod.ts'
import { FormField } from '#web/components/form-field.tsx'
import { SettingsCard, useSaveSection } from './settings-card'

type DeliveryValues = z.input<typeof DeliveryFormSchema>
type Delivery = z.output<typeof DeliveryFormSchema>

/** The form's text from the answer's numbers; an empty "free over" is never free (null). */
const toValues = ({ zones, pickup }: Settings['delivery']): DeliveryValues => ({
  zones: zones.map((z) => ({
    ...z,
    fee: String(z.fee),
    includedKg: String(z.includedKg),
    perKg: String(z.perKg),
    freeOver: z.freeOver === null ? '' : String(z.freeOver),
  })),
  pickup,
})

/** Delivery zones and fees, a row per zone, and the pickup point at the factory (one section: saved together). */
export function DeliveryForm({ delivery }: { delivery: Settings['delivery'] }) {
  const values = useMemo(() => toValues(delivery), [delivery])
  const { register, handleSubmit, formState, setError } = useForm<DeliveryValues, unknown, Delivery>({
    resolver: zodResolver(DeliveryFormSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  })
  const { errors } = formState
  const { submit, pending } = useSaveSection('delivery', 'Delivery', setError)
  const districtsOf = (zone: string) => delivery.districts.filter((d) => d.zone === zone)

  return (
    <SettingsCard
      id="settings-delivery"
      title="Delivery zones and fees"
      description="A courier delivery costs the zone's fee, plus the fee per kg for each whole kg past the included ones; nothing once the goods reach “free over”. Amounts in BDT."
      saveLabel="Save delivery"
      pending={pending}
      onSubmit={handleSubmit(submit)}
    >
      {errors.zones?.message && (
        <p className="field-error" role="alert">
          {errors.zones.message}
        </p>
      )}
      {delivery.zones.map((zone, i) => {
        const fieldErrors = errors.zones?.[i]
        const districts = districtsOf(zone.id)
        return (
          <fieldset key={zone.id} className="min-w-0 rounded-xl border border-slate-200 p-3 sm:p-4">
            <legend className="px-1 text-sm font-semibold text-ink">{zone.name}</legend>
            <p className="text-sm text-slate-600">
              {districts.length === 1
                ? `${districts[0]!.name} district.`
                : districts.length <= 5
                  ? `${districts.map((d) => d.name).join(', ')}.`
                  : `The other ${districts.length} districts.`}
            </p>
            <div className="mt-3 grid items-start gap-3 sm:grid-cols-[1fr_1fr]">
              <FormField label="Zone name" error={fieldErrors?.name?.message}>
                <input className="field" autoComplete="off" {...register(`zones.${i}.name`)} />
              </FormField>
            </div>
            <div className="mt-3 grid grid-cols-2 items-start gap-3 lg:grid-cols-4">
              <FormField label="Fee (BDT)" error={fieldErrors?.fee?.message}>
                <input
                  className="field"
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  {...register(`zones.${i}.fee`)}
                />
              </FormField>
              <FormField label="Included kg" error={fieldErrors?.includedKg?.message}>
                <input
                  className="field"
                  type="number"
                  inputMode="numeric"
                  min="0"
                  step="1"
                  {...register(`zones.${i}.includedKg`)}
                />
              </FormField>
              <FormField label="Per extra kg (BDT)" error={fieldErrors?.perKg?.message}>
                <input
                  className="field"
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  {...register(`zones.${i}.perKg`)}
                />
              </FormField>
              <FormField label="Free over (BDT)" error={fieldErrors?.freeOver?.message} hint="Empty: never free.">
                <input
                  className="field"
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  {...register(`zones.${i}.freeOver`)}
                />
              </FormField>
            </div>
          </fieldset>
        )
      })}
      <fieldset className="min-w-0 rounded-xl border border-slate-200 p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold text-ink">Pickup at the factory</legend>
        <p className="text-sm text-slate-600">Free; customers collect their order here.</p>
        <div className="mt-3 grid items-start gap-3 sm:grid-cols-2">
          <FormField label="Pickup address" error={errors.pickup?.address?.message}>
            <textarea className="field resize-y" rows={2} {...register('pickup.address')} />
          </FormField>
          <FormField
            label="Opening hours"
            error={errors.pickup?.hours?.message}
            hint="For example: Saturday to Thursday, 9:00 to 18:00."
          >
            <input className="field" autoComplete="off" {...register('pickup.hours')} />
          </FormField>
        </div>
      </fieldset>
    </SettingsCard>
  )
}
