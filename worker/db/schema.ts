import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { ORDER_STATUSES } from '../schemas/order-status'
import { QUOTE_STATUS_NAMES } from '../schemas/quote-statuses'
import { nowMs } from './now'

/** Milliseconds since the epoch, set by the database when the row is written. */
const createdAt = () => integer('created_at', { mode: 'number' }).notNull().default(nowMs)
const updatedAt = () => integer('updated_at').notNull().default(nowMs)

/**
 * The catalogue's categories, in two levels: a top-level category (no parent) or a child of one.
 * The two levels, unique slugs and "delete only when empty" are kept by the API's conditional
 * writes (features/categories), not by foreign keys, like the rest of the schema.
 */
export const categories = sqliteTable(
  'categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** `a-z`, `0-9` and single hyphens: `/service?category={slug}`. */
    slug: text('slug').notNull(),
    /** A top-level category's id, or null for a top-level category. */
    parentId: text('parent_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('categories_slug_idx').on(t.slug),
    index('categories_parent_idx').on(t.parentId, t.name),
    check('categories_parent_check', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
)

/** A specification row of a tool: `{name, value}` ("Power", "750 W"). */
export type ToolSpecRow = { name: string; value: string }

/** A volume price of a tool: from `minQuantity` units on, each costs `pricePaisa`. */
export type PriceTierRow = { minQuantity: number; pricePaisa: number }

/**
 * Tools. Triggers (hand-written in migration 0007, unknown to drizzle-kit) keep the search index
 * `tool_search` in step with the name, description, specifications and category of each tool, by
 * rowid: a migration that rebuilds this table (drizzle-kit's `__new_tools` copy, which renumbers
 * rowids) drops them with the old table and must create them again and rebuild the index.
 */
export const tools = sqliteTable(
  'tools',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Unit price in paisa (1 BDT = 100 paisa). */
    pricePaisa: integer('price_paisa').notNull(),
    /** Units in stock, taken atomically when an order is placed. */
    quantity: integer('quantity').notNull(),
    minimumQuantity: integer('minimum_quantity').notNull(),
    img: text('img').notNull(),
    /** Shipping weight in hundredths of a kg (1 kg = 100), so a cart's total weight is exact. */
    weightHundredths: integer('weight_hundredths').notNull().default(100),
    /** VAT rate in basis points (15% = 1500); prices include it. */
    vatRateBp: integer('vat_rate_bp').notNull().default(1500),
    /** The tool's category (top-level or child), or null. */
    categoryId: text('category_id'),
    /** Specifications in the order shown, as a JSON array of `{name, value}` (at most 30). */
    specs: text('specs', { mode: 'json' }).$type<ToolSpecRow[]>().notNull().default(sql`'[]'`),
    // ── Wholesale (api.md "Wholesale") ──
    /** Volume prices, `minQuantity` rising and price falling (at most 5), as JSON; `[]` for none. */
    priceTiers: text('price_tiers', { mode: 'json' }).$type<PriceTierRow[]>().notNull().default(sql`'[]'`),
    /** Orders come in multiples of this many units (and so does the minimum order). */
    packSize: integer('pack_size').notNull().default(1),
    /**
     * The gallery: 1 to 8 photo addresses, the first the main one (`img` holds it too, for the code
     * that reads one photo). '[]' only in rows written without it; they show `[img]`.
     */
    images: text('images', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    // Buyers' reviews (tool_reviews): how many and the sum of their ratings, kept by that table's
    // triggers (migration tool_reviews), so a tool's rating is read with the tool, never counted.
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tools_created_idx').on(t.createdAt, t.id),
    // A category's page of tools in creation order, and its count.
    index('tools_category_idx').on(t.categoryId, t.createdAt, t.id),
    // Low stock (stock below the minimum order) for the admin overview, without a scan.
    index('tools_low_stock_idx').on(sql`(${t.quantity} - ${t.minimumQuantity})`),
    index('tools_price_idx').on(t.pricePaisa, t.id),
    // A–Z whatever the case ("aardvark" among the A's), as the sort by name reads it.
    index('tools_name_nocase_idx').on(sql`${t.name} collate nocase`, t.id),
    check('tools_price_check', sql`${t.pricePaisa} >= 0`),
    check('tools_quantity_check', sql`${t.quantity} >= 0`),
    check('tools_minimum_check', sql`${t.minimumQuantity} >= 1`),
    check('tools_weight_check', sql`${t.weightHundredths} between 0 and 100000`),
    check('tools_vat_rate_check', sql`${t.vatRateBp} in (0, 500, 750, 1000, 1500)`),
  ],
)

export const reviews = sqliteTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    img: text('img').notNull(),
    rating: integer('rating'),
    userEmail: text('user_email'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_created_idx').on(t.createdAt, t.id),
    // The per-user review limit counts a user's recent reviews.
    index('reviews_user_idx').on(t.userEmail, t.createdAt),
    check('reviews_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
)

/**
 * Reviews of a tool by people who bought it (a delivered order held it): one per customer and
 * tool. Triggers (hand-written in their migration) keep `tools.rating_count` and `rating_sum` in
 * step on insert, delete and a changed rating. Not the spec's site-wide `reviews` above.
 */
export const toolReviews = sqliteTable(
  'tool_reviews',
  {
    id: text('id').primaryKey(),
    /** Not a foreign key: a deleted tool's reviews stay for the admin to see. */
    toolId: text('tool_id').notNull(),
    /** The reviewer's e-mail (lower-cased), like `orders.customer`; never shown publicly. */
    customer: text('customer').notNull(),
    /** The name shown with the review: the reviewer's first name and initial. */
    name: text('name').notNull(),
    rating: integer('rating').notNull(),
    title: text('title'),
    body: text('body').notNull(),
    /** The delivered order that made the reviewer a buyer. */
    orderId: text('order_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tool_reviews_customer_idx').on(t.toolId, t.customer),
    // A tool's reviews newest first, in index order.
    index('tool_reviews_tool_idx').on(t.toolId, t.createdAt, t.id),
    // Every tool's reviews newest first, for the admins' Reviews page.
    index('tool_reviews_created_idx').on(t.createdAt, t.id),
    check('tool_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
)

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Always lower-cased; the check keeps a twin account from appearing by case. */
    email: text('email').notNull(),
    firebaseUid: text('firebase_uid'),
    name: text('name').notNull().default(''),
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    education: text('education').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    social: text('social').notNull().default(''),
    image: text('image').notNull().default(''),
    /**
     * True once a verified identity (Google, or an e-mail its owner verified) holds the
     * account: from then on an unverified sign-in for this e-mail gets no session.
     */
    identityVerified: integer('identity_verified', { mode: 'boolean' }).notNull().default(false),
    /**
     * The Firebase sign-in time (`auth_time`, seconds) of the last unverified sign-in. A verified
     * token of that same Firebase sign-in (same uid and auth_time, refreshed after the link was
     * opened) is the owner verifying, not a takeover: nothing is cleared.
     */
    unverifiedAuthTime: integer('unverified_auth_time'),
    /** Access tokens carry it (`sv`); raising it ends every session issued before. */
    sessionVersion: integer('session_version').notNull().default(1),
    /** Set while the account is removed (blocked): no session, no sign-in, until an admin restores it. */
    removedAt: integer('removed_at'),
    removedBy: text('removed_by'),
    // ── Business buyers (api.md "Wholesale"): the company checkout starts from; both or neither ──
    companyName: text('company_name'),
    /** 13 digits. */
    companyBin: text('company_bin'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_removed_idx').on(t.removedAt, t.createdAt),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'user')`),
  ],
)

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

/** The shop's settings (`GET/PATCH /api/settings`): one row per section (`shop`, `delivery`, `bank`, `cod`), its value JSON. */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).notNull(),
  updatedAt: updatedAt(),
})

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

/** Payment intents of the simulated provider (no Stripe keys configured). */
export const paymentIntents = sqliteTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    orderId: text('booking_id').notNull(),
    amountPaisa: integer('amount_paisa').notNull(),
    currency: text('currency').notNull().default('bdt'),
    status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] })
      .notNull()
      .default('requires_payment_method'),
    clientSecret: text('client_secret').notNull(),
    lastError: text('last_error'),
    /** Set once the payment is refunded (in full). */
    refundId: text('refund_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_intents_booking_idx').on(t.orderId, t.status),
    uniqueIndex('payment_intents_secret_idx').on(t.clientSecret),
  ],
)

/**
 * SSLCommerz sessions (the `gateway` method), one per attempt to pay: `tran_id` is ours, unique
 * per attempt, and maps back to the order (docs/api-extensions.md). Only
 * features/payments/providers/sslcommerz.ts reads or writes it. `status`: `open` (the customer was
 * sent to the gateway), `validated` (the validation API confirmed the payment), `held` (confirmed
 * but held for risk review, risk_level 1), `cancelled` (the order left `unpaid` first).
 */
export const gatewaySessions = sqliteTable(
  'gateway_sessions',
  {
    tranId: text('tran_id').primaryKey(),
    orderId: text('booking_id').notNull(),
    amountPaisa: integer('amount_paisa').notNull(),
    status: text('status', { enum: ['open', 'validated', 'held', 'cancelled'] })
      .notNull()
      .default('open'),
    sessionKey: text('session_key'),
    redirectUrl: text('redirect_url'),
    /** From the validation API, once a payment was confirmed. */
    valId: text('val_id'),
    bankTranId: text('bank_tran_id'),
    paidPaisa: integer('paid_paisa'),
    riskLevel: integer('risk_level'),
    /** The refund API's `refund_ref_id` once the payment is refunded. */
    refundRefId: text('refund_ref_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('gateway_sessions_booking_idx').on(t.orderId, t.status)],
)

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    /** A hash of the sender's address, for the rate limit; never the address itself. */
    clientKey: text('client_key').notNull(),
    emailStatus: text('email_status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    emailError: text('email_error'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_created_idx').on(t.createdAt), index('contact_client_idx').on(t.clientKey, t.createdAt)],
)

/**
 * Every e-mail the shop sends. Order e-mails are queued here ('pending') in the same D1
 * batch as the order's move and delivered after it, retried with backoff by the scheduled
 * job; `dedupe_key` makes each one sent once. Without a mail provider (local development)
 * this table is the mailbox: delivering a row just marks it sent, and admins read it.
 */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    /** The plain-text part. */
    body: text('body').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('sent'),
    /** e.g. `order:<id>:paid:customer`: the same e-mail is never queued twice. */
    dedupeKey: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at'),
    lastError: text('last_error'),
    sentAt: integer('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_created_idx').on(t.createdAt),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('email_outbox_dedupe_idx').on(t.dedupeKey),
  ],
)

/** What admins did, newest first. Append-only: no route changes or deletes a row. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: integer('at').notNull().default(nowMs),
    /** The admin's e-mail. */
    actor: text('actor').notNull(),
    /** A dotted name: order.status, order.refund, tool.update, user.remove, … */
    action: text('action').notNull(),
    /** The record's id, or the user's e-mail. */
    target: text('target').notNull(),
    /** What changed, in words. */
    detail: text('detail').notNull().default(''),
  },
  (t) => [index('audit_log_at_idx').on(t.at, t.id)],
)

export const webhookEvents = sqliteTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
})

// ─── Quotes (api.md "Wholesale") ────────────────────────────────────────────────────────

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

/** An order as stored. */
export type OrderRow = typeof orders.$inferSelect
export type OrderLineRow = typeof orderLines.$inferSelect
