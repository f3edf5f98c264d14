import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Deleted, Inserted } from '#schemas/ack.ts'
import { type Review, ReviewInputSchema, ReviewListQuerySchema } from '#schemas/review.ts'
import { z } from '#schemas/zod.ts'
import type { AppEnv } from '#worker/env.ts'
import { requirePermission, requireVerifiedUser } from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import { cachePublicRoute, invalidatePublic } from '#worker/lib/edge-cache.ts'
import { ApiError } from '#worker/lib/errors.ts'
import { validate } from '#worker/lib/validator.ts'
import { assertImageStored } from '../images/images.service'
import { createReview, deleteReview, listReviews } from './reviews.service'

const IdParam = z.object({ id: z.string().min(1).max(64) })

export const reviewsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ReviewListQuerySchema), (c) =>
    cachePublicRoute(
      c,
      async () => {
        const { items, total } = await listReviews(getDb(c.env), c.req.valid('query'))
        return c.json<Review[], 200>(items, 200, { 'X-Total-Count': String(total) })
      },
      { tags: ['reviews'] },
    ),
  )
  .post(
    '/',
    requireVerifiedUser(),
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
      const insertedId = await createReview(getDb(c.env), input, c.var.user.email)
      await invalidatePublic(c.var.config, ['reviews'])
      return c.json<Inserted, 201>({ acknowledged: true, insertedId }, 201)
    },
  )
  .delete('/:id', requirePermission('reviews.moderate'), validate('param', IdParam), async (c) => {
    const { id } = c.req.valid('param')
    await deleteReview(getDb(c.env), id, c.var.user.email)
    await invalidatePublic(c.var.config, ['reviews'])
    return c.json<Deleted>({ acknowledged: true, deletedCount: 1 })
  })
