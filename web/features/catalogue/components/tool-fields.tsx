import type { FieldValues, Path } from 'react-hook-form'
import { formatBDT } from '#schemas/bdt.ts'
import type { Tool } from '#schemas/tool.ts'
import { FormField } from '#web/components/form-field.tsx'
import type { FormParts } from '#web/components/rows-editor.tsx'
import { formatCount } from '#web/lib/format.ts'
import { CategorySelectField } from './category-select'
import { GalleryFormField } from './gallery-field'
import { SpecsField } from './specs-field'
import { WholesaleFields } from './wholesale-fields'

type ToolFieldsProps<T extends FieldValues> = FormParts<T> & {
  /** Told when photo uploads start and end, so the form can hold its submit meanwhile. */
  onBusyChange: (busy: boolean) => void
  /** The tool being edited, whose price and stock now the hints say; none when adding one. */
  now?: Tool
}

type Errors = Partial<Record<'name' | 'description' | 'price' | 'quantity' | 'Minimum_quantity', { message?: string }>>

/**
 * Every field of a tool, as Add a Tool and the Edit dialog show them: name, description, price,
 * stock and minimum order, photos, category, pack size and volume prices, specifications.
 */
export function ToolFields<T extends FieldValues>({
  control,
  register,
  errors,
  onBusyChange,
  now,
}: ToolFieldsProps<T>) {
  const field = (name: string) => register(name as Path<T>)
  const error = errors as Errors
  return (
    <>
      <FormField label="Name" error={error.name?.message}>
        <input className="field" autoComplete="off" {...field('name')} />
      </FormField>
      <FormField label="Description" error={error.description?.message}>
        <textarea className="field resize-y" rows={4} {...field('description')} />
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <FormField
          label="Price (BDT per unit)"
          error={error.price?.message}
          hint={now && `Now ${formatBDT(now.price)}.`}
        >
          <input
            className="field"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            data-autofocus={now ? true : undefined}
            {...field('price')}
          />
        </FormField>
        <FormField
          label={now ? 'Quantity in stock' : 'Quantity'}
          error={error.quantity?.message}
          hint={now ? `Now ${formatCount(now.quantity)}. 0: out of stock.` : 'Units in stock.'}
        >
          <input
            className="field"
            type="number"
            inputMode="numeric"
            min={now ? '0' : '1'}
            step="1"
            {...field('quantity')}
          />
        </FormField>
        <FormField
          label="Minimum order quantity"
          error={error.Minimum_quantity?.message}
          hint={now ? undefined : 'No more than the quantity.'}
        >
          <input className="field" type="number" inputMode="numeric" min="1" step="1" {...field('Minimum_quantity')} />
        </FormField>
      </div>
      <GalleryFormField control={control} name={'images' as Path<T>} onBusyChange={onBusyChange} />
      <CategorySelectField control={control} name={'categoryId' as Path<T>} />
      <WholesaleFields control={control} register={register} errors={errors} />
      <SpecsField control={control} register={register} errors={errors} />
    </>
  )
}
