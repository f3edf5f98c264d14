import { DEFAULT_SETTINGS, type PickupDetails, type ShopDetails } from '#schemas/delivery.ts'
import { imageKey, imageUrl, sniffImage } from './features/images/images.service'

export type Catalogue = {
  /** Two levels: a top-level category has `parentId` null. */
  categories?: { id: string; name: string; slug: string; parentId: string | null }[]
  tools: {
    id: string
    name: string
    description: string
    pricePaisa: number
    quantity: number
    minimumQuantity: number
    /** Hundredths of a kg. */
    weightHundredths: number
    /** Basis points (15% = 1500). */
    vatRateBp: number
    /** The gallery's files in seed/images, the main photo first (2 to 4 in the demo catalogue). */
    images: string[]
    categoryId?: string | null
    specs?: { name: string; value: string }[]
  }[]
  reviews: { id: string; name: string; description: string; rating: number; image: string }[]
  /** The demo shop's details and pickup point (settings `shop` and `delivery`), so invoices show real data. */
  shop?: { details: ShopDetails; pickup: PickupDetails }
}

/** Seed rows get fixed creation times so the catalogue's order is stable. */
const SEED_EPOCH = Date.UTC(2024, 0, 1)

/**
 * Puts the demo catalogue, reviews and shop details into D1 and the images into R2. Idempotent:
 * rows that exist (by id, a setting by its section) are left as they are, so running it again
 * keeps the shop's data and an admin's settings.
 */
export async function seedShop(
  bindings: { DB: D1Database; IMAGES: R2Bucket },
  catalogue: Catalogue,
  readImage: (file: string) => Promise<Uint8Array>,
): Promise<{ tools: number; reviews: number }> {
  const urls = new Map<string, string>()
  for (const file of new Set([...catalogue.tools.flatMap((t) => t.images), ...catalogue.reviews.map((r) => r.image)])) {
    const bytes = await readImage(file)
    const ext = sniffImage(bytes)
    if (!ext) throw new Error(`Seed image ${file} is not an accepted image type`)
    const key = await imageKey(bytes, ext)
    if (!(await bindings.IMAGES.head(key))) {
      await bindings.IMAGES.put(key, bytes, { httpMetadata: { contentType: `image/${ext === 'jpg' ? 'jpeg' : ext}` } })
    }
    urls.set(file, imageUrl(key))
  }
  const gallery = (t: Catalogue['tools'][number]) => t.images.map((file) => urls.get(file)!)
  const statements = [
    // The categories, then (in the statement right after, while changes() still counts the
    // categories this run added) the category and specifications of demo tools that a shop
    // seeded before there were categories has: only when the categories are new and the tool
    // still has neither, so an admin's own choices stay.
    bindings.DB.prepare(
      `insert or ignore into categories (id, name, slug, parent_id, created_at)
       select c.value ->> 'id', c.value ->> 'name', c.value ->> 'slug', c.value ->> 'parentId', ?
       from json_each(?) c`,
    ).bind(SEED_EPOCH, JSON.stringify(catalogue.categories ?? [])),
    bindings.DB.prepare(
      `update tools set category_id = t.value ->> 'categoryId', specs = json(t.value -> 'specs')
       from json_each(?) t
       where tools.id = t.value ->> 'id' and tools.category_id is null and tools.specs = '[]' and changes() > 0`,
    ).bind(
      JSON.stringify(
        catalogue.tools.map((t) => ({ id: t.id, categoryId: t.categoryId ?? null, specs: t.specs ?? [] })),
      ),
    ),
    // A demo tool seeded before galleries, whose one photo is still the seed's main one, gets the
    // seed's other photos; a photo an admin chose stays.
    bindings.DB.prepare(
      `update tools set images = json(t.value -> 'images')
       from json_each(?) t
       where tools.id = t.value ->> 'id' and tools.img = t.value -> 'images' ->> 0
         and tools.images = json_array(tools.img)`,
    ).bind(JSON.stringify(catalogue.tools.map((t) => ({ id: t.id, images: gallery(t) })))),
    ...catalogue.tools.map((t, i) =>
      bindings.DB.prepare(
        `insert or ignore into tools
           (id, name, description, price_paisa, quantity, minimum_quantity, img, images, weight_hundredths,
            vat_rate_bp, category_id, specs, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        t.id,
        t.name,
        t.description,
        t.pricePaisa,
        t.quantity,
        t.minimumQuantity,
        gallery(t)[0]!,
        JSON.stringify(gallery(t)),
        t.weightHundredths,
        t.vatRateBp,
        t.categoryId ?? null,
        JSON.stringify(t.specs ?? []),
        SEED_EPOCH + i * 1000,
      ),
    ),
    ...catalogue.reviews.map((r, i) =>
      bindings.DB.prepare(
        `insert or ignore into reviews (id, name, description, img, rating, created_at) values (?, ?, ?, ?, ?, ?)`,
      ).bind(r.id, r.name, r.description, urls.get(r.image)!, r.rating, SEED_EPOCH + i * 1000),
    ),
  ]
  if (catalogue.shop) {
    const sections = {
      shop: catalogue.shop.details,
      delivery: { zones: DEFAULT_SETTINGS.delivery.zones, pickup: catalogue.shop.pickup },
    }
    for (const [key, value] of Object.entries(sections))
      statements.push(
        bindings.DB.prepare('insert or ignore into settings (key, value) values (?, ?)').bind(
          key,
          JSON.stringify(value),
        ),
      )
  }
  await bindings.DB.batch(statements)
  return { tools: catalogue.tools.length, reviews: catalogue.reviews.length }
}
