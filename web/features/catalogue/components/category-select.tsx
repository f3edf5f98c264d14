import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form'
import { type Category, categoryPath } from '#schemas/category-tree.ts'
import { FormField } from '#web/components/form-field.tsx'
import { categoryQueries } from '#web/features/categories/categories-queries.ts'
import { useQuery } from '#web/lib/query.ts'

/** A category's label in a select: its path ("Drilling › Hammer drills"). */
export const categoryLabel = (categories: Category[], category: Category) =>
  categoryPath(categories, category._id)
    .map((c) => c.name)
    .join(' › ')

/**
 * The tool form's Category: none, or any category (children under their parent). Controlled, so
 * the tool's category stays chosen while the list is still loading.
 */
export function CategorySelectField<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  const { data: categories = [] } = useQuery(categoryQueries.list())
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label="Category" error={fieldState.error?.message}>
          <select
            className="field"
            name={field.name}
            ref={field.ref}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
          >
            <option value="">No category</option>
            {categories.map((category) => (
              <option key={category._id} value={category._id}>
                {categoryLabel(categories, category)}
              </option>
            ))}
            {/* The tool's own category before the list has loaded. */}
            {typeof field.value === 'string' && field.value && !categories.some((c) => c._id === field.value) && (
              <option value={field.value}>…</option>
            )}
          </select>
        </FormField>
      )}
    />
  )
}
