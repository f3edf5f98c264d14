import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#worker/env.ts'
import { getDb } from '#worker/lib/db.ts'
import { deliverAfterResponse } from '../mail/mail.service'
import { orderDeps } from './orders.service'

/** {@link orderDeps} for a request; links in e-mails point at its origin. */
export const depsOf = (c: Context<AppEnv>) => orderDeps(c.var.config, getDb(c.env), new URL(c.req.url).origin)

/** After a change that went through, the e-mails it queued go out (after the response). */
export const deliverMail = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (c.req.method === 'GET' || c.res.status >= 400) return
  let waitUntil: ((p: Promise<unknown>) => void) | undefined
  try {
    const ctx = c.executionCtx
    waitUntil = (p) => ctx.waitUntil(p)
  } catch {
    waitUntil = undefined // app.request() without an execution context (some tests): it runs on its own
  }
  deliverAfterResponse(waitUntil, getDb(c.env), c.var.config)
})
