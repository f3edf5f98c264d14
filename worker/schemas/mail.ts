import { pageQuery } from './paging'
import { EmailSchema } from './user'
import { z } from './zod'

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const
export type MailStatus = (typeof MAIL_STATUSES)[number]

/** An e-mail of the shop as `GET /api/outbox` answers it. */
export type OutboxMail = {
  _id: string
  to: string
  subject: string
  text: string
  html: string | null
  status: MailStatus
  attempts: number
  lastError: string | null
  /** ISO 8601. */
  createdAt: string
  sentAt: string | null
}

/**
 * One e-mail's delivery as `GET /api/outbox/deliveries` answers it: who it went to, what
 * about, and whether it went out, without its text (see docs/api-extensions.md).
 */
export type MailDelivery = Omit<OutboxMail, 'text' | 'html'> & {
  /** ISO 8601: when a pending e-mail is tried next; null once sent or failed. */
  nextAttemptAt: string | null
}

/** `GET /api/outbox`. */
export const OutboxQuerySchema = pageQuery.extend({ to: EmailSchema.optional() })

/** `GET /api/outbox/deliveries`: optionally one recipient, one status. */
export const DeliveryQuerySchema = OutboxQuerySchema.extend({
  status: z.enum(MAIL_STATUSES, { error: `status must be one of ${MAIL_STATUSES.join(', ')}` }).optional(),
})
