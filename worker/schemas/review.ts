import { imageRefSchema } from './image'
import { pageQuery } from './paging'
import { requiredText } from './text'
import { z } from './zod'

export const ReviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  img: z.string(),
  rating: z.number().int().nullable(),
  createdAt: z.number(),
})
export type Review = z.infer<typeof ReviewSchema>

const RATING_MESSAGE = 'rating must be 1 to 5'

/**
 * The add-review form and POST /api/review body. The text is stored as text and shown as
 * text; it is never treated as HTML.
 */
export const ReviewInputSchema = z.object({
  name: requiredText('name is Required', 80, 'name is too long'),
  description: requiredText('description is Required', 1000, 'description is too long'),
  img: imageRefSchema('Photo is Required'),
  // An empty form field or null means no rating; a numeric string is its number.
  rating: z
    .preprocess(
      (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
      z.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE).optional(),
    )
    .optional(),
})
export type ReviewInput = z.infer<typeof ReviewInputSchema>

/** `GET /api/review`: newest first; 50 a page unless `limit` says (the home carousel takes the first page). */
export const ReviewListQuerySchema = pageQuery
