import { createFileRoute, Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { UserProfile } from '#schemas/user.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { Pager } from '#web/components/pager.tsx'
import { SearchBox } from '#web/components/search-box.tsx'
import { RemoveUserDialog } from '#web/features/users/components/remove-user-dialog.tsx'
import { UserList } from '#web/features/users/components/user-list.tsx'
import { userQueries } from '#web/features/users/users-queries.ts'
import { DESK_PAGE_SIZE } from '#web/lib/desk.ts'
import { formatCount } from '#web/lib/format.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { pageNumber, searchText } from '#web/lib/search-params.ts'

type UsersSearch = { q?: string; removed?: boolean; page?: number }

export const Route = createFileRoute('/_auth/dashboard/_admin/users')({
  validateSearch: (search: Record<string, unknown>): UsersSearch => ({
    q: searchText(search.q),
    removed: search.removed === true || search.removed === 1 || search.removed === '1' ? true : undefined,
    page: pageNumber(search.page),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(userQueries.desk(deps)),
  head: () => ({ meta: [{ title: 'All Users · Toolhaus' }] }),
  component: UsersPage,
})

function UsersPage() {
  const { q, removed, page = 1 } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(userQueries.desk({ q, removed, page }))
  const { session } = Route.useRouteContext()
  const [removing, setRemoving] = useState<UserProfile>()

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
        <UserList
          users={data.items}
          first={(page - 1) * DESK_PAGE_SIZE + 1}
          me={session.user.email}
          removed={Boolean(removed)}
          onRemove={setRemoving}
        />
      )}
      <Pager page={page} pageSize={DESK_PAGE_SIZE} total={data.total} noun="users" />
      <RemoveUserDialog user={removing} onClose={() => setRemoving(undefined)} />
    </div>
  )
}
