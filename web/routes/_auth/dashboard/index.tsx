import { createFileRoute } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Overview } from '#web/features/desk/components/overview.tsx'
import { ProfileForm } from '#web/features/users/components/profile-form.tsx'
import { userQueries } from '#web/features/users/users-queries.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { useSession } from '#web/lib/session.ts'
import { useIsAdmin } from '#web/lib/use-is-admin.ts'

export const Route = createFileRoute('/_auth/dashboard/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(userQueries.profile(context.session.user.email)),
  head: () => ({ meta: [{ title: 'My Profile · Toolhaus' }] }),
  component: ProfilePage,
})

function ProfilePage() {
  const session = useSession()
  const { session: initial } = Route.useRouteContext()
  const account = session.status === 'signedIn' ? session.user : initial.user
  const { data: profile } = useSuspenseQuery(userQueries.profile(account.email))
  const isAdmin = useIsAdmin()
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
        <Detail label="Company" value={profile.company && `${profile.company.name} · BIN ${profile.company.bin}`} />
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

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-slate-900">{value || <span className="text-slate-500">Not added yet</span>}</dd>
    </div>
  )
}
