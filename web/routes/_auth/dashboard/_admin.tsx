import { createFileRoute, Outlet, type ParsedLocation, redirect } from '@tanstack/react-router'
import { adminQuery } from '#web/lib/admin-query.ts'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { browserPage } from '#web/lib/hydration.ts'
import type { AuthSnapshot } from '#web/lib/session.ts'
import type { RouterContext } from '#web/routes/__root.tsx'

type SignedInContext = RouterContext & { session: Extract<AuthSnapshot, { status: 'signedIn' }> }

/**
 * The admin guard. As the spec says, a signed-in user who is not an admin is also signed
 * out, then sent to /login with the page remembered. An outage (network, 5xx) is not a
 * verdict: it shows the error page with a retry instead of signing an admin out.
 */
export const Route = createFileRoute('/_auth/dashboard/_admin')({
  ...browserPage({
    guard: async ({ context, location }: { context: SignedInContext; location: ParsedLocation }) => {
      const isAdmin = await context.queryClient
        .fetchQuery(adminQuery(context.session.user.email))
        .catch((error: unknown) => {
          if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return false
          throw error
        })
      if (!isAdmin) {
        await context.auth.signOut()
        throw redirect({ to: '/login', search: { redirect: location.href } })
      }
    },
  }),
  component: Outlet,
})
