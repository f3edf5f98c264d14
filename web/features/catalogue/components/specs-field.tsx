import {
  type ArrayPath,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form'
import { SPEC_NAME_MAX, SPEC_VALUE_MAX, SPECS_MAX } from '#schemas/tool.ts'
import { StrokeIcon } from '#web/components/stroke-icon.tsx'

type SpecRowErrors = { name?: { message?: string }; value?: { message?: string } }

type SpecsFieldProps<T extends FieldValues> = {
  control: Control<T>
  register: UseFormRegister<T>
  errors: FieldErrors<T>
}

const iconButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40'

/**
 * The tool form's Specifications: name/value rows, added, moved up and down and removed; the
 * order is the order the tool page shows. Fits a phone: each row's fields stack below 640 px.
 */
export function SpecsField<T extends FieldValues>({ control, register, errors }: SpecsFieldProps<T>) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'specs' as ArrayPath<T> })
  const rowErrors = (errors as { specs?: SpecRowErrors[] & { message?: string } }).specs
  const path = (i: number, key: 'name' | 'value') => `specs.${i}.${key}` as Path<T>
  const full = fields.length >= SPECS_MAX

  return (
    <fieldset className="min-w-0">
      <legend className="label">Specifications</legend>
      <p className="text-sm text-slate-600">
        Shown as a table on the tool’s page, in this order. Up to {SPECS_MAX}, such as “Power” and “750 W”.
      </p>
      {fields.length > 0 && (
        <ol className="mt-3 grid gap-3" data-testid="spec-rows">
          {fields.map((row, i) => {
            const nameError = rowErrors?.[i]?.name?.message
            const valueError = rowErrors?.[i]?.value?.message
            const label = `specification ${i + 1}`
            return (
              <li key={row.id} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
                <div className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] sm:items-start">
                  <div>
                    <label className="sr-only" htmlFor={`${row.id}-name`}>
                      Name of {label}
                    </label>
                    <input
                      id={`${row.id}-name`}
                      className="field"
                      placeholder="Name, e.g. Power"
                      maxLength={SPEC_NAME_MAX}
                      autoComplete="off"
                      aria-invalid={nameError ? true : undefined}
                      aria-describedby={nameError ? `${row.id}-name-error` : undefined}
                      {...register(path(i, 'name'))}
                    />
                    {nameError && (
                      <p id={`${row.id}-name-error`} className="field-error" role="alert">
                        {nameError}
                      </p>
                    )}
                  </div>
                  <div>
                    <label className="sr-only" htmlFor={`${row.id}-value`}>
                      Value of {label}
                    </label>
                    <input
                      id={`${row.id}-value`}
                      className="field"
                      placeholder="Value, e.g. 750 W"
                      maxLength={SPEC_VALUE_MAX}
                      autoComplete="off"
                      aria-invalid={valueError ? true : undefined}
                      aria-describedby={valueError ? `${row.id}-value-error` : undefined}
                      {...register(path(i, 'value'))}
                    />
                    {valueError && (
                      <p id={`${row.id}-value-error`} className="field-error" role="alert">
                        {valueError}
                      </p>
                    )}
                  </div>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Move ${label} up`}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      <StrokeIcon size={18}>
                        <path d="m6 15 6-6 6 6" />
                      </StrokeIcon>
                    </button>
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Move ${label} down`}
                      disabled={i === fields.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      <StrokeIcon size={18}>
                        <path d="m6 9 6 6 6-6" />
                      </StrokeIcon>
                    </button>
                    <button
                      type="button"
                      className={`${iconButton} text-red-700`}
                      aria-label={`Remove ${label}`}
                      onClick={() => remove(i)}
                    >
                      <StrokeIcon size={18}>
                        <path d="M5 7h14M10 11v6M14 11v6M6 7l1 12h10l1-12M9 7V4h6v3" />
                      </StrokeIcon>
                    </button>
                  </div>
                </div>
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
        onClick={() => append({ name: '', value: '' } as never, { shouldFocus: true })}
      >
        Add a specification
      </button>
      {full && <p className="mt-1 text-sm text-slate-600">A tool has at most {SPECS_MAX} specifications.</p>}
    </fieldset>
  )
}
