import type { Path } from 'react-hook-form'
import { dhakaDate } from '#schemas/dhaka-time.ts'
import {
  type Quote,
  type QuoteOfferInput,
  QuoteOfferSchema,
  type QuoteRequestInput,
  QuoteRequestSchema,
} from '#schemas/quote.ts'
import { z } from '#schemas/zod.ts'

// The quote forms validate with the API's own schemas (worker/schemas/quote.ts): their values are
// the text of the inputs, in the shape of the API's body, so a schema's issue, like a field of the
// API's refusal, lands on the input of the same path.

/** An input's text as a number: '' is missing; anything else is `Number`'s reading of it (NaN fails). */
const numberOrMissing = (text: string) => (text.trim() === '' ? undefined : Number(text))

const DAY_MS = 24 * 60 * 60 * 1000
/** An offer holds this long unless the admin says otherwise. */
const DEFAULT_VALID_DAYS = 14

/** The offer form: per tool its unit price and quantity, the courier fee, the last day it holds (a Dhaka date), a message. */
export type OfferFormValues = {
  lines: { serviceId: string; unitPrice: string; quantity: string }[]
  deliveryFee: string
  validUntil: string
  message: string
}

/** The offer's body from the form; the offer holds to the end of its last day, Dhaka time (UTC+6). */
function offerBody(values: OfferFormValues): unknown {
  const until = new Date(`${values.validUntil}T23:59:59+06:00`)
  return {
    lines: values.lines.map((l) => ({
      serviceId: l.serviceId,
      unitPrice: numberOrMissing(l.unitPrice),
      quantity: numberOrMissing(l.quantity),
    })),
    deliveryFee: numberOrMissing(values.deliveryFee),
    validUntil: Number.isNaN(until.getTime()) ? '' : until.toISOString(),
    ...(values.message.trim() ? { message: values.message.trim() } : {}),
  }
}

export const OfferFormSchema = z.preprocess(
  (values) => offerBody(values as OfferFormValues),
  QuoteOfferSchema,
) as unknown as z.ZodType<QuoteOfferInput, OfferFormValues>

/**
 * Where the offer form starts: each tool at the current offer's price or its list price, the
 * current courier fee, and the current offer's last day (its Dhaka day: a revised offer keeps it)
 * or {@link DEFAULT_VALID_DAYS} from today.
 */
export function offerDefaults(quote: Quote, now = Date.now()): OfferFormValues {
  const current = quote.validUntil === null ? Number.NaN : Date.parse(quote.validUntil)
  return {
    lines: quote.lines.map((l) => ({
      serviceId: l.serviceId,
      unitPrice: String(l.unitPrice ?? l.listUnitPrice),
      quantity: String(l.quantity),
    })),
    deliveryFee: quote.deliveryFee === null ? '' : String(quote.deliveryFee),
    validUntil: dhakaDate(current > now ? current : now + DEFAULT_VALID_DAYS * DAY_MS),
    message: '',
  }
}

/**
 * Where a field of the API's refusal of an offer goes: an input of the same path, the lines'
 * own message (`lines.root`), or nowhere (a tool's id: the form's message says it).
 */
export function offerFieldOf(key: string): Path<OfferFormValues> | undefined {
  if (key === 'lines') return 'lines.root' as Path<OfferFormValues>
  if (/^lines\.\d+\.(unitPrice|quantity)$/.test(key)) return key as Path<OfferFormValues>
  return key === 'deliveryFee' || key === 'validUntil' || key === 'message' ? key : undefined
}

/** The form's names for the API's fields, in its messages ("unitPrice is Required" → "Enter the unit price."). */
const FIELD_WORDS: Record<string, string> = { unitPrice: 'the unit price', deliveryFee: 'the courier fee' }

/** A message of the offer's schema or the API about the field at `path`, in the words of the form's labels. */
export function inOfferWords(path: string, message: string | undefined): string | undefined {
  if (message === undefined) return undefined
  if (path === 'validUntil') return 'Choose the last day the offer holds.'
  const field = path.split('.').pop() ?? ''
  const words = FIELD_WORDS[field]
  if (!words) return message
  if (message.endsWith('is Required')) return `Enter ${words}.`
  const said = message.replace(field, words)
  return said.charAt(0).toUpperCase() + said.slice(1)
}

/** The request form: one tool's line (the quantity as typed), or the cart; and a message. */
export type RequestFormValues = ({ lines: [{ serviceId: string; quantity: string }] } | { fromCart: true }) & {
  message: string
}

function requestBody(values: RequestFormValues): unknown {
  return {
    ...('lines' in values
      ? { lines: values.lines.map((l) => ({ serviceId: l.serviceId, quantity: numberOrMissing(l.quantity) })) }
      : { fromCart: true }),
    ...(values.message.trim() ? { message: values.message.trim() } : {}),
  }
}

export const RequestFormSchema = z.preprocess(
  (values) => requestBody(values as RequestFormValues),
  QuoteRequestSchema,
) as unknown as z.ZodType<QuoteRequestInput, RequestFormValues>
