import { Hono } from 'hono'
import { IMAGE_KEY_PATTERN, IMAGE_MESSAGES, imageQuerySchema, MAX_IMAGE_BYTES } from '#schemas/image.ts'
import type { AppEnv } from '#worker/env.ts'
import { requireVerifiedUser } from '#worker/lib/auth.ts'
import { ApiError, badRequest, notFound } from '#worker/lib/errors.ts'
import { validate } from '#worker/lib/validator.ts'
import { looksLikeSvg, type StoredImage, storeImage } from './images.service'
import { readOriginal, readVariant } from './variants.service'

/** The answer of POST /api/images: the image host's shape the spec's client reads (`success`, `data.url`). */
export type UploadAnswer = { success: true; data: StoredImage }

const tooLarge = () =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge, { image: IMAGE_MESSAGES.tooLargeField })

const badUpload = (message: string) => badRequest(message, { image: message })

export const imagesRoutes = new Hono<AppEnv>()
  .post(
    '/',
    // Signed-in callers only, decided before a byte of the body is read (its size is limited
    // before that, for every route: lib/body-limit.ts).
    requireVerifiedUser({ staffExempt: true }),
    async (c) => {
      const contentType = c.req.header('Content-Type') ?? ''
      if (!/^multipart\/form-data\b/i.test(contentType)) {
        throw badUpload('Send the image as multipart/form-data in the field "image".')
      }
      let form: FormData
      try {
        form = await c.req.raw.formData()
      } catch {
        throw badUpload('The upload could not be read as multipart/form-data. Please try again.')
      }
      const entries = form.getAll('image')
      if (entries.length === 0) throw badUpload('image is Required')
      if (entries.length > 1) throw badUpload('Send one image at a time.')
      const file = entries[0]!
      if (typeof file === 'string') throw badUpload('image must be a file')
      if (file.size > MAX_IMAGE_BYTES) throw tooLarge()
      if (file.size === 0) throw badUpload(IMAGE_MESSAGES.empty)

      const bytes = new Uint8Array(await file.arrayBuffer())
      const stored = await storeImage(c.env.IMAGES, bytes)
      if (!stored) {
        const message = looksLikeSvg(bytes) ? IMAGE_MESSAGES.svg : IMAGE_MESSAGES.notAccepted
        throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message, { image: message })
      }
      c.header('Cache-Control', 'no-store')
      return c.json<UploadAnswer, 200>({ success: true, data: stored }, 200)
    },
  )
  .get('/:key', validate('query', imageQuerySchema), async (c) => {
    const key = c.req.param('key')
    if (!IMAGE_KEY_PATTERN.test(key)) throw notFound('No such image.')
    const { w } = c.req.valid('query')
    const ifNoneMatch = c.req.header('If-None-Match')
    const reply = w
      ? await readVariant(c.env.IMAGES, key, w, ifNoneMatch)
      : await readOriginal(c.env.IMAGES, key, ifNoneMatch)
    if (!reply) throw notFound('No such image.')
    const headers = new Headers()
    reply.object.writeHttpMetadata(headers)
    headers.set('ETag', reply.object.httpEtag)
    // Keys are content hashes (and a variant's key is derived from one): never changes.
    headers.set('Cache-Control', 'public, max-age=31536000, immutable')
    if (!reply.body) return new Response(null, { status: 304, headers })
    headers.set('Content-Length', String(reply.object.size))
    return new Response(reply.body, { headers })
  })
