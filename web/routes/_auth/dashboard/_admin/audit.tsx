import { createFileRoute, Link } from '@tanstack/react-router'
import type { AuditEntry } from '#schemas/audit.ts'
import { formatDhakaDateTime } from '#schemas/dhaka-time.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { Pager } from '#web/components/pager.tsx'
import { auditQueries } from '#web/features/audit/audit-queries.ts'
import { DESK_PAGE_SIZE } from '#web/lib/desk.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { pageNumber } from '#web/lib/search-params.ts'

export const Route = createFileRoute('/_auth/dashboard/_admin/audit')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => ({ page: pageNumber(search.page) }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(auditQueries.list(deps.page)),
  head: () => ({ meta: [{ title: 'Audit log · Toolhaus' }] }),
  component: AuditPage,
})

const ACTIONS: Record<string, string> = {
  'order.status': 'Order moved',
  'order.cancel': 'Order cancelled',
  'order.refund': 'Order refunded',
  'order.payment': 'Payment recorded',
  'tool.create': 'Tool added',
  'tool.update': 'Tool edited',
  'tool.delete': 'Tool deleted',
  'category.create': 'Category added',
  'category.update': 'Category changed',
  'category.delete': 'Category deleted',
  'review.delete': 'Review deleted',
  'user.promote': 'Made admin',
  'user.remove': 'User removed',
  'user.restore': 'User restored',
  'user.update': 'Profile changed',
  'quote.offer': 'Quote offered',
  'quote.decline': 'Quote declined',
  'quote.message': 'Quote message',
  'settings.update': 'Settings changed',
}

/** What an entry is about: an order or a quote by its number, linked; anything else as stored. */
function AuditTarget({ entry }: { entry: AuditEntry }) {
  const link = 'font-mono text-brand-700 hover:underline'
  if (entry.label && entry.action.startsWith('order.'))
    return (
      <Link to="/dashboard/order/$id" params={{ id: entry.target }} className={link}>
        {entry.label}
      </Link>
    )
  if (entry.label && entry.action.startsWith('quote.'))
    return (
      <Link to="/dashboard/quote/$id" params={{ id: entry.target }} className={link}>
        {entry.label}
      </Link>
    )
  return <span className="font-mono">{entry.target}</span>
}

function AuditPage() {
  const { page = 1 } = Route.useSearch()
  const { data } = useSuspenseQuery(auditQueries.list(page))
  return (
    <div>
      <h1 className="text-2xl font-bold">Audit log</h1>
      <p className="mt-1 text-sm text-slate-600">
        Every admin action, newest first, in Dhaka time. Entries are never changed or deleted.
      </p>
      {data.items.length === 0 ? (
        <EmptyState title="No admin actions yet" />
      ) : (
        <ol
          className="mt-6 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          aria-label="Admin actions"
        >
          {data.items.map((entry) => (
            <li
              key={entry._id}
              className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[11rem_1fr]"
              data-testid="audit-entry"
            >
              <time dateTime={entry.at} className="text-slate-600">
                {formatDhakaDateTime(Date.parse(entry.at))}
              </time>
              <div className="min-w-0">
                <p>
                  <span className="font-semibold text-ink">{ACTIONS[entry.action] ?? entry.action}</span>
                  <span className="text-slate-600"> by {entry.actor}</span>
                </p>
                <p className="break-words text-slate-800">
                  <AuditTarget entry={entry} />
                  {entry.detail && <span className="text-slate-600"> · {entry.detail}</span>}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} pageSize={DESK_PAGE_SIZE} total={data.total} noun="entries" />
    </div>
  )
}
