import { desc, eq } from 'drizzle-orm'
import { newId, type Db } from '../../lib/db'
import { notFound } from '../../lib/errors'
import { reviews } from '../../db/schema'
import type { Review, ReviewInput } from '../../schemas/review'

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

/** Adds a review by the signed-in user (`userEmail`). @returns the new id. */
export async function createReview(db: Db, input: ReviewInput, userEmail: string): Promise<string> {
  const id = newId()
  await db.insert(reviews).values({
    id,
    name: input.name,
    description: input.description,
    img: input.img,
    rating: input.rating ?? null,
    userEmail,
  })
  return id
}

/** @throws 404 when there is no review with that id. */
export async function deleteReview(db: Db, id: string): Promise<void> {
  const result = await db.delete(reviews).where(eq(reviews.id, id)).run()
  if (result.meta.changes === 0) throw notFound('No such review.')
}
