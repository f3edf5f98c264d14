import { IMAGE_WIDTHS, type ImageWidth, uploadedImageKey } from '#schemas/image-urls.ts'

/** The `<img>` attributes that let the browser fetch the smallest variant that fills the slot. */
export type ResponsiveImage = { src: string; srcSet?: string; sizes?: string }

/**
 * `<img>` attributes for an image address as tools and reviews store it. An uploaded image
 * (`/api/images/<key>`) gets `src` at `defaultWidth` and a `srcSet` over every variant width
 * (GET /api/images/{key}?w=N, a WebP no wider than N) with `sizes`; any other address (an
 * https URL) passes through as it is. Spread it, and set `width`/`height` beside it:
 * `<img {...responsiveImage(tool.img, '(min-width: 640px) 50vw, 100vw')} width={800} height={600} alt="…" />`
 * @param sizes the slot's width on screen, the `sizes` attribute (e.g. `(min-width: 1024px) 352px, 100vw`)
 * @param defaultWidth the width of `src`: what a browser without srcset, or a preload, fetches
 */
export function responsiveImage(src: string, sizes: string, defaultWidth: ImageWidth = 640): ResponsiveImage {
  if (!uploadedImageKey(src)) return { src }
  const at = (width: number) => `${src}?w=${width}`
  // NOTE: a variant is never wider than its original, so for a small original the larger
  // `w` descriptors overstate it; with width/height and CSS setting the size, that is harmless.
  return { src: at(defaultWidth), srcSet: IMAGE_WIDTHS.map((width) => `${at(width)} ${width}w`).join(', '), sizes }
}

/**
 * A `<link rel="preload">` (for a route's head) of a page's first image, with the same srcset and
 * sizes as the `<img>` that shows it, so the browser fetches that one variant early and once.
 */
export function imagePreload(src: string, sizes: string, defaultWidth: ImageWidth = 640) {
  const image = responsiveImage(src, sizes, defaultWidth)
  return {
    rel: 'preload',
    as: 'image',
    href: image.src,
    ...(image.srcSet ? { imageSrcSet: image.srcSet, imageSizes: image.sizes } : {}),
    fetchPriority: 'high' as const,
  }
}
