import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import type { OutboxMail } from '#schemas/mail.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { Pager } from '#web/components/pager.tsx'
import { DeliveryProblem, MailDialog, MailSummary } from '#web/features/outbox/components/outbox-mail.tsx'
import { outboxQueries } from '#web/features/outbox/outbox-queries.ts'
import { configQuery } from '#web/lib/config.ts'
import { DESK_PAGE_SIZE } from '#web/lib/desk.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { pageNumber } from '#web/lib/search-params.ts'

export const Route = createFileRoute('/_auth/dashboard/_admin/outbox')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => ({ page: pageNumber(search.page) }),
  loaderDeps: ({ search }) => search,
  // Without a mail provider the e-mails themselves are kept here; with one, their delivery status.
  loader: async ({ context, deps }) => {
    const config = await context.queryClient.ensureQueryData(configQuery)
    if (config.localOutbox) await context.queryClient.ensureQueryData(outboxQueries.list(deps.page))
    else await context.queryClient.ensureQueryData(outboxQueries.deliveries(deps.page))
  },
  head: () => ({ meta: [{ title: 'Outbox · Toolhaus' }] }),
  component: OutboxPage,
})

function OutboxPage() {
  const { data: config } = useSuspenseQuery(configQuery)
  return config.localOutbox ? <LocalOutbox /> : <Deliveries />
}

function LocalOutbox() {
  const { page = 1 } = Route.useSearch()
  const { data } = useSuspenseQuery(outboxQueries.list(page))
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
      <MailDialog mail={reading} onClose={() => setReading(undefined)} />
    </div>
  )
}

/** With a mail provider: whether each e-mail went out, and why not. The texts stay with the provider. */
function Deliveries() {
  const { page = 1 } = Route.useSearch()
  const { data } = useSuspenseQuery(outboxQueries.deliveries(page))
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
