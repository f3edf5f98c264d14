import { zodResolver } from '@hookform/resolvers/zod'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { type ProfileUpdateInput, ProfileUpdateSchema, type UserProfile } from '#schemas/user.ts'
import { FormField } from '#web/components/form-field.tsx'
import { ImageFormField } from '#web/components/image-field.tsx'
import { PagePending } from '#web/components/page-pending.tsx'
import { Overview } from '#web/features/desk/components/overview.tsx'
import { useUpdateProfile } from '#web/features/users/users-mutations.ts'
import { userQueries } from '#web/features/users/users-queries.ts'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { useSession } from '#web/lib/session.ts'

export const Route = createFileRoute('/_auth/dashboard/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(userQueries.profile(context.session.user.email)),
  head: () => ({ meta: [{ title: 'My Profile · Toolhaus' }] }),
  // Its data still loading after a moment: the skeleton, under the sidebar.
  pendingComponent: PagePending,
  component: ProfilePage,
})

function ProfilePage() {
  const session = useSession()
  const { session: initial } = Route.useRouteContext()
  const account = session.status === 'signedIn' ? session.user : initial.user
  const { data: profile } = useSuspenseQuery(userQueries.profile(account.email))
  const { isAdmin } = session
  const photo = profile.image || account.photoURL

  return (
    <div className="space-y-8">
      {/* The admin's dashboard home is the shop's overview; their profile follows. */}
      {isAdmin && <Overview />}
      {isAdmin && <h2 className="text-xl font-bold">Your profile</h2>}
      <div className="flex flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center">
        {photo ? (
          <img
            src={photo}
            alt=""
            width="96"
            height="96"
            className="h-24 w-24 rounded-full object-cover ring-4 ring-brand-100"
          />
        ) : (
          <div
            className="flex h-24 w-24 items-center justify-center rounded-full bg-brand-100 text-3xl font-bold text-brand-700"
            aria-hidden="true"
          >
            {(account.displayName || account.email).slice(0, 1).toUpperCase()}
          </div>
        )}
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{account.displayName || profile.name || 'Your profile'}</h1>
          <p className="break-all text-slate-600">{account.email}</p>
          <p className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-slate-700">
            {profile.role === 'admin' ? 'Admin' : 'Customer'}
          </p>
        </div>
      </div>
      <dl className="grid gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
        <Detail label="Education" value={profile.education} />
        <Detail label="Address" value={profile.address} />
        <Detail label="Phone" value={profile.phone} />
        <Detail
          label="Social link"
          value={
            profile.social && (
              <a
                href={profile.social}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="break-all text-brand-700 underline"
              >
                {profile.social}
              </a>
            )
          }
        />
      </dl>
      <ProfileForm profile={profile} displayName={account.displayName} />
    </div>
  )
}

function Detail({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-slate-900">{value || <span className="text-slate-500">Not added yet</span>}</dd>
    </div>
  )
}

const PROFILE_FIELDS = ['name', 'education', 'address', 'phone', 'social', 'image'] as const

function ProfileForm({ profile, displayName }: { profile: UserProfile; displayName: string }) {
  const [uploading, setUploading] = useState(false)
  const { register, control, handleSubmit, formState, setError } = useForm<ProfileUpdateInput>({
    resolver: zodResolver(ProfileUpdateSchema),
    values: {
      name: displayName || profile.name,
      education: profile.education,
      address: profile.address,
      phone: profile.phone,
      social: profile.social,
      image: profile.image,
    },
  })
  const save = useUpdateProfile(profile, displayName)
  const submit = (values: ProfileUpdateInput) =>
    save.mutate(values, {
      onSuccess: () => toast.success('Your information have been updated successfully'),
      onError: (error) => {
        showServerFieldErrors(error, setError, PROFILE_FIELDS)
        toast.error(error.message)
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
