import { createFileRoute } from '@tanstack/react-router'
import type { ContactMessage } from '#schemas/contact.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { Pager } from '#web/components/pager.tsx'
import { SearchBox } from '#web/components/search-box.tsx'
import { contactQueries } from '#web/features/contact/contact-queries.ts'
import { DESK_PAGE_SIZE } from '#web/lib/desk.ts'
import { formatCount, formatDateTime } from '#web/lib/format.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { pageNumber, searchText } from '#web/lib/search-params.ts'

export const Route = createFileRoute('/_auth/dashboard/_admin/messages')({
  validateSearch: (search: Record<string, unknown>): { q?: string; page?: number } => ({
    q: searchText(search.q),
    page: pageNumber(search.page),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(contactQueries.desk(deps)),
  head: () => ({ meta: [{ title: 'Messages · Toolhaus' }] }),
  component: MessagesPage,
})

const STATUS: Record<ContactMessage['emailStatus'], { label: string; className: string }> = {
  sent: { label: 'E-mail sent', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  pending: { label: 'E-mail pending', className: 'bg-amber-50 text-amber-800 ring-amber-200' },
  failed: { label: 'E-mail failed', className: 'bg-red-50 text-red-800 ring-red-200' },
}

function MessagesPage() {
  const { q, page = 1 } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(contactQueries.desk({ q, page }))

  return (
    <div>
      <h1 className="text-2xl font-bold">Messages ({formatCount(data.total)})</h1>
      <p className="mt-1 text-sm text-slate-600">What visitors sent through the contact form, newest first.</p>
      <SearchBox
        value={q ?? ''}
        label="Search messages"
        placeholder="Name, e-mail, subject or text"
        onSearch={(text) => void navigate({ search: { q: text || undefined }, replace: true })}
      />
      {data.items.length === 0 ? (
        <EmptyState title={q ? `No messages match “${q}”` : 'No messages yet'} searched={Boolean(q)}>
          Messages sent from the home page&apos;s contact form show up here.
        </EmptyState>
      ) : (
        <ol className="mt-6 space-y-4">
          {data.items.map((message) => (
            <li key={message._id}>
              <MessageCard message={message} />
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} pageSize={DESK_PAGE_SIZE} total={data.total} noun="messages" />
    </div>
  )
}

const replyLink = (email: string, subject: string) =>
  `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}${subject ? `?subject=${encodeURIComponent(`Re: ${subject}`)}` : ''}`

function MessageCard({ message }: { message: ContactMessage }) {
  const status = STATUS[message.emailStatus]
  const subject = message.subject.trim()
  return (
    <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="contact-message">
      <header className="grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,1fr)_auto]">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold text-ink">
            {subject || <span className="text-slate-500">(no subject)</span>}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            <span className="font-medium text-slate-800">{message.name}</span>
            {' · '}
            <a href={replyLink(message.email, subject)} className="break-all text-brand-700 underline">
              {message.email}
            </a>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm sm:flex-col sm:flex-nowrap sm:items-end">
          <time dateTime={new Date(message.createdAt).toISOString()} className="text-slate-600">
            {formatDateTime(message.createdAt)}
          </time>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${status.className}`}
            title={message.emailError ?? undefined}
          >
            {status.label}
          </span>
        </div>
      </header>
      {/* Plain text: React escapes it; whitespace-pre-line keeps the sender's line breaks. */}
      <p className="mt-4 whitespace-pre-line break-words text-slate-800">{message.message}</p>
      {message.emailStatus === 'failed' && message.emailError && (
        <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">Delivery error: {message.emailError}</p>
      )}
    </article>
  )
}
