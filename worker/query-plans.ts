/**
 * The reads the shop serves most, named, for bench/ to print their query plans at scale
 * (`npm run bench`, scale phase): the seam through which the bench reaches the API's own
 * SQL without importing feature internals. A new hot list belongs here.
 */

import type { CheckoutPreviewInput } from '#schemas/checkout.ts'
import { PERMISSIONS } from '#schemas/staff.ts'
import type { Config } from './env'
import { cartQuery } from './features/cart/cart.service'
import { listCategories } from './features/categories/categories.service'
import { previewCheckout } from './features/checkout/checkout.service'
import { googleFeed } from './features/feed/google-feed'
import { listCustomerOrdersQuery, listOrders } from './features/orders/orders.service'
import { orderSummary } from './features/orders/summary'
import { listQuotes } from './features/quotes/quotes.service'
import { listReviews } from './features/reviews/reviews.service'
import { vatRegister } from './features/tax-documents/vat.service'
import { listToolReviews } from './features/tool-reviews/tool-reviews.service'
import { getTool, listTools, relatedTools } from './features/tools/tools.service'
import { sessionUserQuery } from './lib/auth'
import type { Db } from './lib/db'
import { DEFAULT_SETTINGS } from './schemas/delivery'
import { dhakaMonth } from './schemas/dhaka-time'

export type PlannedRead = [label: string, run: () => Promise<unknown>]

export function hotReads(
  db: Db,
  ids: {
    tool: string
    customer: string
    search: string
    toolSearch: string
    delivery: CheckoutPreviewInput['delivery']
    /** A category's slug for the filter's plan; the demo's 'drilling' when the bench has none. */
    category?: string
  },
): PlannedRead[] {
  const hold = 2 * 60 * 60 * 1000
  // The payment methods are decided in memory: no configuration is needed to read the plans.
  const noMethods = { config: {} as Config, settings: DEFAULT_SETTINGS }
  return [
    [
      'GET /api/service?limit=20&offset=5000 (page of the catalogue + its total)',
      () => listTools(db, { limit: 20, offset: 5000 }),
    ],
    ['GET /api/service?sort=price&limit=20', () => listTools(db, { sort: 'price', limit: 20, offset: 0 })],
    ['GET /api/service?sort=name&limit=20', () => listTools(db, { sort: 'name', limit: 20, offset: 0 })],
    [
      'GET /api/service?q=drill&limit=20 (search: FTS5 tool_search, ranked by bm25)',
      () => listTools(db, { q: 'drill', limit: 20, offset: 0 }),
    ],
    [
      'GET /api/service?category=…&limit=20 (a category with its children: tools_category_idx)',
      () => listTools(db, { category: ids.category ?? 'drilling', limit: 20, offset: 0 }),
    ],
    [
      'GET /api/service?q=wet vac&limit=20 (search: two prefixes, every one required)',
      () => listTools(db, { q: 'wet vac', limit: 20, offset: 0 }),
    ],
    ['GET /api/category (every category with its count)', () => listCategories(db)],
    // The tool page's sections and the merchant feed (issue 25).
    [
      'GET /api/service/{id}/reviews (tool_reviews_tool_idx)',
      () => listToolReviews(db, ids.tool, { limit: 5, offset: 0 }),
    ],
    ['GET /api/service/{id}/related (its category family)', () => relatedTools(db, ids.tool)],
    ['GET /feeds/google.xml (every tool in catalogue order)', () => googleFeed(db, 'http://bench.test', 'Toolhaus')],
    ['GET /api/service/{id}', () => getTool(db, ids.tool)],
    ['GET /api/review', () => listReviews(db, { limit: 50, offset: 0 })],
    ['access token → user (every authenticated request)', () => sessionUserQuery(db, ids.customer).get()],
    ['GET /api/booking?customer=', () => listCustomerOrdersQuery(db, ids.customer)],
    ['GET /api/cart (its lines, their tools)', () => cartQuery(db, ids.customer).all()],
    // The checkout reads the same before it places the order (then one guarded batch of writes).
    [
      'POST /api/checkout/preview (the cart, its tools, the delivery settings)',
      () => previewCheckout(db, ids.customer, { delivery: ids.delivery, paymentMethod: 'card' }, noMethods),
    ],
    ['GET /api/booking (order desk, first page)', () => listOrders(db, { limit: 50, offset: 0 }, hold)],
    [
      'GET /api/booking?status=paid&offset=2000 (a status tab, deep page)',
      () => listOrders(db, { status: 'paid', limit: 50, offset: 2000 }, hold),
    ],
    [
      'GET /api/booking?q=… (order desk search: FTS5 trigram)',
      () => listOrders(db, { q: ids.search, limit: 50, offset: 0 }, hold),
    ],
    [
      'GET /api/booking?q=<tool name> (order desk search: any line’s tool, FTS5 trigram)',
      () => listOrders(db, { q: ids.toolSearch, limit: 50, offset: 0 }, hold),
    ],
    ['GET /api/booking?q=TH-… (order number)', () => listOrders(db, { q: 'TH-30000', limit: 50, offset: 0 }, hold)],
    // Counts from order_counts, revenue from revenue_days (whole UTC days) plus the part of a day before a rolling
    // window's first whole day, from the paid_at / refunded_at indexes: nothing here grows with the orders.
    [
      'GET /api/admin/summary (order_counts; revenue_days + part of a day)',
      () => orderSummary(db, Date.now(), PERMISSIONS),
    ],
    // The quotes desk (issue 24): the first page, and a search through its FTS5 trigram index.
    ['GET /api/quotes (quotes desk, first page)', () => listQuotes(db, { limit: 20, offset: 0 }, Date.now())],
    [
      'GET /api/quotes?q=… (quotes desk search: FTS5 trigram quote_search)',
      () => listQuotes(db, { q: ids.search, limit: 20, offset: 0 }, Date.now()),
    ],
    // A month's invoices and credit notes: ranges of the issue-time indexes, whatever the number of orders.
    ['GET /api/admin/vat?month= (the VAT register)', () => vatRegister(db, dhakaMonth(Date.now()))],
  ]
}
