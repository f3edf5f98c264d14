// The admins' audit log (features/audit).
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { nowMs } from '../now'

/** What admins did, newest first. Append-only: no route changes or deletes a row. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: integer('at').notNull().default(nowMs),
    /** The admin's e-mail. */
    actor: text('actor').notNull(),
    /** A dotted name: order.status, order.refund, tool.update, user.remove, … */
    action: text('action').notNull(),
    /** The record's id, or the user's e-mail. */
    target: text('target').notNull(),
    /** What changed, in words. */
    detail: text('detail').notNull().default(''),
  },
  (t) => [index('audit_log_at_idx').on(t.at, t.id)],
)
