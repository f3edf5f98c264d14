import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import type { AppEnv } from '../../env'
import { requireAdmin, requireUser } from '../../lib/auth'
import { getDb } from '../../lib/db'
import { ApiError } from '../../lib/errors'
import { validate } from '../../lib/validator'
import { ReviewInputSchema } from '../../schemas/review'
import type { Deleted, Inserted } from '../../schemas/ack'
import { assertImageStored } from '../images/images.service'
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
      await assertImageStored(c.env.IMAGES, input.img)
      // Stored as sent (trimmed): text, never HTML; the reviewer is the signed-in user.
      const insertedId = await createReview(getDb(c.env), input, c.var.user!.email)
      return c.json<Inserted, 201>({ acknowledged: true, insertedId }, 201)
    },
  )
  .delete('/:id', requireAdmin, validate('param', IdParam), async (c) => {
    await deleteReview(getDb(c.env), c.req.valid('param').id)
    return c.json<Deleted>({ acknowledged: true, deletedCount: 1 })
  })
