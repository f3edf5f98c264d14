import { emailField } from './email'
import { atMostTwoDecimals } from './money'
import { ORDER_LIMITS, QUANTITY_TOO_LARGE_MESSAGE } from './order-quantity'
import { intParam, PAGE_MAX, pageQuery, searchParam } from './paging'
import { QUOTE_STATUS_NAMES, type QuoteStatus } from './quote-statuses'
import { requiredText } from './text'
import { z } from './zod'

// Quotes (api.md "Wholesale"): a buyer asks for a price on a large order, the shop offers one,
// the buyer accepts it (an order at those prices) or declines it.

export const QUOTE_NUMBER_PREFIX = 'Q-'
export const formatQuoteNumber = (quoteNo: number) => `${QUOTE_NUMBER_PREFIX}${quoteNo}`

export { QUOTE_STATUS_NAMES, type QuoteStatus } from './quote-statuses'

/** How many tools a quote holds. */
export const QUOTE_MAX_LINES = 50
/** How many open (requested, or offered and not expired) quotes a customer may have. */
export const QUOTE_MAX_OPEN = 3
/** An offer holds at most this many days. */
export const QUOTE_MAX_VALID_DAYS = 90
const MESSAGE_MAX = 2000
/**
 * A customer posts at most `max` messages on one quote within `minutes` (the shop's replies are
 * not limited): the next is a 429 with Retry-After.
 */
export const QUOTE_MESSAGE_RATE = { max: 10, minutes: 10 } as const
/**
 * After the shop is e-mailed about a quote (its request, a customer's message), the customer's
 * next messages on it within this many minutes are not e-mailed again (nor while that notice is
 * still unsent): the desk shows them.
 */
export const QUOTE_SHOP_NOTICE_MINUTES = 10
/** How many of its latest messages a quote's answer carries; `GET /api/quotes/{id}/messages` pages the rest. */
export const QUOTE_LATEST_MESSAGES = 20
/** A quote's conversation holds at most this many messages, both sides' together. */
export const QUOTE_MAX_MESSAGES = 200

export const TOO_MANY_QUOTES_MESSAGE = `You have ${QUOTE_MAX_OPEN} open quotes. Wait for our answer, or accept or decline one, before asking for another.`
export const THREAD_FULL_MESSAGE = `This quote's conversation holds ${QUOTE_MAX_MESSAGES} messages, the most it can. Go on in a new quote request.`
export const TOO_MANY_LINES_MESSAGE = `A quote holds at most ${QUOTE_MAX_LINES} tools.`

const quantityField = z
  .number({ error: (iss) => (iss.input === undefined ? 'quantity is Required' : 'quantity must be a number') })
  .int('Enter a whole number.')
  .min(1, 'quantity must be at least 1')
  .max(ORDER_LIMITS.maxQuantity, QUANTITY_TOO_LARGE_MESSAGE)

const toolIdField = z
  .string({ error: 'serviceId is Required' })
  .min(1, 'serviceId is Required')
  .max(64, 'No such tool.')

const messageField = z
  .string({ error: 'message must be text.' })
  .trim()
  .max(MESSAGE_MAX, `A message must be ${MESSAGE_MAX} characters or fewer.`)
  .transform((v) => (v === '' ? undefined : v))
  .optional()

/** Money of the offer: a number of BDT with at most 2 decimals, at least `min`. */
const offerMoney = (label: string, min: number) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? `${label} is Required` : `${label} must be a number`) })
    .min(min, `${label} must be at least ${min}`)
    .max(10_000_000, `${label} is too large`)
    .refine(atMostTwoDecimals, `${label} can have at most 2 decimals`)

/** `POST /api/quotes`: the lines, or the caller's cart. */
export const QuoteRequestSchema = z
  .object({
    lines: z
      .array(z.object({ serviceId: toolIdField, quantity: quantityField }), {
        error: 'lines must be a list of {serviceId, quantity}',
      })
      .min(1, 'Add at least one tool to the quote.')
      .max(QUOTE_MAX_LINES, TOO_MANY_LINES_MESSAGE)
      .optional(),
    fromCart: z.literal(true, { error: 'fromCart must be true' }).optional(),
    message: messageField,
  })
  .refine((b) => (b.lines === undefined) !== (b.fromCart === undefined), {
    error: 'Send lines, or fromCart: true (not both).',
    path: ['lines'],
  })
  .refine((b) => new Set(b.lines?.map((l) => l.serviceId)).size === (b.lines?.length ?? 0), {
    error: 'Each tool can be on a quote once.',
    path: ['lines'],
  })
export type QuoteRequestInput = z.infer<typeof QuoteRequestSchema>

/** `POST /api/quotes/{id}/offer`. */
export const QuoteOfferSchema = z.object({
  lines: z
    .array(
      z.object({
        serviceId: toolIdField,
        unitPrice: offerMoney('unitPrice', 0.01),
        quantity: quantityField.optional(),
      }),
      { error: 'lines must be a list of {serviceId, unitPrice, quantity?}' },
    )
    .min(1, 'Price every tool of the quote.')
    .max(QUOTE_MAX_LINES, TOO_MANY_LINES_MESSAGE),
  deliveryFee: offerMoney('deliveryFee', 0),
  validUntil: z.iso.datetime({ error: 'validUntil must be a date and time (ISO 8601).', offset: true }),
  message: messageField,
})
export type QuoteOfferInput = z.infer<typeof QuoteOfferSchema>

export const QuoteMessageSchema = z.object({
  text: requiredText('Write a message.', MESSAGE_MAX, `A message must be ${MESSAGE_MAX} characters or fewer.`),
})

export const QuoteDeclineSchema = z.object({
  reason: z
    .string({ error: 'reason must be text.' })
    .trim()
    .max(500, 'The reason must be 500 characters or fewer.')
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
})

export const QuoteListQuerySchema = z.object({
  customer: emailField({ required: 'customer is Required', invalid: 'customer must be an e-mail address' })
    .transform((email) => email.toLowerCase())
    .optional(),
  status: z.enum(QUOTE_STATUS_NAMES, { error: `status must be one of ${QUOTE_STATUS_NAMES.join(', ')}` }).optional(),
  q: searchParam,
  limit: intParam('limit', 1, PAGE_MAX).optional(),
  offset: intParam('offset', 0, 1_000_000).optional(),
})

export const QuoteIdParamSchema = z.object({ id: z.string().min(1).max(64) })

/** `GET /api/quotes/{id}/messages`: `limit` (1–100, default 50) and `offset`, newest first. */
export const QuoteMessagesQuerySchema = pageQuery

// ─── Answers ────────────────────────────────────────────────────────────────────────────

/** One message of a quote's conversation. */
export type QuoteMessage = { _id: string; from: 'customer' | 'shop'; text: string; at: string }

/** A quote as the API answers it; money in BDT, offer fields null until offered. */
export type Quote = {
  _id: string
  quoteNumber: string
  customer: string
  customerName: string
  status: QuoteStatus
  lines: {
    serviceId: string
    service: string
    quantity: number
    listUnitPrice: number
    unitPrice: number | null
    price: number | null
  }[]
  deliveryFee: number | null
  total: number | null
  validUntil: string | null
  /** The latest {@link QUOTE_LATEST_MESSAGES} messages, oldest first. */
  messages: QuoteMessage[]
  /** How many messages the thread holds (all of them, not only those in `messages`). */
  messageCount: number
  orderId: string | null
  createdAt: string
}

/** `POST /api/quotes`'s answer. */
export type QuoteCreated = { acknowledged: true; insertedId: string; quoteNumber: string }
/** `POST /api/quotes/{id}/accept`'s answer. */
export type QuoteAccepted = { acknowledged: true; insertedId: string; orderNumber: string }
