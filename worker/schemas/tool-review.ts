import { TOOL_REVIEWS_PAGE } from './page-sizes'
import { intParam, PAGE_MAX, pageQuery } from './paging'
import { hasVisibleText, requiredText } from './text'
import { z } from './zod'

/** A review of a tool as anyone reads it (`GET /api/service/{id}/reviews`). */
export const ToolReviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  title: z.string().nullable(),
  body: z.string(),
  /** The reviewer's first name and initial ("Farhana A."). */
  name: z.string(),
  /** Always true: only a customer with a delivered order holding the tool can review it. */
  verified: z.literal(true),
  createdAt: z.number(),
})
export type ToolReview = z.infer<typeof ToolReviewSchema>

/** A review as the admins' Reviews page lists it: which tool, and who wrote it. */
export type ToolReviewAdminRow = ToolReview & { toolId: string; toolName: string | null; customer: string }

/** A tool's rating: the average of its reviews to one decimal (null without reviews) and their count. */
export type ToolRating = { average: number | null; count: number }

/**
 * The rating of `count` reviews whose ratings add up to `sum`: the average rounded half up to one
 * decimal, in integers (4.45 is 4.5, never 4.4 by a floating-point slip).
 */
export const toolRating = (count: number, sum: number): ToolRating => ({
  average: count > 0 ? Math.round((sum * 10) / count) / 10 : null,
  count,
})

export const REVIEW_TITLE_MAX = 120
export const REVIEW_BODY_MAX = 2000
const RATING_MESSAGE = 'rating must be a whole number from 1 to 5'

/**
 * `POST /api/service/{id}/reviews` and the review form: a rating of 1 to 5 stars, a body, a title if
 * the reviewer gives one. Stored as text, shown as text, never as HTML.
 */
export const ToolReviewInputSchema = z.object({
  // A form's select sends text: '4' is 4; '', null and 2.5 are refused.
  rating: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
  ),
  // An empty title, or one of only spaces and invisible characters, is no title.
  title: z
    .preprocess(
      (v) => (v === null || (typeof v === 'string' && !hasVisibleText(v)) ? undefined : v),
      z
        .string({ error: 'title must be text' })
        .trim()
        .max(REVIEW_TITLE_MAX, `title must be at most ${REVIEW_TITLE_MAX} characters`)
        .optional(),
    )
    .optional(),
  body: requiredText('body is Required', REVIEW_BODY_MAX, `body must be at most ${REVIEW_BODY_MAX} characters`),
})
export type ToolReviewInput = z.infer<typeof ToolReviewInputSchema>

export { TOOL_REVIEWS_PAGE } from './page-sizes'

/** `GET /api/service/{id}/reviews`: newest first, {@link TOOL_REVIEWS_PAGE} a page unless `limit` says. */
export const ToolReviewListQuerySchema = pageQuery.extend({
  limit: intParam('limit', 1, PAGE_MAX).default(TOOL_REVIEWS_PAGE),
})
