import { count, desc, eq, sql } from 'drizzle-orm'
import type { Review, ReviewInput } from '#schemas/review.ts'
import { reviews } from '#worker/db/schema.ts'
import { type Db, newId } from '#worker/lib/db.ts'
import { notFound } from '#worker/lib/errors.ts'
import { CHANGED_ONE_ROW, queryPart, returnedRow, runBatch } from '#worker/lib/guarded.ts'
import { insertWithinLimit, type RateLimit } from '#worker/lib/rate-limit.ts'
import { auditStatement } from '../audit/audit.service'

type ReviewRow = typeof reviews.$inferSelect

export const toReviewDto = (row: ReviewRow): Review => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  img: row.img,
  rating: row.rating,
  createdAt: row.createdAt,
})

/** Reviews, newest first, paged, with the total. */
export async function listReviews(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ items: Review[]; total: number }> {
  const [rows, [total]] = await db.batch([
    db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(reviews),
  ])
  return { items: rows.map(toReviewDto), total: total?.n ?? 0 }
}

/** At most `max` reviews per user within `windowMs` (a flood would push real reviews off the list). */
export const REVIEW_RATE_LIMIT: RateLimit = {
  max: 5,
  windowMs: 24 * 60 * 60 * 1000,
  rows: { table: reviews, key: reviews.userEmail, createdAt: reviews.createdAt },
  message: (retryAfterSeconds) => {
    const hours = Math.ceil(retryAfterSeconds / 3600)
    return `You have posted ${REVIEW_RATE_LIMIT.max} reviews in the last 24 hours. Please wait ${hours} hour${hours === 1 ? '' : 's'} before posting another.`
  },
}

/**
 * Adds a review by the signed-in user (`userEmail`, the key of {@link REVIEW_RATE_LIMIT}),
 * unless they reached the rate limit.
 * @returns the new id.
 * @throws 429 RATE_LIMITED with Retry-After (seconds until their oldest review in the window leaves it).
 */
export async function createReview(db: Db, input: ReviewInput, userEmail: string): Promise<string> {
  const id = newId()
  await insertWithinLimit(
    db,
    REVIEW_RATE_LIMIT,
    userEmail,
    (withinLimit) => sql`
      insert into reviews (id, name, description, img, rating, user_email)
      select ${id}, ${input.name}, ${input.description}, ${input.img}, ${input.rating ?? null}, ${userEmail}
      where ${withinLimit}`,
  )
  return id
}

/**
 * Deletes a review, for the admin `by`; audited (`review.delete`, naming whose it was) in the
 * same batch. @throws 404 when there is no review with that id.
 */
export async function deleteReview(db: Db, id: string, by: string): Promise<void> {
  const noSuchReview = () => notFound('No such review.')
  const row = await db.select({ name: reviews.name }).from(reviews).where(eq(reviews.id, id)).get()
  if (!row) throw noSuchReview()
  const [deleted] = await runBatch(db, [
    queryPart(db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id })),
    auditStatement(
      db,
      { actor: by, action: 'review.delete', target: id, detail: `deleted the review by ${row.name}` },
      CHANGED_ONE_ROW,
    ),
  ])
  if (!returnedRow(deleted)) throw noSuchReview()
}
