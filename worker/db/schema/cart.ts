// The signed-in cart (features/cart).
import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { nowMs } from '../now'

/** A signed-in user's cart: one row per tool, in the order they were added. Holds no stock. */
export const cartLines = sqliteTable(
  'cart_lines',
  {
    /** The user's e-mail (lower-cased), like `orders.customer`. */
    customer: text('customer').notNull(),
    toolId: text('tool_id').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: integer('added_at').notNull().default(nowMs),
  },
  (t) => [
    primaryKey({ columns: [t.customer, t.toolId] }),
    index('cart_lines_customer_idx').on(t.customer, t.addedAt),
    check('cart_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
)
