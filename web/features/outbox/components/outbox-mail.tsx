import type { MailDelivery, MailStatus, OutboxMail } from '#schemas/mail.ts'
import { Modal } from '#web/components/modal.tsx'
import { formatCount, formatDateTime } from '#web/lib/format.ts'

const STATUS: Record<MailStatus, string> = {
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
}

/** One e-mail in the outbox's list: subject, recipient, when, and whether it went out. */
export function MailSummary({ mail }: { mail: MailDelivery | OutboxMail }) {
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

/** Why an e-mail has not gone out yet, and when it is tried again. */
export function DeliveryProblem({ mail }: { mail: MailDelivery }) {
  if (mail.status === 'sent' || !mail.lastError) return null
  return (
    <p className="text-red-800 sm:col-span-2">
      {formatCount(mail.attempts)} {mail.attempts === 1 ? 'try' : 'tries'}: {mail.lastError}
      {mail.nextAttemptAt && <span className="text-slate-600"> · next try {formatDateTime(mail.nextAttemptAt)}</span>}
    </p>
  )
}

/** A kept e-mail as it was sent (without a mail provider): its HTML and its plain text. */
export function MailDialog({ mail, onClose }: { mail?: OutboxMail; onClose: () => void }) {
  return (
    <Modal open={Boolean(mail)} onClose={onClose} title={mail?.subject ?? ''} description={mail && `To ${mail.to}`}>
      {mail && (
        <div className="space-y-4">
          {mail.html && (
            <iframe
              title="The e-mail as HTML"
              srcDoc={mail.html}
              sandbox=""
              className="h-80 w-full rounded-lg ring-1 ring-slate-200"
            />
          )}
          <details open={!mail.html}>
            <summary className="cursor-pointer text-sm font-medium">Plain text</summary>
            <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-sm">{mail.text}</pre>
          </details>
          {mail.lastError && (
            <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">Last error: {mail.lastError}</p>
          )}
        </div>
      )}
    </Modal>
  )
}
