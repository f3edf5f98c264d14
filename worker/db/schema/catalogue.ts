// The catalogue: its two levels of categories and the tools, with their specifications, volume
// prices and gallery (features/categories, features/tools).
import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt } from './columns'

/**
 * The catalogue's categories, in two levels: a top-level category (no parent) or a child of one.
 * The two levels, unique slugs and "delete only when empty" are kept by the API's conditional
 * writes (features/categories), not by foreign keys, like the rest of the schema.
 */
export const categories = sqliteTable(
  'categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** `a-z`, `0-9` and single hyphens: `/service?category={slug}`. */
    slug: text('slug').notNull(),
    /** A top-level category's id, or null for a top-level category. */
    parentId: text('parent_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('categories_slug_idx').on(t.slug),
    index('categories_parent_idx').on(t.parentId, t.name),
    check('categories_parent_check', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
)

/** A specification row of a tool: `{name, value}` ("Power", "750 W"). */
export type ToolSpecRow = { name: string; value: string }

/** A volume price of a tool: from `minQuantity` units on, each costs `pricePaisa`. */
export type PriceTierRow = { minQuantity: number; pricePaisa: number }

/**
 * Tools. Triggers (hand-written in migration 0007, unknown to drizzle-kit) keep the search index
 * `tool_search` in step with the name, description, specifications and category of each tool, by
 * rowid: a migration that rebuilds this table (drizzle-kit's `__new_tools` copy, which renumbers
 * rowids) drops them with the old table and must create them again and rebuild the index.
 */
export const tools = sqliteTable(
  'tools',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Unit price in paisa (1 BDT = 100 paisa). */
    pricePaisa: integer('price_paisa').notNull(),
    /** Units in stock, taken atomically when an order is placed. */
    quantity: integer('quantity').notNull(),
    minimumQuantity: integer('minimum_quantity').notNull(),
    img: text('img').notNull(),
    /** Shipping weight in hundredths of a kg (1 kg = 100), so a cart's total weight is exact. */
    weightHundredths: integer('weight_hundredths').notNull().default(100),
    /** VAT rate in basis points (15% = 1500); prices include it. */
    vatRateBp: integer('vat_rate_bp').notNull().default(1500),
    /** The tool's category (top-level or child), or null. */
    categoryId: text('category_id'),
    /** Specifications in the order shown, as a JSON array of `{name, value}` (at most 30). */
    specs: text('specs', { mode: 'json' }).$type<ToolSpecRow[]>().notNull().default(sql`'[]'`),
    // ── Wholesale (api.md "Wholesale") ──
    /** Volume prices, `minQuantity` rising and price falling (at most 5), as JSON; `[]` for none. */
    priceTiers: text('price_tiers', { mode: 'json' }).$type<PriceTierRow[]>().notNull().default(sql`'[]'`),
    /** Orders come in multiples of this many units (and so does the minimum order). */
    packSize: integer('pack_size').notNull().default(1),
    /**
     * The gallery: 1 to 8 photo addresses, the first the main one (`img` holds it too, for the code
     * that reads one photo). '[]' only in rows written without it; they show `[img]`.
     */
    images: text('images', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    // Buyers' reviews (tool_reviews): how many and the sum of their ratings, kept by that table's
    // triggers (migration tool_reviews), so a tool's rating is read with the tool, never counted.
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tools_created_idx').on(t.createdAt, t.id),
    // A category's page of tools in creation order, and its count.
    index('tools_category_idx').on(t.categoryId, t.createdAt, t.id),
    // Low stock (stock below the minimum order) for the admin overview, without a scan.
    index('tools_low_stock_idx').on(sql`(${t.quantity} - ${t.minimumQuantity})`),
    index('tools_price_idx').on(t.pricePaisa, t.id),
    // A–Z whatever the case ("aardvark" among the A's), as the sort by name reads it.
    index('tools_name_nocase_idx').on(sql`${t.name} collate nocase`, t.id),
    check('tools_price_check', sql`${t.pricePaisa} >= 0`),
    check('tools_quantity_check', sql`${t.quantity} >= 0`),
    check('tools_minimum_check', sql`${t.minimumQuantity} >= 1`),
    check('tools_weight_check', sql`${t.weightHundredths} between 0 and 100000`),
    check('tools_vat_rate_check', sql`${t.vatRateBp} in (0, 500, 750, 1000, 1500)`),
  ],
)
