import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import type { AppEnv } from '../../env'
import { requireAdmin, requireUser } from '../../lib/auth'
import { getDb } from '../../lib/db'
import { ApiError, badRequest, notFound } from '../../lib/errors'
import { validate } from '../../lib/validator'
import { ReviewInputSchema } from '../../schemas/review'
import { uploadedImageKey, type Deleted, type Inserted } from '../../schemas/tool'
import { createReview, deleteReview, listReviews } from './reviews.service'

const IdParam = z.object({ id: z.string().min(1).max(64) })

export const reviewsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.json(await listReviews(getDb(c.env)))
  })
  .post(
    '/',
    requireUser,
    // A review is at most about 2 KB of text; anything far larger is not a review.
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => {
        throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The review is too large.')
      },
    }),
    validate('json', ReviewInputSchema),
    async (c) => {
      const input = c.req.valid('json')
      const key = uploadedImageKey(input.img)
      if (key && !(await c.env.IMAGES.head(key))) {
        const message = 'No uploaded image has that address. Upload the photo first.'
        throw badRequest(message, { img: message })
      }
      // Stored as sent (trimmed): text, never HTML; the reviewer is the signed-in user.
      const insertedId = await createReview(getDb(c.env), input, c.var.user!.email)
      return c.json<Inserted, 201>({ acknowledged: true, insertedId }, 201)
    },
  )
  .delete('/:id', requireAdmin, validate('param', IdParam), async (c) => {
    const deletedCount = await deleteReview(getDb(c.env), c.req.valid('param').id)
    if (deletedCount === 0) throw notFound('No such review.')
    return c.json<Deleted>({ acknowledged: true, deletedCount })
  })
