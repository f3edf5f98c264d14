/**
 * The head of a public page, for people and machines: title, description, canonical link, Open
 * Graph and Twitter card (a shared link previews with its title, image and price), JSON-LD. Route
 * `head()` functions call `publicPage`; the server renders the result into the HTML.
 */
export const SHOP_NAME = 'Toolhaus'
export const SHOP_TITLE = 'Toolhaus · Power tools since 1992'
export const SHOP_DESCRIPTION =
  'Toolhaus makes professional power tools in Bangladesh since 1992. Order saws, drills, grinders and more at wholesale quantities.'

type JsonLd = Record<string, unknown>

export type PublicPage = {
  /** The shop's origin, from the router context. */
  origin: string
  /** Path of the canonical URL, e.g. `/service/drill-machine`. */
  path: string
  title: string
  description: string
  /** An image for previews: same-origin path or absolute URL. */
  image?: string
  type?: 'website' | 'product'
  jsonLd?: JsonLd[]
  /** The page's first image, preloaded (see imagePreload). */
  preload?: Record<string, string>
}

/** Absolute URL of a path or address on the shop's origin. */
export const absoluteUrl = (origin: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`

export function publicPage({
  origin,
  path,
  title,
  description,
  image,
  type = 'website',
  jsonLd = [],
  preload,
}: PublicPage) {
  const url = absoluteUrl(origin, path)
  const imageUrl = image ? absoluteUrl(origin, image) : undefined
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:site_name', content: SHOP_NAME },
      { property: 'og:type', content: type },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url },
      ...(imageUrl ? [{ property: 'og:image', content: imageUrl }] : []),
      { name: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: description },
      ...(imageUrl ? [{ name: 'twitter:image', content: imageUrl }] : []),
    ],
    links: [{ rel: 'canonical', href: url }, ...(preload ? [preload] : [])],
    // NOTE: `<` escaped, so text such as "</script>" in a tool's description cannot end the block.
    scripts: jsonLd.map((data) => ({
      type: 'application/ld+json',
      children: JSON.stringify(data).replace(/</g, '\\u003c'),
    })),
  }
}

/** Schema.org BreadcrumbList from `[name, path]` pairs. */
export const breadcrumbs = (origin: string, items: [name: string, path: string][]): JsonLd => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: items.map(([name, path], i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name,
    item: absoluteUrl(origin, path),
  })),
})

/**
 * The response headers of a page never indexed that is no more sensitive than the catalogue's: the
 * cart (a visitor's is in their browser, a customer's is read with the token; its HTML is the same
 * for everyone, and every tool's Add to cart opens it). It goes without COOP, as the catalogue does
 * (see below): with it, Chromium's fresh process cost /cart 15–30 Lighthouse points on a phone
 * (bench/README "The cart without COOP").
 */
export const noindexPageHeaders = () => ({ 'X-Robots-Tag': 'noindex' })

/**
 * The response headers of a page where a session is entered or used (sign-in, sign-up, password
 * reset, the dashboard): never indexed, and opened in a browsing context of its own
 * (`Cross-Origin-Opener-Policy`: a page of another site that opened it keeps no handle on it, to
 * navigate it or count its frames; the sign-in popups it opens keep theirs). The catalogue's
 * public pages and the cart do without: the header makes Chromium start a fresh renderer process
 * for them (on Android it isolates the site): 15 Lighthouse points on `/` under its phone settings
 * (bench/README "Where the distance to the floor was").
 */
export const sessionPageHeaders = () => ({
  ...noindexPageHeaders(),
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
})
