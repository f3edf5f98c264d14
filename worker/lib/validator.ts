import { zValidator as zv } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z } from '#schemas/zod.ts'
import { badRequest } from './errors'

/**
 * zValidator with the contract's error shape: the first problem becomes the message and
 * every field with a problem is listed in `fields`.
 */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zv(target, schema, (result) => {
    if (result.success) return
    const fields: Record<string, string> = {}
    for (const issue of result.error.issues) {
      const key = issue.path.length ? issue.path.join('.') : target
      fields[key] ??= issue.message
    }
    const first = result.error.issues[0]
    throw badRequest(first?.message ?? 'Invalid request.', fields)
  })
