import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { userQueries } from '../../../features/users/users-queries'

/**
 * The admin guard. As the spec says, a signed-in user who is not an admin is also signed
 * out, then sent to /login with the page remembered.
 */
export const Route = createFileRoute('/_auth/dashboard/_admin')({
  beforeLoad: async ({ context, location }) => {
    const isAdmin = await context.queryClient.fetchQuery(userQueries.isAdmin(context.session.user.email)).catch(() => false)
    if (!isAdmin) {
      await context.auth.signOut()
      throw redirect({ to: '/login', search: { redirect: location.href } })
    }
  },
  component: Outlet,
})
