import { or, type SQL, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import * as schema from '../db/schema'

/**
 * A drizzle client over the D1 binding; cheap to create per request. Inside the API,
 * `env.DB` is the request's D1 session ({@link openD1Session}), so every query of a request
 * reads from the same replica, at least as new as the bookmark the client sent.
 */
export const getDb = (env: Env) => drizzle(env.DB, { schema })
export type Db = ReturnType<typeof getDb>

/** The request header a client sends its latest bookmark in, and the answer header it gets the next one in. */
export const BOOKMARK_HEADER = 'x-d1-bookmark'

// NOTE: D1 documents bookmarks as opaque strings; those it issues (and its local simulation)
// are dash-separated hex groups, e.g. 00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683.
// Anything else is refused before it reaches D1, which would fail the query with a 500.
const BOOKMARK_PATTERN = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,7}$/i

/** Whether `value` has the form of a D1 bookmark. */
export const isBookmark = (value: string): boolean => value.length <= 160 && BOOKMARK_PATTERN.test(value)

/**
 * The D1 binding seen through one Sessions API session, started lazily on the first query
 * (a request answered from the edge cache opens none). drizzle's D1 driver only calls
 * `prepare` and `batch`, which a session has; the rest go to the binding itself.
 */
class SessionDatabase implements D1Database {
  readonly binding: D1Database
  #start: D1SessionBookmark | D1SessionConstraint
  #session: D1DatabaseSession | undefined

  constructor(binding: D1Database, start: D1SessionBookmark | D1SessionConstraint) {
    this.binding = binding
    this.#start = start
  }

  private get session(): D1DatabaseSession {
    return (this.#session ??= this.binding.withSession(this.#start))
  }

  prepare(query: string): D1PreparedStatement {
    return this.session.prepare(query)
  }

  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    return this.session.batch<T>(statements)
  }

  // NOTE: a session has no exec(); nothing in the API uses it (migrations run through wrangler).
  exec(query: string): Promise<D1ExecResult> {
    return this.binding.exec(query)
  }

  withSession(constraintOrBookmark?: D1SessionBookmark | D1SessionConstraint): D1DatabaseSession {
    return this.binding.withSession(constraintOrBookmark)
  }

  dump(): Promise<ArrayBuffer> {
    return this.binding.dump()
  }

  /** The latest bookmark of the session; before any query, the one the request sent (if any). */
  bookmark(): string | null {
    return this.#session?.getBookmark() ?? (isBookmark(this.#start) ? this.#start : null)
  }

  /** Sends the session's queries to the primary, unless one has already run. */
  usePrimary() {
    if (!this.#session) this.#start = 'first-primary'
  }
}

const bindings = new WeakMap<Env, Env>()

/**
 * Opens a request's D1 session (Sessions API): `start` is the bookmark the client sent, or
 * 'first-primary' for a request that writes, 'first-unconstrained' for one that only reads.
 * @returns `env`, the request's bindings with `DB` reading through the session (pass it
 *   wherever the request used the plain bindings), and `bookmark()`, the session's latest
 *   bookmark for the answer's {@link BOOKMARK_HEADER}.
 */
export function openD1Session(
  base: Env,
  start: D1SessionBookmark | D1SessionConstraint,
): { env: Env; bookmark: () => string | null } {
  const db = new SessionDatabase(bindingsOf(base).DB, start)
  const env = Object.create(bindingsOf(base), { DB: { value: db, enumerable: true } }) as Env
  bindings.set(env, bindingsOf(base))
  return { env, bookmark: () => db.bookmark() }
}

/** The deployment's own bindings behind a request's session env (the same object for plain bindings). */
export const bindingsOf = (env: Env): Env => bindings.get(env) ?? env

/**
 * Makes the request read from the primary from here on, unless it already queried: for an
 * answer that is about to be shared (the edge cache), which must be at least as new as the
 * last change anyone made, not only as the client's own. A no-op on plain bindings, which
 * read from the primary anyway.
 */
export function readFromPrimary(env: Env) {
  if (env.DB instanceof SessionDatabase) env.DB.usePrimary()
}

/** Random, URL-safe record id (24 hex characters, like the spec's ObjectIds). */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Whether `column` contains `q`, case-insensitively (for ASCII, like SQLite's LIKE). NOTE:
 * instr(), not LIKE: D1 refuses LIKE patterns over 50 bytes ("pattern too complex"), and
 * instr() has no wildcards to escape.
 */
export const containsText = (column: SQLiteColumn, q: string): SQL => sql`instr(lower(${column}), lower(${q})) > 0`

/** An FTS5 phrase: the text between quotes, inner quotes doubled, so nothing in it is syntax. */
const ftsPhrase = (q: string) => `"${q.replace(/"/g, '""')}"`

/**
 * Whether a row of `table` has `q` in any part of its searched text, case-insensitively: through
 * `index`, an FTS5 trigram index over the table (`content_rowid='rowid'`, kept by triggers) from
 * 3 characters, the trigram's minimum; shorter, a scan of `columns` with {@link containsText}.
 * The order desk's and the quotes desk's search.
 */
export const matchesText = (table: SQLiteTable, index: string, columns: SQLiteColumn[], q: string): SQL =>
  // NOTE: counted in characters, as the trigram index counts them (an emoji is 2 UTF-16 units).
  [...q].length >= 3
    ? sql`${table}.rowid in (select rowid from ${sql.identifier(index)} where ${sql.identifier(index)} match ${ftsPhrase(q)})`
    : or(...columns.map((column) => containsText(column, q)))!
