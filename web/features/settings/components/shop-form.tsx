import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { ShopFormSchema, type ShopSection } from '#schemas/settings.ts'
import type { z } from '#schemas/zod.ts'
import { FormField } from '#web/components/form-field.tsx'
import { SettingsCard, useSaveSection } from './settings-card'

type ShopValues = z.input<typeof ShopFormSchema>

/** Shop details: what prints on every tax invoice (legal name, BIN, address) and how customers reach the shop. */
export function ShopForm({ shop }: { shop: ShopSection }) {
  const { register, handleSubmit, formState, setError } = useForm<ShopValues, unknown, ShopSection>({
    resolver: zodResolver(ShopFormSchema),
    values: shop,
    resetOptions: { keepDirtyValues: true },
  })
  const { errors } = formState
  const { submit, pending } = useSaveSection('shop', 'Shop details', setError)

  return (
    <SettingsCard
      id="settings-shop"
      title="Shop details"
      description="The seller on every tax invoice (Mushak-6.3): the legal name, BIN and address must match the VAT registration."
      saveLabel="Save shop details"
      pending={pending}
      onSubmit={handleSubmit(submit)}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Shop name" error={errors.name?.message}>
          <input className="field" autoComplete="organization" {...register('name')} />
        </FormField>
        <FormField label="Legal name" error={errors.legalName?.message}>
          <input className="field" autoComplete="off" {...register('legalName')} />
        </FormField>
        <FormField label="BIN" error={errors.bin?.message} hint="13 digits, as on the VAT registration.">
          <input className="field" inputMode="numeric" autoComplete="off" {...register('bin')} />
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          <input className="field" type="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
        <FormField label="E-mail" error={errors.email?.message}>
          <input className="field" type="email" autoComplete="email" {...register('email')} />
        </FormField>
      </div>
      <FormField label="Registered address" error={errors.address?.message}>
        <textarea className="field resize-y" rows={2} {...register('address')} />
      </FormField>
    </SettingsCard>
  )
}
