import { sql } from 'drizzle-orm'

/** SQLite's "now" in milliseconds since the epoch: the one way the database stamps a row. */
export const NOW_MS_SQL = "cast(unixepoch('subsec') * 1000 as integer)"

/** {@link NOW_MS_SQL} for drizzle queries and column defaults. */
export const nowMs = sql.raw(`(${NOW_MS_SQL})`)
