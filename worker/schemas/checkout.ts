import { DELIVERY_METHODS } from './delivery'
import { atMostTwoDecimals } from './money'
import {
  AddressSchema,
  DistrictSchema,
  ORDER_LIMITS,
  type PaymentMethod,
  PaymentMethodSchema,
  QuantitySchema,
  ServiceIdSchema,
} from './order'
import { phoneField } from './phone'
import { requiredText } from './text'
import { CompanySchema, noCompany } from './user'
import { z } from './zod'

/** An optional short text: trimmed, '' counts as not given. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer.`)
    .transform((v) => (v === '' ? undefined : v))
    .optional()

const blankIsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

/** Where the order goes. For a pickup only the name and phone are needed. */
export const CheckoutAddressSchema = z.object({
  name: requiredText(
    'Enter the name to deliver to.',
    ORDER_LIMITS.name,
    `The name must be ${ORDER_LIMITS.name} characters or fewer.`,
  ),
  phone: phoneField({ required: true }),
  // Blank is not given (a pickup needs no address; a courier is told to enter one).
  line1: z.preprocess(blankIsMissing, AddressSchema.optional()),
  line2: optionalText('Address line 2', 200),
  city: optionalText('City', 80),
  district: z.preprocess(blankIsMissing, DistrictSchema.optional()),
  postcode: z
    .string({ error: 'Postcode must be text.' })
    .trim()
    .regex(/^(\d{4})?$/, 'A postcode is 4 digits.')
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
})

const checkoutFields = z.object({
  /**
   * Extension (docs/api-extensions.md "Buy now"): the order of this one tool at this quantity, the
   * tool page's Purchase, instead of the cart's lines; the cart is left as it is.
   */
  buyNow: z
    .object(
      {
        serviceId: ServiceIdSchema,
        quantity: QuantitySchema,
      },
      { error: 'buyNow must be an object with serviceId and quantity' },
    )
    .optional(),
  delivery: z.object(
    {
      method: z.enum(DELIVERY_METHODS, { error: `delivery.method must be one of ${DELIVERY_METHODS.join(', ')}` }),
      address: CheckoutAddressSchema,
    },
    { error: 'delivery is Required' },
  ),
  paymentMethod: PaymentMethodSchema.default('card'),
  // As on the profile: null, or a name and BIN both blank, is no company (the answers say null).
  company: z.preprocess(noCompany, CompanySchema.nullable()).optional(),
  poNumber: optionalText('PO number', 50),
  note: optionalText('The note', 500),
})

/** A courier needs the address and the district (a pickup only the name and phone). */
const courierNeedsAddress = (body: z.infer<typeof checkoutFields>, ctx: z.RefinementCtx) => {
  if (body.delivery.method !== 'courier') return
  if (!body.delivery.address.line1)
    ctx.addIssue({ code: 'custom', path: ['delivery', 'address', 'line1'], message: 'Enter the delivery address.' })
  if (!body.delivery.address.district)
    ctx.addIssue({
      code: 'custom',
      path: ['delivery', 'address', 'district'],
      message: 'Choose a district from the list.',
    })
}

/** The body of `POST /api/checkout/preview`: the checkout's, `expectedTotal` not needed. */
export const CheckoutPreviewSchema = checkoutFields.superRefine(courierNeedsAddress)
export type CheckoutPreviewInput = z.infer<typeof CheckoutPreviewSchema>

/** The body of `POST /api/checkout`. */
export const CheckoutSchema = checkoutFields
  .extend({
    /** The total the customer saw, in BDT: another one now is a 409 TOTAL_CHANGED. */
    expectedTotal: z
      .number({
        error: (iss) =>
          iss.input === undefined || iss.input === null
            ? 'expectedTotal is Required: send the total the checkout showed.'
            : 'expectedTotal must be a number of BDT',
      })
      .nonnegative('expectedTotal must be at least 0')
      .refine(atMostTwoDecimals, 'expectedTotal can have at most 2 decimals'),
  })
  .superRefine(courierNeedsAddress)
export type CheckoutInput = z.infer<typeof CheckoutSchema>

/** `POST /api/checkout/preview`'s answer; money in BDT. */
export type CheckoutPreview = {
  lines: {
    serviceId: string
    service: string
    img: string
    quantity: number
    unitPrice: number
    /** Extension (docs/api-extensions.md): the tool's list price, so the volume saving shows. */
    listUnitPrice: number
    price: number
    vatRate: number
    vat: number
    error: string | null
  }[]
  price: number
  deliveryFee: number
  vat: number
  total: number
  /** The methods this order may use (api.md "Payment methods"). */
  paymentMethods: PaymentMethod[]
}

/** `POST /api/checkout`'s answer. */
export type CheckoutPlaced = { acknowledged: true; insertedId: string; orderNumber: string; total: number }
