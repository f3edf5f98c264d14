import { z } from 'zod'
import { emailField } from './email'
import { pageQuery, searchParam } from './paging'
import { isImageRef } from './image'

export const ROLES = ['admin', 'user'] as const

/**
 * An e-mail address as the API takes it (path or body): trimmed, checked, lower-cased, so
 * `Customer@Example.com` and `customer@example.com` are one user. Broader than the sign-up
 * form's client-side pattern on purpose: Google accounts may use dots, plus signs, long TLDs.
 */
export const EmailSchema = emailField({ required: 'Email is Required', invalid: 'Provide a Valid Email', tooLong: 'Email is too long' })
  .transform((email) => email.toLowerCase())

/** The `{email}` path parameter of the user routes. */
export const EmailParamSchema = z.object({ email: EmailSchema })

/** A user's profile as the API answers it. */
export const UserProfileSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  education: z.string(),
  address: z.string(),
  phone: z.string(),
  social: z.string(),
  image: z.string(),
  /** ISO 8601 while the account is removed (blocked); null otherwise. */
  removedAt: z.string().nullable(),
})
export type UserProfile = z.infer<typeof UserProfileSchema>

export const PROFILE_LIMITS = { name: 80, education: 120, address: 300, url: 500 } as const

const PHONE_PATTERN = /^[0-9+\-() ]{6,20}$/

const isHttpUrl = (value: string, protocols: string[]) => {
  if (!URL.canParse(value)) return false
  return protocols.includes(new URL(value).protocol)
}

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)

/**
 * The body of `PUT /api/user/{email}`: the e-mail at sign-in and any profile fields when
 * updating. An empty string clears a field. Unknown keys (`role`, `_id`, …) are stripped:
 * they can never be stored through this schema.
 */
export const ProfileUpdateSchema = z.object({
  email: EmailSchema.optional(),
  name: text('name', PROFILE_LIMITS.name).optional(),
  education: text('education', PROFILE_LIMITS.education).optional(),
  address: text('address', PROFILE_LIMITS.address).optional(),
  phone: text('phone', 20)
    .refine((v) => v === '' || PHONE_PATTERN.test(v), {
      error: 'phone must be 6 to 20 digits, spaces or + - ( )',
    })
    .optional(),
  social: text('social', PROFILE_LIMITS.url)
    .refine((v) => v === '' || isHttpUrl(v, ['http:', 'https:']), {
      error: 'social must be a link starting with http:// or https://',
    })
    .optional(),
  image: text('image', PROFILE_LIMITS.url)
    .refine((v) => v === '' || isImageRef(v), {
      error: 'image must be an uploaded image or a link starting with https://',
    })
    .optional(),
})
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>
/** The form-side (input) type of the profile update. */
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>

/** `GET /api/user` (admins): paged, searchable; `removed=1` lists the removed accounts. */
export const UserListQuerySchema = pageQuery.extend({
  q: searchParam,
  removed: z.enum(['0', '1'], { error: 'removed must be 0 or 1' }).optional(),
})

/** `GET /api/admin/{email}`. */
export const AdminFlagSchema = z.object({ admin: z.boolean() })
export type AdminFlag = z.infer<typeof AdminFlagSchema>
