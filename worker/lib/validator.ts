import { zValidator as zv } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { ZodType } from 'zod'
import { badRequest, type ApiError } from './errors'

/** The contract's 400 for a failed zod check: the first problem is the message, every field is listed. */
function validationError(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }, target: string): ApiError {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : target
    fields[key] ??= issue.message
  }
  return badRequest(error.issues[0]?.message ?? 'Invalid request.', fields)
}

/**
 * zValidator with the contract's error shape: the first problem becomes the message and
 * every field with a problem is listed in `fields`.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zv(target, schema, (result) => {
    if (!result.success) throw validationError(result.error, target)
  })
