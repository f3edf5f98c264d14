// The e-mail outbox (features/mail).
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns'

/**
 * Every e-mail the shop sends. Order e-mails are queued here ('pending') in the same D1
 * batch as the order's move and delivered after it, retried with backoff by the scheduled
 * job; `dedupe_key` makes each one sent once. Without a mail provider (local development)
 * this table is the mailbox: delivering a row just marks it sent, and admins read it.
 */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    /** The plain-text part. */
    body: text('body').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('sent'),
    /** e.g. `order:<id>:paid:customer`: the same e-mail is never queued twice. */
    dedupeKey: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at'),
    lastError: text('last_error'),
    sentAt: integer('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_created_idx').on(t.createdAt),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('email_outbox_dedupe_idx').on(t.dedupeKey),
  ],
)
