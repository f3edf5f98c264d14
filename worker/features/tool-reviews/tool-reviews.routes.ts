import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Deleted, Inserted } from '#schemas/ack.ts'
import { pageQuery } from '#schemas/paging.ts'
import {
  type ToolReview,
  type ToolReviewAdminRow,
  ToolReviewInputSchema,
  ToolReviewListQuerySchema,
} from '#schemas/tool-review.ts'
import { z } from '#schemas/zod.ts'
import type { AppEnv } from '#worker/env.ts'
import { requirePermission, requireUser, requireVerifiedUser } from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import { cachePublicRoute, invalidatePublic } from '#worker/lib/edge-cache.ts'
import { ApiError } from '#worker/lib/errors.ts'
import { validate } from '#worker/lib/validator.ts'
import {
  createToolReview,
  deleteToolReview,
  listAllToolReviews,
  listToolReviews,
  reviewsBy,
} from './tool-reviews.service'

const ToolParam = z.object({ id: z.string().min(1).max(64) })
const ReviewParam = ToolParam.extend({ reviewId: z.string().min(1).max(64) })

/**
 * What a change to a tool's reviews shows in: the tool's own answers and pages (its `rating`,
 * the reviews on its page, its Product data) and the review lists.
 */
const REVIEW_TAGS = ['catalogue', 'reviews'] as const

/** Reviews of a tool by its buyers (api.md "Catalogue"); the spec's site-wide reviews are features/reviews. */
export const toolReviewsRoutes = new Hono<AppEnv>()
  .get('/service/:id/reviews', validate('param', ToolParam), validate('query', ToolReviewListQuerySchema), (c) =>
    cachePublicRoute(
      c,
      async () => {
        const { items, total } = await listToolReviews(getDb(c.env), c.req.valid('param').id, c.req.valid('query'))
        return c.json<ToolReview[], 200>(items, 200, { 'X-Total-Count': String(total) })
      },
      { tags: REVIEW_TAGS },
    ),
  )
  .post(
    '/service/:id/reviews',
    requireVerifiedUser(),
    validate('param', ToolParam),
    // A review is at most about 8 KB of text (2,000 characters of Bengali); anything far larger is not one.
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => {
        throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The review is too large.')
      },
    }),
    validate('json', ToolReviewInputSchema),
    async (c) => {
      const user = c.var.user
      const insertedId = await createToolReview(
        getDb(c.env),
        c.req.valid('param').id,
        { email: user.email, name: user.name },
        c.req.valid('json'),
      )
      await invalidatePublic(c.var.config, REVIEW_TAGS)
      return c.json<Inserted, 201>({ acknowledged: true, insertedId }, 201)
    },
  )
  .delete(
    '/service/:id/reviews/:reviewId',
    requirePermission('reviews.moderate'),
    validate('param', ReviewParam),
    async (c) => {
      const { id, reviewId } = c.req.valid('param')
      await deleteToolReview(getDb(c.env), id, reviewId, c.var.user.email)
      await invalidatePublic(c.var.config, REVIEW_TAGS)
      return c.json<Deleted>({ acknowledged: true, deletedCount: 1 })
    },
  )
  // Extensions (docs/api-extensions.md): every tool's reviews for the admins' Reviews page, and the
  // tools the caller has reviewed, for their order page.
  .get('/tool-reviews', requirePermission('reviews.moderate'), validate('query', pageQuery), async (c) => {
    const { items, total } = await listAllToolReviews(getDb(c.env), c.req.valid('query'))
    return c.json<ToolReviewAdminRow[], 200>(items, 200, { 'X-Total-Count': String(total) })
  })
  .get('/tool-reviews/mine', requireUser, async (c) => c.json(await reviewsBy(getDb(c.env), c.var.user.email)))
