import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { toast } from 'sonner'
import { userQueries } from '../../../../features/users/users-queries'
import { api, ApiRequestError, unwrap } from '../../../../lib/api'

export const Route = createFileRoute('/_auth/dashboard/_admin/users')({
  loader: ({ context }) => context.queryClient.ensureQueryData(userQueries.list()),
  head: () => ({ meta: [{ title: 'All Users · Toolhaus' }] }),
  component: UsersPage,
})

function UsersPage() {
  const { data: users } = useSuspenseQuery(userQueries.list())
  const { session } = Route.useRouteContext()
  const queryClient = useQueryClient()
  const refetch = () => queryClient.invalidateQueries({ queryKey: userQueries.all() })

  const makeAdmin = useMutation({
    mutationFn: (email: string) => unwrap(api.user.admin[':email'].$put({ param: { email } })),
    onSuccess: (result) => {
      if (result.modifiedCount > 0) toast.success('Successfully made an admin')
      void refetch()
    },
    onError: (error) => {
      toast.error(error instanceof ApiRequestError && error.status === 403 ? 'Failed to make an admin' : error.message)
    },
  })
  const remove = useMutation({
    mutationFn: (email: string) => unwrap(api.user[':email'].$delete({ param: { email } })),
    onSuccess: () => {
      toast.success('User removed')
      void refetch()
    },
    onError: (error) => toast.error(error.message),
  })

  return (
    <div>
      <h1 className="text-2xl font-bold">All Users ({users.length})</h1>
      <div className="mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">#</th>
              <th scope="col" className="px-4 py-3">Name</th>
              <th scope="col" className="px-4 py-3">Email</th>
              <th scope="col" className="px-4 py-3">Role</th>
              <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user, i) => (
              <tr key={user._id} data-testid="user-row">
                <td className="px-4 py-3 text-slate-500">{i + 1}</td>
                <td className="px-4 py-3 font-medium">{user.name || '—'}</td>
                <td className="px-4 py-3 break-all">{user.email}</td>
                <td className="px-4 py-3">{user.role === 'admin' ? 'Admin' : 'Customer'}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2">
                    {user.role !== 'admin' && (
                      <button type="button" className="btn-primary px-3 py-1.5" disabled={makeAdmin.isPending} onClick={() => makeAdmin.mutate(user.email)}>
                        Make Admin
                      </button>
                    )}
                    {user.email !== session.user.email && (
                      <button
                        type="button"
                        className="btn-ghost px-3 py-1.5 text-red-700"
                        disabled={remove.isPending}
                        onClick={() => window.confirm(`Remove ${user.email}? Their orders stay on record.`) && remove.mutate(user.email)}
                      >
                        Remove User
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
