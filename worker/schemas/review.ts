import { z } from 'zod'

export const ReviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  img: z.string(),
  rating: z.number().int().nullable(),
  createdAt: z.number(),
})
export type Review = z.infer<typeof ReviewSchema>

export const ReviewInputSchema = z.object({
  name: z.string({ error: 'name is Required' }).trim().min(1, 'name is Required').max(80, 'name is too long'),
  description: z
    .string({ error: 'description is Required' })
    .trim()
    .min(1, 'description is Required')
    .max(1000, 'description is too long'),
  img: z.string({ error: 'Photo is Required' }).trim().min(1, 'Photo is Required').max(500),
  rating: z.coerce.number().int().min(1, 'rating must be 1 to 5').max(5, 'rating must be 1 to 5').optional(),
})
export type ReviewInput = z.infer<typeof ReviewInputSchema>
