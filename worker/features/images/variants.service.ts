// Images at the widths of IMAGE_WIDTHS: GET /api/images/{key}?w=N. Made from the original on
// the first request and kept in R2 beside it (docs/decisions/011-image-variants.md).

import { IMAGE_TYPES, type ImageExt } from '#schemas/image.ts'
import type { ImageWidth } from '#schemas/image-urls.ts'
import { makeVariant, withDecoder } from './codec'

/** What GET /api/images/{key} answers: the object's metadata, and its bytes unless the caller's copy is current. */
export type ImageReply = { object: R2Object; body: ReadableStream | Uint8Array<ArrayBuffer> | null }

/**
 * Bumped when the way variants are made changes (quality, filter): new keys, so no old
 * variant is served under the immutable cache of a new one.
 */
const VARIANT_VERSION = 'v1'

/** Where the variant of an original (a content-hash key) at a width is kept in R2. */
export const variantKey = (key: string, width: ImageWidth) => `variants/${VARIANT_VERSION}/${key}/${width}.webp`

/** An ETag as the client sent it in If-None-Match, as R2 compares it (no quotes, no W/). */
const bareEtag = (value: string) => value.replace(/^W\//, '').replace(/"/g, '').trim()

/** The original image under `key`, or null when there is none. */
export async function readOriginal(
  bucket: R2Bucket,
  key: string,
  ifNoneMatch: string | undefined,
): Promise<ImageReply | null> {
  const object = await bucket.get(key, ifNoneMatch ? { onlyIf: { etagDoesNotMatch: bareEtag(ifNoneMatch) } } : {})
  if (!object) return null
  return { object, body: 'body' in object ? object.body : null }
}

/**
 * The image under `key` no wider than `width`: the kept variant, else one made now and kept.
 * Where no WebP is made (GIF, AVIF, animations, too many pixels, undecodable bytes, a WebP
 * already narrow enough, a re-encode no smaller), R2 keeps an empty marker that says so and
 * the original is served, so the decision is made once per image and width (an encoder that
 * failed is not remembered: the next request tries again).
 * @returns null when there is no original under `key`.
 */
export async function readVariant(
  bucket: R2Bucket,
  key: string,
  width: ImageWidth,
  ifNoneMatch: string | undefined,
): Promise<ImageReply | null> {
  const vkey = variantKey(key, width)
  const conditional = ifNoneMatch ? { onlyIf: { etagDoesNotMatch: bareEtag(ifNoneMatch) } } : {}
  const keptReply = async (): Promise<ImageReply | null | undefined> => {
    const kept = await bucket.get(vkey, conditional)
    if (kept?.customMetadata?.serve === 'original') return readOriginal(bucket, key, ifNoneMatch)
    if (kept) return { object: kept, body: 'body' in kept ? kept.body : null }
    return undefined
  }
  const early = await keptReply()
  if (early !== undefined) return early

  return withDecoder(async () => {
    // Made by a request that held the decoder before this one: serve that.
    const late = await keptReply()
    if (late !== undefined) return late
    const original = await bucket.get(key)
    if (!original) return null
    const bytes = new Uint8Array(await original.arrayBuffer())
    const current = (object: R2Object) => ifNoneMatch !== undefined && bareEtag(ifNoneMatch) === object.etag
    const variant = await makeVariant(bytes, key.slice(key.lastIndexOf('.') + 1) as ImageExt, width)
    if (!variant.ok) {
      if (variant.reason !== 'failed')
        await bucket.put(vkey, new Uint8Array(0), { customMetadata: { serve: 'original', reason: variant.reason } })
      return { object: original, body: current(original) ? null : bytes }
    }
    const object = await bucket.put(vkey, variant.bytes, {
      httpMetadata: { contentType: IMAGE_TYPES.webp },
      customMetadata: { width: String(variant.width), height: String(variant.height) },
    })
    return { object, body: current(object) ? null : variant.bytes }
  })
}
