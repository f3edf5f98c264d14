import { EmailSchema } from './user'
import { pageQuery } from './paging'

/** An e-mail of the shop as `GET /api/outbox` answers it. */
export type OutboxMail = {
  _id: string
  to: string
  subject: string
  text: string
  html: string | null
  status: 'pending' | 'sent' | 'failed'
  attempts: number
  lastError: string | null
  /** ISO 8601. */
  createdAt: string
  sentAt: string | null
}

/** `GET /api/outbox`. */
export const OutboxQuerySchema = pageQuery.extend({ to: EmailSchema.optional() })
