import { EMAIL_MAX, emailField } from './email'
import { pageQuery, searchParam } from './paging'
import { hasVisibleText, requiredText } from './text'
import { z } from './zod'

export const CONTACT_LIMITS = { name: 80, email: EMAIL_MAX, subject: 120, messageMin: 10, messageMax: 5000 } as const

/**
 * The home page contact form, checked in the browser (zodResolver) and by the API.
 * The message text is kept exactly as typed (no trimming, no HTML processing): it is
 * only ever shown as text and sent as a plain-text e-mail.
 */
export const ContactInputSchema = z.object({
  name: requiredText(
    'Name is Required',
    CONTACT_LIMITS.name,
    `Name must be ${CONTACT_LIMITS.name} characters or fewer`,
  ),
  email: emailField({ required: 'Email is Required', invalid: 'Provide a valid Email' }),
  subject: z
    .string({ error: 'Subject must be text' })
    .trim()
    .max(CONTACT_LIMITS.subject, `Subject must be ${CONTACT_LIMITS.subject} characters or fewer`)
    .optional(),
  message: z
    .string({ error: 'Message is Required' })
    .refine(hasVisibleText, { error: 'Message is Required', abort: true })
    .refine((s) => s.trim().length >= CONTACT_LIMITS.messageMin, {
      error: `Message must be at least ${CONTACT_LIMITS.messageMin} characters`,
      abort: true,
    })
    .refine((s) => s.length <= CONTACT_LIMITS.messageMax, {
      error: `Message must be ${CONTACT_LIMITS.messageMax} characters or fewer`,
    }),
})
export type ContactInput = z.infer<typeof ContactInputSchema>
/** What the form holds before parsing (subject may be left empty). */
export type ContactFormValues = z.input<typeof ContactInputSchema>

export const ContactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  emailStatus: z.enum(['pending', 'sent', 'failed']),
  emailError: z.string().nullable(),
  createdAt: z.number(),
})
export type ContactMessage = z.infer<typeof ContactMessageSchema>

/** `GET /api/contact` (admins): newest first, paged, searchable. */
export const ContactListQuerySchema = pageQuery.extend({ q: searchParam })
