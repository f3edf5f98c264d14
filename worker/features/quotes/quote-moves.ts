import { findQuoteTransition, type QuoteActor, type QuoteTransition } from '#schemas/quote-status.ts'
import type { QuoteStatus } from '#schemas/quote-statuses.ts'
import { NOW_MS_SQL } from '#worker/db/now.ts'
import type { quotes } from '#worker/db/schema.ts'
import { type Db, newId } from '#worker/lib/db.ts'
import { ApiError } from '#worker/lib/errors.ts'
import {
  CHANGED_ONE_ROW,
  happened,
  joinParts,
  returnedRow,
  runBatch,
  type SqlPart,
  sqlPart,
  sqlText,
} from '#worker/lib/guarded.ts'
import { auditStatement } from '../audit/audit.service'

// A quote's moves (schemas/quote-status.ts, QUOTE_TRANSITIONS): the one check of each against
// the table, the guard of its UPDATE from the same table, and the batch of a move of one quote.

type QuoteRow = typeof quotes.$inferSelect
type Reading = Pick<QuoteRow, 'status' | 'validUntil'>

/** A quote's status as it reads now: an offer past its validUntil is `expired`. */
export const statusOf = (row: Reading, now: number): QuoteStatus =>
  row.status === 'offered' && (row.validUntil ?? 0) <= now ? 'expired' : row.status

/** SQL's now (ms): a guard reads the quote as it is when the batch runs. */
export const SQL_NOW = sqlText(`(${NOW_MS_SQL})`)

/** A stored quote that reads as a status: its stored status and, for an offer, where its validUntil is. */
type Stored = { readonly status: QuoteStatus; readonly validUntil?: 'ahead' | 'passed' }

/** The stored quotes that read as each status ({@link statusOf}, in SQL). */
const STORED_AS: Record<QuoteStatus, readonly Stored[]> = {
  requested: [{ status: 'requested' }],
  offered: [{ status: 'offered', validUntil: 'ahead' }],
  expired: [{ status: 'expired' }, { status: 'offered', validUntil: 'passed' }],
  accepted: [{ status: 'accepted' }],
  declined: [{ status: 'declined' }],
}

const storedSql = ({ status, validUntil }: Stored, at: SqlPart | number): SqlPart =>
  validUntil === 'ahead'
    ? sqlPart`(status = ${status} and valid_until > ${at})`
    : validUntil === 'passed'
      ? sqlPart`(status = ${status} and valid_until <= ${at})`
      : sqlPart`status = ${status}`

const anyOf = (stored: readonly Stored[], at: SqlPart | number): SqlPart =>
  stored.length === 0
    ? sqlText('0')
    : sqlPart`(${joinParts(
        stored.map((s) => storedSql(s, at)),
        ' or ',
      )})`

/** SQL: the quote of the row reads as one of `statuses` at `at` (SQL's now unless given). */
export const readsAsOneOf = (statuses: readonly QuoteStatus[], at: SqlPart | number = SQL_NOW): SqlPart =>
  anyOf(
    statuses.flatMap((s) => STORED_AS[s]),
    at,
  )

/** Whether the table's `rule` moves `row` at `now`; {@link guardOf} is the same in SQL. */
const allows = (rule: QuoteTransition, row: Reading, now: number) =>
  rule.from.includes(statusOf(row, now)) && !(rule.stores && row.status === rule.to)

const guardOf = (rule: QuoteTransition, at: SqlPart | number): SqlPart =>
  anyOf(
    rule.from.flatMap((s) => STORED_AS[s]).filter((s) => !(rule.stores && s.status === rule.to)),
    at,
  )

/** A move of a quote: the status it leads to, and who makes it. */
export type QuoteMove = { readonly to: QuoteStatus; readonly by: QuoteActor }

/** A move the table allows, with the guard of its UPDATE. */
export type CheckedQuoteMove = QuoteMove & {
  /**
   * SQL over the quotes table's columns: the quote still reads as a status the move starts from
   * (it has not moved on meanwhile, nor has its offer ended).
   */
  readonly guard: SqlPart
}

/** The 409 of a move the table refuses: "This quote is {status}: it cannot be {to}." */
export const quoteMoveRefused = (row: Reading, to: QuoteStatus, now: number) =>
  new ApiError(409, 'INVALID_TRANSITION', `This quote is ${statusOf(row, now)}: it cannot be ${to}.`)

/**
 * The one check of a quote's move against the table (QUOTE_TRANSITIONS), and the guard of its
 * UPDATE, from the same table: so a move that races another, or the end of an offer, happens only
 * while it still may.
 * @param quote the quote as read, checked as it reads at `now` (ms). Without it nothing is checked
 *   (the expiry job moves every quote the guard finds).
 * @param at the time the guard reads the quote at: SQL's own now unless given (the job's run time).
 * @throws 409 INVALID_TRANSITION ({@link quoteMoveRefused}) when the table has no such move by
 *   `move.by` from the status the quote reads as.
 */
export function quoteMove(
  move: QuoteMove,
  quote?: { row: Reading; now: number },
  at: SqlPart | number = SQL_NOW,
): CheckedQuoteMove {
  const rule = findQuoteTransition(move.to, move.by)
  if (quote && !(rule && allows(rule, quote.row, quote.now))) throw quoteMoveRefused(quote.row, move.to, quote.now)
  if (!rule) throw new Error(`No quote is moved to ${move.to} by the ${move.by}.`)
  return { ...move, guard: guardOf(rule, at) }
}

type Statement = SqlPart | D1PreparedStatement

export type QuoteMoveWrite = {
  /** The e-mail of the one who makes the move. */
  actorEmail: string
  /** The columns the move sets besides the status; names fixed in the code, never taken from input. */
  set?: Readonly<Record<string, unknown>>
  /** Further conditions the quote must meet at the moment of the move (unchanged since it was read, say). */
  when?: SqlPart
  /** What the audit log says of the move when an admin makes it (a customer's is not audited). */
  audit: { action: string; detail: string }
  /**
   * What follows from an admin's move (its lines priced, an e-mail queued): statements guarded by
   * `happened`, the move's audit entry (whose id is `auditId`).
   */
  follows?: (happened: SqlPart, auditId: string) => Statement[]
}

/**
 * Makes one quote's move, checked by {@link quoteMove}, in one D1 batch, as an order's moves are
 * (features/orders/lifecycle.service.ts): the UPDATE, guarded by the table; for an admin's move,
 * the audit entry, written only if the UPDATE changed the quote; then what follows from the move,
 * each only if that entry was written. So a move racing another happens once, with all that
 * follows from it.
 * @returns whether this batch made the move; false when the quote had moved on, its offer had
 *   ended or `write.when` failed (nothing was written).
 */
export async function writeQuoteMove(
  db: Db,
  row: Pick<QuoteRow, 'id'>,
  move: CheckedQuoteMove,
  write: QuoteMoveWrite,
): Promise<boolean> {
  const sets = [
    sqlPart`status = ${move.to}`,
    ...Object.entries(write.set ?? {}).map(([column, value]) => sqlPart`${sqlText(column)} = ${value}`),
    sqlPart`updated_at = ${SQL_NOW}`,
  ]
  const when = write.when ? sqlPart` and ${write.when}` : sqlText('')
  // NOTE: whether the move happened is read from the UPDATE's RETURNING, not from D1's
  // meta.changes, which also counts rows written by triggers.
  const statements: Statement[] = [
    sqlPart`update quotes set ${joinParts(sets, ', ')} where id = ${row.id}${when} and ${move.guard} returning id`,
  ]
  if (move.by === 'admin') {
    const auditId = newId()
    statements.push(
      auditStatement(db, { id: auditId, actor: write.actorEmail, target: row.id, ...write.audit }, CHANGED_ONE_ROW),
      ...(write.follows?.(happened('audit_log', auditId), auditId) ?? []),
    )
  } else if (write.follows) throw new Error('Only an admin’s move of a quote has statements that follow it.')
  const results = await runBatch(db, statements)
  return returnedRow(results[0])
}
