import { type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import ipaddr from 'ipaddr.js'
import { nowMs } from '#worker/db/now.ts'
import type { Db } from './db'
import { ApiError } from './errors'

/**
 * At most `max` rows per key within `windowMs`, counted from rows the feature stores anyway
 * (contact messages, reviews), so there is no counter to keep in step with them.
 */
export type RateLimit = {
  readonly max: number
  readonly windowMs: number
  /**
   * The rows counted: their table, the column holding the key and their creation time; with
   * `where`, only the rows it holds for (a quote's messages by its customer, not the shop's).
   */
  readonly rows: {
    readonly table: SQLiteTable
    readonly key: SQLiteColumn
    readonly createdAt: SQLiteColumn
    readonly where?: SQL
  }
  /** The 429's message, given the seconds the client has to wait (its Retry-After). */
  readonly message: (retryAfterSeconds: number) => string
}

const inWindow = (limit: RateLimit, key: string) =>
  sql`${limit.rows.key} = ${key} and ${limit.rows.createdAt} > ${nowMs} - ${limit.windowMs}${
    limit.rows.where ? sql` and ${limit.rows.where}` : sql``
  }`

/**
 * SQL that is true while `key` has room under `limit`: the condition of an `insert … select …
 * where`, so the count and the insert are one statement (see {@link insertWithinLimit}).
 */
export const withinLimit = (limit: RateLimit, key: string): SQL =>
  sql`(select count(*) from ${limit.rows.table} where ${inWindow(limit, key)}) < ${limit.max}`

/**
 * Runs `insert` (an `insert … select … where ${withinLimit}`) unless `key` has reached `limit`.
 * NOTE: the count and the insert are one statement, so parallel requests of one client cannot
 * slip past the limit (D1 has no interactive transactions).
 * @throws 429 RATE_LIMITED with Retry-After: the seconds until the key's oldest row in the
 * window leaves it (at least 1); nothing is inserted.
 */
export async function insertWithinLimit(
  db: Db,
  limit: RateLimit,
  key: string,
  insert: (withinLimit: SQL) => SQL,
): Promise<void> {
  const result = await db.run(insert(withinLimit(limit, key)))
  if ((result.meta.changes ?? 0) > 0) return
  throw await rateLimited(db, limit, key)
}

/**
 * The 429 of `key` under `limit`, for an insert guarded by {@link withinLimit} that wrote nothing
 * (when nothing else could have refused it).
 * @returns 429 RATE_LIMITED with Retry-After: the seconds until the key's oldest row in the
 * window leaves it (at least 1).
 */
export async function rateLimited(db: Db, limit: RateLimit, key: string): Promise<ApiError> {
  const row = await db
    .select({ oldest: sql<number | null>`min(${limit.rows.createdAt})`, now: sql<number>`${nowMs}` })
    .from(limit.rows.table)
    .where(inWindow(limit, key))
    .get()
  // With no row left in the window (they aged out since the insert) the client may try at once.
  const waitMs = row?.oldest != null ? row.oldest + limit.windowMs - row.now : 0
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000))
  return new ApiError(429, 'RATE_LIMITED', limit.message(retryAfterSeconds), undefined, {
    'Retry-After': String(retryAfterSeconds),
  })
}

/**
 * What a rate limit counts as one client: an IPv4 address as it is; an IPv6 address by its /64
 * prefix, written out in full (`2001:0db8:00aa:0001::/64`), since one customer line holds a
 * whole /64; an IPv4-mapped IPv6 address as its IPv4 address; 'unknown' without an address.
 * Anything else is taken as it is.
 */
export function clientNetwork(ip: string | undefined): string {
  const address = ip?.trim().toLowerCase() ?? ''
  if (!address) return 'unknown'
  // NOTE: only dotted decimal counts as IPv4: ipaddr.js also reads '010.1' (octal, short forms) as one.
  if (ipaddr.IPv4.isValidFourPartDecimal(address) || !ipaddr.IPv6.isValid(address)) return address
  const v6 = ipaddr.IPv6.parse(address)
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString()
  const prefix = v6.parts.slice(0, 4).map((part) => part.toString(16).padStart(4, '0'))
  return `${prefix.join(':')}::/64`
}

/**
 * The rate-limit key of a client (CF-Connecting-IP): a keyed SHA-256 (HMAC) of its
 * {@link clientNetwork}, under `scope` (one limit's keys never match another's).
 * NOTE: keyed with a server secret because a plain hash of an IPv4 address can be reversed by
 * trying all 2^32 of them; only the hash is stored.
 */
export async function rateLimitKey(scope: string, ip: string | undefined, secret: string): Promise<string> {
  const enc = new TextEncoder()
  const key = await crypto.subtle.importKey(
    'raw',
    enc.encode(`${scope}:${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const digest = await crypto.subtle.sign('HMAC', key, enc.encode(clientNetwork(ip)))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}
