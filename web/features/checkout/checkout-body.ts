import type { Path } from 'react-hook-form'
import { type CheckoutPreviewInput, CheckoutPreviewSchema } from '#schemas/checkout.ts'
import type { DeliveryMethod, District } from '#schemas/delivery.ts'
import type { PaymentMethod } from '#schemas/order.ts'
import type { UserProfile } from '#schemas/user.ts'
import { z } from '#schemas/zod.ts'

/** The checkout form as typed: every field text, the API's body shape (so the API's `fields` keys are its paths). */
export type CheckoutFormValues = {
  delivery: {
    method: DeliveryMethod
    address: {
      name: string
      phone: string
      line1: string
      line2: string
      city: string
      district: District | ''
      postcode: string
    }
  }
  paymentMethod: PaymentMethod
  company: { name: string; bin: string }
  poNumber: string
  note: string
}

/** Text left empty is not sent. */
const given = (text: string) => (text.trim() === '' ? undefined : text)

/**
 * The body of the checkout (and its preview) from the form: a pickup sends only the name and
 * phone (the address fields are hidden then), the company only when a name or BIN is typed.
 */
export function checkoutBody(values: CheckoutFormValues): z.input<typeof CheckoutPreviewSchema> {
  const { method, address } = values.delivery
  const company = given(values.company.name) || given(values.company.bin) ? values.company : undefined
  return {
    delivery: {
      method,
      address:
        method === 'pickup'
          ? { name: address.name, phone: address.phone }
          : {
              name: address.name,
              phone: address.phone,
              line1: given(address.line1),
              line2: given(address.line2),
              city: given(address.city),
              district: given(address.district) as District | undefined,
              postcode: given(address.postcode),
            },
    },
    paymentMethod: values.paymentMethod,
    company,
    poNumber: given(values.poNumber),
    note: given(values.note),
  }
}

/** The checkout form's fields by the API's `fields` keys (the same paths): where a refusal's field errors go. */
export const CHECKOUT_FORM_FIELDS: readonly Path<CheckoutFormValues>[] = [
  'delivery.method',
  'delivery.address.name',
  'delivery.address.phone',
  'delivery.address.line1',
  'delivery.address.line2',
  'delivery.address.city',
  'delivery.address.district',
  'delivery.address.postcode',
  'paymentMethod',
  'company.name',
  'company.bin',
  'poNumber',
  'note',
]

/**
 * The form checked with the API's own schema (worker/schemas/checkout.ts), so its rules and
 * messages are the server's and its issues land on the fields of the same paths.
 */
export const CheckoutFormSchema = z.preprocess(
  (values) => checkoutBody(values as CheckoutFormValues),
  CheckoutPreviewSchema,
) as unknown as z.ZodType<CheckoutPreviewInput, CheckoutFormValues>

/** A delivery address as an order keeps it (the last one used starts the next checkout). */
export type LastDelivery = {
  name: string
  phone: string
  line1: string
  line2: string | null
  city: string | null
  district: string | null
  postcode: string | null
}

/**
 * Where the form starts: the last courier delivery's name, phone and address when there is one,
 * else the profile's; the profile's company, a courier delivery, card.
 */
export function checkoutDefaults(
  profile: UserProfile,
  displayName: string,
  last: LastDelivery | null = null,
): CheckoutFormValues {
  return {
    delivery: {
      method: 'courier',
      address: last
        ? {
            name: last.name,
            phone: last.phone,
            line1: last.line1,
            line2: last.line2 ?? '',
            city: last.city ?? '',
            district: (last.district ?? '') as District | '',
            postcode: last.postcode ?? '',
          }
        : {
            name: displayName || profile.name,
            phone: profile.phone,
            line1: profile.address,
            line2: '',
            city: '',
            district: '',
            postcode: '',
          },
    },
    paymentMethod: 'card',
    company: { name: profile.company?.name ?? '', bin: profile.company?.bin ?? '' },
    poNumber: '',
    note: '',
  }
}

/** The profile's one-line address from the checkout's fields ("House 7, Road 3, Dhanmondi, Dhaka 1205"). */
export function profileAddress(a: CheckoutFormValues['delivery']['address'], max: number): string {
  const place = [a.district, a.postcode.trim()].filter(Boolean).join(' ')
  return [a.line1, a.line2, a.city, place]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ')
    .slice(0, max)
}

/**
 * NOTE: the preview prices the cart, the delivery method and the district only, yet its body is
 * the checkout's, whose contact fields must be valid. It is asked with stand-ins for them, so the
 * price shows (and does not vanish) while the customer is still typing a name or phone; the order
 * itself is always sent with what the customer typed. Nothing is stored by a preview.
 */
const PREVIEW_CONTACT = { name: 'Preview', phone: '0000000000', line1: 'Address to come' } as const

/**
 * The preview's body for what changes the price. A courier delivery without a district yet
 * cannot be priced: the goods are then previewed as a pickup, and the delivery, VAT and total
 * wait for the district ({@link pricesDelivery}).
 */
export function previewBody(choice: PreviewChoice): z.input<typeof CheckoutPreviewSchema> {
  const method = pricesDelivery(choice) ? choice.method : 'pickup'
  return {
    delivery: {
      method,
      address: { ...PREVIEW_CONTACT, district: choice.district === '' ? undefined : choice.district },
    },
    paymentMethod: choice.paymentMethod,
    ...(choice.buyNow ? { buyNow: choice.buyNow } : {}),
  }
}

/** One tool bought now (the tool page's Purchase) instead of the cart. */
export type BuyNow = { serviceId: string; quantity: number }

/** What the preview depends on besides the cart; `buyNow` prices that tool instead of it. */
export type PreviewChoice = {
  method: DeliveryMethod
  district: District | ''
  paymentMethod: PaymentMethod
  buyNow?: BuyNow
}

/** Whether a preview of `choice` prices the delivery (a courier needs the district). */
export const pricesDelivery = (choice: PreviewChoice) => choice.method === 'pickup' || choice.district !== ''

/** Where a server `fields` key belongs: a line of the order (`lines.{i}.quantity`), or a form field of the same path. */
export const lineIndexOf = (key: string): number | undefined => {
  const match = /^lines\.(\d+)\./.exec(key)
  return match ? Number(match[1]) : undefined
}
