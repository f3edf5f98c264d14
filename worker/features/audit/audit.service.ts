import { desc, sql } from 'drizzle-orm'
import type { AuditEntry } from '#schemas/audit.ts'
import { auditLog } from '#worker/db/schema.ts'
import { type Db, newId } from '#worker/lib/db.ts'
import { insertWhere, prepare, type SqlPart } from '#worker/lib/guarded.ts'

/**
 * One admin action: who (the admin's e-mail), what (a dotted name), on which record, and what
 * changed. `id` when the batch refers to the entry (a guard on it: `happened` of
 * worker/lib/guarded.ts); a new one otherwise.
 */
export type AuditRecord = { id?: string; actor: string; action: string; target: string; detail?: string }

/**
 * The statement that appends `entry` to the audit log, for the same D1 batch as the action
 * itself; with `onlyIf` (a guard: worker/lib/guarded.ts) only when the action happened.
 */
export function auditStatement(db: Db, entry: AuditRecord, onlyIf?: SqlPart): D1PreparedStatement {
  return prepare(
    db,
    insertWhere(
      'audit_log',
      {
        id: entry.id ?? newId(),
        actor: entry.actor,
        action: entry.action,
        target: entry.target,
        detail: (entry.detail ?? '').slice(0, 1000),
      },
      onlyIf,
    ),
  )
}

/** Appends `entry` to the audit log on its own (for actions that are one statement already done). */
export async function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  await auditStatement(db, entry).run()
}

/** The audit log, newest first. */
export async function listAudit(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ items: AuditEntry[]; total: number }> {
  const [rows, [total]] = await db.batch([
    // NOTE: rowid breaks ties of the same millisecond in the order the entries were written (ids are random).
    db.select().from(auditLog).orderBy(desc(auditLog.at), sql`rowid desc`).limit(page.limit).offset(page.offset),
    db.select({ n: sql<number>`count(*)` }).from(auditLog),
  ])
  return {
    items: rows.map((r) => ({
      _id: r.id,
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      action: r.action,
      target: r.target,
      detail: r.detail,
    })),
    total: total?.n ?? 0,
  }
}
