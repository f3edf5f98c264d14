import { z } from 'zod'
import { TakaSchema } from './money'

/** A tool as the API answers it (the spec's `service`). */
export const ToolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  img: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  Minimum_quantity: z.number().int(),
})
export type Tool = z.infer<typeof ToolSchema>

export const TOOL_SORTS = ['newest', 'price', '-price', 'name'] as const
export type ToolSort = (typeof TOOL_SORTS)[number]
export const TOOL_PAGE_MAX = 100

const intParam = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`))

export const ToolListQuerySchema = z.object({
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  sort: z.enum(TOOL_SORTS, { error: `sort must be one of ${TOOL_SORTS.join(', ')}` }).optional(),
  limit: intParam('limit', 1, TOOL_PAGE_MAX).optional(),
  offset: intParam('offset', 0, 1_000_000).optional(),
})
export type ToolListQuery = z.input<typeof ToolListQuerySchema>

const count = (field: string) =>
  z.coerce
    .number({ error: `${field} is Required` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(1_000_000, `${field} is too large`)

/** The add-tool form and POST /api/service body. Messages follow the spec ('quantity is Required'). */
export const ToolInputSchema = z
  .object({
    name: z.string({ error: 'name is Required' }).trim().min(1, 'name is Required').max(120, 'name is too long'),
    email: z.email('email must be an e-mail address').optional(),
    description: z
      .string({ error: 'description is Required' })
      .trim()
      .min(1, 'description is Required')
      .max(2000, 'description is too long'),
    price: z.coerce.number({ error: 'price is Required' }).pipe(TakaSchema),
    quantity: count('quantity'),
    Minimum_quantity: count('Minimum_quantity'),
    img: z.string({ error: 'img is Required' }).trim().min(1, 'Photo is Required').max(500),
  })
  .refine((t) => t.Minimum_quantity <= t.quantity, {
    path: ['Minimum_quantity'],
    message: 'Minimum order quantity cannot be more than the quantity',
  })
export type ToolInput = z.infer<typeof ToolInputSchema>
