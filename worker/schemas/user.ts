import { binField } from './bin'
import { emailField } from './email'
import { isImageRef } from './image'
import { pageQuery, searchParam } from './paging'
import { phoneField } from './phone'
import { PERMISSIONS, ROLES as STAFF_ROLES } from './staff'
import { requiredText } from './text'
import { z } from './zod'

export const ROLES = ['admin', 'user'] as const

/**
 * An e-mail address as the API takes it (path or body): trimmed, checked, lower-cased, so
 * `Customer@Example.com` and `customer@example.com` are one user. Broader than the sign-up
 * form's client-side pattern on purpose: Google accounts may use dots, plus signs, long TLDs.
 */
export const EmailSchema = emailField({
  required: 'Email is Required',
  invalid: 'Provide a Valid Email',
  tooLong: 'Email is too long',
}).transform((email) => email.toLowerCase())

/** The `{email}` path parameter of the user routes. */
export const EmailParamSchema = z.object({ email: EmailSchema })

/** A user's profile as the API answers it. */
export const UserProfileSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** The staff roles it holds, in the roles table's order; [] for a customer (contract/operations.md). */
  roles: z.array(z.enum(STAFF_ROLES)),
  education: z.string(),
  address: z.string(),
  phone: z.string(),
  social: z.string(),
  image: z.string(),
  /** ISO 8601 while the account is removed (blocked); null otherwise. */
  removedAt: z.string().nullable(),
  /** The business the customer buys for (api.md "Wholesale"): checkout starts from it. */
  company: z.object({ name: z.string(), bin: z.string() }).nullable(),
})
export type UserProfile = z.infer<typeof UserProfileSchema>

export const PROFILE_LIMITS = { name: 80, education: 120, address: 300, url: 500, company: 120 } as const

/**
 * A business buyer's company: its name and 13-digit BIN (checkout's company takes the same).
 * Both empty (a form's cleared fields) or null means none.
 */
export const CompanySchema = z.object(
  {
    name: requiredText(
      'Enter the company name.',
      PROFILE_LIMITS.company,
      `The company name must be ${PROFILE_LIMITS.company} characters or fewer.`,
    ),
    bin: binField(),
  },
  { error: 'company must be {name, bin} or null' },
)

/** Before {@link CompanySchema}: a company whose name and BIN are both blank is none (null). */
export const noCompany = (v: unknown) => {
  // Anything but a {name, bin} object (a list, say) is left to the schema's 400.
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v
  const { name, bin } = v as { name?: unknown; bin?: unknown }
  const blank = (x: unknown) => typeof x === 'string' && x.trim() === ''
  return blank(name) && blank(bin) ? null : v
}

const isHttpUrl = (value: string, protocols: string[]) => {
  if (!URL.canParse(value)) return false
  return protocols.includes(new URL(value).protocol)
}

/** A profile text field; `label` as the form shows it. */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer.`)

/**
 * The body of `PUT /api/user/{email}`: the e-mail at sign-in and any profile fields when
 * updating. An empty string clears a field. Unknown keys (`role`, `_id`, …) are stripped:
 * they can never be stored through this schema.
 */
export const ProfileUpdateSchema = z.object({
  email: EmailSchema.optional(),
  name: text('Name', PROFILE_LIMITS.name).optional(),
  education: text('Education', PROFILE_LIMITS.education).optional(),
  address: text('Address', PROFILE_LIMITS.address).optional(),
  phone: phoneField({ required: false }).optional(),
  social: text('Social link', PROFILE_LIMITS.url)
    .refine((v) => v === '' || isHttpUrl(v, ['http:', 'https:']), {
      error: 'Enter a link that starts with http:// or https://.',
    })
    .optional(),
  image: text('Photo', PROFILE_LIMITS.url)
    .refine((v) => v === '' || isImageRef(v), {
      error: 'Upload a photo, or enter a link to one that starts with https://.',
    })
    .optional(),
  /** null (or both fields empty) removes it. */
  company: z.preprocess(noCompany, CompanySchema.nullable()).optional(),
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
/**
 * `GET /api/admin/{email}`: `admin` true for staff (the spec's flag), and the roles and
 * permissions it holds, sorted as the roles table (`[]` for a customer).
 */
export const AdminFlagSchema = z.object({
  admin: z.boolean(),
  roles: z.array(z.enum(STAFF_ROLES)),
  permissions: z.array(z.enum(PERMISSIONS)),
})
export type AdminFlag = z.infer<typeof AdminFlagSchema>
