import { IMAGE_WIDTHS, type ImageWidth, uploadedImageKey } from './image-urls'
import { z } from './zod'

/**
 * Every image rule in one place: upload types, size and refusal messages (shared by
 * POST /api/images and the web app's pre-check, so a refusal reads the same whoever makes
 * it), the keys uploads are stored under, which addresses a tool, review or profile may
 * show, and the query of the widths images are served at (`?w=`; the widths themselves and
 * the uploaded-image address are in image-urls.ts). Browser-safe: imports only zod.
 */
export const IMAGE_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
} as const
export type ImageExt = keyof typeof IMAGE_TYPES

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/**
 * The largest multipart body read for an upload: the image plus room for the boundaries
 * and part headers (a long file name, say). Anything larger is refused before parsing.
 */
export const MAX_UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024

const ACCEPTED = 'Upload a JPEG, PNG, WebP, GIF or AVIF image.'

export const IMAGE_MESSAGES = {
  tooLarge: `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB. Please choose a smaller one.`,
  tooLargeField: `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
  empty: 'The image file is empty.',
  svg: `SVG images are not accepted. ${ACCEPTED}`,
  notAccepted: `This file is not an accepted image. ${ACCEPTED}`,
} as const

// ─── Image references (tools, reviews, profiles) ──────────────────────────────────────────

/** Keys of uploaded images: the SHA-256 of the bytes plus the type's extension. */
export const IMAGE_KEY_PATTERN = /^[0-9a-f]{64}\.(jpg|png|webp|gif|avif)$/

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password
  } catch {
    return false
  }
}

/** True for an address an image may be shown from: an uploaded image's or an https URL. */
export const isImageRef = (value: string) => uploadedImageKey(value) !== undefined || isHttpsUrl(value)

export const IMAGE_REF_MESSAGE = 'Photo must be an uploaded image or an https:// address'

/**
 * An image a tool or review shows: the address of an uploaded image (`/api/images/<key>`)
 * or an https URL. Nothing else (no `javascript:`, `data:` or plain http).
 */
export const imageRefSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(1000, 'Photo address is too long')
    .refine(isImageRef, IMAGE_REF_MESSAGE)

/** The photos of a tool's gallery: only images uploaded to the shop. */
export const OWN_IMAGE_MESSAGE = 'Photos must be images uploaded to the shop (/api/images/…)'

/** An image uploaded to the shop (`/api/images/<key>`), nothing else (no outside address). */
export const ownImageSchema = z
  .string({ error: OWN_IMAGE_MESSAGE })
  .trim()
  .refine((v) => uploadedImageKey(v) !== undefined, OWN_IMAGE_MESSAGE)

// ─── Variants (GET /api/images/{key}?w=N; the widths are in image-urls.ts) ────────────────

export const IMAGE_WIDTH_MESSAGE = `w must be one of ${IMAGE_WIDTHS.join(', ')}`

const WIDTH_TEXTS = IMAGE_WIDTHS.map(String) as [`${ImageWidth}`, ...`${ImageWidth}`[]]

/** The query of GET /api/images/{key}: no `w` (the original), or one of IMAGE_WIDTHS once. */
export const imageQuerySchema = z.object({
  w: z
    .enum(WIDTH_TEXTS, { error: IMAGE_WIDTH_MESSAGE })
    .transform((w) => Number(w) as ImageWidth)
    .optional(),
})
