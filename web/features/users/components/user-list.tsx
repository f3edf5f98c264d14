import { useState } from 'react'
import type { UserProfile } from '#schemas/user.ts'
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx'
import { ApiRequestError } from '#web/lib/api.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { toast } from '#web/lib/toast.ts'
import { useStaff } from '#web/lib/use-is-admin.ts'
import { useMakeAdmin, useRestoreUser } from '../users-mutations'

type UserListProps = {
  users: UserProfile[]
  /** The number of the first row (21 on page 2). */
  first: number
  /** The signed-in admin, who cannot remove themselves. */
  me: string
  removed: boolean
  onRemove: (user: UserProfile) => void
}

/** The admin's users, numbered, with Make Admin and Remove User (or Restore, for removed ones). */
export function UserList({ users, first, me, removed, onRemove }: UserListProps) {
  const makeAdmin = useMakeAdmin()
  const restore = useRestoreUser()
  // Make Admin gives the role manager, which only the owner gives (contract/operations.md).
  const isOwner = useStaff().roles.includes('owner')
  // Make Admin hands over the whole shop: asked first, naming the person.
  const [promoting, setPromoting] = useState<UserProfile>()
  const promote = (email: string) =>
    makeAdmin.mutate(email, {
      onSuccess: (result) => {
        setPromoting(undefined)
        if (result.modifiedCount > 0) toast.success('Successfully made an admin')
      },
      onError: (error) =>
        toast.error(
          error instanceof ApiRequestError && error.status === 403 ? 'Failed to make an admin' : error.message,
        ),
    })
  // NOTE: mutateAsync, not mutate's callbacks: the restored user leaves this list when it reloads,
  // which may unmount it first, and a mutate callback of an unmounted list never runs (no toast).
  const bringBack = (email: string) =>
    restore.mutateAsync(email).then(
      () => toast.success(`${email} restored`, { description: 'They can sign in again and find their orders.' }),
      (error: Error) => toast.error(error.message),
    )

  return (
    <>
      <ul
        className="mt-4 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        aria-label={removed ? 'Removed users' : 'Users'}
      >
        {users.map((user, i) => (
          <li key={user._id} data-testid="user-row" className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
            <span className="w-8 shrink-0 text-sm text-slate-500">{first + i}</span>
            <div className="min-w-0 flex-1 basis-48">
              <p className="font-medium">{user.name || '—'}</p>
              <p className="break-all text-sm text-slate-600">{user.email}</p>
              {user.removedAt && <p className="text-xs text-slate-500">Removed {formatDateTime(user.removedAt)}</p>}
            </div>
            <span className="text-sm text-slate-700">
              {user.role === 'admin' ? `Admin · ${user.roles.join(', ')}` : 'Customer'}
            </span>
            <div className="flex flex-wrap justify-end gap-2">
              {user.removedAt ? (
                <button
                  type="button"
                  className="btn-primary px-3 py-1.5"
                  disabled={restore.isPending}
                  onClick={() => bringBack(user.email)}
                >
                  Restore<span className="sr-only"> {user.email}</span>
                </button>
              ) : (
                <>
                  {isOwner && user.role !== 'admin' && (
                    <button
                      type="button"
                      className="btn-ghost px-3 py-1.5"
                      disabled={makeAdmin.isPending}
                      onClick={() => setPromoting(user)}
                    >
                      Make Admin
                    </button>
                  )}
                  {user.email !== me && (
                    <button type="button" className="btn-ghost px-3 py-1.5 text-red-700" onClick={() => onRemove(user)}>
                      Remove User
                    </button>
                  )}
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={promoting !== undefined}
        onClose={() => setPromoting(undefined)}
        busy={makeAdmin.isPending}
        tone="primary"
        title={`Make ${promoting?.name || promoting?.email} an admin?`}
        description={
          <>
            {promoting?.name && <span className="break-all">{promoting.email} </span>}
            becomes a manager: they will see and change every order, tool, user and setting of the shop but the bank
            account.
          </>
        }
        keepLabel="Cancel"
        confirmLabel="Make Admin"
        busyLabel="Making admin…"
        onConfirm={() => promoting && promote(promoting.email)}
      />
    </>
  )
}
