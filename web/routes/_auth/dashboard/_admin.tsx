import { createFileRoute, Outlet, type ParsedLocation, redirect } from '@tanstack/react-router'
import { adminQuery } from '#web/lib/admin-query.ts'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { permissionFor } from '#web/lib/dashboard-entries.ts'
import { browserPage } from '#web/lib/hydration.ts'
import type { AuthSnapshot } from '#web/lib/session.ts'
import type { RouterContext } from '#web/routes/__root.tsx'

type SignedInContext = RouterContext & { session: Extract<AuthSnapshot, { status: 'signedIn' }> }

/**
 * The staff guard. As the spec says, a signed-in user who is not staff (an admin) is also signed
 * out, then sent to /login with the page remembered. An outage (network, 5xx) is not a
 * verdict: it shows the error page with a retry instead of signing an admin out.
 */
export const Route = createFileRoute('/_auth/dashboard/_admin')({
  ...browserPage({
    guard: async ({ context, location }: { context: SignedInContext; location: ParsedLocation }) => {
      const staff = await context.queryClient
        .fetchQuery(adminQuery(context.session.user.email))
        .catch((error: unknown) => {
          if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return undefined
          throw error
        })
      if (!staff?.admin) {
        await context.auth.signOut()
        throw redirect({ to: '/login', search: { redirect: location.href } })
      }
      // A page the staff member's permissions do not open: the component says so instead of it.
      const needs = permissionFor(location.pathname)
      return { noAccess: needs && !staff.permissions.includes(needs) ? needs : undefined }
    },
  }),
  component: StaffPage,
})

/**
 * Says which permission the page needs instead of showing it, and keeps the staff member signed in
 * with the dashboard's menu (contract/operations.md "Dashboard entries").
 */
function StaffPage() {
  const { noAccess } = Route.useRouteContext()
  if (!noAccess) return <Outlet />
  return (
    <section aria-labelledby="no-access-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h1 id="no-access-title" className="text-xl font-bold">
        No access
      </h1>
      <p className="mt-2 text-slate-700">You don't have access to this page. It needs the {noAccess} permission.</p>
    </section>
  )
}
