import { desc } from 'drizzle-orm'
import type { Db } from '../../lib/db'
import { reviews } from '../../db/schema'
import type { Review } from '../../schemas/review'

type ReviewRow = typeof reviews.$inferSelect

export const toReviewDto = (row: ReviewRow): Review => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  img: row.img,
  rating: row.rating,
  createdAt: row.createdAt,
})

/** Newest first; the home carousel shows at most this many. */
export const REVIEW_LIST_MAX = 50

export async function listReviews(db: Db): Promise<Review[]> {
  const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(REVIEW_LIST_MAX)
  return rows.map(toReviewDto)
}
