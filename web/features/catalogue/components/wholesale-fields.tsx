import {
  type ArrayPath,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form'
import { PRICE_TIERS_MAX } from '#schemas/unit-price.ts'
import { FormField } from '#web/components/form-field.tsx'
import { StrokeIcon } from '#web/components/stroke-icon.tsx'

type TierRowErrors = { minQuantity?: { message?: string }; price?: { message?: string } }

type WholesaleFieldsProps<T extends FieldValues> = {
  control: Control<T>
  register: UseFormRegister<T>
  errors: FieldErrors<T>
}

/** A server key of the tool form's wholesale fields (`packSize`, `priceTiers.1.price`), as the form's path. */
export const wholesaleFieldOf = (key: string) =>
  key === 'packSize' || key === 'priceTiers' || /^priceTiers\.\d+\.(minQuantity|price)$/.test(key) ? key : undefined

/**
 * The tool form's pack size and **Volume pricing** (api.md "Wholesale"): up to
 * {@link PRICE_TIERS_MAX} rows of "from this quantity, this unit price", added and removed; the
 * rules' messages show by each field. Each row's fields stack below 640 px.
 */
export function WholesaleFields<T extends FieldValues>({ control, register, errors }: WholesaleFieldsProps<T>) {
  const { fields, append, remove } = useFieldArray({ control, name: 'priceTiers' as ArrayPath<T> })
  const all = errors as { priceTiers?: TierRowErrors[] & { message?: string }; packSize?: { message?: string } }
  const rowErrors = all.priceTiers
  const path = (i: number, key: 'minQuantity' | 'price') => `priceTiers.${i}.${key}` as Path<T>
  const full = fields.length >= PRICE_TIERS_MAX

  return (
    <div className="grid gap-4">
      <div className="sm:max-w-xs">
        <FormField
          label="Pack size"
          error={all.packSize?.message}
          hint="Orders come in multiples of this many units; so does the minimum order. 1: any quantity."
        >
          <input
            className="field"
            type="number"
            inputMode="numeric"
            min="1"
            step="1"
            {...register('packSize' as Path<T>)}
          />
        </FormField>
      </div>
      <fieldset className="min-w-0">
        <legend className="label">Volume pricing</legend>
        <p className="text-sm text-slate-600">
          A lower unit price from a larger quantity on, up to {PRICE_TIERS_MAX}: each starts above the minimum order and
          the row before it, and costs less than the price and the row before it.
        </p>
        {fields.length > 0 && (
          <ol className="mt-3 grid gap-3" data-testid="tier-rows">
            {fields.map((row, i) => {
              const quantityError = rowErrors?.[i]?.minQuantity?.message
              const priceError = rowErrors?.[i]?.price?.message
              const label = `volume price ${i + 1}`
              return (
                <li key={row.id} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
                  <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
                    <div>
                      <label className="label" htmlFor={`${row.id}-from`}>
                        From quantity<span className="sr-only"> of {label}</span>
                      </label>
                      <input
                        id={`${row.id}-from`}
                        className="field"
                        type="number"
                        inputMode="numeric"
                        min="2"
                        step="1"
                        aria-invalid={quantityError ? true : undefined}
                        aria-describedby={quantityError ? `${row.id}-from-error` : undefined}
                        {...register(path(i, 'minQuantity'))}
                      />
                    </div>
                    <div>
                      <label className="label" htmlFor={`${row.id}-price`}>
                        Unit price (BDT)<span className="sr-only"> of {label}</span>
                      </label>
                      <input
                        id={`${row.id}-price`}
                        className="field"
                        type="number"
                        inputMode="decimal"
                        min="0.01"
                        step="0.01"
                        aria-invalid={priceError ? true : undefined}
                        aria-describedby={priceError ? `${row.id}-price-error` : undefined}
                        {...register(path(i, 'price'))}
                      />
                    </div>
                    <button
                      type="button"
                      className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-red-700 hover:bg-slate-100"
                      aria-label={`Remove ${label}`}
                      onClick={() => remove(i)}
                    >
                      <StrokeIcon size={18}>
                        <path d="M5 7h14M10 11v6M14 11v6M6 7l1 12h10l1-12M9 7V4h6v3" />
                      </StrokeIcon>
                    </button>
                  </div>
                  {quantityError && (
                    <p id={`${row.id}-from-error`} className="field-error" role="alert">
                      {quantityError}
                    </p>
                  )}
                  {priceError && (
                    <p id={`${row.id}-price-error`} className="field-error" role="alert">
                      {priceError}
                    </p>
                  )}
                </li>
              )
            })}
          </ol>
        )}
        {rowErrors?.message && (
          <p className="field-error" role="alert">
            {rowErrors.message}
          </p>
        )}
        <button
          type="button"
          className="btn-ghost mt-3"
          disabled={full}
          onClick={() => append({ minQuantity: '', price: '' } as never, { shouldFocus: true })}
        >
          Add a volume price
        </button>
        {full && <p className="mt-1 text-sm text-slate-600">A tool has at most {PRICE_TIERS_MAX} volume prices.</p>}
      </fieldset>
    </div>
  )
}
