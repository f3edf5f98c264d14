/**
 * The merchant feed for Google Merchant Center, `GET /feeds/google.xml` (api.md "Catalogue"):
 * RSS 2.0 with Google's `g:` namespace, an item per tool. Public, kept at the edge like the pages
 * and dropped with the catalogue's copies (worker/index.ts).
 */
import { asc } from 'drizzle-orm'
import { type Category, categoryPath } from '#schemas/category-tree.ts'
import { twoDigits } from '#schemas/number-text.ts'
import { tools } from '#worker/db/schema.ts'
import type { Db } from '#worker/lib/db.ts'
import { listCategories } from '../categories/categories.service'

type FeedTool = typeof tools.$inferSelect

/** Google reads at most 10 additional images of a product. */
const ADDITIONAL_IMAGES_MAX = 10

/** A tool's photos, the main one first: its gallery (rows written before it have `[]`: the one photo). */
const photosOf = (tool: FeedTool): string[] => (tool.images.length > 0 ? tool.images : [tool.img])

/** Characters XML 1.0 does not allow (C0 controls but tab and newlines, U+FFFE/U+FFFF, lone surrogates). */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it removes.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu

/** Text as XML character data or an attribute value: escaped, and without characters XML cannot carry. */
export const xmlText = (s: string) =>
  s
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

/** `1250.00 BDT` from paisa, in integers (no floating-point cents). */
export const feedPrice = (paisa: number) => `${Math.floor(paisa / 100)}.${twoDigits(paisa % 100)} BDT`

/** Orderable, as everywhere in the shop: at least the minimum order is in stock. */
const availability = (tool: FeedTool) =>
  tool.quantity >= tool.minimumQuantity && tool.quantity > 0 ? 'in_stock' : 'out_of_stock'

/** The feed, from D1: every tool in catalogue order. */
export async function googleFeed(db: Db, origin: string, shopName: string): Promise<Response> {
  const [rows, categories] = await Promise.all([
    db.select().from(tools).orderBy(asc(tools.createdAt), asc(tools.id)),
    listCategories(db),
  ])
  const productType = new Map<string | null, string>()
  const typeOf = (categoryId: string | null) => {
    if (!productType.has(categoryId))
      productType.set(
        categoryId,
        categoryPath(categories, categoryId)
          .map((c: Category) => c.name)
          .join(' > '),
      )
    return productType.get(categoryId)!
  }
  const absolute = (url: string) => new URL(url, origin).href
  const tag = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`

  const items = rows.map((tool) => {
    const [main = tool.img, ...more] = photosOf(tool)
    const type = typeOf(tool.categoryId)
    return [
      '    <item>',
      `      ${tag('g:id', tool.id)}`,
      `      ${tag('title', tool.name)}`,
      `      ${tag('description', tool.description)}`,
      `      ${tag('link', `${origin}/service/${encodeURIComponent(tool.id)}`)}`,
      `      ${tag('g:image_link', absolute(main))}`,
      ...more.slice(0, ADDITIONAL_IMAGES_MAX).map((url) => `      ${tag('g:additional_image_link', absolute(url))}`),
      `      ${tag('g:price', feedPrice(tool.pricePaisa))}`,
      `      ${tag('g:availability', availability(tool))}`,
      `      ${tag('g:condition', 'new')}`,
      `      ${tag('g:brand', shopName)}`,
      ...(type ? [`      ${tag('g:product_type', type)}`] : []),
      '    </item>',
    ].join('\n')
  })
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '  <channel>',
    `    ${tag('title', shopName)}`,
    `    ${tag('link', `${origin}/`)}`,
    `    ${tag('description', `${shopName}: power tools and hand tools, made and sold in Bangladesh.`)}`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' },
  })
}
