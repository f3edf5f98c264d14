import type { FormEventHandler, ReactNode } from 'react'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import type { SettingsPatch } from '#schemas/settings.ts'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { toast } from '#web/lib/toast.ts'
import { useSaveSettings } from '../settings-mutations'

/** One section of the Settings page: a form of its own with its title and its Save button (a section is saved whole). */
export function SettingsCard({
  id,
  title,
  description,
  saveLabel,
  pending,
  onSubmit,
  children,
}: {
  id: string
  title: string
  description: string
  saveLabel: string
  pending: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
  children: ReactNode
}) {
  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={onSubmit}
      className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-4 grid gap-4">{children}</div>
      <button type="submit" className="btn-primary mt-5 w-full sm:w-auto" disabled={pending} aria-busy={pending}>
        {pending ? 'Saving…' : saveLabel}
      </button>
    </form>
  )
}

/**
 * Saves one section (`PATCH /api/settings` with that section alone): a toast either way, and the
 * server's messages at their fields (`shop.bin` → `bin`, `delivery.zones.0.fee` → `zones.0.fee`).
 */
export function useSaveSection<S extends keyof SettingsPatch, T extends FieldValues>(
  section: S,
  title: string,
  setError: UseFormSetError<T>,
) {
  const save = useSaveSettings()
  const submit = (value: NonNullable<SettingsPatch[S]>) =>
    save.mutate({ [section]: value } as SettingsPatch, {
      onSuccess: ({ modifiedCount }) =>
        toast.success(modifiedCount ? `${title} saved` : `${title}: nothing to save, it was already so`),
      onError: (error) => {
        const prefix = `${section}.`
        showServerFieldErrors(error, setError, (key) =>
          key.startsWith(prefix) ? (key.slice(prefix.length) as Path<T>) : undefined,
        )
        toast.error(error.message)
      },
    })
  return { submit, pending: save.isPending }
}
