/** Accepted image types, recognised from their first bytes (never from a name or a header). */
export const IMAGE_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
} as const
export type ImageExt = keyof typeof IMAGE_TYPES

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/** Keys are the SHA-256 of the bytes plus the type's extension, so one image is stored once. */
export const IMAGE_KEY_PATTERN = /^[0-9a-f]{64}\.(jpg|png|webp|gif|avif)$/

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

export async function imageKey(bytes: Uint8Array, ext: ImageExt): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return `${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}.${ext}`
}

export const imageUrl = (key: string) => `/api/images/${key}`
