import type { InputHTMLAttributes } from 'react'
import {
  type ArrayPath,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form'
import { FormField } from './form-field'
import { StrokeIcon } from './stroke-icon'

/** One field of each row: its key in the row, its label, and the input's attributes. */
export type RowColumn = {
  key: string
  label: string
  /** The label is read by screen readers only (the placeholder says what goes in). */
  hideLabel?: boolean
  input?: InputHTMLAttributes<HTMLInputElement>
}

/** What a part of a react-hook-form form needs of the form: the fields of one form, in several components. */
export type FormParts<T extends FieldValues> = {
  control: Control<T>
  register: UseFormRegister<T>
  errors: FieldErrors<T>
}

export type RowsEditorProps<T extends FieldValues> = FormParts<T> & {
  /** The form's array of rows. */
  name: ArrayPath<T>
  legend: string
  intro: string
  columns: readonly RowColumn[]
  /** The row's grid on a wide screen, the columns and then the buttons (a literal class, for Tailwind). */
  gridClass: string
  /** How a row is named to screen readers, e.g. "specification" (→ "specification 2"). */
  rowName: string
  emptyRow: Record<string, string>
  max: number
  addLabel: string
  fullMessage: string
  /** Rows can be moved up and down (their order is what the shop shows). */
  movable?: boolean
  testId?: string
}

type RowErrors = Record<string, { message?: string } | undefined>

const iconButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40'

/**
 * A form's list of rows (a tool's specifications, its volume prices): added, removed and, where
 * the order matters, moved; each field's message below it, the list's own below the list. Each
 * row's fields stack below 640 px.
 */
export function RowsEditor<T extends FieldValues>(props: RowsEditorProps<T>) {
  const { control, register, errors, name, columns, rowName, max } = props
  const { fields, append, remove, move } = useFieldArray({ control, name })
  const listErrors = (errors as Record<string, (RowErrors[] & { message?: string }) | undefined>)[name]
  const full = fields.length >= max
  // Buttons line up with the inputs, below the labels that show.
  const buttonsClass = columns.some((c) => !c.hideLabel) ? 'flex gap-2 sm:pt-6' : 'flex gap-2'

  return (
    <fieldset className="min-w-0">
      <legend className="label">{props.legend}</legend>
      <p className="text-sm text-slate-600">{props.intro}</p>
      {fields.length > 0 && (
        <ol className="mt-3 grid gap-3" data-testid={props.testId}>
          {fields.map((row, i) => {
            const label = `${rowName} ${i + 1}`
            return (
              <li key={row.id} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
                <div className={`grid gap-2 sm:items-start ${props.gridClass}`}>
                  {columns.map((column) => (
                    <FormField
                      key={column.key}
                      hideLabel={column.hideLabel}
                      label={
                        <>
                          {column.label}
                          <span className="sr-only"> of {label}</span>
                        </>
                      }
                      error={listErrors?.[i]?.[column.key]?.message}
                    >
                      <input
                        className="field"
                        autoComplete="off"
                        {...column.input}
                        {...register(`${name}.${i}.${column.key}` as Path<T>)}
                      />
                    </FormField>
                  ))}
                  <div className={buttonsClass}>
                    {props.movable && (
                      <>
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
                      </>
                    )}
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
      {listErrors?.message && (
        <p className="field-error" role="alert">
          {listErrors.message}
        </p>
      )}
      <button
        type="button"
        className="btn-ghost mt-3"
        disabled={full}
        onClick={() => append(props.emptyRow as never, { shouldFocus: true })}
      >
        {props.addLabel}
      </button>
      {full && <p className="mt-1 text-sm text-slate-600">{props.fullMessage}</p>}
    </fieldset>
  )
}
