import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Deleted, Inserted, Modified } from '#schemas/ack.ts'
import type { OpenOrders } from '#schemas/tool.ts'
import { TOOL_PAGE_MAX, ToolInputSchema, ToolListQuerySchema, ToolPatchSchema } from '#schemas/tool.ts'
import { z } from '#schemas/zod.ts'
import type { AppEnv } from '#worker/env.ts'
import { requireFieldPermissions, requirePermission, requireUser } from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import { cachePublicRoute, invalidatePublic } from '#worker/lib/edge-cache.ts'
import { ApiError, badRequest, notFound } from '#worker/lib/errors.ts'
import { validate } from '#worker/lib/validator.ts'
import { addToAuditDetail } from '../audit/audit.service'
import { assertImagesStored } from '../images/images.service'
import { deliverMail } from '../mail/mail.service'
import { cancelOrdersOfWithdrawnTool, openOrdersOfTool, orderDeps } from '../orders/orders.service'
import { createTool, deleteTool, getTool, listTools, relatedTools, updateTool } from './tools.service'

const IdParam = z.object({ id: z.string().min(1).max(64) })

/** A tool's stock is the store's: these fields need stock.adjust, every other catalogue.edit. */
const STOCK_FIELDS = { quantity: 'stock.adjust', previousQuantity: 'stock.adjust' } as const

// A tool's fields fit in a few tens of kilobytes (30 specifications of Bengali text included);
// anything far larger is not a tool.
const jsonLimit = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.')
  },
})

export const toolsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ToolListQuerySchema), (c) => {
    const { q, sort, category, limit = TOOL_PAGE_MAX, offset = 0 } = c.req.valid('query')
    return cachePublicRoute(
      c,
      async () => {
        const { items, total } = await listTools(getDb(c.env), { q, sort, category, limit, offset })
        return c.json(items, 200, { 'X-Total-Count': String(total) })
      },
      { tags: ['catalogue'] },
    )
  })
  .get('/:id', validate('param', IdParam), (c) =>
    cachePublicRoute(
      c,
      async () => {
        const tool = await getTool(getDb(c.env), c.req.valid('param').id)
        if (!tool) throw notFound('No such tool.')
        return c.json(tool)
      },
      { tags: ['catalogue'] },
    ),
  )
  // Up to 4 tools of the same category family, orderable first (the tool page's "Related tools").
  .get('/:id/related', validate('param', IdParam), (c) =>
    cachePublicRoute(
      c,
      async () => {
        const related = await relatedTools(getDb(c.env), c.req.valid('param').id)
        if (!related) throw notFound('No such tool.')
        return c.json(related)
      },
      { tags: ['catalogue'] },
    ),
  )
  .post('/', requirePermission('catalogue.edit'), jsonLimit, validate('json', ToolInputSchema), async (c) => {
    const { email, ...fields } = c.req.valid('json')
    const admin = c.var.user
    // The spec's form sends the submitter's e-mail; it may only be the caller's own.
    if (email !== undefined && email.trim().toLowerCase() !== admin.email) {
      const message = 'email must be your own e-mail address'
      throw badRequest(message, { email: message })
    }
    await assertImagesStored(c.env.IMAGES, fields)
    const insertedId = await createTool(getDb(c.env), fields, admin.email)
    await invalidatePublic(c.var.config, ['catalogue'])
    return c.json<Inserted, 201>({ acknowledged: true, insertedId }, 201)
  })
  // Stock is the store's: `quantity` (and its `previousQuantity`) need stock.adjust, the rest catalogue.edit.
  .patch(
    '/:id',
    requireUser,
    jsonLimit,
    requireFieldPermissions(STOCK_FIELDS, 'catalogue.edit'),
    validate('param', IdParam),
    validate('json', ToolPatchSchema),
    async (c) => {
      const patch = c.req.valid('json')
      await assertImagesStored(c.env.IMAGES, patch)
      const modifiedCount = await updateTool(getDb(c.env), c.req.valid('param').id, patch, c.var.user.email)
      if (modifiedCount) await invalidatePublic(c.var.config, ['catalogue'])
      return c.json<Modified>({ acknowledged: true, modifiedCount })
    },
  )
  // The open orders a withdrawal would touch, for the admin's confirmation.
  .get('/:id/orders', requirePermission('catalogue.edit'), validate('param', IdParam), async (c) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json<OpenOrders>(await openOrdersOfTool(getDb(c.env), c.req.valid('param').id))
  })
  // The cancelled orders' e-mails go out after the answer, as for every other order move.
  .delete('/:id', requirePermission('catalogue.edit'), validate('param', IdParam), deliverMail, async (c) => {
    const { id } = c.req.valid('param')
    const deps = orderDeps(c.var.config, getDb(c.env))
    const { auditId } = await deleteTool(deps.db, id, c.var.user.email)
    await invalidatePublic(c.var.config, ['catalogue'])
    // Taken out of the catalogue first, so nobody orders it meanwhile; then its unpaid orders end.
    const cancelled = await cancelOrdersOfWithdrawnTool(deps, id)
    if (cancelled)
      await addToAuditDetail(deps.db, auditId, `; ${cancelled} unpaid order${cancelled === 1 ? '' : 's'} cancelled`)
    return c.json<Deleted>({ acknowledged: true, deletedCount: 1 })
  })
