import { z } from 'zod'

/** `?redirect=` of /login: only a path inside this shop, never another site. */
export const RedirectSearchSchema = z.object({
  redirect: z
    .string()
    .refine((v) => v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\'))
    .optional()
    .catch(undefined),
})
