import { cloneElement, type ReactElement, type ReactNode, useId } from 'react'

/**
 * A labelled form control with its error below, wired for screen readers. The one way forms
 * show fields: wrap an <input>, <select> or <textarea> (spread react-hook-form's register on it).
 */
export function FormField({
  label,
  error,
  hint,
  hideLabel,
  children,
}: {
  label: ReactNode
  /** The label is read by screen readers only (the placeholder says what goes in). */
  hideLabel?: boolean
  error?: string
  hint?: string
  children: ReactElement<Record<string, unknown>>
}) {
  const id = useId()
  const describedBy =
    [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'label'}>
        {label}
      </label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
