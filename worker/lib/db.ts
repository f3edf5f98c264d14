import { sql, type SQL } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import * as schema from '../db/schema'

/** A drizzle client over the D1 binding; cheap to create per request. */
export const getDb = (env: Env) => drizzle(env.DB, { schema })
export type Db = ReturnType<typeof getDb>

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
