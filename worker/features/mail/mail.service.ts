import { and, desc, eq, lte, sql } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { html } from 'hono/html'
import type { MailDelivery, MailStatus, OutboxMail } from '#schemas/mail.ts'
import { NOW_MS_SQL, nowMs } from '#worker/db/now.ts'
import { emailOutbox } from '#worker/db/schema.ts'
import type { AppEnv, Config } from '#worker/env.ts'
import { type Db, getDb, newId } from '#worker/lib/db.ts'
import { htmlText } from '#worker/lib/html.ts'

export const DEFAULT_EMAIL_API_URL = 'https://api.resend.com/emails'
/** Where the local outbox addresses mail when CONTACT_INBOX is not set. */
export const LOCAL_INBOX = 'inbox@localhost'
const SEND_TIMEOUT_MS = 10_000

export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string }

/** A send that did not happen: the provider failed, or no provider is configured. */
export class MailError extends Error {
  override name = 'MailError'
  constructor(
    readonly kind: 'failed' | 'not_configured',
    message: string,
  ) {
    super(message)
  }
}

export interface Mailer {
  readonly provider: 'http' | 'outbox' | 'none'
  /** Resolves with the provider's id for the mail; rejects with MailError. */
  send(mail: Mail): Promise<{ id: string }>
}

/**
 * The e-mail provider for this configuration: Resend's HTTP API when EMAIL_API_KEY is
 * set; otherwise, outside production, the email_outbox table; in production without a
 * key, a mailer that always reports "not configured".
 */
export function createMailer(config: Config, db: Db): Mailer {
  if (config.EMAIL_API_KEY) return httpMailer(config)
  if (config.ENVIRONMENT !== 'production') return outboxMailer(db)
  return {
    provider: 'none',
    async send() {
      throw new MailError(
        'not_configured',
        'E-mail is not configured: set EMAIL_API_KEY, EMAIL_FROM and CONTACT_INBOX.',
      )
    },
  }
}

function httpMailer(config: Config): Mailer {
  const url = config.EMAIL_API_URL || DEFAULT_EMAIL_API_URL
  return {
    provider: 'http',
    async send(mail) {
      if (!config.EMAIL_FROM) throw new MailError('not_configured', 'EMAIL_FROM is not set.')
      if (!mail.to) throw new MailError('not_configured', 'The e-mail has no recipient (is CONTACT_INBOX set?).')
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${config.EMAIL_API_KEY}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            from: config.EMAIL_FROM,
            to: [mail.to],
            subject: mail.subject,
            text: mail.text,
            ...(mail.html ? { html: mail.html } : {}),
            ...(mail.replyTo ? { reply_to: mail.replyTo } : {}),
          }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        })
      } catch (err) {
        throw new MailError(
          'failed',
          `E-mail provider unreachable: ${err instanceof Error ? err.message : String(err)}`,
        )
      }
      const body = (await res.json().catch(() => null)) as { id?: unknown; message?: unknown } | null
      if (!res.ok) {
        const reason = typeof body?.message === 'string' ? `: ${body.message.slice(0, 200)}` : ''
        throw new MailError('failed', `E-mail provider answered ${res.status}${reason}`)
      }
      return { id: typeof body?.id === 'string' ? body.id : '' }
    },
  }
}

function outboxMailer(db: Db): Mailer {
  return {
    provider: 'outbox',
    async send(mail) {
      const id = newId()
      try {
        await db.insert(emailOutbox).values({
          id,
          to: mail.to || LOCAL_INBOX,
          replyTo: mail.replyTo ?? null,
          subject: mail.subject,
          body: mail.text,
          html: mail.html ?? null,
          status: 'sent',
          sentAt: nowMs,
        })
      } catch (err) {
        throw new MailError(
          'failed',
          `Could not write to the outbox: ${err instanceof Error ? err.message : String(err)}`,
        )
      }
      return { id }
    },
  }
}

// ─── The queue: e-mails stored with the change they report, delivered after it ──────────

/** After this many failed attempts a queued e-mail is marked 'failed' and left for a person. */
export const MAX_MAIL_ATTEMPTS = 6
/** Waits between attempts: 1 min, 5 min, 30 min, 2 h, 12 h. */
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000]
/** A delivery claims a row for this long, so a second deliverer (the cron job) leaves it alone. */
const CLAIM_MS = 2 * 60_000

export type QueuedMail = Mail & {
  /** Sent once: a second e-mail with the same key is never queued. */
  dedupeKey: string
}

/**
 * The statement that queues `mail` ('pending'), to be put in the same D1 batch as the change
 * it reports. With `onlyIf` (SQL that must be true, with its values) it is queued only when
 * the change happened; with `fill`, every `token` in the subject and both parts is replaced
 * by a value the batch has just written (an order number allocated in SQL, say). A key
 * already queued is ignored.
 */
export function queueMailStatement(
  db: Db,
  mail: QueuedMail,
  onlyIf?: { sql: string; values: unknown[] },
  fill?: { token: string; sql: string; values: unknown[] },
): D1PreparedStatement {
  const text = (value: string | null) =>
    fill
      ? { sql: `replace(?, ?, (${fill.sql}))`, values: [value, fill.token, ...fill.values] }
      : { sql: '?', values: [value] }
  const [subject, body, html] = [text(mail.subject), text(mail.text), text(mail.html ?? null)]
  return db.$client
    .prepare(
      `insert or ignore into email_outbox (id, "to", reply_to, subject, body, html, status, dedupe_key, next_attempt_at)
       select ?, ?, ?, ${subject.sql}, ${body.sql}, ${html.sql}, 'pending', ?, ${NOW_MS_SQL}${onlyIf ? ` where ${onlyIf.sql}` : ''}`,
    )
    .bind(
      newId(),
      mail.to,
      mail.replyTo ?? null,
      ...subject.values,
      ...body.values,
      ...html.values,
      mail.dedupeKey,
      ...(onlyIf?.values ?? []),
    )
}

/**
 * SQL (with its values, for `queueMailStatement`'s `onlyIf`): no e-mail to `to` whose dedupe key
 * starts with `keyPrefix` is still unsent, or was queued within the last `windowMs`. So a notice
 * guarded by it coalesces with the ones before it: a burst of them sends one.
 * NOTE: the prefix is read as a range of the dedupe key's unique index (`>= prefix and < the
 * prefix with its last character raised`), so no scan of the outbox.
 */
export function noMailSince(to: string, keyPrefix: string, windowMs: number): { sql: string; values: unknown[] } {
  const last = keyPrefix.charCodeAt(keyPrefix.length - 1)
  const end = `${keyPrefix.slice(0, -1)}${String.fromCharCode(last + 1)}`
  return {
    sql: `not exists (select 1 from email_outbox where dedupe_key >= ? and dedupe_key < ? and "to" = ?
      and (status = 'pending' or created_at > ${NOW_MS_SQL} - ?))`,
    values: [keyPrefix, end, to, windowMs],
  }
}

/**
 * Delivers the queued e-mails that are due (at most `limit`): each is claimed first, so two
 * deliverers never send one twice; a failure is retried with backoff, and marked 'failed'
 * after {@link MAX_MAIL_ATTEMPTS}. Without a provider outside production (the local outbox)
 * delivering just marks them sent.
 * @returns how many were sent and how many failed this time.
 */
export async function deliverQueuedMail(db: Db, config: Config, limit = 25): Promise<{ sent: number; failed: number }> {
  const mailer = createMailer(config, db)
  const due = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, sql`${nowMs}`)))
    .orderBy(emailOutbox.nextAttemptAt)
    .limit(limit)
  const result = { sent: 0, failed: 0 }
  for (const row of due) {
    const claimed = await db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`${nowMs} + ${CLAIM_MS}` })
      .where(
        and(
          eq(emailOutbox.id, row.id),
          eq(emailOutbox.status, 'pending'),
          lte(emailOutbox.nextAttemptAt, sql`${nowMs}`),
        ),
      )
      .run()
    if ((claimed.meta.changes ?? 0) === 0) continue
    try {
      // The local outbox is this very table: the row itself is the sent e-mail.
      if (mailer.provider !== 'outbox') {
        await mailer.send({
          to: row.to,
          subject: row.subject,
          text: row.body,
          ...(row.html ? { html: row.html } : {}),
          ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        })
      }
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: nowMs, attempts: row.attempts + 1, lastError: null })
        .where(eq(emailOutbox.id, row.id))
        .run()
      result.sent += 1
    } catch (err) {
      const attempts = row.attempts + 1
      const gaveUp = attempts >= MAX_MAIL_ATTEMPTS
      await db
        .update(emailOutbox)
        .set({
          status: gaveUp ? 'failed' : 'pending',
          attempts,
          lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
          nextAttemptAt: sql`${nowMs} + ${BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1]!}`,
        })
        .where(eq(emailOutbox.id, row.id))
        .run()
      if (gaveUp) console.error(`E-mail ${row.id} to ${row.to} failed ${attempts} times; giving up`, err)
      result.failed += 1
    }
  }
  return result
}

/** True while e-mail goes to the local outbox: no provider configured, not production. */
export const usesLocalOutbox = (config: Config) => !config.EMAIL_API_KEY && config.ENVIRONMENT !== 'production'

const toOutboxMail = (row: typeof emailOutbox.$inferSelect): OutboxMail => ({
  _id: row.id,
  to: row.to,
  subject: row.subject,
  text: row.body,
  html: row.html,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: new Date(row.createdAt).toISOString(),
  sentAt: row.sentAt === null ? null : new Date(row.sentAt).toISOString(),
})

/** The outbox, newest first, optionally only the e-mails to one address. */
export async function listOutbox(
  db: Db,
  opts: { to?: string; limit: number; offset: number },
): Promise<{ items: OutboxMail[]; total: number }> {
  const where = opts.to ? eq(emailOutbox.to, opts.to) : undefined
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(sql`rowid`))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: sql<number>`count(*)` }).from(emailOutbox).where(where),
  ])
  return { items: rows.map(toOutboxMail), total: total?.n ?? 0 }
}

/** The columns of a delivery: everything but the text and the HTML. */
const deliveryColumns = {
  id: emailOutbox.id,
  to: emailOutbox.to,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

const toDelivery = (
  row: { [K in keyof typeof deliveryColumns]: (typeof emailOutbox.$inferSelect)[K] },
): MailDelivery => ({
  _id: row.id,
  to: row.to,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: new Date(row.createdAt).toISOString(),
  sentAt: iso(row.sentAt),
  // A sent or failed e-mail is not tried again, whatever the column still holds.
  nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
})

/**
 * Every e-mail's delivery, newest first, whichever provider sends them (the local outbox
 * included): recipient, subject, status, attempts, last error; never the text.
 */
export async function listDeliveries(
  db: Db,
  opts: { to?: string; status?: MailStatus; limit: number; offset: number },
): Promise<{ items: MailDelivery[]; total: number }> {
  const where = and(
    opts.to ? eq(emailOutbox.to, opts.to) : undefined,
    opts.status ? eq(emailOutbox.status, opts.status) : undefined,
  )
  const [rows, [total]] = await db.batch([
    db
      .select(deliveryColumns)
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(sql`rowid`))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: sql<number>`count(*)` }).from(emailOutbox).where(where),
  ])
  return { items: rows.map(toDelivery), total: total?.n ?? 0 }
}

/**
 * Delivers what is due after the response has gone (`waitUntil`), so sending never delays
 * or fails the change it reports; what fails here the scheduled job retries.
 */
export function deliverAfterResponse(
  waitUntil: ((p: Promise<unknown>) => void) | undefined,
  db: Db,
  config: Config,
): void {
  const delivery = deliverQueuedMail(db, config).catch((err) =>
    console.error('Delivering queued e-mail failed; the scheduled job retries', err),
  )
  if (waitUntil) waitUntil(delivery)
}

/** Middleware: after a change that went through, the e-mails it queued go out (after the response). */
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

/** One e-mail's plain-text and HTML parts, the layout of every e-mail the shop writes: a greeting, sentences, a table of details, a link, the shop's name. */
export function renderMail(m: {
  greeting: string
  lines: string[]
  details: [string, string][]
  shopName: string
  link: string | undefined
  /** The link's label in the text part, and in the HTML part. */
  linkText: [string, string]
}): { text: string; html: string } {
  const { greeting, lines, details, link } = m
  const text = [
    greeting,
    '',
    ...lines,
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    ...(link ? ['', `${m.linkText[0]}: ${link}`] : []),
    '',
    m.shopName,
    '',
  ].join('\n')
  // hono/html escapes every interpolated string; the nested templates are our own markup.
  const page = html`<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto">
<p>${greeting}</p>
${lines.map((line) => html`<p>${line}</p>\n`)}<table style="border-collapse:collapse;margin:16px 0">${details.map(
    ([k, v]) =>
      html`<tr><th style="text-align:left;padding:4px 12px 4px 0;font-weight:600">${k}</th><td style="padding:4px 0">${v}</td></tr>`,
  )}</table>
${link ? html`<p><a href="${link}">${m.linkText[1]}</a></p>` : ''}
<p>${m.shopName}</p>
</body></html>`
  return { text, html: htmlText(page) }
}
