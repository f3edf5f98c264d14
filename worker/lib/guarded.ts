/**
 * Guarded batches (docs/decisions/007-guarded-batches.md): one D1 batch (one transaction) whose
 * first statement is a conditional write, and whose later statements run only if it changed a
 * row. The statement right after it inserts a marker row `where changes() = 1`
 * ({@link insertIfChanged}); every statement after that is guarded by the marker's existence
 * ({@link happened}). The raw SQL of such a batch is written here one way: {@link sqlPart}
 * templates, whose values become `?` placeholders, never placeholders numbered by hand.
 */
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from './db'

/** SQL text and the values of its `?` placeholders, in order. */
export type SqlPart = { readonly sql: string; readonly values: unknown[] }

const isPart = (value: unknown): value is SqlPart =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SqlPart).sql === 'string' &&
  Array.isArray((value as SqlPart).values)

/**
 * SQL from a template: each `${value}` becomes a `?` placeholder bound to it, and each
 * `${part}` ({@link SqlPart}) is spliced in with its own values, so parts compose. (Numbered
 * placeholders, `?1`, would not: a part spliced into another statement would renumber them.)
 */
export function sqlPart(strings: TemplateStringsArray, ...params: unknown[]): SqlPart {
  let sql = strings[0] ?? ''
  const values: unknown[] = []
  params.forEach((param, i) => {
    if (isPart(param)) {
      sql += param.sql
      values.push(...param.values)
    } else {
      sql += '?'
      values.push(param)
    }
    sql += strings[i + 1] ?? ''
  })
  return { sql, values }
}

/** Fixed SQL text as a part: a table or column name, an expression. From the code only, never from input. */
export const sqlText = (text: string): SqlPart => ({ sql: text, values: [] })

/** `parts` one after the other, `separator` between them. */
export const joinParts = (parts: readonly SqlPart[], separator: string): SqlPart => ({
  sql: parts.map((p) => p.sql).join(separator),
  values: parts.flatMap((p) => p.values),
})

/**
 * The guard of a statement that runs only if the statement just before it, in the same
 * transaction, changed exactly one row. NOTE: SQLite's changes() counts the rows of that
 * statement itself, not those its triggers wrote.
 */
export const CHANGED_ONE_ROW: SqlPart = sqlText('changes() = 1')

/** The guard of a statement that runs only if the row `id` of `table` was inserted earlier in the batch. */
export const happened = (table: string, id: string): SqlPart =>
  sqlPart`exists (select 1 from ${sqlText(table)} where id = ${id})`

/**
 * `insert into <table> (<columns>) select <values>`, only where `guard` holds (when given). A
 * value may be a part: an expression (the time now, a value the batch has just written).
 */
export function insertWhere(table: string, row: Readonly<Record<string, unknown>>, guard?: SqlPart): SqlPart {
  const columns = Object.keys(row)
  const values = joinParts(
    columns.map((c) => sqlPart`${row[c]}`),
    ', ',
  )
  return sqlPart`insert into ${sqlText(table)} (${sqlText(columns.join(', '))}) select ${values}${guard ? sqlPart` where ${guard}` : sqlText('')}`
}

/**
 * The marker of a guarded batch: `row` goes into `table` only if the statement just before it
 * changed exactly one row. Whether it did is read from the marker's own result
 * ({@link returnedRow} of `statement`); the statements after it take `happened` as their guard.
 */
export function insertIfChanged(
  table: string,
  row: Readonly<{ id: string } & Record<string, unknown>>,
): { statement: SqlPart; happened: SqlPart } {
  const insert = insertWhere(table, row, CHANGED_ONE_ROW)
  return { statement: sqlPart`${insert} returning id`, happened: happened(table, row.id) }
}

/** What drizzle builds a query into: its SQL with `?` placeholders and their values, mapped for the driver. */
type BuiltQuery = { sql: string; params: unknown[] }

/**
 * A write drizzle built, as a part: a query builder's (`toSQL()`) or `db.run(sql…)`'s
 * (`getQuery()`), never run by itself. So a write drizzle says well (its columns typed, its
 * values mapped) can open a batch whose later statements are guarded by it (its audit entry:
 * `CHANGED_ONE_ROW`); whether it happened is read from its RETURNING ({@link returnedRow}).
 */
export function queryPart(query: { toSQL(): BuiltQuery } | { getQuery(): BuiltQuery }): SqlPart {
  const { sql, params } = 'toSQL' in query ? query.toSQL() : query.getQuery()
  return { sql, values: params }
}

/**
 * `part` as drizzle's SQL, each `?` bound to its value: so a read drizzle builds (a list's filter)
 * can use a condition written once as a part. The inverse of {@link queryPart}.
 * @throws when the text holds a `?` that is not a placeholder (a part from sqlText with one).
 */
export function drizzleSql(part: SqlPart): SQL {
  const texts = part.sql.split('?')
  if (texts.length !== part.values.length + 1) throw new Error(`Not a part of placeholders only: ${part.sql}`)
  return sql.join(texts.flatMap((text, i) => (i === 0 ? [sql.raw(text)] : [sql`${part.values[i - 1]}`, sql.raw(text)])))
}

/** The D1 statement of `part` (an `undefined` value is bound as NULL). */
export const prepare = (db: Db, part: SqlPart): D1PreparedStatement =>
  db.$client.prepare(part.sql).bind(...part.values.map((v) => (v === undefined ? null : v)))

/**
 * Runs `statements` in order as one D1 batch: one transaction, all or nothing. Parts are
 * prepared here; statements other modules prepare (an e-mail queued, an audit entry) go in as
 * they are.
 */
export function runBatch(db: Db, statements: readonly (SqlPart | D1PreparedStatement)[]): Promise<D1Result[]> {
  return db.$client.batch(statements.map((s) => ('bind' in s ? s : prepare(db, s))))
}

/**
 * Whether a statement with RETURNING wrote a row. NOTE: read this, not D1's `meta.changes`,
 * which also counts the rows that triggers wrote (the search index's, the kept figures').
 */
export const returnedRow = (result: D1Result | undefined): boolean => (result?.results.length ?? 0) > 0
