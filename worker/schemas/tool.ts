import { formatBDT } from './bdt'
import { categoryParam } from './category'
import { imageRefSchema, ownImageSchema } from './image'
import { atMostTwoDecimals, moneyFromFormText, takaSchema } from './money'
import { intParam, PAGE_MAX, searchParam } from './paging'
import { requiredText } from './text'
import { TOOL_SORTS } from './tool-sorts'
import { PRICE_TIERS_MAX } from './unit-price'
import { VAT_RATES } from './vat'
import { z } from './zod'

/** A tool as the API answers it (the spec's `service`). */
export const ToolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The main photo: `images[0]`. */
  img: z.string(),
  /** The gallery, 1 to {@link IMAGES_MAX} photos, the main one first. */
  images: z.array(z.string()),
  price: z.number(),
  quantity: z.number().int(),
  Minimum_quantity: z.number().int(),
  /** Shipping weight in kg. */
  weight: z.number(),
  /** VAT rate in percent, included in the price. */
  vatRate: z.number(),
  /** The tool's category (top-level or child), or null. */
  categoryId: z.string().nullable(),
  /** Specifications in the order the tool page shows them. */
  specs: z.array(z.object({ name: z.string(), value: z.string() })),
  /** Volume prices (api.md "Wholesale"): from `minQuantity` units on, each costs `price` BDT. */
  priceTiers: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
  /** Quantities are multiples of it. */
  packSize: z.number().int(),
  /** Buyers' reviews: the average to one decimal (null without reviews) and how many. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
})
export type Tool = z.infer<typeof ToolSchema>
export type PriceTier = Tool['priceTiers'][number]
export type ToolSpec = Tool['specs'][number]

export const SPECS_MAX = 30
export const SPEC_NAME_MAX = 60
export const SPEC_VALUE_MAX = 200

export const TOOL_PAGE_MAX = PAGE_MAX

export const ToolListQuerySchema = z.object({
  q: searchParam,
  sort: z.enum(TOOL_SORTS, { error: `sort must be one of ${TOOL_SORTS.join(', ')}` }).optional(),
  /** A category's slug: the tools in it and in its children. */
  category: categoryParam,
  limit: intParam('limit', 1, TOOL_PAGE_MAX).optional(),
  offset: intParam('offset', 0, 1_000_000).optional(),
})

// ─── Tool input ─────────────────────────────────────────────────────────────────────────

/**
 * Form values arrive as strings and JSON as numbers: '' and null count as missing, a
 * numeric string as its number. Booleans and the like stay as they are and fail.
 */
const formNumber = (v: unknown) => {
  if (v === null) return undefined
  if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v)
  return v
}

const requiredNumber = (label: string) =>
  z.number({ error: (iss) => (iss.input === undefined ? `${label} is Required` : `${label} must be a number`) })

const count = (label: string, min = 1) =>
  z.preprocess(
    formNumber,
    requiredNumber(label)
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(1_000_000, `${label} is too large`),
  )

/**
 * A tool's specifications: name/value rows of visible text, at most {@link SPECS_MAX}, each name
 * once (case-insensitive). Keys other than `name` and `value` are dropped.
 */
export const SpecsSchema = z
  .array(
    z.object({
      name: requiredText(
        'Specification name is Required',
        SPEC_NAME_MAX,
        `Specification name must be at most ${SPEC_NAME_MAX} characters`,
      ),
      value: requiredText(
        'Specification value is Required',
        SPEC_VALUE_MAX,
        `Specification value must be at most ${SPEC_VALUE_MAX} characters`,
      ),
    }),
    { error: 'specs must be a list of {name, value}' },
  )
  .max(SPECS_MAX, `A tool has at most ${SPECS_MAX} specifications`)
  .superRefine((specs, ctx) => {
    const seen = new Set<string>()
    specs.forEach((spec, i) => {
      const key = spec.name.toLowerCase()
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `${spec.name} is listed twice` })
      seen.add(key)
    })
  })

export const IMAGES_MAX = 8

/**
 * A tool's gallery: 1 to {@link IMAGES_MAX} images uploaded to the shop, each once, the main photo
 * first. (A lone `img` keeps accepting an https address too: see {@link galleryOf}.)
 */
export const ImagesSchema = z
  .array(ownImageSchema, { error: 'images must be a list of photo addresses' })
  .min(1, 'Photo is Required')
  .max(IMAGES_MAX, `A tool has at most ${IMAGES_MAX} photos`)
  .superRefine((images, ctx) => {
    images.forEach((img, i) => {
      if (images.indexOf(img) !== i)
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: `Photo ${i + 1} is the same as photo ${images.indexOf(img) + 1}`,
        })
    })
  })

/**
 * The gallery a write sets: `images` as sent, or `[img]` when only `img` is (the spec's forms and
 * clients send one photo); undefined when it sends neither.
 */
export const galleryOf = (t: { img?: string | undefined; images?: string[] | undefined }) =>
  t.images ?? (t.img !== undefined ? [t.img] : undefined)

/** Sent together, `img` must be the first of `images` (it is the main photo). */
const imgIsFirst = {
  check: (t: { img?: string | undefined; images?: string[] | undefined }) =>
    t.img === undefined || t.images === undefined || t.images[0] === t.img,
  params: { path: ['img'], message: 'img must be the first of images (the main photo)' },
}

/** A tool's category: a category's id, or null (none); '' from a form's select means none. */
const categoryIdSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  z.string({ error: 'categoryId must be a category id or null' }).max(64, 'No category has that id').nullable(),
)

export const MINIMUM_ABOVE_QUANTITY = 'Minimum order quantity cannot be more than the quantity'

// ─── Wholesale: volume prices and pack sizes (api.md "Wholesale") ──────────────────────────

type Issue = { path: (string | number)[]; message: string }

/**
 * What is wrong with a tool's volume prices and pack size, given its price and minimum order:
 * each tier starts above the minimum order and above the tier before it, and costs less than
 * the price and than the tier before it; the minimum order is a whole number of packs. The
 * schemas below check a whole tool with it; `PATCH /api/service/{id}` the tool as it would be.
 */
export function wholesaleIssues(tool: {
  price: number
  Minimum_quantity: number
  packSize?: number | undefined
  priceTiers?: readonly { minQuantity: number; price: number }[] | undefined
}): Issue[] {
  const issues: Issue[] = []
  const pack = tool.packSize ?? 1
  // NOTE: a pack size that is not a whole number ≥ 1 has its own message already.
  if (Number.isInteger(pack) && pack >= 1 && tool.Minimum_quantity % pack !== 0)
    issues.push({
      path: ['Minimum_quantity'],
      message: `The minimum order quantity must be a whole number of packs of ${pack}.`,
    })
  ;(tool.priceTiers ?? []).forEach((tier, i, tiers) => {
    const before = tiers[i - 1]
    if (tier.minQuantity <= tool.Minimum_quantity)
      issues.push({
        path: ['priceTiers', i, 'minQuantity'],
        message: `A volume price must start above the minimum order quantity (${tool.Minimum_quantity}).`,
      })
    else if (before && tier.minQuantity <= before.minQuantity)
      issues.push({
        path: ['priceTiers', i, 'minQuantity'],
        message: `Start each volume price at a larger quantity than the one before (${before.minQuantity}).`,
      })
    if (tier.price >= tool.price)
      issues.push({
        path: ['priceTiers', i, 'price'],
        message: `A volume price must be lower than the tool's price (${formatBDT(tool.price)}).`,
      })
    else if (before && tier.price >= before.price)
      issues.push({
        path: ['priceTiers', i, 'price'],
        message: `Make each volume price lower than the one before (${formatBDT(before.price)}).`,
      })
  })
  return issues
}

/** Adds {@link wholesaleIssues} to a schema's issues. */
const checkWholesale = (tool: Parameters<typeof wholesaleIssues>[0], ctx: z.RefinementCtx) => {
  for (const issue of wholesaleIssues(tool)) ctx.addIssue({ code: 'custom', ...issue })
}

/**
 * The tool schemas for a given money field: the API takes prices as JSON numbers only, the
 * forms as the text of an input (see {@link ToolFormSchema}); every other rule is the same.
 */
function toolSchemas(money: (label: string) => z.ZodType<number, unknown>) {
  const price = money('price')
  /** Volume prices: at most {@link PRICE_TIERS_MAX}; how they relate to the tool, {@link wholesaleIssues}. */
  const priceTiers = z
    .array(
      z.object(
        { minQuantity: count('From quantity', 2), price: money('Volume price') },
        { error: 'Each volume price is {minQuantity, price}' },
      ),
      {
        error: 'priceTiers must be a list of {minQuantity, price}',
      },
    )
    .max(PRICE_TIERS_MAX, `A tool has at most ${PRICE_TIERS_MAX} volume prices.`)
  /** The tool's own fields, each with the spec's 'x is Required' message. */
  const fields = z.object({
    name: requiredText('name is Required', 120, 'name is too long'),
    description: requiredText('description is Required', 2000, 'description is too long'),
    price,
    /** Units in stock; 0 means out of stock (shown so, and nobody can order it). */
    quantity: count('quantity', 0),
    // NOTE: the wire name stays `Minimum_quantity` (spec); the form labels it 'Minimum order quantity'.
    Minimum_quantity: count('Minimum order quantity'),
    /** The main photo alone; `images` sets the whole gallery. A tool needs one or the other. */
    img: imageRefSchema('Photo is Required').optional(),
    images: ImagesSchema.optional(),
    /** kg, 0 to 1000, at most 2 decimals; 1 when not given. */
    weight: z
      .preprocess(
        formNumber,
        z
          .number({ error: 'weight must be a number of kg' })
          .min(0, 'weight must be at least 0')
          .max(1000, 'weight must be at most 1000 kg')
          .refine(atMostTwoDecimals, 'weight can have at most 2 decimals'),
      )
      .optional(),
    /** Percent, one of the rates VAT has; 15 when not given. */
    vatRate: z
      .preprocess(
        formNumber,
        z
          .number({ error: 'vatRate must be a number' })
          .refine(
            (n) => (VAT_RATES as readonly number[]).includes(n),
            `vatRate must be one of ${VAT_RATES.join(', ')}`,
          ),
      )
      .optional(),
    categoryId: categoryIdSchema.optional(),
    specs: SpecsSchema.optional(),
    priceTiers: priceTiers.optional(),
    /** Whole, at least 1; 1 when not given. */
    packSize: count('Pack size').optional(),
  })
  const input = fields
    .extend({
      /** A new tool comes with stock; 0 (out of stock) is for an edit. */
      quantity: count('quantity'),
      /** The submitter's e-mail (the spec's form sends it); the server checks it is the caller's. */
      email: z.email('email must be an e-mail address').optional(),
    })
    .refine((t) => t.Minimum_quantity <= t.quantity, { path: ['Minimum_quantity'], message: MINIMUM_ABOVE_QUANTITY })
    .superRefine(checkWholesale)
    // Checked even when other fields failed, so an empty form hears about every missing field at once.
    .refine((t) => galleryOf(t) !== undefined, {
      path: ['img'],
      message: 'Photo is Required',
      when: ({ value }) => {
        const sent = value as { img?: unknown; images?: unknown } | null
        return typeof sent === 'object' && sent !== null && sent.img === undefined && sent.images === undefined
      },
    })
    .refine(imgIsFirst.check, imgIsFirst.params)
  return { fields, input }
}

const wire = toolSchemas(takaSchema)
const form = toolSchemas((label) => z.preprocess(moneyFromFormText, takaSchema(label)))

export const ToolFieldsSchema = wire.fields
export type ToolFields = z.infer<typeof ToolFieldsSchema>

/** POST /api/service body. Messages follow the spec ('quantity is Required'). */
export const ToolInputSchema = wire.input
export type ToolInput = z.infer<typeof ToolInputSchema>

/** The add-tool form: the same rules, the price as the input's text. */
export const ToolFormSchema = form.input
/** The fields of the tool edit form, the price as the input's text; the whole tool's wholesale rules. */
export const ToolEditFormSchema = form.fields.superRefine((t, ctx) => checkWholesale(t, ctx))

/**
 * PATCH /api/service/{id}: any of the tool's fields, at least one. When both quantities
 * are sent they are checked here; against the stored values on the server.
 */
export const ToolPatchSchema = ToolFieldsSchema.partial()
  .extend({
    /**
     * Extension (docs/api-extensions.md): the stock the editor last saw. With it, a new
     * `quantity` is stored only if the stock is still that figure (409 otherwise), so orders
     * taken while an admin edits are not overwritten.
     */
    previousQuantity: z.number().int().min(0).optional(),
  })
  .refine(({ previousQuantity: _, ...fields }) => Object.values(fields).some((v) => v !== undefined), {
    message: 'Send at least one field to change',
  })
  .refine((t) => t.previousQuantity === undefined || t.quantity !== undefined, {
    path: ['previousQuantity'],
    message: 'previousQuantity goes with a new quantity',
  })
  .refine((t) => t.Minimum_quantity === undefined || !t.quantity || t.Minimum_quantity <= t.quantity, {
    path: ['Minimum_quantity'],
    message: MINIMUM_ABOVE_QUANTITY,
  })
  .refine(imgIsFirst.check, imgIsFirst.params)
export type ToolPatch = z.infer<typeof ToolPatchSchema>

/** `GET /api/service/{id}/orders` (admins): what deleting the tool would touch. */
export type OpenOrders = { unpaid: number; toFulfil: number }
