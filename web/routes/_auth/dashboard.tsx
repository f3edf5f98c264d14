import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { adminQuery } from '#web/lib/admin-query.ts'
import { configQuery } from '#web/lib/config.ts'
import { opens, STAFF_ENTRIES } from '#web/lib/dashboard-entries.ts'
import { useQuery } from '#web/lib/query.ts'
import { useStaff } from '#web/lib/use-is-admin.ts'

export const Route = createFileRoute('/_auth/dashboard')({
  // Whether the user is staff, and its permissions, set the menu and every page's admin parts (useIsAdmin): known
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
  const { admin: isStaff, permissions } = useStaff()
  // The outbox page shows the e-mails themselves while mail goes to the local outbox, and each
  // e-mail's delivery (sent, pending, failed) once a mail provider sends them.
  const { data: config } = useQuery({ ...configQuery, enabled: isStaff })
  const outboxLabel = config?.localOutbox === false ? 'E-mail deliveries' : 'Outbox'

  return (
    <div className="container-page grid gap-6 py-8 md:grid-cols-[14rem_1fr]">
      <aside className="min-w-0">
        <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Dashboard</h2>
        <nav aria-label="Dashboard" className="mt-2 flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
          {/* Customers: the spec's entries and Quotes. Staff: the entries their permissions open. */}
          {!isStaff && (
            <>
              <Link to="/dashboard" className={linkClass} activeOptions={{ exact: true }}>
                My Profile
              </Link>
              <Link to="/dashboard/review" className={linkClass}>
                Add Review
              </Link>
              <Link to="/dashboard/order" className={linkClass} activeOptions={{ exact: true }}>
                My Order
              </Link>
              <Link to="/dashboard/quotes" className={linkClass}>
                Quotes
              </Link>
            </>
          )}
          {isStaff &&
            STAFF_ENTRIES.filter((entry) => opens(entry, permissions)).map((entry) => (
              <Link
                key={entry.to}
                to={entry.to}
                className={linkClass}
                activeOptions={{ exact: entry.to === '/dashboard' || entry.to === '/dashboard/order' }}
              >
                {entry.to === '/dashboard/outbox' ? outboxLabel : entry.label}
              </Link>
            ))}
        </nav>
      </aside>
      <section className="min-w-0">
        <Outlet />
      </section>
    </div>
  )
}
