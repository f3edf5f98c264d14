import { DELIVERY_METHODS, DELIVERY_ZONES, DISTRICTS } from './delivery'
import { emailField } from './email'
import { AmountSchema, TotalSchema } from './money'
import { ORDER_LIMITS, QUANTITY_TOO_LARGE_MESSAGE, quantityError } from './order-quantity'
import {
  FULFILMENT_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHODS,
  type PaymentMethod,
} from './order-status'
import { intParam, PAGE_MAX, searchParam } from './paging'
import { phoneField } from './phone'
import { hasVisibleText } from './text'
import { z } from './zod'

export {
  ORDER_LIMITS,
  orderLessThanMessage,
  orderMinimumMessage,
  quantityError,
} from './order-quantity'

/** Order numbers read `TH-10042`: the prefix and the number the database allocates. */
export const ORDER_NUMBER_PREFIX = 'TH-'
export const formatOrderNumber = (orderNo: number) => `${ORDER_NUMBER_PREFIX}${orderNo}`

/** A number from a JSON number or from a form field's text ('' stays missing). */
const numberInput = (value: unknown) => {
  if (typeof value !== 'string') return value
  const trimmed = value.trim()
  return trimmed === '' ? undefined : Number(trimmed)
}

/**
 * Any order quantity: a whole number, at most what one order can hold. Whether it is enough
 * (at least the tool's minimum, and so at least 1) and not too much for the stock is the
 * tool's check below, with the spec's messages: 0 asks for the minimum like 3 does.
 */
export const QuantitySchema = z.preprocess(
  numberInput,
  z
    .number({ error: 'Enter how many you want to order.' })
    .int('Enter a whole number.')
    .max(ORDER_LIMITS.maxQuantity, QUANTITY_TOO_LARGE_MESSAGE),
)

/**
 * The quantity of an order for one tool, with the spec's messages: below the tool's
 * minimum 'Please Order Minimum : {min}', not a whole number of packs 'Order in packs of {n}'
 * (api.md "Wholesale"), above what is available 'Please Order Less Then : {available}' (the
 * first that applies comes first). The web form uses it while typing; the API checks the same
 * schema against the tool as it is in the database.
 */
export function orderQuantitySchema(tool: { min: number; available: number; packSize?: number }) {
  return QuantitySchema.pipe(
    z.number().check((ctx) => {
      const message = quantityError(tool, ctx.value)
      if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value })
    }),
  )
}

/** Where the order goes: required (at least one visible character), 5 to 300 characters. */
export const AddressSchema = z
  .string({ error: 'Enter the delivery address.' })
  .trim()
  .refine(hasVisibleText, { error: 'Enter the delivery address.', abort: true })
  .refine((a) => a.length >= ORDER_LIMITS.addressMin, {
    error: `Enter the full delivery address (at least ${ORDER_LIMITS.addressMin} characters).`,
    abort: true,
  })
  .refine((a) => a.length <= ORDER_LIMITS.addressMax, {
    error: `The address must be ${ORDER_LIMITS.addressMax} characters or fewer.`,
  })

/** One of the 64 districts, by the contract's names. */
export const DistrictSchema = z.enum(DISTRICTS, { error: 'Choose a district from the list.' })

export { PAYMENT_METHODS, type PaymentMethod }
/**
 * One of the contract's methods. Whether this deployment offers it for this order is the
 * server's decision (worker/features/payments/payment-methods.service.ts), a 400 naming why.
 */
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: `paymentMethod must be one of ${PAYMENT_METHODS.join(', ')}`,
})

const CustomerEmailSchema = emailField({
  required: 'customer is Required',
  invalid: 'customer must be an e-mail address',
}).transform((email) => email.toLowerCase())

/** A tool's id in a body (`serviceId`): required text of at most 64 characters. */
export const ServiceIdSchema = z
  .string({ error: 'serviceId is Required' })
  .trim()
  .min(1, 'serviceId is Required')
  .max(64, 'serviceId is too long')

/**
 * The order form and `POST /api/booking` body. The server takes the tool's name and unit
 * price from the database: `service` is ignored, and a `price` that is not
 * quantity × unit price is refused. Other keys are dropped.
 */
export const BookingInputSchema = z.object({
  serviceId: ServiceIdSchema,
  quantity: QuantitySchema,
  phone: phoneField({ required: true }),
  address: AddressSchema,
  customer: CustomerEmailSchema,
  /** The signed-in user's display name; the server falls back to the profile name. */
  customerName: z
    .string({ error: 'Your name must be text.' })
    .trim()
    .max(ORDER_LIMITS.name, `Your name must be ${ORDER_LIMITS.name} characters or fewer.`)
    // Only invisible characters: no name given.
    .transform((name) => (hasVisibleText(name) ? name : ''))
    .optional(),
  service: z.string().max(200).optional(),
  price: TotalSchema.optional(),
  /** Extension (api.md): the district the order goes to; without one, the `outside` zone's fee. */
  district: DistrictSchema.optional(),
  paymentMethod: PaymentMethodSchema.default('card'),
})
export type BookingInput = z.infer<typeof BookingInputSchema>

/**
 * `GET /api/booking`: `?customer={email}` a customer's orders (all of them unless paged);
 * without it, for admins, every order (the order desk), 50 a page unless `limit` says.
 */
export const BookingListQuerySchema = z.object({
  customer: CustomerEmailSchema.optional(),
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  /** Extension (docs/api-extensions.md): the desk's tab per payment method. */
  paymentMethod: z
    .enum(PAYMENT_METHODS, { error: `paymentMethod must be one of ${PAYMENT_METHODS.join(', ')}` })
    .optional(),
  q: searchParam,
  limit: intParam('limit', 1, PAGE_MAX).optional(),
  offset: intParam('offset', 0, 1_000_000).optional(),
})

/** The `{id}` of the order routes. */
export const BookingIdParamSchema = z.object({ id: z.string().min(1).max(64) })

/**
 * A payment's id as the provider names it: Stripe's `pi_…`, or the simulated provider's
 * `pi_sim_…`.
 */
export const TransactionIdSchema = z
  .string({ error: 'transactionId is Required' })
  .trim()
  .min(1, 'transactionId is Required')
  .max(255, 'transactionId is too long')
  .regex(/^pi_[A-Za-z0-9_]+$/, 'transactionId must be a payment id (pi_…)')

/**
 * `PATCH /api/booking/{id}`: the spec's `{appointment, transactionId}`. `appointment`
 * (the old client sent the order back) is accepted and ignored; the server asks the
 * payment provider about `transactionId` instead of trusting the client.
 */
export const BookingPaymentSchema = z.object({
  appointment: z.unknown().optional(),
  transactionId: TransactionIdSchema,
})

export const OrderLineSchema = z.object({
  serviceId: z.string(),
  service: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  price: z.number(),
  /** Percent. */
  vatRate: z.number(),
  vat: z.number(),
})

export const DeliveryAddressSchema = z.object({
  name: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  postcode: z.string().nullable(),
})

/** An order as the API answers it (the spec's booking, with quantity, address and status). */
export const BookingSchema = z.object({
  _id: z.string(),
  serviceId: z.string(),
  /** The tool's name when it was ordered. */
  service: z.string(),
  quantity: z.number().int(),
  /** Unit price in BDT when it was ordered. */
  unitPrice: z.number(),
  /** quantity × unitPrice, in BDT. */
  price: z.number(),
  customer: z.string(),
  customerName: z.string(),
  phone: z.string(),
  address: z.string(),
  status: z.enum(ORDER_STATUSES),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601: when an unpaid order is cancelled and its stock returned; null once paid or cancelled. */
  expiresAt: z.string().nullable(),
  /** The order number people read, e.g. `TH-10042`. */
  orderNumber: z.string(),
  /** Every status the order entered, oldest first (the first is 'unpaid', when it was placed). */
  history: z.array(
    z.object({ status: z.enum(ORDER_STATUSES), at: z.string(), note: z.string().optional(), by: z.string() }),
  ),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** Every tool of the order, in the order the customer added them. Money in BDT. */
  lines: z.array(OrderLineSchema),
  deliveryFee: z.number(),
  /** price + deliveryFee: what is paid. */
  total: z.number(),
  /** The VAT contained in `total`. */
  vat: z.number(),
  delivery: z.object({
    method: z.enum(DELIVERY_METHODS),
    zone: z.enum(DELIVERY_ZONES).nullable(),
    address: DeliveryAddressSchema,
  }),
  paymentMethod: z.enum(PAYMENT_METHODS),
  company: z.object({ name: z.string(), bin: z.string() }).nullable(),
  poNumber: z.string().nullable(),
  note: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
  quoteId: z.string().nullable(),
})
export type Booking = z.infer<typeof BookingSchema>
export type OrderLine = Booking['lines'][number]
export type OrderHistoryEntry = Booking['history'][number]

export const CARRIER_MAX = 80
export const TRACKING_MAX = 100

/**
 * An optional text of the desk's moves: trimmed, at most `max` characters, and text of only white
 * space or invisible characters is not given (a tracking number of a zero-width space is none).
 */
const optionalShownText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .transform((text) => (hasVisibleText(text) ? text : undefined))
    .optional()

/** `POST /api/booking/{id}/status`: an admin moves a paid order forward. */
export const OrderStatusChangeSchema = z
  .object({
    status: z.enum(FULFILMENT_STATUSES, { error: `status must be one of ${FULFILMENT_STATUSES.join(', ')}` }),
    carrier: optionalShownText('carrier', CARRIER_MAX),
    trackingNumber: optionalShownText('trackingNumber', TRACKING_MAX),
    note: optionalShownText('note', 500),
    /** A cash-on-delivery order's `delivered`: the courier has the cash (api.md "Payment methods"). */
    cashCollected: z.boolean({ error: 'cashCollected must be true or false' }).optional(),
  })
  .refine((b) => b.status !== 'shipped' || !!b.trackingNumber, {
    path: ['trackingNumber'],
    message: 'trackingNumber is Required to mark an order shipped',
  })
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>

/**
 * A bank transfer's reference as the bank prints it: trimmed, runs of white space made one
 * space, upper-cased, so the same reference typed twice is the same text (and one unique
 * transaction id: it pays one order only).
 */
export const BankReferenceSchema = z
  .string({ error: 'reference is Required' })
  .transform((r) => r.replace(/\s+/g, ' ').trim().toUpperCase())
  .pipe(
    z
      .string()
      .min(3, 'Enter the bank reference of the transfer (at least 3 characters).')
      .max(64, 'The reference must be at most 64 characters.')
      .regex(/^[A-Z0-9][A-Z0-9 /._-]*$/, 'The reference can hold letters, digits, spaces and / . _ -')
      // A delivered cash order's transaction id is COD-{orderNumber}: a transfer must never take one.
      .refine((r) => !r.startsWith('COD-'), 'References starting with COD- are the shop’s own, for cash on delivery.'),
  )

/** `POST /api/booking/{id}/refund`; a bank order also needs the reference of the transfer that sent the money back. */
export const OrderRefundSchema = z.object({
  reason: optionalShownText('reason', 500),
  reference: BankReferenceSchema.optional(),
})

/** `POST /api/booking/{id}/cancel`: why (required when a cash-on-delivery order came back from the door). */
export const OrderCancelSchema = z.object({
  note: optionalShownText('note', 500),
})

/** `POST /api/booking/{id}/payment`: an admin records a bank transfer that arrived. */
export const BankPaymentSchema = z.object({
  reference: BankReferenceSchema,
  amount: AmountSchema,
})
export type BankPayment = z.infer<typeof BankPaymentSchema>

/**
 * `GET /api/admin/summary`: the staff's overview, revenue in BDT. Each part is null for a caller
 * without its permission (contract/operations.md "Overview").
 */
export type OrderSummary = {
  orders: Record<OrderStatus, number> | null
  revenue: { today: number; last7Days: number; last30Days: number } | null
  /** Extension (docs/api-extensions.md): open cash-on-delivery orders and the cash (BDT) they will bring. */
  codToCollect: { orders: number; total: number } | null
  lowStock: { _id: string; name: string; quantity: number; Minimum_quantity: number }[] | null
  /** Quotes waiting for an offer (docs/api-extensions.md). */
  quotes: { requested: number } | null
}
