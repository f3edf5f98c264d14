import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiRequestError } from './api'

/**
 * Puts the server's field messages (the error shape's `fields`) on the form fields they
 * belong to, focusing the first. `fields` lists the form's fields, or maps a server key
 * to one (undefined: not shown at a field).
 * @returns how many messages were placed at a field.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[] | ((key: string) => Path<T> | undefined),
): number {
  if (!(error instanceof ApiRequestError)) return 0
  const fieldOf = typeof fields === 'function' ? fields : (key: string) => fields.find((f) => f === key)
  let placed = 0
  for (const [key, message] of Object.entries(error.fields)) {
    const field = fieldOf(key)
    if (!field) continue
    setError(field, { type: 'server', message }, { shouldFocus: placed === 0 })
    placed++
  }
  return placed
}
