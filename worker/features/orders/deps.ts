import type { Context } from 'hono'
import type { AppEnv } from '#worker/env.ts'
import { getDb } from '#worker/lib/db.ts'
import { orderDeps } from './orders.service'

/** {@link orderDeps} for a request; links in e-mails point at its origin. */
export const depsOf = (c: Context<AppEnv>) => orderDeps(c.var.config, getDb(c.env), new URL(c.req.url).origin)

/** After a change that went through, the e-mails it queued go out (after the response). */
export { deliverMail } from '../mail/mail.service'
