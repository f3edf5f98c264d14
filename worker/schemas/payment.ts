import { TotalSchema } from './money'
import { z } from './zod'

export const PAYMENT_PROVIDERS = ['stripe', 'simulated', 'sslcommerz'] as const
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number]
/** The providers of the card form (`card` orders); SSLCommerz sends the customer to its own page. */
type CardProviderKind = Exclude<PaymentProviderKind, 'sslcommerz'>

/** Shown when an order has been paid (spec section 4). */
export const PAYMENT_SUCCESS_MESSAGE = 'Congrats ! Your payment is completed'

/**
 * A gateway payment held for the gateway's risk review: the answer to paying again (409) and the
 * note under the order's "Payment under review" step, so the buyer reads the same words in both.
 */
export const PAYMENT_UNDER_REVIEW_MESSAGE =
  'The payment gateway is reviewing your payment of this order: do not pay again. You get a receipt by e-mail once it is approved.'

/** `POST /api/create-payment-intent`. The amount always comes from the order; a `price` that differs is refused. */
export const PaymentIntentRequestSchema = z.object({
  bookingId: z
    .string({ error: 'bookingId is Required' })
    .trim()
    .min(1, 'bookingId is Required')
    .max(64, 'bookingId is too long'),
  price: TotalSchema.optional(),
})

export type PaymentIntentCreated = {
  clientSecret: string
  provider: CardProviderKind
  /** Only with Stripe: the key for Stripe.js. */
  publishableKey?: string
}

/** `POST /api/create-payment-intent` for a `gateway` order: the gateway's page, a new session each time. */
export type GatewaySessionCreated = { provider: 'sslcommerz'; redirectUrl: string }

// ─── Simulated card payments ────────────────────────────────────────────────────────────

/**
 * Stripe's documented test cards and what the simulated provider answers for them
 * (https://docs.stripe.com/testing). Any other number that passes the Luhn check is
 * declined the way Stripe's test mode declines a real card.
 */
export const TEST_CARDS = {
  '4242424242424242': { outcome: 'succeeded', label: 'Visa: succeeds' },
  '5555555555554444': { outcome: 'succeeded', label: 'Mastercard: succeeds' },
  '4000000000000002': { outcome: 'declined', label: 'Declined', message: 'Your card was declined.' },
  '4000000000009995': {
    outcome: 'declined',
    label: 'Insufficient funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { outcome: 'declined', label: 'Expired card', message: 'Your card has expired.' },
  '4000000000000127': {
    outcome: 'declined',
    label: 'Incorrect CVC',
    message: "Your card's security code is incorrect.",
  },
} as const satisfies Record<string, { outcome: 'succeeded' | 'declined'; label: string; message?: string }>

export const NON_TEST_CARD_MESSAGE =
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.'

export const CARD_MESSAGES = {
  numberRequired: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  monthInvalid: "Your card's expiration month is invalid.",
  yearInvalid: "Your card's expiration year is invalid.",
  expired: "Your card's expiration date is in the past.",
  cvcInvalid: "Your card's security code is invalid.",
} as const

/** Card number digits only (spaces and dashes are allowed while typing). */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, '')

/** The Luhn checksum every real card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return digits.length > 0 && sum % 10 === 0
}

const wholeNumber = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message),
  )

/**
 * The simulated card form, checked the way Stripe's card input checks before anything
 * is charged: number format and Luhn, a real month, an expiry not in the past, a 3–4
 * digit security code. `now` is for tests.
 */
export const cardSchema = (now: () => Date = () => new Date()) =>
  z
    .object({
      number: z
        .string({ error: CARD_MESSAGES.numberRequired })
        .transform(cardDigits)
        .pipe(
          z
            .string()
            .regex(/^\d+$/, CARD_MESSAGES.numberInvalid)
            .min(12, CARD_MESSAGES.numberRequired)
            .max(19, CARD_MESSAGES.numberInvalid)
            .refine(passesLuhn, CARD_MESSAGES.numberInvalid),
        ),
      expMonth: wholeNumber(CARD_MESSAGES.monthInvalid).pipe(
        z.number().min(1, CARD_MESSAGES.monthInvalid).max(12, CARD_MESSAGES.monthInvalid),
      ),
      /** Four digits, or two meaning 20YY. */
      expYear: wholeNumber(CARD_MESSAGES.yearInvalid)
        .pipe(z.number().min(0, CARD_MESSAGES.yearInvalid).max(9999, CARD_MESSAGES.yearInvalid))
        .transform((y) => (y < 100 ? 2000 + y : y))
        .pipe(z.number().min(2000, CARD_MESSAGES.yearInvalid).max(2100, CARD_MESSAGES.yearInvalid)),
      cvc: z
        .string({ error: CARD_MESSAGES.cvcInvalid })
        .trim()
        .regex(/^\d{3,4}$/, CARD_MESSAGES.cvcInvalid),
    })
    .superRefine((card, ctx) => {
      const today = now()
      const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1
      // A card is valid through the last day of its expiry month.
      if (card.expYear * 12 + card.expMonth < thisMonth) {
        ctx.addIssue({ code: 'custom', path: ['expYear'], message: CARD_MESSAGES.expired })
      }
    })

export const CardSchema = cardSchema()
export type Card = z.infer<typeof CardSchema>

/** `POST /api/payments/simulated/confirm`. */
export const SimulatedConfirmSchema = z.object({
  clientSecret: z
    .string({ error: 'clientSecret is Required' })
    .trim()
    .min(1, 'clientSecret is Required')
    .max(255, 'clientSecret is too long'),
  card: CardSchema,
})

export type SimulatedConfirmed = { paymentIntent: { id: string; status: 'succeeded' } }
