import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { BankFormSchema, type BankSection, CodFormSchema, type CodSection, SETTINGS_LIMITS } from '#schemas/settings.ts'
import type { z } from '#schemas/zod.ts'
import { FormField } from '#web/components/form-field.tsx'
import { SettingsCard, useSaveSection } from './settings-card'

type BankValues = z.input<typeof BankFormSchema>
type CodValues = z.input<typeof CodFormSchema>

/** Bank details shown to customers who pay by bank transfer, and how long such an order holds its stock. */
export function BankForm({ bank }: { bank: BankSection }) {
  const values = useMemo(() => ({ ...bank, holdHours: String(bank.holdHours) }), [bank])
  const { register, handleSubmit, formState, setError } = useForm<BankValues, unknown, BankSection>({
    resolver: zodResolver(BankFormSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  })
  const { errors } = formState
  const { submit, pending } = useSaveSection('bank', 'Bank details', setError)
  const { min, max } = SETTINGS_LIMITS.holdHours

  return (
    <SettingsCard
      id="settings-bank"
      title="Bank details"
      description="Customers who pay by bank transfer see these, with their order number as the reference. Leave the bank, account name and number empty to offer no bank transfer."
      saveLabel="Save bank details"
      pending={pending}
      onSubmit={handleSubmit(submit)}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Bank" error={errors.bankName?.message}>
          <input className="field" autoComplete="off" {...register('bankName')} />
        </FormField>
        <FormField label="Branch" error={errors.branch?.message}>
          <input className="field" autoComplete="off" {...register('branch')} />
        </FormField>
        <FormField label="Account name" error={errors.accountName?.message}>
          <input className="field" autoComplete="off" {...register('accountName')} />
        </FormField>
        <FormField label="Account number" error={errors.accountNumber?.message}>
          <input className="field" inputMode="numeric" autoComplete="off" {...register('accountNumber')} />
        </FormField>
        <FormField label="Routing number" error={errors.routingNumber?.message} hint="9 digits; optional.">
          <input className="field" inputMode="numeric" autoComplete="off" {...register('routingNumber')} />
        </FormField>
        <FormField
          label="Hold stock for (hours)"
          error={errors.holdHours?.message}
          hint={`An unpaid bank-transfer order expires after this; ${min} to ${max}.`}
        >
          <input
            className="field"
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step="1"
            {...register('holdHours')}
          />
        </FormField>
      </div>
    </SettingsCard>
  )
}

/** Cash on delivery: on or off, and the largest order total that may pay at the door. */
export function CodForm({ cod }: { cod: CodSection }) {
  const values = useMemo(() => ({ ...cod, maxTotal: String(cod.maxTotal) }), [cod])
  const { register, handleSubmit, formState, setError } = useForm<CodValues, unknown, CodSection>({
    resolver: zodResolver(CodFormSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  })
  const { errors } = formState
  const { submit, pending } = useSaveSection('cod', 'Cash on delivery', setError)

  return (
    <SettingsCard
      id="settings-cod"
      title="Cash on delivery"
      description="The courier collects the total at the door; the order is paid when it is delivered."
      saveLabel="Save cash on delivery"
      pending={pending}
      onSubmit={handleSubmit(submit)}
    >
      <label className="flex items-start gap-3 text-sm font-medium text-slate-800">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-brand-600" {...register('enabled')} />
        Offer cash on delivery
      </label>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          label="Largest order total (BDT)"
          error={errors.maxTotal?.message}
          hint="Larger orders pay another way."
        >
          <input className="field" type="number" inputMode="decimal" min="0" step="0.01" {...register('maxTotal')} />
        </FormField>
      </div>
    </SettingsCard>
  )
}
