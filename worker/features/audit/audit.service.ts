import { desc, eq, sql } from 'drizzle-orm'
import type { AuditEntry } from '#schemas/audit.ts'
import { ORDER_NUMBER_PREFIX } from '#schemas/order.ts'
import { QUOTE_NUMBER_PREFIX } from '#schemas/quote.ts'
import { auditLog } from '#worker/db/schema.ts'
import { type Db, newId } from '#worker/lib/db.ts'
import { insertWhere, prepare, returnedRow, runBatch, type SqlPart, sqlPart } from '#worker/lib/guarded.ts'

/**
 * One admin action: who (the admin's e-mail), what (a dotted name), on which record, and what
 * changed. `id` when the batch refers to the entry (a guard on it: `happened` of
 * worker/lib/guarded.ts); a new one otherwise.
 */
export type AuditRecord = { id?: string; actor: string; action: string; target: string; detail?: string }

/** The longest detail an entry keeps. */
const DETAIL_MAX = 1000

/**
 * The statement that appends `entry` to the audit log, for the same D1 batch as the action
 * itself; with `onlyIf` (a guard: worker/lib/guarded.ts) only when the action happened. The
 * entry's `id` is given when the action adds to it later ({@link addToAuditDetail}).
 */
export function auditStatement(db: Db, entry: AuditRecord, onlyIf?: SqlPart): D1PreparedStatement {
  return prepare(db, auditInsert(entry, onlyIf))
}

const auditInsert = (entry: AuditRecord, onlyIf?: SqlPart): SqlPart =>
  insertWhere(
    'audit_log',
    {
      id: entry.id ?? newId(),
      actor: entry.actor,
      action: entry.action,
      target: entry.target,
      detail: (entry.detail ?? '').slice(0, DETAIL_MAX),
    },
    onlyIf,
  )

/**
 * Appends `entry` on its own, only if `onlyIf` holds of what is stored, checked in the same
 * statement: for an action whose change was written before, by someone else (an admin's refund
 * that the payment provider's notice recorded first).
 * @returns whether it did.
 */
export async function auditIf(db: Db, entry: AuditRecord, onlyIf: SqlPart): Promise<boolean> {
  const [written] = await runBatch(db, [sqlPart`${auditInsert(entry, onlyIf)} returning id`])
  return returnedRow(written)
}

/**
 * Adds `more` to the detail of the entry `id` that this very request wrote with its action:
 * what the action led to once it was done (a withdrawn tool's unpaid orders, cancelled after
 * the tool was deleted and audited). Should the Worker die before, the entry stands without it.
 * No other entry is ever changed.
 */
export async function addToAuditDetail(db: Db, id: string, more: string): Promise<void> {
  await db
    .update(auditLog)
    .set({ detail: sql`substr(${auditLog.detail} || ${more}, 1, ${DETAIL_MAX})` })
    .where(eq(auditLog.id, id))
}

/** The audit log, newest first. */
export async function listAudit(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ items: AuditEntry[]; total: number }> {
  const [rows, [total]] = await db.batch([
    // NOTE: rowid breaks ties of the same millisecond in the order the entries were written (ids are random).
    db
      .select({
        row: auditLog,
        // The number people read for an order's or a quote's entry (null once no such record is stored).
        label: sql<string | null>`case
          when ${auditLog.action} like 'order.%' then (select ${ORDER_NUMBER_PREFIX} || order_no from bookings where id = ${auditLog.target})
          when ${auditLog.action} like 'quote.%' then (select ${QUOTE_NUMBER_PREFIX} || quote_no from quotes where id = ${auditLog.target})
        end`,
      })
      .from(auditLog)
      .orderBy(desc(auditLog.at), sql`rowid desc`)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)` }).from(auditLog),
  ])
  return {
    items: rows.map(({ row: r, label }) => ({
      _id: r.id,
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      action: r.action,
      target: r.target,
      label: label ?? null,
      detail: r.detail,
    })),
    total: total?.n ?? 0,
  }
}
