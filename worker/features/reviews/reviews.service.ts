import { and, count, desc, eq, gt, sql } from 'drizzle-orm'
import type { Review, ReviewInput } from '#schemas/review.ts'
import { NOW_MS_SQL } from '#worker/db/now.ts'
import { reviews } from '#worker/db/schema.ts'
import { type Db, newId } from '#worker/lib/db.ts'
import { ApiError, notFound } from '#worker/lib/errors.ts'

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
export const REVIEW_RATE_LIMIT = { max: 5, windowMs: 24 * 60 * 60 * 1000 } as const

/**
 * Adds a review by the signed-in user (`userEmail`), unless they reached the rate limit.
 * NOTE: the count and the insert are one statement, so parallel posts cannot slip past it.
 * @returns the new id.
 * @throws 429 RATE_LIMITED with Retry-After (seconds until their oldest review in the window leaves it).
 */
export async function createReview(db: Db, input: ReviewInput, userEmail: string): Promise<string> {
  const id = newId()
  const { max, windowMs } = REVIEW_RATE_LIMIT
  const result = await db.$client
    .prepare(
      `insert into reviews (id, name, description, img, rating, user_email)
       select ?, ?, ?, ?, ?, ?
       where (select count(*) from reviews where user_email = ? and created_at > ${NOW_MS_SQL} - ?) < ?`,
    )
    .bind(id, input.name, input.description, input.img, input.rating ?? null, userEmail, userEmail, windowMs, max)
    .run()
  if ((result.meta.changes ?? 0) > 0) return id
  const oldest = await db
    .select({ at: sql<number>`min(${reviews.createdAt})`, now: sql<number>`${sql.raw(NOW_MS_SQL)}` })
    .from(reviews)
    .where(and(eq(reviews.userEmail, userEmail), gt(reviews.createdAt, sql`${sql.raw(NOW_MS_SQL)} - ${windowMs}`)))
    .get()
  const retryAfter = Math.max(1, Math.ceil(((oldest?.at ?? 0) + windowMs - (oldest?.now ?? 0)) / 1000))
  const hours = Math.ceil(retryAfter / 3600)
  throw new ApiError(
    429,
    'RATE_LIMITED',
    `You have posted ${max} reviews in the last 24 hours. Please wait ${hours} hour${hours === 1 ? '' : 's'} before posting another.`,
    undefined,
    { 'Retry-After': String(retryAfter) },
  )
}

/** @returns the review as it was. @throws 404 when there is no review with that id. */
export async function deleteReview(db: Db, id: string): Promise<Review> {
  const row = await db.delete(reviews).where(eq(reviews.id, id)).returning().get()
  if (!row) throw notFound('No such review.')
  return toReviewDto(row)
}
