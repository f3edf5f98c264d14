import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../../env'
import { getDb } from '../../lib/db'
import { notFound } from '../../lib/errors'
import { validate } from '../../lib/validator'
import { TOOL_PAGE_MAX, ToolListQuerySchema } from '../../schemas/tool'
import { getTool, listTools } from './tools.service'

const IdParam = z.object({ id: z.string().min(1).max(64) })

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
