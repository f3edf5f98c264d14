import { Hono } from 'hono'
import type { AuditEntry } from '#schemas/audit.ts'
import { pageQuery } from '#schemas/paging.ts'
import type { AppEnv } from '#worker/env.ts'
import { requirePermission } from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import { validate } from '#worker/lib/validator.ts'
import { listAudit } from './audit.service'

/** Routes under /api/audit: the admins' actions, newest first. Read-only: nothing changes or deletes an entry. */
export const auditRoutes = new Hono<AppEnv>().get(
  '/',
  requirePermission('audit.read'),
  validate('query', pageQuery),
  async (c) => {
    const { items, total } = await listAudit(getDb(c.env), c.req.valid('query'))
    c.header('X-Total-Count', String(total))
    c.header('Cache-Control', 'private, no-store')
    return c.json<AuditEntry[]>(items)
  },
)
