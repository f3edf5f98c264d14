import { binField } from './bin'
import { DELIVERY_ZONES, type DeliveryZone, DISTRICTS, type District, zoneOf } from './delivery'
import { EMAIL_MAX } from './email'
import { atMostTwoDecimals, moneyFromFormText } from './money'
import { formatCount } from './number-text'
import { phoneField } from './phone'
import { requiredText } from './text'
import { z } from './zod'

/**
 * The shop's settings on the wire (api.md "Delivery": `GET` and `PATCH /api/settings`): amounts
 * in taka, as every answer of the API; the database keeps paisa (worker/schemas/delivery.ts has
 * the stored shape). The PATCH schema here also feeds the admin's Settings forms, with numbers
 * read from the inputs' text (the `…FormSchema`s).
 */

/** A district and the zone whose fees its deliveries cost. */
export type DistrictZone = { name: District; zone: DeliveryZone }

/** The 64 districts and their zones: fixed by the contract, never stored, never changed. */
export const DISTRICT_ZONES: readonly DistrictZone[] = DISTRICTS.map((name) => ({ name, zone: zoneOf(name) }))

export const SETTINGS_LIMITS = {
  /** A zone's fee and its fee per kg, BDT. */
  fee: 100_000,
  /** The free-delivery threshold and the cash-on-delivery limit, BDT. */
  amount: 10_000_000,
  /** As heavy as one tool may be (api.md: weight 0 to 1000 kg). */
  includedKg: 1000,
  /** How long a bank-transfer order holds its stock: an hour to two weeks. */
  holdHours: { min: 1, max: 336 },
} as const

const DISTRICTS_FIXED =
  'Districts and their zones are fixed (api.md "Delivery") and cannot be changed: leave districts out.'
const ZONES_INVALID = 'Send exactly the three zones dhaka, near and outside, once each.'
const SEND_A_SECTION = 'Send at least one of shop, delivery, bank or cod, each with all its fields.'
const BANK_INCOMPLETE = 'Fill in the bank, the account name and the account number, or leave all three empty.'

/** Text that may be empty; `label` as the form shows it. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer.`)

/** An amount of BDT that may be 0 (a fee, a threshold, a limit): at most 2 decimals, at most `max`. */
const amount = (label: string, max: number) =>
  z
    .number({
      error: (iss) =>
        iss.input === undefined || iss.input === null ? `Enter the ${label}.` : `The ${label} must be a number.`,
    })
    .min(0, `The ${label} cannot be negative.`)
    .refine(atMostTwoDecimals, `The ${label} can have at most 2 decimals.`)
    .refine((n) => n <= max, `The ${label} must be at most ${formatCount(max)} BDT.`)

/** A whole number from `min` to `max`, one message for every way of missing it. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message)

/** A section of the body must be an object; a message that says so instead of zod's "expected object". */
const section = <T extends z.core.$ZodLooseShape>(name: string, shape: T) =>
  z.object(shape, { error: `${name} must be an object with all its fields.` })

/**
 * The sections' schemas; `read` turns a number field's input into what it checks (the API takes
 * JSON numbers as they are, a form the text of an input) and `readNullable` the free-delivery
 * threshold's (null: never free; a form's empty field).
 */
function sectionSchemas(read: (v: unknown) => unknown, readNullable: (v: unknown) => unknown) {
  const num = <T extends z.ZodType>(schema: T) => z.preprocess(read, schema)

  const shop = section('shop', {
    name: requiredText("Enter the shop's name.", 120, "The shop's name must be 120 characters or fewer."),
    legalName: requiredText(
      "Enter the company's legal name; it prints on tax invoices.",
      160,
      'The legal name must be 160 characters or fewer.',
    ),
    bin: binField(),
    address: requiredText(
      "Enter the shop's registered address; it prints on tax invoices.",
      300,
      'The address must be 300 characters or fewer.',
    ),
    phone: phoneField({ required: false }),
    email: optionalText('The e-mail address', EMAIL_MAX).refine((v) => v === '' || z.email().safeParse(v).success, {
      error: 'Enter a valid e-mail address, or leave it empty.',
    }),
  })

  const zone = z.object(
    {
      id: z.enum(DELIVERY_ZONES, { error: ZONES_INVALID }),
      name: requiredText("Enter the zone's name.", 60, "The zone's name must be 60 characters or fewer."),
      fee: num(amount('delivery fee', SETTINGS_LIMITS.fee)),
      includedKg: num(
        wholeNumber(
          0,
          SETTINGS_LIMITS.includedKg,
          `Included kg must be a whole number from 0 to ${formatCount(SETTINGS_LIMITS.includedKg)}.`,
        ),
      ),
      perKg: num(amount('fee per kg', SETTINGS_LIMITS.fee)),
      /** null: delivery in this zone is never free. */
      freeOver: z.preprocess(readNullable, amount('free-delivery threshold', SETTINGS_LIMITS.amount).nullable()),
    },
    { error: ZONES_INVALID },
  )

  const pickup = section('pickup', {
    address: requiredText(
      'Enter the address where customers pick up their orders.',
      300,
      'The pickup address must be 300 characters or fewer.',
    ),
    hours: optionalText('Opening hours', 120),
  })

  const delivery = section('delivery', {
    zones: z
      .array(zone, { error: ZONES_INVALID })
      .refine((zones) => zones.length === DELIVERY_ZONES.length, { error: ZONES_INVALID, abort: true })
      .refine((zones) => DELIVERY_ZONES.every((id) => zones.some((z) => z?.id === id)), { error: ZONES_INVALID }),
    pickup,
    // What GET answers may come back with the section (a client that sends back what it read);
    // anything else is a 400: the districts' zones are the contract's, not a setting.
    districts: z
      .unknown()
      .refine((v) => v === undefined || JSON.stringify(v) === JSON.stringify(DISTRICT_ZONES), {
        error: DISTRICTS_FIXED,
      })
      .optional(),
  })

  const { min, max } = SETTINGS_LIMITS.holdHours
  const bank = section('bank', {
    bankName: optionalText('The bank', 100),
    branch: optionalText('The branch', 100),
    accountName: optionalText('The account name', 100),
    accountNumber: optionalText('The account number', 40).refine(
      (v) => v === '' || /^\d{6,20}$/.test(v.replace(/[\s-]/g, '')),
      { error: 'Enter the account number: 6 to 20 digits (spaces and dashes are fine).' },
    ),
    routingNumber: optionalText('The routing number', 20).refine((v) => v === '' || /^\d{9}$/.test(v), {
      error: 'Enter the 9-digit routing number, or leave it empty.',
    }),
    holdHours: num(
      wholeNumber(
        min,
        max,
        `Hold bank-transfer orders for a whole number of hours from ${min} to ${max} (${max / 24} days).`,
      ),
    ),
  }).superRefine((b, ctx) => {
    // Bank transfer is offered with these details or not at all: half of them would send money nowhere.
    const required = ['bankName', 'accountName', 'accountNumber'] as const
    if (required.every((k) => b[k] === '')) return
    for (const k of required) if (b[k] === '') ctx.addIssue({ code: 'custom', path: [k], message: BANK_INCOMPLETE })
  })

  const cod = section('cod', {
    enabled: z.boolean({ error: 'enabled must be true or false.' }),
    maxTotal: num(amount('cash-on-delivery limit', SETTINGS_LIMITS.amount)),
  })

  return { shop, zone, pickup, delivery, bank, cod }
}

const wire = sectionSchemas(
  (v) => v,
  (v) => v,
)
const form = sectionSchemas(moneyFromFormText, (v) =>
  typeof v === 'string' && v.trim() === '' ? null : moneyFromFormText(v),
)

/**
 * `PATCH /api/settings`: any of the four sections, each whole (every field of it). Unknown keys,
 * at the top or inside a section, are ignored and never stored; `delivery.districts` only as GET
 * answered it.
 */
export const SettingsPatchSchema = z
  .object(
    {
      shop: wire.shop.optional(),
      delivery: wire.delivery.optional(),
      bank: wire.bank.optional(),
      cod: wire.cod.optional(),
    },
    { error: SEND_A_SECTION },
  )
  .refine((s) => Boolean(s.shop ?? s.delivery ?? s.bank ?? s.cod), { error: SEND_A_SECTION })
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>

export type ShopSection = z.infer<typeof wire.shop>
export type ZoneSection = z.infer<typeof wire.zone>
export type PickupSection = z.infer<typeof wire.pickup>
export type BankSection = z.infer<typeof wire.bank>
export type CodSection = z.infer<typeof wire.cod>

/** `GET /api/settings`: the settings in taka, with the districts and their zones. */
export type Settings = {
  shop: ShopSection
  delivery: { zones: ZoneSection[]; districts: DistrictZone[]; pickup: PickupSection }
  bank: BankSection
  cod: CodSection
}

/** The admin's forms, one per section (a section is saved whole): the same rules, numbers as the inputs' text. */
export const ShopFormSchema = form.shop
export const DeliveryFormSchema = form.delivery.omit({ districts: true })
export const BankFormSchema = form.bank
export const CodFormSchema = form.cod
