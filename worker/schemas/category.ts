import { CATEGORY_NAME_MAX, CATEGORY_SLUG_MAX, SLUG_PATTERN } from './category-tree'
import { textParam } from './paging'
import { requiredText } from './text'
import { z } from './zod'

const SLUG_MESSAGE = 'slug may only have a–z, 0–9 and single hyphens between them'

const slug = z
  .string({ error: 'slug must be text' })
  .trim()
  .max(CATEGORY_SLUG_MAX, `slug must be at most ${CATEGORY_SLUG_MAX} characters`)
  .regex(SLUG_PATTERN, SLUG_MESSAGE)

const name = requiredText('name is Required', CATEGORY_NAME_MAX, `name must be at most ${CATEGORY_NAME_MAX} characters`)

/** A parent's id; '' and null mean none (a top-level category). */
const parentId = z.preprocess(
  (v) => (v === '' ? null : v),
  z.string({ error: 'parentId must be a category id or null' }).max(64).nullable(),
)

/** `POST /api/category`: a name, a slug (made from the name when left out) and a parent (none: top level). */
export const CategoryInputSchema = z.object({
  name,
  slug: z.preprocess((v) => (v === '' || v === null ? undefined : v), slug.optional()),
  parentId: parentId.optional(),
})
export type CategoryInput = z.infer<typeof CategoryInputSchema>

/** `PATCH /api/category/{id}`: rename (`name`, `slug`) or move (`parentId`, null for top level); at least one. */
export const CategoryPatchSchema = z
  .object({ name: name.optional(), slug: slug.optional(), parentId: parentId.optional() })
  .refine((p) => p.name !== undefined || p.slug !== undefined || p.parentId !== undefined, {
    message: 'Send at least one field to change',
  })
export type CategoryPatch = z.infer<typeof CategoryPatchSchema>

/** `?category=` of the tool list: a slug (an unknown one lists nothing; '' means every category). */
export const categoryParam = textParam('category')
