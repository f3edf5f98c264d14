// Accepted types are recognised from their first bytes (never from a name or a header).

import { IMAGE_TYPES, type ImageExt } from '#schemas/image.ts'
import { uploadedImageKey } from '#schemas/image-urls.ts'
import { badRequest } from '#worker/lib/errors.ts'

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to))

/** Returns the image type of the bytes, or undefined when they are not an accepted image. */
export function sniffImage(bytes: Uint8Array): ImageExt | undefined {
  if (bytes.length < 12) return undefined
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg'
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  if (ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12))) return 'avif'
  return undefined
}

/** True when the bytes look like SVG (or other XML): only to name the problem in the refusal. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).trimStart()
  return /^<(\?xml|svg|!DOCTYPE svg)/i.test(head) || /<svg[\s>]/i.test(head)
}

export async function imageKey(bytes: Uint8Array, ext: ImageExt): Promise<string> {
  // NOTE: the cast satisfies the DOM typings (the web app type-checks this file through AppType).
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))
  return `${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}.${ext}`
}

export const imageUrl = (key: string) => `/api/images/${key}`

export type StoredImage = { key: string; url: string; size: number; type: (typeof IMAGE_TYPES)[ImageExt] }

/**
 * Stores an accepted image in R2 under its content key, with the sniffed type as its
 * Content-Type. The same bytes again find the existing object and write nothing.
 * @returns the stored image, or undefined when the bytes are not an accepted image type.
 */
export async function storeImage(bucket: R2Bucket, bytes: Uint8Array): Promise<StoredImage | undefined> {
  const ext = sniffImage(bytes)
  if (!ext) return undefined
  const key = await imageKey(bytes, ext)
  const type = IMAGE_TYPES[ext]
  if (!(await bucket.head(key))) {
    // R2 checks the bytes against the key's hash: a corrupted upload cannot land under it.
    await bucket.put(key, bytes, { httpMetadata: { contentType: type }, sha256: key.slice(0, 64) })
  }
  return { key, url: imageUrl(key), size: bytes.byteLength, type }
}

/**
 * A tool's or review's photo that names an uploaded image must name one that is stored.
 * @throws 400 otherwise.
 */
export async function assertImageStored(bucket: R2Bucket, img: string | undefined): Promise<void> {
  const key = img === undefined ? undefined : uploadedImageKey(img)
  if (key && !(await bucket.head(key))) throw notStored('img')
}

/**
 * Each photo of a tool's gallery (`images`, or `[img]` when only `img` was sent) that names an
 * uploaded image must name one that is stored.
 * @throws 400 on the first that is not (field `images.N`, or `img` when only `img` was sent).
 */
export async function assertImagesStored(
  bucket: R2Bucket,
  sent: { img?: string | undefined; images?: string[] | undefined },
): Promise<void> {
  const images = sent.images ?? (sent.img === undefined ? [] : [sent.img])
  const stored = await Promise.all(
    images.map(async (img) => {
      const key = uploadedImageKey(img)
      return !key || (await bucket.head(key)) !== null
    }),
  )
  const missing = stored.indexOf(false)
  if (missing >= 0) throw notStored(sent.images ? `images.${missing}` : 'img')
}

function notStored(field: string) {
  const message = 'No uploaded image has that address. Upload the photo first.'
  return badRequest(message, { [field]: message })
}
