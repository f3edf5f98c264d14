import { count, desc, eq, or, sql } from 'drizzle-orm'
import type { ContactInput, ContactMessage } from '#schemas/contact.ts'
import { contactMessages } from '#worker/db/schema.ts'
import type { Db } from '#worker/lib/db.ts'
import { containsText, newId } from '#worker/lib/db.ts'
import { ApiError } from '#worker/lib/errors.ts'
import { insertWithinLimit, type RateLimit, rateLimitKey } from '#worker/lib/rate-limit.ts'
import { MailError, type Mailer } from '../mail/mail.service'

/** At most `max` messages per client within `windowMs`, counted from the stored messages. */
export const CONTACT_RATE_LIMIT: RateLimit = {
  max: 5,
  windowMs: 10 * 60 * 1000,
  rows: { table: contactMessages, key: contactMessages.clientKey, createdAt: contactMessages.createdAt },
  message: (retryAfterSeconds) => {
    const { max, windowMs } = CONTACT_RATE_LIMIT
    const minutes = Math.ceil(retryAfterSeconds / 60)
    return (
      `You have sent ${max} messages in the last ${windowMs / 60000} minutes. ` +
      `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before sending another.`
    )
  },
}

/**
 * The rate-limit key of a client (see {@link rateLimitKey}), in the scope contact keys have
 * always had, so the messages stored before still count.
 */
export const contactClientKey = (ip: string | undefined, secret: string) =>
  rateLimitKey('contact-rate-limit', ip, secret)

type MessageRow = typeof contactMessages.$inferSelect

export const toContactMessageDto = (row: MessageRow): ContactMessage => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  emailStatus: row.emailStatus,
  emailError: row.emailError,
  createdAt: row.createdAt,
})

/**
 * Stores a contact message with email_status 'pending', unless the client (`clientKey`, from
 * {@link contactClientKey}) has reached {@link CONTACT_RATE_LIMIT}.
 * @returns the new message's id.
 * @throws 429 RATE_LIMITED with Retry-After when the client has reached the limit.
 */
export async function storeMessage(db: Db, input: ContactInput, clientKey: string): Promise<string> {
  const id = newId()
  await insertWithinLimit(
    db,
    CONTACT_RATE_LIMIT,
    clientKey,
    (withinLimit) => sql`
      insert into contact_messages (id, name, email, subject, message, client_key, email_status)
      select ${id}, ${input.name}, ${input.email}, ${input.subject ?? ''}, ${input.message}, ${clientKey}, 'pending'
      where ${withinLimit}`,
  )
  return id
}

/** The plain-text e-mail for a stored message; the sender is the reply-to address. */
export function contactEmail(input: ContactInput, inbox: string) {
  const subject = (input.subject ?? '').replace(/\s+/g, ' ').trim()
  const name = input.name.replace(/\s+/g, ' ')
  return {
    to: inbox,
    replyTo: input.email,
    subject: `Contact form: ${subject || `message from ${name}`}`,
    text: `From: ${name} <${input.email}>\nSubject: ${subject || '(none)'}\n\n${input.message}\n`,
  }
}

/**
 * Sends a stored message through the mailer and records the outcome on its row.
 * @throws 503 when e-mail is not configured, 502 when the provider failed (the message stays stored).
 */
export async function deliverMessage(
  db: Db,
  mailer: Mailer,
  id: string,
  input: ContactInput,
  inbox: string,
): Promise<void> {
  let failure: MailError | undefined
  try {
    await mailer.send(contactEmail(input, inbox))
  } catch (err) {
    failure = err instanceof MailError ? err : new MailError('failed', err instanceof Error ? err.message : String(err))
  }
  await db
    .update(contactMessages)
    .set(
      failure
        ? { emailStatus: 'failed', emailError: failure.message.slice(0, 500) }
        : { emailStatus: 'sent', emailError: null },
    )
    .where(eq(contactMessages.id, id))
  if (!failure) return
  console.error('Contact e-mail not sent', id, failure.message)
  if (failure.kind === 'not_configured')
    throw new ApiError(503, 'NOT_CONFIGURED', 'E-mail is not set up on this shop yet. Please try again later.')
  throw new ApiError(502, 'PROVIDER_FAILED', 'Your message could not be e-mailed right now. Please try again later.')
}

/**
 * Stored messages, newest first (rowid breaks ties within one millisecond), paged; `q`
 * matches any part of the name, e-mail, subject or message.
 */
export async function listMessages(
  db: Db,
  opts: { q?: string; limit: number; offset: number },
): Promise<{ items: ContactMessage[]; total: number }> {
  const q = opts.q
  const where = q
    ? or(
        containsText(contactMessages.name, q),
        containsText(contactMessages.email, q),
        containsText(contactMessages.subject, q),
        containsText(contactMessages.message, q),
      )
    : undefined
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(sql`rowid`))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(contactMessages).where(where),
  ])
  return { items: rows.map(toContactMessageDto), total: total?.n ?? 0 }
}
