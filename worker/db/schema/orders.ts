// Orders (the `bookings` table) and their lines and history, the tax documents' serials, and the
// admin overview's counters that triggers on `bookings` keep (features/orders,
// features/tax-documents).
import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { ORDER_STATUSES } from '../../schemas/order-status'
import { nowMs } from '../now'
import { createdAt, updatedAt } from './columns'

/**
 * Orders. The table keeps the spec's name, `bookings` (the migrations, triggers, search index
 * and every raw SQL statement name it so); the code calls it `orders`. Triggers (hand-written in the migrations, unknown to drizzle-kit) keep the search
 * index `order_search` (0003) and `order_counts` / `revenue_days` (0005) in step with it: a
 * migration that rebuilds this table (drizzle-kit's `__new_bookings` copy) drops them with
 * the old table and must create them again.
 */
export const orders = sqliteTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    /**
     * The first line's tool, name, unit price and quantity (`order_lines` has every line): the
     * spec's one-tool shape on the wire. With more lines `service` reads `{name} and {n} more`.
     * Not a foreign key: a deleted tool leaves its past orders intact.
     */
    toolId: text('service_id').notNull(),
    service: text('service').notNull(),
    unitPricePaisa: integer('unit_price_paisa').notNull(),
    quantity: integer('quantity').notNull(),
    /** The goods: the sum of the lines' prices. */
    pricePaisa: integer('price_paisa').notNull(),
    deliveryFeePaisa: integer('delivery_fee_paisa').notNull().default(0),
    /** price + delivery fee: what is paid, refunded and counted as revenue. */
    totalPaisa: integer('total_paisa').notNull().default(0),
    /** The VAT contained in the total (the lines' and the delivery's). */
    vatPaisa: integer('vat_paisa').notNull().default(0),
    /** How many lines the order has. */
    lineCount: integer('line_count').notNull().default(1),
    /** Every line's tool name, for the order desk's search. */
    toolNames: text('tool_names').notNull().default(''),
    deliveryMethod: text('delivery_method', { enum: ['courier', 'pickup'] })
      .notNull()
      .default('courier'),
    /** The delivery zone the fee was charged for (null for pickup). */
    deliveryZone: text('delivery_zone', { enum: ['dhaka', 'near', 'outside'] }),
    /** The delivery address as JSON `{name, phone, line1, line2, city, district, postcode}`. */
    deliveryAddress: text('delivery_address', { mode: 'json' }).$type<DeliveryAddressRow>(),
    paymentMethod: text('payment_method', { enum: ['card', 'cod', 'bank', 'gateway'] })
      .notNull()
      .default('card'),
    /**
     * Until when an unpaid order holds its stock, when it is not the deployment's
     * UNPAID_HOLD_MINUTES from `createdAt`: a bank transfer's `bank.holdHours` as they were when
     * it was placed. A cash-on-delivery order never expires (orders.service.ts, holdEnd).
     */
    holdUntil: integer('hold_until'),
    companyName: text('company_name'),
    companyBin: text('company_bin'),
    poNumber: text('po_number'),
    note: text('note'),
    quoteId: text('quote_id'),
    /** The tax invoice (Mushak-6.3): `INV-{year}-{serial}`, issued when the order is first paid. */
    invoiceNumber: text('invoice_number'),
    invoiceIssuedAt: integer('invoice_issued_at'),
    /**
     * The shop's settings (`shop`, `delivery`, `bank` as stored) when the invoice was issued: its
     * documents print the seller, the zone and the account as they were then, whatever changes
     * later. Null for an order invoiced before it was kept (its documents read today's settings).
     */
    invoiceSettings: text('invoice_settings', { mode: 'json' }).$type<Record<string, unknown>>(),
    /** The credit note (Mushak-6.7) of a refund: `CN-{year}-{serial}`. */
    creditNoteNumber: text('credit_note_number'),
    creditNoteIssuedAt: integer('credit_note_issued_at'),
    customer: text('customer').notNull(),
    customerName: text('customer_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('unpaid'),
    /** The order number people read (`TH-10042`); allocated as max + 1 when the order is placed. */
    orderNo: integer('order_no'),
    transactionId: text('transaction_id'),
    paymentIntentId: text('payment_intent_id'),
    /** The provider's refund id once the order is refunded. */
    refundId: text('refund_id'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: integer('paid_at'),
    shippedAt: integer('shipped_at'),
    deliveredAt: integer('delivered_at'),
    refundedAt: integer('refunded_at'),
  },
  (t) => [
    // (customer, created_at, id): a customer's list, newest first, in index order without a sort.
    index('bookings_customer_idx').on(t.customer, t.createdAt, t.id),
    // A tool's open orders (when it is withdrawn) and a customer's unpaid ones (the limit).
    index('bookings_service_status_idx').on(t.toolId, t.status),
    index('bookings_customer_status_idx').on(t.customer, t.status),
    // The order desk: every order newest first, and each status tab.
    index('bookings_created_idx').on(t.createdAt, t.id),
    index('bookings_status_idx').on(t.status, t.createdAt, t.id),
    // The desk's tab per payment method, and the cash on delivery still to collect.
    index('bookings_method_idx').on(t.paymentMethod, t.status, t.createdAt, t.id),
    // Revenue by day: paid and refunded sums read from the index alone.
    index('bookings_paid_at_idx').on(t.paidAt, t.totalPaisa),
    index('bookings_refunded_at_idx').on(t.refundedAt, t.totalPaisa),
    uniqueIndex('bookings_order_no_idx').on(t.orderNo),
    uniqueIndex('bookings_transaction_idx').on(t.transactionId),
    uniqueIndex('bookings_invoice_idx').on(t.invoiceNumber),
    uniqueIndex('bookings_credit_note_idx').on(t.creditNoteNumber),
    // The VAT register of a month: invoices and credit notes by the time they were issued.
    index('bookings_invoice_issued_idx').on(t.invoiceIssuedAt),
    index('bookings_credit_note_issued_idx').on(t.creditNoteIssuedAt),
    check('bookings_status_check', sql.raw(`status in (${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check('bookings_quantity_check', sql`${t.quantity} > 0`),
  ],
)

export type DeliveryAddressRow = {
  name: string
  phone: string
  line1: string
  line2: string | null
  city: string | null
  district: string | null
  postcode: string | null
}

/** The tools of an order, in the order the customer added them; prices as they were when ordered. */
export const orderLines = sqliteTable(
  'order_lines',
  {
    orderId: text('order_id').notNull(),
    /** 0, 1, …: the order the customer added them. */
    position: integer('position').notNull(),
    /** Not a foreign key: a deleted tool leaves its past orders intact. */
    toolId: text('tool_id').notNull(),
    name: text('name').notNull(),
    img: text('img').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaisa: integer('unit_price_paisa').notNull(),
    /** quantity × unit price. */
    pricePaisa: integer('price_paisa').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** The VAT contained in the line's price, rounded to the paisa. */
    vatPaisa: integer('vat_paisa').notNull(),
    weightHundredths: integer('weight_hundredths').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    // A tool's orders: the unpaid ones are cancelled when it is withdrawn.
    index('order_lines_tool_idx').on(t.toolId, t.orderId),
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
)

/**
 * The last serial of each tax document series (`INV-2026`, `CN-2026`): a document takes
 * last + 1 in the same statement that issues it, so serials have no gaps and never repeat.
 */
export const documentSerials = sqliteTable('document_serials', {
  series: text('series').primaryKey(),
  last: integer('last').notNull().default(0),
})

/**
 * How many orders are in each status, for the admin overview (`GET /api/admin/summary`)
 * without counting the orders. Kept by triggers on `bookings` (migrations/0005), in the
 * same statement as the INSERT or UPDATE that creates an order or changes its status, so
 * it always equals `select status, count(*) from bookings group by status`; a status gets
 * its row with its first order. Not written by the app.
 */
export const orderCounts = sqliteTable('order_counts', {
  status: text('status').primaryKey(),
  n: integer('n').notNull().default(0),
})

/**
 * Revenue per UTC day, for the admin overview: `paid_paisa` sums the price of the orders
 * whose `paid_at` falls on that day, `refunded_paisa` of those whose `refunded_at` does
 * (the same order may count in both, on its two days). `day` is days since the epoch
 * (`floor(ms / 86,400,000)`). Kept by triggers on `bookings` (migrations/0005) whenever
 * an order is inserted, or its `paid_at`, `refunded_at` or price changes. Not written by the app.
 */
export const revenueDays = sqliteTable('revenue_days', {
  day: integer('day').primaryKey(),
  paidPaisa: integer('paid_paisa').notNull().default(0),
  refundedPaisa: integer('refunded_paisa').notNull().default(0),
})

/**
 * An order's history: one row per status it entered (the first is 'unpaid', when it was
 * placed), written in the same D1 batch as the move itself (features/orders/lifecycle.service.ts).
 */
export const orderEvents = sqliteTable(
  'order_events',
  {
    id: text('id').primaryKey(),
    orderId: text('booking_id').notNull(),
    status: text('status').notNull(),
    /** Who made the move: 'customer', 'admin', 'payment', 'expiry', 'system'. */
    actor: text('actor').notNull(),
    /** The admin's or customer's e-mail, when a person made the move. */
    actorEmail: text('actor_email'),
    note: text('note'),
    at: integer('at').notNull().default(nowMs),
  },
  (t) => [index('order_events_booking_idx').on(t.orderId, t.at)],
)

/** An order as stored. */
export type OrderRow = typeof orders.$inferSelect
export type OrderLineRow = typeof orderLines.$inferSelect
