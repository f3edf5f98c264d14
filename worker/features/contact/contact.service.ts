import { count, desc, eq, or, sql } from 'drizzle-orm'
import type { ContactInput, ContactMessage } from '#schemas/contact.ts'
import { nowMs } from '#worker/db/now.ts'
import { contactMessages } from '#worker/db/schema.ts'
import type { Db } from '#worker/lib/db.ts'
import { containsText, newId } from '#worker/lib/db.ts'
import { ApiError } from '#worker/lib/errors.ts'
import { MailError, type Mailer } from '../mail/mail.service'

/** At most `max` messages per client within `windowMs`, counted from the stored messages. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const

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
 * The rate-limit key of a client: a keyed SHA-256 (HMAC) of its network (CF-Connecting-IP:
 * an IPv4 address, or the /64 prefix of an IPv6 address, since one customer line holds a
 * whole /64), or of 'unknown' when there is none. NOTE: keyed with a server secret because a
 * plain hash of an IPv4 address can be reversed by trying all 2^32 of them; only the hash is stored.
 */
export async function clientKeyFor(ip: string | undefined, secret: string): Promise<string> {
  const enc = new TextEncoder()
  const key = await crypto.subtle.importKey(
    'raw',
    enc.encode(`contact-rate-limit:${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const digest = await crypto.subtle.sign('HMAC', key, enc.encode(clientNetwork(ip)))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Stores a contact message with email_status 'pending', unless the client has reached
 * the rate limit. NOTE: the count and the insert are one statement, so concurrent
 * requests of one client cannot slip past the limit (D1 has no interactive transactions).
 * @returns the new message's id.
 * @throws 429 RATE_LIMITED with Retry-After when the client has reached the limit.
 */
export async function storeMessage(db: Db, input: ContactInput, clientKey: string): Promise<string> {
  const id = newId()
  const { max, windowMs } = CONTACT_RATE_LIMIT
  const result = await db.run(sql`
    insert into contact_messages (id, name, email, subject, message, client_key, email_status)
    select ${id}, ${input.name}, ${input.email}, ${input.subject ?? ''}, ${input.message}, ${clientKey}, 'pending'
    where (
      select count(*) from contact_messages
      where client_key = ${clientKey} and created_at > ${nowMs} - ${windowMs}
    ) < ${max}`)
  if (result.meta.changes === 1) return id

  const row = await db
    .select({ oldest: sql<number | null>`min(${contactMessages.createdAt})`, now: sql<number>`${nowMs}` })
    .from(contactMessages)
    .where(sql`${contactMessages.clientKey} = ${clientKey} and ${contactMessages.createdAt} > ${nowMs} - ${windowMs}`)
    .get()
  const waitMs = row?.oldest != null ? row.oldest + windowMs - row.now : windowMs
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000))
  const minutes = Math.ceil(retryAfterSeconds / 60)
  throw new ApiError(
    429,
    'RATE_LIMITED',
    `You have sent ${max} messages in the last ${windowMs / 60000} minutes. ` +
      `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before sending another.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  )
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

/**
 * What a rate limit counts as one client: an IPv4 address as it is; an IPv6 address by its
 * /64 prefix (its first four groups, written out in full), an IPv4-mapped one as IPv4.
 */
export function clientNetwork(ip: string | undefined): string {
  const address = ip?.trim().toLowerCase() ?? ''
  if (!address) return 'unknown'
  if (!address.includes(':')) return address
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  if (mapped) return mapped[1]!
  const [head = '', tail = ''] = address.split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = address.includes('::') && tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
    : headGroups
  return `${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`
}
