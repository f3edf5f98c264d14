import { useEffect } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { formatBDT } from '#schemas/bdt.ts'
import type { PaymentMethod } from '#schemas/order.ts'
import type { CodSection } from '#schemas/settings.ts'
import { FormField } from '#web/components/form-field.tsx'
import type { CheckoutFormValues } from '../checkout-body'
import { Choice, FormSection } from './delivery-fields'

const METHODS: Record<PaymentMethod, { label: string; detail: string }> = {
  card: { label: 'Card', detail: 'Pay by card on the next page.' },
  cod: { label: 'Cash on delivery', detail: 'Pay the courier when the tools arrive.' },
  bank: { label: 'Bank transfer', detail: 'We hold the tools while your transfer arrives.' },
  gateway: { label: 'bKash, Nagad or card (SSLCommerz)', detail: 'Pay on the gateway’s page.' },
}

/** Methods paid on the payment page; the others' orders open on their own page. */
const PAID_ON_PAYMENT_PAGE: readonly string[] = ['card', 'gateway']

/** Whether an order paid with `method` is paid on the next page (the payment page). */
export const paidOnNextPage = (method: string) => PAID_ON_PAYMENT_PAGE.includes(method)

/** Where a placed order goes: its payment page when paid there, else its own page. */
export const pageAfterPlacing = (method: string, id: string) =>
  paidOnNextPage(method)
    ? ({ to: '/dashboard/payment/$id', params: { id } } as const)
    : ({ to: '/dashboard/order/$id', params: { id } } as const)

/**
 * Payment: the methods this order may use (`offered` undefined until known; a row of the same
 * height stands in, so nothing moves when they arrive), and the choice kept among them. `cod`:
 * the shop's cash-on-delivery settings; an order over its limit is told so, rather than the
 * method just missing.
 */
export function PaymentFields({ offered, cod }: { offered: readonly string[] | undefined; cod: CodSection }) {
  const { register, formState, control, setValue } = useFormContext<CheckoutFormValues>()
  const chosen = useWatch({ control, name: 'paymentMethod' })
  useEffect(() => {
    if (offered?.length && !offered.includes(chosen)) setValue('paymentMethod', offered[0] as PaymentMethod)
  }, [offered, chosen, setValue])
  const methods = (offered ?? []).filter((m): m is PaymentMethod => m in METHODS)
  return (
    <FormSection title="Payment">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">How you pay</legend>
        {offered === undefined ? (
          <div className="h-[4.5rem] animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />
        ) : (
          methods.map((method) => (
            <Choice
              key={method}
              label={METHODS[method].label}
              detail={METHODS[method].detail}
              value={method}
              field={register('paymentMethod')}
            />
          ))
        )}
      </fieldset>
      {offered !== undefined && cod.enabled && !offered.includes('cod') && (
        <p className="mt-2 text-sm text-slate-600" data-testid="cod-limit">
          Cash on delivery is for orders up to {formatBDT(cod.maxTotal)}.
        </p>
      )}
      {formState.errors.paymentMethod && (
        <p className="field-error" role="alert">
          {formState.errors.paymentMethod.message}
        </p>
      )}
    </FormSection>
  )
}

/** Optional: the company and its BIN (printed on the tax invoice), the buyer's PO number, a note. */
export function BusinessFields() {
  const { register, formState } = useFormContext<CheckoutFormValues>()
  const errors = formState.errors
  return (
    <FormSection title="For your records (optional)">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Company name" error={errors.company?.name?.message}>
          <input className="field" autoComplete="organization" {...register('company.name')} />
        </FormField>
        <FormField label="BIN" error={errors.company?.bin?.message} hint="13 digits; printed on your tax invoice.">
          <input className="field" inputMode="numeric" {...register('company.bin')} />
        </FormField>
        <FormField
          label="PO number"
          error={errors.poNumber?.message}
          hint="Your purchase-order number, if you use one."
        >
          <input className="field" {...register('poNumber')} />
        </FormField>
      </div>
      <FormField label="Note for the shop" error={errors.note?.message}>
        <textarea className="field" rows={2} {...register('note')} />
      </FormField>
    </FormSection>
  )
}
