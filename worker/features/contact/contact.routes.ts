import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Inserted } from '#schemas/ack.ts'
import { ContactInputSchema, ContactListQuerySchema, type ContactMessage } from '#schemas/contact.ts'
import type { AppEnv } from '#worker/env.ts'
import { requirePermission } from '#worker/lib/auth.ts'
import { getDb } from '#worker/lib/db.ts'
import type { ErrorBody } from '#worker/lib/errors.ts'
import { validate } from '#worker/lib/validator.ts'
import { createMailer } from '../mail/mail.service'
import { contactClientKey, deliverMessage, listMessages, storeMessage } from './contact.service'

export const contactRoutes = new Hono<AppEnv>()
  .post(
    '/',
    // A message is at most 5000 characters; anything far larger is not a contact form.
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) =>
        c.json<ErrorBody>({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The message is too large.' } }, 413),
    }),
    validate('json', ContactInputSchema),
    async (c) => {
      const input = c.req.valid('json')
      const config = c.var.config
      const db = getDb(c.env)
      const clientKey = await contactClientKey(c.req.header('CF-Connecting-IP'), config.ACCESS_TOKEN_SECRET)

      // Stored first, so that nothing is lost when the e-mail cannot be sent.
      const id = await storeMessage(db, input, clientKey)
      await deliverMessage(db, createMailer(config, db), id, input, config.CONTACT_INBOX)
      return c.json<Inserted, 201>({ acknowledged: true, insertedId: id }, 201)
    },
  )
  .get('/', requirePermission('messages.read'), validate('query', ContactListQuerySchema), async (c) => {
    const { q, limit, offset } = c.req.valid('query')
    const { items, total } = await listMessages(getDb(c.env), { ...(q ? { q } : {}), limit, offset })
    c.header('X-Total-Count', String(total))
    c.header('Cache-Control', 'private, no-store')
    return c.json<ContactMessage[]>(items)
  })
