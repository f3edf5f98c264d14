import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { IMAGE_MESSAGES, MAX_UPLOAD_BODY_BYTES } from '../schemas/image'
import { ApiError } from './errors'

/** The largest body each kind of request may send. */
export const BODY_LIMITS = {
  /** Every JSON body: the largest honest one (a contact message) is far below. */
  json: 64 * 1024,
  upload: MAX_UPLOAD_BODY_BYTES,
  /** A Stripe event. */
  webhook: 1024 * 1024,
} as const

const tooLarge = (kind: keyof typeof BODY_LIMITS, max: number) =>
  kind === 'upload'
    ? new ApiError(413, 'PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge, { image: IMAGE_MESSAGES.tooLargeField })
    : new ApiError(
        413,
        'PAYLOAD_TOO_LARGE',
        `The request body is larger than ${max >= 1024 * 1024 ? `${max / 1024 / 1024} MB` : `${max / 1024} KB`}.`,
      )

const limiters = Object.fromEntries(
  Object.entries(BODY_LIMITS).map(([kind, max]) => [
    kind,
    bodyLimit({
      maxSize: max,
      onError: () => {
        throw tooLarge(kind as keyof typeof BODY_LIMITS, max)
      },
    }),
  ]),
) as Record<keyof typeof BODY_LIMITS, ReturnType<typeof bodyLimit>>

/**
 * Refuses a body over its route's limit (413) before anything else looks at the request,
 * the configuration included: from Content-Length before reading when it is given,
 * otherwise cut off while streaming (Hono's bodyLimit never buffers more than the limit).
 */
export const limitBody = createMiddleware(async (c, next) => {
  const path = c.req.path
  const kind = path === '/api/images' ? 'upload' : path === '/api/stripe/webhook' ? 'webhook' : 'json'
  return limiters[kind](c, next)
})
