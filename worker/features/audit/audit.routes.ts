import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { requireAdmin } from '../../lib/auth'
import { getDb } from '../../lib/db'
import { validate } from '../../lib/validator'
import type { AuditEntry } from '../../schemas/audit'
import { pageQuery } from '../../schemas/paging'
import { listAudit } from './audit.service'

/** Routes under /api/audit: the admins' actions, newest first. Read-only: nothing changes or deletes an entry. */
export const auditRoutes = new Hono<AppEnv>().get('/', requireAdmin, validate('query', pageQuery), async (c) => {
  const { items, total } = await listAudit(getDb(c.env), c.req.valid('query'))
  c.header('X-Total-Count', String(total))
  c.header('Cache-Control', 'private, no-store')
  return c.json<AuditEntry[]>(items)
})
