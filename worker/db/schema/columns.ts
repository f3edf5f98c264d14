// Columns every area's tables share.
import { integer } from 'drizzle-orm/sqlite-core'
import { nowMs } from '../now'

/** Milliseconds since the epoch, set by the database when the row is written. */
export const createdAt = () => integer('created_at', { mode: 'number' }).notNull().default(nowMs)
export const updatedAt = () => integer('updated_at').notNull().default(nowMs)
