// Reviews: the site-wide ones (features/reviews) and buyers' reviews of a tool
// (features/tool-reviews).
import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns'

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
