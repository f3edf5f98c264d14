import type { Config } from '../../env'
import type { Db } from '../../lib/db'
import { emailOutbox } from '../../db/schema'
import { newId } from '../../lib/db'

export const DEFAULT_EMAIL_API_URL = 'https://api.resend.com/emails'
/** Where the local outbox addresses mail when CONTACT_INBOX is not set. */
export const LOCAL_INBOX = 'inbox@localhost'
const SEND_TIMEOUT_MS = 10_000

export type Mail = { to: string; subject: string; text: string; replyTo?: string }

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
      throw new MailError('not_configured', 'E-mail is not configured: set EMAIL_API_KEY, EMAIL_FROM and CONTACT_INBOX.')
    },
  }
}

function httpMailer(config: Config): Mailer {
  const url = config.EMAIL_API_URL || DEFAULT_EMAIL_API_URL
  return {
    provider: 'http',
    async send(mail) {
      if (!config.EMAIL_FROM) throw new MailError('not_configured', 'EMAIL_FROM is not set.')
      if (!mail.to) throw new MailError('not_configured', 'CONTACT_INBOX is not set.')
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
            ...(mail.replyTo ? { reply_to: mail.replyTo } : {}),
          }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        })
      } catch (err) {
        throw new MailError('failed', `E-mail provider unreachable: ${err instanceof Error ? err.message : String(err)}`)
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
        })
      } catch (err) {
        throw new MailError('failed', `Could not write to the outbox: ${err instanceof Error ? err.message : String(err)}`)
      }
      return { id }
    },
  }
}
