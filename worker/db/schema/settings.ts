// The shop's settings (features/settings).
import { sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { updatedAt } from './columns'

/** The shop's settings (`GET/PATCH /api/settings`): one row per section (`shop`, `delivery`, `bank`, `cod`), its value JSON. */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).notNull(),
  updatedAt: updatedAt(),
})
