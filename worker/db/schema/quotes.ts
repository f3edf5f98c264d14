// Quotes (api.md "Wholesale"): a buyer's request for a price and the shop's offer, its lines and
// its conversation (features/quotes).
import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { QUOTE_STATUS_NAMES } from '../../schemas/quote-statuses'
import { nowMs } from '../now'
import { createdAt, updatedAt } from './columns'

/**
 * A buyer's request for a price on a large order, and the shop's offer (features/quotes). The
 * number people read is `Q-{quote_no}`, allocated as max + 1 when the quote is stored.
 */
export const quotes = sqliteTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    quoteNo: integer('quote_no').notNull(),
    /** The customer's e-mail (lower-cased), like `orders.customer`. */
    customer: text('customer').notNull(),
    customerName: text('customer_name').notNull(),
    status: text('status', { enum: QUOTE_STATUS_NAMES }).notNull().default('requested'),
    /** Every line's tool name, for the desk's search. */
    toolNames: text('tool_names').notNull().default(''),
    /** The offer's courier fee anywhere (null until offered). */
    deliveryFeePaisa: integer('delivery_fee_paisa'),
    /** The offer holds until then (ms; null until offered). */
    validUntil: integer('valid_until'),
    /** The order an accepted quote became. */
    orderId: text('order_id'),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('quotes_quote_no_idx').on(t.quoteNo),
    index('quotes_customer_idx').on(t.customer, t.createdAt, t.id),
    index('quotes_created_idx').on(t.createdAt, t.id),
    index('quotes_status_idx').on(t.status, t.createdAt, t.id),
    check('quotes_status_check', sql.raw(`status in (${QUOTE_STATUS_NAMES.map((s) => `'${s}'`).join(', ')})`)),
  ],
)

/** The tools of a quote, in the order asked; the offer sets each line's price (and may change its quantity). */
export const quoteLines = sqliteTable(
  'quote_lines',
  {
    quoteId: text('quote_id').notNull(),
    position: integer('position').notNull(),
    /** Not a foreign key: a tool deleted since makes acceptance a 409 TOOL_WITHDRAWN. */
    toolId: text('tool_id').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** The tool's unit price when the quote was requested. */
    listUnitPricePaisa: integer('list_unit_price_paisa').notNull(),
    /** The offered unit price (null until offered). */
    unitPricePaisa: integer('unit_price_paisa'),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.position] }),
    check('quote_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
)

/** The conversation of a quote, oldest first. */
export const quoteMessages = sqliteTable(
  'quote_messages',
  {
    id: text('id').primaryKey(),
    quoteId: text('quote_id').notNull(),
    /** Who wrote it: the customer or the shop (the API's `from`). */
    from: text('sender', { enum: ['customer', 'shop'] }).notNull(),
    /** Who wrote it (the customer's or the admin's e-mail). */
    author: text('author').notNull(),
    text: text('text').notNull(),
    at: integer('at').notNull().default(nowMs),
  },
  (t) => [index('quote_messages_quote_idx').on(t.quoteId, t.at)],
)
