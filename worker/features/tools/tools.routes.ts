import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import type { AppEnv } from '../../env'
import { requireAdmin } from '../../lib/auth'
import { getDb } from '../../lib/db'
import { ApiError, badRequest, notFound } from '../../lib/errors'
import { validate } from '../../lib/validator'
import {
  TOOL_PAGE_MAX,
  ToolInputSchema,
  ToolListQuerySchema,
  ToolPatchSchema,
} from '../../schemas/tool'
import type { Deleted, Inserted, Modified } from '../../schemas/ack'
import { assertImageStored } from '../images/images.service'
import { createTool, deleteTool, getTool, listTools, updateTool } from './tools.service'

const IdParam = z.object({ id: z.string().min(1).max(64) })

// A tool's fields fit in a few kilobytes; anything far larger is not a tool.
const jsonLimit = bodyLimit({
  maxSize: 32 * 1024,
  onError: () => {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.')
  },
})

export const toolsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ToolListQuerySchema), async (c) => {
    const { q, sort, limit = TOOL_PAGE_MAX, offset = 0 } = c.req.valid('query')
    const { items, total } = await listTools(getDb(c.env), { q, sort, limit, offset })
    c.header('X-Total-Count', String(total))
    c.header('Cache-Control', 'no-cache')
    return c.json(items)
  })
  .get('/:id', validate('param', IdParam), async (c) => {
    const tool = await getTool(getDb(c.env), c.req.valid('param').id)
    if (!tool) throw notFound('No such tool.')
    return c.json(tool)
  })
  .post('/', requireAdmin, jsonLimit, validate('json', ToolInputSchema), async (c) => {
    const { email, ...fields } = c.req.valid('json')
    const admin = c.var.user!
    // The spec's form sends the submitter's e-mail; it may only be the caller's own.
    if (email !== undefined && email.trim().toLowerCase() !== admin.email) {
      const message = 'email must be your own e-mail address'
      throw badRequest(message, { email: message })
    }
    await assertImageStored(c.env.IMAGES, fields.img)
    const insertedId = await createTool(getDb(c.env), fields, admin.email)
    return c.json<Inserted, 201>({ acknowledged: true, insertedId }, 201)
  })
  .patch('/:id', requireAdmin, validate('param', IdParam), jsonLimit, validate('json', ToolPatchSchema), async (c) => {
    const patch = c.req.valid('json')
    await assertImageStored(c.env.IMAGES, patch.img)
    const modifiedCount = await updateTool(getDb(c.env), c.req.valid('param').id, patch)
    return c.json<Modified>({ acknowledged: true, modifiedCount })
  })
  .delete('/:id', requireAdmin, validate('param', IdParam), async (c) => {
    await deleteTool(getDb(c.env), c.req.valid('param').id)
    return c.json<Deleted>({ acknowledged: true, deletedCount: 1 })
  })
