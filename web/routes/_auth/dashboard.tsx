import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { adminQuery } from '#web/lib/admin-query.ts'
import { configQuery } from '#web/lib/config.ts'
import { useQuery } from '#web/lib/query.ts'
import { useIsAdmin } from '#web/lib/use-is-admin.ts'

export const Route = createFileRoute('/_auth/dashboard')({
  // Whether the user is an admin sets the menu and every page's admin parts (useIsAdmin): known
  // before the page first renders, beside its data, so an admin never sees a customer's dashboard
  // for a moment. An outage is no verdict: the page renders, and the question is asked again.
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(adminQuery(context.session.user.email)).catch(() => false),
  head: () => ({ meta: [{ title: 'Dashboard · Toolhaus' }] }),
  component: DashboardLayout,
})

// The router marks the page's own link `data-status="active"`; hover tints only the others (a hover
// background on the active link would outrank its own and leave white text on light grey).
const linkClass =
  'block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-700 not-data-[status=active]:hover:bg-slate-100 data-[status=active]:bg-ink data-[status=active]:text-white'

function DashboardLayout() {
  const isAdmin = useIsAdmin()
  // The outbox page shows the e-mails themselves while mail goes to the local outbox, and each
  // e-mail's delivery (sent, pending, failed) once a mail provider sends them.
  const { data: config } = useQuery({ ...configQuery, enabled: Boolean(isAdmin) })
  const outboxLabel = config?.localOutbox === false ? 'E-mail deliveries' : 'Outbox'

  // Everyone sees My Order (spec); an admin sees it after the shop's Orders.
  const myOrder = (
    <Link to="/dashboard/order" className={linkClass} activeOptions={{ exact: true }}>
      My Order
    </Link>
  )

  return (
    <div className="container-page grid gap-6 py-8 md:grid-cols-[14rem_1fr]">
      <aside className="min-w-0">
        <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Dashboard</h2>
        <nav aria-label="Dashboard" className="mt-2 flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
          {!isAdmin && (
            <>
              <Link to="/dashboard" className={linkClass} activeOptions={{ exact: true }}>
                My Profile
              </Link>
              <Link to="/dashboard/review" className={linkClass}>
                Add Review
              </Link>
            </>
          )}
          {!isAdmin && myOrder}
          {/* Quotes (features/quotes): the customer's requests and offers. */}
          {!isAdmin && (
            <Link to="/dashboard/quotes" className={linkClass}>
              Quotes
            </Link>
          )}
          {isAdmin && (
            <>
              <Link to="/dashboard" className={linkClass} activeOptions={{ exact: true }}>
                Overview
              </Link>
              <Link to="/dashboard/orders" className={linkClass}>
                Orders
              </Link>
              {myOrder}
              {/* Quotes (features/quotes): the quotes desk. */}
              <Link to="/dashboard/quote-desk" className={linkClass}>
                Quotes
              </Link>
              <Link to="/dashboard/users" className={linkClass}>
                All Users
              </Link>
              <Link to="/dashboard/manage" className={linkClass}>
                Manage
              </Link>
              <Link to="/dashboard/addTools" className={linkClass}>
                Add a Tool
              </Link>
              <Link to="/dashboard/categories" className={linkClass}>
                Categories
              </Link>
              <Link to="/dashboard/reviews" className={linkClass}>
                Reviews
              </Link>
              <Link to="/dashboard/messages" className={linkClass}>
                Messages
              </Link>
              <Link to="/dashboard/settings" className={linkClass}>
                Settings
              </Link>
              <Link to="/dashboard/vat" className={linkClass}>
                VAT
              </Link>
              <Link to="/dashboard/audit" className={linkClass}>
                Audit log
              </Link>
              <Link to="/dashboard/outbox" className={linkClass}>
                {outboxLabel}
              </Link>
            </>
          )}
        </nav>
      </aside>
      <section className="min-w-0">
        <Outlet />
      </section>
    </div>
  )
}
