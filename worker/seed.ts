import {
  type BankDetails,
  type CodSettings,
  DEFAULT_SETTINGS,
  type PickupDetails,
  type ShopDetails,
} from '#schemas/delivery.ts'
import { imageKey, imageUrl, sniffImage } from './features/images/images.service'
import { reviewerName } from './features/tool-reviews/tool-reviews.service'

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
  /**
   * The demo shop's details and pickup point (settings `shop` and `delivery`), so invoices show
   * real data, and, when given, its bank account and cash on delivery (settings `bank` and `cod`),
   * so a newcomer's checkout offers every way to pay that needs no provider's keys.
   */
  shop?: { details: ShopDetails; pickup: PickupDetails; bank?: BankDetails; cod?: CodSettings }
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
    const { details, pickup, bank, cod } = catalogue.shop
    const sections = {
      shop: details,
      delivery: { zones: DEFAULT_SETTINGS.delivery.zones, pickup },
      ...(bank ? { bank } : {}),
      ...(cod ? { cod } : {}),
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
  await seedBuyerReviews(bindings.DB)
  return { tools: catalogue.tools.length, reviews: catalogue.reviews.length }
}

// ─── Buyers' reviews of tools ──────────────────────────────────────────────────────────────

/** Demo reviews of tools by their buyers, each with the delivered order that makes them one. */
const DEMO_BUYER_REVIEWS: {
  tool: string
  customer: string
  customerName: string
  rating: number
  title: string | null
  body: string
}[] = [
  {
    tool: 'electric-saw',
    customer: 'nusrat.jahan@example.com',
    customerName: 'Nusrat Jahan',
    rating: 5,
    title: 'Straight cuts all day',
    body: 'We rip 18 mm plywood for kitchen cabinets every day. The guide keeps the cut straight and the motor never bogs down.',
  },
  {
    tool: 'electric-saw',
    customer: 'kamal.hossain@example.com',
    customerName: 'Kamal Hossain',
    rating: 4,
    title: 'Strong, a little heavy',
    body: 'Cuts framing timber without effort. It is heavy for overhead work, but the bevel is accurate and the blade lasts.',
  },
  {
    tool: 'drill-machine',
    customer: 'nusrat.jahan@example.com',
    customerName: 'Nusrat Jahan',
    rating: 5,
    title: null,
    body: 'Drilled 8 mm holes in brick for a full shop fit-out. The side handle helps a lot, and the chuck holds tight.',
  },
  {
    tool: 'angle-grinder',
    customer: 'rafiq.islam@example.com',
    customerName: 'Rafiq Islam',
    rating: 4,
    title: 'Good grinder for the price',
    body: 'Used it on mild steel gates for two months. The guard adjusts without tools; I would like a longer cord.',
  },
  {
    tool: 'rotary-hammer',
    customer: 'kamal.hossain@example.com',
    customerName: 'Kamal Hossain',
    rating: 5,
    title: 'Chisels concrete easily',
    body: 'Removed old floor tiles and a concrete step in one afternoon. The chisel mode is a big help.',
  },
  {
    tool: 'heat-gun',
    customer: 'rafiq.islam@example.com',
    customerName: 'Rafiq Islam',
    rating: 3,
    title: 'Does the job',
    body: 'Strips paint well on the high setting. The stand is a little wobbly on an uneven bench.',
  },
]

/**
 * The demo's buyers' reviews: for each, a delivered order of the tool (dated in the seed's past)
 * and the review, skipped when the tool is not in the shop. Idempotent by fixed ids, like the rest
 * of the seed; the tools' ratings follow by the reviews' triggers.
 */
async function seedBuyerReviews(db: D1Database) {
  const DAY = 24 * 60 * 60 * 1000
  const statements = DEMO_BUYER_REVIEWS.flatMap((r, i) => {
    const orderId = `demo-delivered-${i + 1}`
    const placed = SEED_EPOCH + (30 + i * 7) * DAY
    return [
      // The price and VAT as the tool has them now, for its minimum order; the next order number.
      db
        .prepare(
          `insert or ignore into bookings
             (id, service_id, service, unit_price_paisa, quantity, price_paisa, total_paisa, vat_paisa, line_count,
              tool_names, delivery_method, payment_method, customer, customer_name, phone, address, status, order_no,
              created_at, updated_at, paid_at, shipped_at, delivered_at)
           select ?, t.id, t.name, t.price_paisa, t.minimum_quantity, t.price_paisa * t.minimum_quantity,
             t.price_paisa * t.minimum_quantity,
             cast(round(t.price_paisa * t.minimum_quantity * t.vat_rate_bp * 1.0 / (10000 + t.vat_rate_bp)) as integer),
             1, t.name, 'pickup', 'card', ?, ?, '01711000000', 'Pickup at the factory', 'delivered',
             (select coalesce(max(order_no), 10000) + 1 from bookings), ?, ?, ?, ?, ?
           from tools t where t.id = ?`,
        )
        .bind(
          orderId,
          r.customer,
          r.customerName,
          placed,
          placed + 3 * DAY,
          placed,
          placed + DAY,
          placed + 3 * DAY,
          r.tool,
        ),
      db
        .prepare(
          `insert or ignore into order_lines
             (order_id, position, tool_id, name, img, quantity, unit_price_paisa, price_paisa, vat_rate_bp, vat_paisa,
              weight_hundredths)
           select b.id, 0, b.service_id, b.service, t.img, b.quantity, b.unit_price_paisa, b.price_paisa, t.vat_rate_bp,
             b.vat_paisa, t.weight_hundredths
           from bookings b join tools t on t.id = b.service_id where b.id = ?`,
        )
        .bind(orderId),
      db
        .prepare(
          `insert or ignore into tool_reviews (id, tool_id, customer, name, rating, title, body, order_id, created_at)
           select ?, b.service_id, b.customer, ?, ?, ?, ?, b.id, ?
           from bookings b where b.id = ? and b.status = 'delivered'`,
        )
        .bind(
          `demo-tool-review-${i + 1}`,
          reviewerName(r.customerName),
          r.rating,
          r.title,
          r.body,
          placed + 5 * DAY,
          orderId,
        ),
    ]
  })
  await db.batch(statements)
}
