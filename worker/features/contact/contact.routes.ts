import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../../env'
import { requireAdmin } from '../../lib/auth'
import { getDb } from '../../lib/db'
import { ApiError, type ErrorBody } from '../../lib/errors'
import { validate } from '../../lib/validator'
import { ContactInputSchema, type ContactCreated } from '../../schemas/contact'
import { clientKeyFor, CONTACT_RATE_LIMIT, deliverMessage, listMessages, storeMessage } from './contact.service'
import { createMailer } from './mailer'

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
      const clientKey = await clientKeyFor(c.req.header('CF-Connecting-IP'), config.ACCESS_TOKEN_SECRET)

      // Stored first, so that nothing is lost when the e-mail cannot be sent.
      const stored = await storeMessage(db, input, clientKey)
      if (!stored.stored) {
        const minutes = Math.ceil(stored.retryAfterSeconds / 60)
        throw new ApiError(
          429,
          'RATE_LIMITED',
          `You have sent ${CONTACT_RATE_LIMIT.max} messages in the last ${CONTACT_RATE_LIMIT.windowMs / 60000} minutes. ` +
            `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before sending another.`,
          undefined,
          { 'Retry-After': String(stored.retryAfterSeconds) },
        )
      }

      const delivery = await deliverMessage(db, createMailer(config, db), stored.id, input, config.CONTACT_INBOX)
      if (!delivery.sent) {
        console.error('Contact e-mail not sent', stored.id, delivery.error)
        if (delivery.kind === 'not_configured')
          throw new ApiError(503, 'NOT_CONFIGURED', 'E-mail is not set up on this shop yet. Please try again later.')
        throw new ApiError(502, 'PROVIDER_FAILED', 'Your message could not be e-mailed right now. Please try again later.')
      }
      return c.json<ContactCreated, 201>({ acknowledged: true, insertedId: stored.id }, 201)
    },
  )
  .get('/', requireAdmin, async (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json(await listMessages(getDb(c.env)))
  })
