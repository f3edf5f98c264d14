/**
 * Image upload rules and refusal messages, shared by POST /api/images and the web app's
 * pre-check, so a refusal reads the same whoever makes it. Browser-safe: imports nothing.
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

const ACCEPTED = 'Upload a JPEG, PNG, WebP, GIF or AVIF image.'

export const IMAGE_MESSAGES = {
  tooLarge: `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB. Please choose a smaller one.`,
  tooLargeField: `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
  empty: 'The image file is empty.',
  svg: `SVG images are not accepted. ${ACCEPTED}`,
  notAccepted: `This file is not an accepted image. ${ACCEPTED}`,
} as const
