import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { hydrated } from '#web/lib/hydration.ts'
import { adminQuery } from '#web/lib/session.ts'

/**
 * The admin guard. As the spec says, a signed-in user who is not an admin is also signed
 * out, then sent to /login with the page remembered. An outage (network, 5xx) is not a
 * verdict: it shows the error page with a retry instead of signing an admin out.
 */
export const Route = createFileRoute('/_auth/dashboard/_admin')({
  beforeLoad: async ({ context, location }) => {
    const isAdmin = await context.queryClient
      .fetchQuery(adminQuery(context.session.user.email))
      .catch((error: unknown) => {
        if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return false
        throw error
      })
    if (!isAdmin) {
      await context.auth.signOut()
      await hydrated
      throw redirect({ to: '/login', search: { redirect: location.href } })
    }
  },
  component: Outlet,
})
