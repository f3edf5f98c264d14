import { Hono } from 'hono'
import { DeliveryQuerySchema, type MailDelivery, type OutboxMail, OutboxQuerySchema } from '#schemas/mail.ts'
import type { AppEnv } from '#worker/env.ts'
import { requirePermission } from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import { notFound } from '#worker/lib/errors.ts'
import { validate } from '#worker/lib/validator.ts'
import { listDeliveries, listOutbox, usesLocalOutbox } from './mail.service'

/**
 * Routes under /api/outbox. `GET /` lists the e-mails the shop would have sent, with their
 * text, while e-mail goes to the local outbox (no provider configured, not production);
 * otherwise it does not exist (api.md). `GET /deliveries` lists every e-mail's delivery
 * status (pending, sent, failed) without the text, whatever sends them.
 */
export const outboxRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('settings.manage'), validate('query', OutboxQuerySchema), async (c) => {
    if (!usesLocalOutbox(c.var.config))
      throw notFound('There is no local outbox: this shop sends e-mail through its provider.')
    const { to, limit, offset } = c.req.valid('query')
    const { items, total } = await listOutbox(getDb(c.env), { ...(to ? { to } : {}), limit, offset })
    c.header('X-Total-Count', String(total))
    c.header('Cache-Control', 'private, no-store')
    return c.json<OutboxMail[]>(items)
  })
  .get('/deliveries', requirePermission('settings.manage'), validate('query', DeliveryQuerySchema), async (c) => {
    const { to, status, limit, offset } = c.req.valid('query')
    const { items, total } = await listDeliveries(getDb(c.env), {
      ...(to ? { to } : {}),
      ...(status ? { status } : {}),
      limit,
      offset,
    })
    c.header('X-Total-Count', String(total))
    c.header('Cache-Control', 'private, no-store')
    return c.json<MailDelivery[]>(items)
  })
