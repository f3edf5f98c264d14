import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { type ProfileUpdateInput, ProfileUpdateSchema, type UserProfile } from '#schemas/user.ts'
import type { z } from '#schemas/zod.ts'
import { FormField } from '#web/components/form-field.tsx'
import { ImageFormField } from '#web/components/image-field.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { toast } from '#web/lib/toast.ts'
import { useUpdateProfile } from '../users-mutations'

const PROFILE_FIELDS = [
  'name',
  'education',
  'address',
  'phone',
  'social',
  'image',
  'company.name',
  'company.bin',
] as const

/** The form's values: the profile's, the company as its two fields (both empty: none). */
type ProfileFormValues = Omit<ProfileUpdateInput, 'company'> & { company: { name: string; bin: string } }
// NOTE: the values it answers are the schema's (company null when both fields are empty), which the API takes.
const profileFormSchema = ProfileUpdateSchema as unknown as z.ZodType<ProfileFormValues, ProfileFormValues>

/** The signed-in person's own details: name, education, phone, social link, address and photo. */
export function ProfileForm({ profile, displayName }: { profile: UserProfile; displayName: string }) {
  const [uploading, setUploading] = useState(false)
  const { register, control, handleSubmit, formState, setError } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    // The profile as saved; a field the person typed in keeps what they typed when it changes
    // (the name reaching Firebase mid-save, say), so a save that fails loses nothing.
    resetOptions: { keepDirtyValues: true },
    values: {
      name: displayName || profile.name,
      education: profile.education,
      address: profile.address,
      phone: profile.phone,
      social: profile.social,
      image: profile.image,
      company: { name: profile.company?.name ?? '', bin: profile.company?.bin ?? '' },
    },
  })
  const companyErrors = (formState.errors.company ?? {}) as {
    name?: { message?: string }
    bin?: { message?: string }
    message?: string
  }
  const save = useUpdateProfile(profile, displayName)
  const submit = (values: ProfileUpdateInput) =>
    save.mutate(values, {
      onSuccess: () => toast.success('Your information have been updated successfully'),
      onError: (error) => {
        showServerFieldErrors(error, setError, PROFILE_FIELDS)
        toast.error(
          error instanceof ApiRequestError
            ? error.message
            : 'We could not reach the shop. Check your connection and try again.',
        )
      },
    })

  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit)}
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 className="text-lg font-bold">Update your profile</h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <FormField label="Name" error={formState.errors.name?.message}>
          <input className="field" autoComplete="name" {...register('name')} />
        </FormField>
        <FormField label="Education" error={formState.errors.education?.message}>
          <input className="field" {...register('education')} />
        </FormField>
        <FormField label="Phone" error={formState.errors.phone?.message}>
          <input className="field" type="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
        <FormField
          label="Social link"
          error={formState.errors.social?.message}
          hint="For example your LinkedIn or Facebook page."
        >
          <input className="field" type="url" placeholder="https://" {...register('social')} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField label="Address" error={formState.errors.address?.message}>
            <textarea className="field" rows={2} autoComplete="street-address" {...register('address')} />
          </FormField>
        </div>
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="label sm:col-span-2">Company (for business purchases)</legend>
          <FormField
            label="Company name"
            error={companyErrors.name?.message ?? companyErrors.message}
            hint="Checkout starts from it; it prints on your tax invoices. Leave both empty if you buy for yourself."
          >
            <input className="field" autoComplete="organization" {...register('company.name')} />
          </FormField>
          <FormField label="BIN" error={companyErrors.bin?.message} hint="The 13-digit Business Identification Number.">
            <input className="field" inputMode="numeric" autoComplete="off" {...register('company.bin')} />
          </FormField>
        </fieldset>
        <div className="sm:col-span-2">
          <ImageFormField control={control} name="image" label="Photo" shape="round" onBusyChange={setUploading} />
        </div>
      </div>
      <button type="submit" className="btn-primary mt-6" disabled={save.isPending || uploading}>
        {save.isPending ? 'Saving…' : 'Save changes'}
      </button>
    </form>
  )
}
