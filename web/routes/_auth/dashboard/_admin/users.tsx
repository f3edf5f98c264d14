import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { toast } from 'sonner'
import type { UserProfile } from '#schemas/user.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { Modal } from '#web/components/modal.tsx'
import { PagePending } from '#web/components/page-pending.tsx'
import { Pager } from '#web/components/pager.tsx'
import { SearchBox } from '#web/components/search-box.tsx'
import { DESK_PAGE_SIZE, deskQueries } from '#web/features/desk/desk-queries.ts'
import { useMakeAdmin, useRemoveUser, useRestoreUser } from '#web/features/users/users-mutations.ts'
import { ApiRequestError } from '#web/lib/api.ts'
import { formatCount, formatDateTime } from '#web/lib/format.ts'
import { pageNumber, searchText } from '#web/lib/search-params.ts'

type UsersSearch = { q?: string; removed?: boolean; page?: number }

export const Route = createFileRoute('/_auth/dashboard/_admin/users')({
  validateSearch: (search: Record<string, unknown>): UsersSearch => ({
    q: searchText(search.q),
    removed: search.removed === true || search.removed === 1 || search.removed === '1' ? true : undefined,
    page: pageNumber(search.page),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(deskQueries.users(deps)),
  head: () => ({ meta: [{ title: 'All Users · Toolhaus' }] }),
  // Its data still loading after a moment: the skeleton, under the sidebar.
  pendingComponent: PagePending,
  component: UsersPage,
})

function UsersPage() {
  const { q, removed, page = 1 } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(deskQueries.users({ q, removed, page }))
  const { session } = Route.useRouteContext()
  const [removing, setRemoving] = useState<UserProfile>()
  const makeAdmin = useMakeAdmin()
  const remove = useRemoveUser()
  const restore = useRestoreUser()
  const promote = (email: string) =>
    makeAdmin.mutate(email, {
      onSuccess: (result) => {
        if (result.modifiedCount > 0) toast.success('Successfully made an admin')
      },
      onError: (error) =>
        toast.error(
          error instanceof ApiRequestError && error.status === 403 ? 'Failed to make an admin' : error.message,
        ),
    })
  const removeUser = (email: string) =>
    remove.mutate(email, {
      onSuccess: () => {
        toast.success('User removed', { description: 'They are signed out and cannot sign in until you restore them.' })
        setRemoving(undefined)
      },
      onError: (error) => toast.error(error.message),
    })

  const tab = (isRemoved: boolean, label: string) => (
    <Link
      to="."
      search={{ ...(isRemoved ? { removed: true } : {}), ...(q ? { q } : {}) }}
      aria-current={Boolean(removed) === isRemoved ? 'page' : undefined}
      className={`rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${
        Boolean(removed) === isRemoved
          ? 'bg-ink text-white ring-ink'
          : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50'
      }`}
    >
      {label}
    </Link>
  )

  return (
    <div>
      <h1 className="text-2xl font-bold">
        {removed ? 'Removed users' : 'All Users'} ({formatCount(data.total)})
      </h1>
      <nav aria-label="Users" className="mt-4 flex flex-wrap gap-2">
        {tab(false, 'Active')}
        {tab(true, 'Removed')}
      </nav>
      <SearchBox
        value={q ?? ''}
        label="Search users"
        placeholder="E-mail or name"
        onSearch={(text) =>
          void navigate({ search: (prev) => ({ ...prev, q: text || undefined, page: undefined }), replace: true })
        }
      />
      {data.items.length === 0 ? (
        <EmptyState
          title={q ? `No users match “${q}”` : removed ? 'Nobody has been removed' : 'No users yet'}
          searched={Boolean(q)}
        >
          {removed
            ? 'People you remove are listed here, with a way to restore them.'
            : 'People who sign up in the shop are listed here.'}
        </EmptyState>
      ) : (
        <ul
          className="mt-4 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          aria-label={removed ? 'Removed users' : 'Users'}
        >
          {data.items.map((user, i) => (
            <li key={user._id} data-testid="user-row" className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <span className="w-8 shrink-0 text-sm text-slate-500">{(page - 1) * DESK_PAGE_SIZE + i + 1}</span>
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-medium">{user.name || '—'}</p>
                <p className="break-all text-sm text-slate-600">{user.email}</p>
                {user.removedAt && <p className="text-xs text-slate-500">Removed {formatDateTime(user.removedAt)}</p>}
              </div>
              <span className="text-sm text-slate-700">{user.role === 'admin' ? 'Admin' : 'Customer'}</span>
              <div className="flex flex-wrap justify-end gap-2">
                {user.removedAt ? (
                  <button
                    type="button"
                    className="btn-primary px-3 py-1.5"
                    disabled={restore.isPending}
                    onClick={() =>
                      restore.mutate(user.email, {
                        onSuccess: () =>
                          toast.success(`${user.email} restored`, {
                            description: 'They can sign in again and find their orders.',
                          }),
                        onError: (error) => toast.error(error.message),
                      })
                    }
                  >
                    Restore<span className="sr-only"> {user.email}</span>
                  </button>
                ) : (
                  <>
                    {user.role !== 'admin' && (
                      <button
                        type="button"
                        className="btn-primary px-3 py-1.5"
                        disabled={makeAdmin.isPending}
                        onClick={() => promote(user.email)}
                      >
                        Make Admin
                      </button>
                    )}
                    {user.email !== session.user.email && (
                      <button
                        type="button"
                        className="btn-ghost px-3 py-1.5 text-red-700"
                        onClick={() => setRemoving(user)}
                      >
                        Remove User
                      </button>
                    )}
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={DESK_PAGE_SIZE} total={data.total} noun="users" />

      <Modal
        open={Boolean(removing)}
        onClose={() => setRemoving(undefined)}
        busy={remove.isPending}
        size="sm"
        title={`Remove ${removing?.email ?? ''}?`}
        description="They are signed out at once and cannot sign in again until you restore them. Their orders stay on record."
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            className="btn-ghost"
            data-autofocus
            onClick={() => setRemoving(undefined)}
            disabled={remove.isPending}
          >
            Keep user
          </button>
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            disabled={remove.isPending}
            onClick={() => removing && removeUser(removing.email)}
          >
            {remove.isPending ? 'Removing…' : 'Remove User'}
          </button>
        </div>
      </Modal>
    </div>
  )
}
