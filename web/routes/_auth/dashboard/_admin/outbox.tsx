import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import type { MailDelivery, MailStatus, OutboxMail } from '#schemas/mail.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { Modal } from '#web/components/modal.tsx'
import { PagePending } from '#web/components/page-pending.tsx'
import { Pager } from '#web/components/pager.tsx'
import { DESK_PAGE_SIZE, deskQueries } from '#web/features/desk/desk-queries.ts'
import { configQuery } from '#web/lib/config.ts'
import { formatCount, formatDateTime } from '#web/lib/format.ts'
import { pageNumber } from '#web/lib/search-params.ts'

export const Route = createFileRoute('/_auth/dashboard/_admin/outbox')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => ({ page: pageNumber(search.page) }),
  loaderDeps: ({ search }) => search,
  // Without a mail provider the e-mails themselves are kept here; with one, their delivery status.
  loader: async ({ context, deps }) => {
    const config = await context.queryClient.ensureQueryData(configQuery)
    if (config.localOutbox) await context.queryClient.ensureQueryData(deskQueries.outbox(deps.page))
    else await context.queryClient.ensureQueryData(deskQueries.deliveries(deps.page))
  },
  head: () => ({ meta: [{ title: 'Outbox · Toolhaus' }] }),
  // Its data still loading after a moment: the skeleton, under the sidebar.
  pendingComponent: PagePending,
  component: OutboxPage,
})

const STATUS: Record<MailStatus, string> = {
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
}

function OutboxPage() {
  const { data: config } = useSuspenseQuery(configQuery)
  return config.localOutbox ? <LocalOutbox /> : <Deliveries />
}

function LocalOutbox() {
  const { page = 1 } = Route.useSearch()
  const { data } = useSuspenseQuery(deskQueries.outbox(page))
  const [reading, setReading] = useState<OutboxMail>()
  return (
    <div>
      <h1 className="text-2xl font-bold">Outbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        No mail provider is set up, so the e-mails the shop would send are kept here. Newest first.
      </p>
      {data.items.length === 0 ? (
        <EmptyState title="No e-mails yet" />
      ) : (
        <ul
          className="mt-6 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          aria-label="E-mails"
        >
          {data.items.map((mail) => (
            <li key={mail._id} data-testid="outbox-mail">
              <button
                type="button"
                className="grid w-full gap-1 px-4 py-3 text-left text-sm hover:bg-slate-50 sm:grid-cols-[1fr_auto]"
                onClick={() => setReading(mail)}
              >
                <MailSummary mail={mail} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={DESK_PAGE_SIZE} total={data.total} noun="e-mails" />
      <Modal
        open={Boolean(reading)}
        onClose={() => setReading(undefined)}
        title={reading?.subject ?? ''}
        description={reading && `To ${reading.to}`}
      >
        {reading && (
          <div className="space-y-4">
            {reading.html && (
              <iframe
                title="The e-mail as HTML"
                srcDoc={reading.html}
                sandbox=""
                className="h-80 w-full rounded-lg ring-1 ring-slate-200"
              />
            )}
            <details open={!reading.html}>
              <summary className="cursor-pointer text-sm font-medium">Plain text</summary>
              <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-sm">
                {reading.text}
              </pre>
            </details>
            {reading.lastError && (
              <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">Last error: {reading.lastError}</p>
            )}
          </div>
        )}
      </Modal>
    </div>
  )
}

/** With a mail provider: whether each e-mail went out, and why not. The texts stay with the provider. */
function Deliveries() {
  const { page = 1 } = Route.useSearch()
  const { data } = useSuspenseQuery(deskQueries.deliveries(page))
  return (
    <div>
      <h1 className="text-2xl font-bold">Outbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        E-mails go out through the mail provider. Here you see whether each one was delivered; one that fails is tried
        again later, and marked failed after the last try. Newest first.
      </p>
      {data.items.length === 0 ? (
        <EmptyState title="No e-mails yet" />
      ) : (
        <ul
          className="mt-6 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          aria-label="E-mails"
        >
          {data.items.map((mail) => (
            <li
              key={mail._id}
              data-testid="outbox-mail"
              className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[1fr_auto]"
            >
              <MailSummary mail={mail} />
              <DeliveryProblem mail={mail} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={DESK_PAGE_SIZE} total={data.total} noun="e-mails" />
    </div>
  )
}

function MailSummary({ mail }: { mail: MailDelivery | OutboxMail }) {
  return (
    <>
      <span className="min-w-0">
        <span className="block break-words font-semibold text-ink">{mail.subject}</span>
        <span className="block break-all text-slate-600">To {mail.to}</span>
      </span>
      <span className="flex items-center gap-2 sm:flex-col sm:items-end">
        <span className="text-slate-600">{formatDateTime(mail.createdAt)}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS[mail.status]}`}>
          {mail.status}
        </span>
      </span>
    </>
  )
}

function DeliveryProblem({ mail }: { mail: MailDelivery }) {
  if (mail.status === 'sent' || !mail.lastError) return null
  return (
    <p className="text-red-800 sm:col-span-2">
      {formatCount(mail.attempts)} {mail.attempts === 1 ? 'try' : 'tries'}: {mail.lastError}
      {mail.nextAttemptAt && <span className="text-slate-600"> · next try {formatDateTime(mail.nextAttemptAt)}</span>}
    </p>
  )
}
