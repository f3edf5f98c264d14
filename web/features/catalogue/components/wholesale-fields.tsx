import type { ArrayPath, FieldValues, Path } from 'react-hook-form'
import { PRICE_TIERS_MAX } from '#schemas/unit-price.ts'
import { FormField } from '#web/components/form-field.tsx'
import { type FormParts, RowsEditor } from '#web/components/rows-editor.tsx'

const COLUMNS = [
  { key: 'minQuantity', label: 'From quantity', input: { type: 'number', inputMode: 'numeric', min: '2', step: '1' } },
  {
    key: 'price',
    label: 'Unit price (BDT)',
    input: { type: 'number', inputMode: 'decimal', min: '0.01', step: '0.01' },
  },
] as const

/** A server key of the tool form's wholesale fields (`packSize`, `priceTiers.1.price`), as the form's path. */
export const wholesaleFieldOf = (key: string) =>
  key === 'packSize' || key === 'priceTiers' || /^priceTiers\.\d+\.(minQuantity|price)$/.test(key) ? key : undefined

/**
 * The tool form's pack size and **Volume pricing** (api.md "Wholesale"): up to
 * {@link PRICE_TIERS_MAX} rows of "from this quantity, this unit price", added and removed; the
 * rules' messages show by each field.
 */
export function WholesaleFields<T extends FieldValues>({ control, register, errors }: FormParts<T>) {
  const packSizeError = (errors as { packSize?: { message?: string } }).packSize?.message

  return (
    <div className="grid gap-4">
      <div className="sm:max-w-xs">
        <FormField
          label="Pack size"
          error={packSizeError}
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
      <RowsEditor
        control={control}
        register={register}
        errors={errors}
        name={'priceTiers' as ArrayPath<T>}
        legend="Volume pricing"
        intro={`A lower unit price from a larger quantity on, up to ${PRICE_TIERS_MAX}: each starts above the minimum order and the row before it, and costs less than the price and the row before it.`}
        columns={COLUMNS}
        gridClass="sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
        rowName="volume price"
        emptyRow={{ minQuantity: '', price: '' }}
        max={PRICE_TIERS_MAX}
        addLabel="Add a volume price"
        fullMessage={`A tool has at most ${PRICE_TIERS_MAX} volume prices.`}
        testId="tier-rows"
      />
    </div>
  )
}
