/**
 * The addresses uploaded images are served at: `/api/images/<key>`, and `?w=N` for a WebP no
 * wider than N. The API and the web app's `srcset` take the widths from here.
 * NOTE: apart from image.ts and free of zod, because the storefront's tool card (on the home
 * page, which loads no zod: decision 005) needs these and nothing else.
 */

/** The widths an uploaded image is served at besides its original (GET /api/images/{key}?w=N). */
export const IMAGE_WIDTHS = [160, 320, 640, 1280] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

const IMAGE_PATH_PATTERN = /^\/api\/images\/([0-9a-f]{64}\.(?:jpg|png|webp|gif|avif))$/

/** The R2 key of an uploaded image's address (`/api/images/<key>`), or undefined for any other value. */
export const uploadedImageKey = (img: string): string | undefined => IMAGE_PATH_PATTERN.exec(img)?.[1]
