import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm'
import { integer, sqliteTable } from 'drizzle-orm/sqlite-core'
import { toPaisa, toTaka } from '#schemas/bdt.ts'
import {
  galleryOf,
  MINIMUM_ABOVE_QUANTITY,
  type PriceTier,
  type Tool,
  type ToolFields,
  type ToolPatch,
  wholesaleIssues,
} from '#schemas/tool.ts'
import { toolRating } from '#schemas/tool-review.ts'
import type { ToolSort } from '#schemas/tool-sorts.ts'
import { vatBp, vatPercent } from '#schemas/vat.ts'
import { categories, type PriceTierRow, tools } from '#worker/db/schema.ts'
import { type Db, newId } from '#worker/lib/db.ts'
import { badRequest, conflict, notFound } from '#worker/lib/errors.ts'
import { CHANGED_ONE_ROW, happened, queryPart, returnedRow, runBatch } from '#worker/lib/guarded.ts'
import { auditStatement } from '../audit/audit.service'
import { assertCategoryExists, categoryExists, inCategory } from '../categories/categories.service'

type ToolRow = typeof tools.$inferSelect

/** kg to the hundredths of a kg the database keeps. */
const toHundredths = (kg: number) => Math.round(kg * 100)

export const toToolDto = (row: ToolRow): Tool => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  img: row.img,
  // A row written without a gallery (before migration 0013, or by hand) shows its one photo.
  images: row.images.length ? row.images : [row.img],
  price: toTaka(row.pricePaisa),
  quantity: row.quantity,
  Minimum_quantity: row.minimumQuantity,
  weight: row.weightHundredths / 100,
  vatRate: vatPercent(row.vatRateBp),
  categoryId: row.categoryId,
  specs: row.specs,
  priceTiers: row.priceTiers.map((t) => ({ minQuantity: t.minQuantity, price: toTaka(t.pricePaisa) })),
  packSize: row.packSize,
  rating: toolRating(row.ratingCount, row.ratingSum),
})

/** Volume prices as the database keeps them (paisa). */
const tierRows = (tiers: readonly PriceTier[]): PriceTierRow[] =>
  tiers.map((t) => ({ minQuantity: t.minQuantity, pricePaisa: toPaisa(t.price) }))

/**
 * The search index (migration 0007: FTS5, kept in step by triggers), declared here for queries
 * only: drizzle-kit reads db/schema/ and has no virtual tables. Its rowid is the tool's.
 */
const toolSearch = sqliteTable('tool_search', { rowid: integer('rowid') })

/** bm25 weights of the index's columns: name, description, specifications, category. */
const RANK = sql`bm25(${toolSearch}, 10.0, 1.0, 3.0, 5.0)`

/**
 * The FTS5 query for a search box's text: each word (letters, digits and marks, as the index's
 * tokenizer reads them) quoted and made a prefix, all of them required, in any order:
 * `cord dril` → `"cord"* "dril"*`. Quotes, `-`, `:`, `*`, `^`, `NEAR`, `OR` and the like are
 * never syntax: punctuation splits words, and a quoted word is plain text.
 * @returns undefined when the text has no word (nothing can match).
 */
export function searchExpression(q: string): string | undefined {
  // A word of marks alone (a lone combining accent) is none: the tokenizer, folding accents, would
  // make it an empty prefix, which matches every tool.
  const words = q.match(/[\p{L}\p{N}\p{Co}\p{M}]+/gu)?.filter((w) => /[\p{L}\p{N}\p{Co}]/u.test(w))
  return words?.length ? words.map((w) => `"${w}"*`).join(' ') : undefined
}

const ORDER: Record<ToolSort | 'created', SQL[]> = {
  created: [asc(tools.createdAt), asc(tools.id)],
  newest: [desc(tools.createdAt), desc(tools.id)],
  price: [asc(tools.pricePaisa), asc(tools.id)],
  '-price': [desc(tools.pricePaisa), desc(tools.id)],
  // Case-insensitive, with its index (tools_name_nocase_idx), as the categories' names sort.
  name: [sql`${tools.name} collate nocase`, asc(tools.id)],
}

export async function listTools(
  db: Db,
  opts: { q?: string; sort?: ToolSort; category?: string; limit: number; offset: number },
): Promise<{ items: Tool[]; total: number }> {
  const match = opts.q === undefined || opts.q === '' ? undefined : searchExpression(opts.q)
  // A search with no word in it (only punctuation) finds nothing, as a substring search would.
  if (opts.q && !match) return { items: [], total: 0 }
  const where = and(
    opts.category !== undefined ? inCategory(opts.category) : undefined,
    match ? sql`${toolSearch} match ${match}` : undefined,
  )
  if (!match) {
    const [rows, [totalRow]] = await db.batch([
      db
        .select()
        .from(tools)
        .where(where)
        .orderBy(...ORDER[opts.sort ?? 'created'])
        .limit(opts.limit)
        .offset(opts.offset),
      db.select({ n: count() }).from(tools).where(where),
    ])
    return { items: rows.map(toToolDto), total: totalRow?.n ?? 0 }
  }
  // The index drives the search (its MATCH), the tools come by rowid; best match first unless sorted.
  const joined = sql`${toolSearch}.rowid = ${tools}.rowid`
  const [rows, [totalRow]] = await db.batch([
    db
      .select(getTableColumns(tools))
      .from(toolSearch)
      .innerJoin(tools, joined)
      .where(where)
      .orderBy(...(opts.sort ? ORDER[opts.sort] : [RANK, ...ORDER.created]))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(toolSearch).innerJoin(tools, joined).where(where),
  ])
  return { items: rows.map(toToolDto), total: totalRow?.n ?? 0 }
}

export async function getTool(db: Db, id: string): Promise<Tool | undefined> {
  const row = await db.select().from(tools).where(eq(tools.id, id)).get()
  return row && toToolDto(row)
}

/**
 * Adds a tool; `createdBy` is the admin's e-mail. Audited (`tool.create`) in the same batch.
 * @returns the new id.
 */
export async function createTool(db: Db, input: ToolFields, createdBy: string): Promise<string> {
  const categoryId = input.categoryId ?? null
  if (categoryId) await assertCategoryExists(db, categoryId)
  const images = galleryOf(input)
  if (!images?.[0]) throw badRequest('Photo is Required', { img: 'Photo is Required' })
  const id = newId()
  const insert = db.insert(tools).values({
    id,
    name: input.name,
    description: input.description,
    pricePaisa: toPaisa(input.price),
    quantity: input.quantity,
    minimumQuantity: input.Minimum_quantity,
    img: images[0],
    images,
    ...(input.weight !== undefined ? { weightHundredths: toHundredths(input.weight) } : {}),
    ...(input.vatRate !== undefined ? { vatRateBp: vatBp(input.vatRate) } : {}),
    categoryId,
    specs: input.specs ?? [],
    priceTiers: tierRows(input.priceTiers ?? []),
    ...(input.packSize !== undefined ? { packSize: input.packSize } : {}),
    createdBy,
  })
  // The category may have been deleted since it was checked: then the tool is not added (nor audited).
  const orphan = categoryId
    ? db
        .delete(tools)
        .where(and(eq(tools.id, id), sql`not ${categoryExists(categoryId)}`))
        .returning({ id: tools.id })
    : undefined
  const [, removed] = await runBatch(db, [
    queryPart(insert),
    ...(orphan ? [queryPart(orphan)] : []),
    auditStatement(
      db,
      { actor: createdBy, action: 'tool.create', target: id, detail: `added ${input.name}` },
      happened('tools', id),
    ),
  ])
  if (categoryId && returnedRow(removed)) await assertCategoryExists(db, categoryId)
  return id
}

/** Fields whose new value is too long for the audit log to repeat: it says they changed. */
const TOLD_AS_CHANGED = new Set(['description', 'img', 'images', 'specs'])

/** The audit entry's detail of a change: each field sent, with its new value where it is short (a number, a name). */
function describePatch(patch: ToolPatch): string {
  const { previousQuantity: _, ...fields } = patch
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (TOLD_AS_CHANGED.has(k) || typeof v === 'object' ? `${k} changed` : `${k} → ${v}`))
    .join(', ')
}

/**
 * Changes the given fields of a tool, for the admin `by`. Minimum ≤ quantity is checked
 * against the stored row when only one of the two changes, and again inside the UPDATE
 * itself, so an order taking stock at the same moment cannot slip past the check. Other
 * changes (a new price, say) are allowed on a tool whose stock has sold below its minimum,
 * and a stock of 0 (out of stock) is always allowed. Audited (`tool.update`, the fields sent)
 * in the same batch.
 * @returns modifiedCount: 0 when every sent value equals the stored one (as MongoDB answers;
 *   nothing is audited).
 * @throws 404 no such tool; 400 minimum above the stock; 409 `previousQuantity` was sent
 *   and the stock is no longer that figure (orders came in).
 */
export async function updateTool(db: Db, id: string, patch: ToolPatch, by: string, attempt = 1): Promise<number> {
  const row = await db.select().from(tools).where(eq(tools.id, id)).get()
  if (!row) throw toolNotFound()
  const { previousQuantity } = patch
  if (previousQuantity !== undefined && row.quantity !== previousQuantity) throw stockChanged(row.quantity)

  const values: Partial<Omit<ToolRow, 'id' | 'createdAt' | 'createdBy'>> = {}
  if (patch.name !== undefined) values.name = patch.name
  if (patch.description !== undefined) values.description = patch.description
  if (patch.price !== undefined) values.pricePaisa = toPaisa(patch.price)
  if (patch.quantity !== undefined) values.quantity = patch.quantity
  if (patch.Minimum_quantity !== undefined) values.minimumQuantity = patch.Minimum_quantity
  const images = galleryOf(patch)
  if (images?.[0]) {
    values.img = images[0]
    values.images = images
  }
  if (patch.weight !== undefined) values.weightHundredths = toHundredths(patch.weight)
  if (patch.vatRate !== undefined) values.vatRateBp = vatBp(patch.vatRate)
  if (patch.categoryId !== undefined) values.categoryId = patch.categoryId
  if (patch.specs !== undefined) values.specs = patch.specs
  if (patch.priceTiers !== undefined) values.priceTiers = tierRows(patch.priceTiers)
  if (patch.packSize !== undefined) values.packSize = patch.packSize
  const changed = (Object.keys(values) as (keyof typeof values)[]).some((k) =>
    k === 'specs' || k === 'priceTiers' || k === 'images'
      ? JSON.stringify(values[k]) !== JSON.stringify(row[k])
      : values[k] !== row[k],
  )
  if (!changed) return 0
  assertWholesale({ ...row, ...values })
  if (values.categoryId && values.categoryId !== row.categoryId) await assertCategoryExists(db, values.categoryId)

  let guard: SQL | undefined
  if (values.minimumQuantity !== undefined && values.quantity === undefined) {
    // A tool out of stock (0) takes any minimum, as a stock of 0 is allowed with any.
    if (row.quantity !== 0) assertMinimum(values.minimumQuantity, row.quantity, 'Minimum_quantity')
    guard = or(eq(tools.quantity, 0), gte(tools.quantity, values.minimumQuantity))
  } else if (values.quantity && values.minimumQuantity === undefined) {
    assertMinimum(row.minimumQuantity, values.quantity, 'quantity')
    guard = lte(tools.minimumQuantity, values.quantity)
  }

  const unchangedStock = previousQuantity === undefined ? undefined : eq(tools.quantity, previousQuantity)
  // The category must still exist when it is assigned (it may be deleted only while empty).
  const categoryStays = values.categoryId ? categoryExists(values.categoryId) : undefined
  // The wholesale rules were checked against the row as read: a change of the price, minimum,
  // volume prices or pack size is written only if no other edit changed them since.
  const wholesaleStays = WHOLESALE_COLUMNS.some((k) => values[k] !== undefined) ? sameWholesale(row) : undefined
  const [updated] = await runBatch(db, [
    queryPart(
      db
        .update(tools)
        .set(values)
        .where(and(eq(tools.id, id), guard, unchangedStock, categoryStays, wholesaleStays))
        .returning({ id: tools.id }),
    ),
    auditStatement(db, { actor: by, action: 'tool.update', target: id, detail: describePatch(patch) }, CHANGED_ONE_ROW),
  ])
  if (returnedRow(updated)) return 1

  // Nothing matched: the tool went away, or its stock changed since it was read.
  const now = await db.select().from(tools).where(eq(tools.id, id)).get()
  if (!now) throw toolNotFound()
  // Another edit changed its wholesale terms meanwhile: checked again against them (once more at
  // most; a third edit racing too is told to reload).
  if (wholesaleStays && WHOLESALE_COLUMNS.some((k) => JSON.stringify(now[k]) !== JSON.stringify(row[k]))) {
    if (attempt < 2) return updateTool(db, id, patch, by, attempt + 1)
    throw conflict('This tool changed while you were editing it. Reload it and save again.')
  }
  if (values.categoryId) await assertCategoryExists(db, values.categoryId)
  if (previousQuantity !== undefined && now.quantity !== previousQuantity) throw stockChanged(now.quantity)
  const field = values.quantity !== undefined ? 'quantity' : 'Minimum_quantity'
  if (values.quantity !== 0 && (values.quantity !== undefined || now.quantity !== 0))
    assertMinimum(values.minimumQuantity ?? now.minimumQuantity, values.quantity ?? now.quantity, field)
  return 0
}

const toolNotFound = () => notFound('No such tool.')

/** The columns the wholesale rules tie together (schemas/tool.ts `wholesaleIssues`). */
const WHOLESALE_COLUMNS = ['pricePaisa', 'minimumQuantity', 'priceTiers', 'packSize'] as const

/** SQL: the tool's wholesale columns are still as in `row` (volume prices compared as JSON values). */
const sameWholesale = (row: ToolRow) =>
  and(
    eq(tools.pricePaisa, row.pricePaisa),
    eq(tools.minimumQuantity, row.minimumQuantity),
    eq(tools.packSize, row.packSize),
    sql`json(${tools.priceTiers}) = json(${JSON.stringify(row.priceTiers)})`,
  )

/**
 * @throws 400 when the tool as it would be breaks a wholesale rule (a price lowered to a
 *   volume price, a minimum raised past one, a pack size the minimum is not a multiple of).
 */
function assertWholesale(row: ToolRow) {
  const issues = wholesaleIssues(toToolDto(row))
  const first = issues[0]
  if (!first) return
  throw badRequest(first.message, Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message])))
}

function stockChanged(quantity: number) {
  const message = `The stock changed to ${quantity} while you were editing. Check it and save again.`
  return conflict(message, { quantity: message })
}

/** @throws 400 when the minimum order quantity would be above the quantity in stock. */
function assertMinimum(minimum: number, quantity: number, field: 'quantity' | 'Minimum_quantity') {
  if (minimum <= quantity) return
  const message =
    field === 'quantity'
      ? `quantity cannot be less than the minimum order quantity (${minimum})`
      : `${MINIMUM_ABOVE_QUANTITY} (${quantity})`
  throw badRequest(message, { [field]: message })
}

/**
 * Removes a tool, for the admin `by`. Orders keep the tool's name and unit price as ordered
 * and have no foreign key, so past orders stay as they were. Its image stays in R2:
 * content-addressed objects may be shared with other tools or reviews. Audited (`tool.delete`,
 * with its name) in the same batch.
 * @returns the id of the audit entry (what the withdrawal leads to is added to it).
 * @throws 404 when there is no tool with that id.
 */
export async function deleteTool(db: Db, id: string, by: string): Promise<{ auditId: string }> {
  const row = await db.select({ name: tools.name }).from(tools).where(eq(tools.id, id)).get()
  if (!row) throw toolNotFound()
  const auditId = newId()
  const [deleted] = await runBatch(db, [
    queryPart(db.delete(tools).where(eq(tools.id, id)).returning({ id: tools.id })),
    auditStatement(
      db,
      { id: auditId, actor: by, action: 'tool.delete', target: id, detail: `deleted ${row.name}` },
      CHANGED_ONE_ROW,
    ),
  ])
  if (!returnedRow(deleted)) throw toolNotFound()
  return { auditId }
}

/** How many related tools a tool page shows. */
export const RELATED_MAX = 4

/**
 * Up to {@link RELATED_MAX} tools related to a tool: those of its category's family (the top-level
 * category and its children), orderable ones first (at least the minimum in stock), then those of
 * its very category, then in catalogue order. None for a tool without a category.
 * @returns undefined when there is no such tool.
 */
export async function relatedTools(db: Db, id: string): Promise<Tool[] | undefined> {
  const me = await db
    .select({ categoryId: tools.categoryId, parentId: categories.parentId })
    .from(tools)
    .leftJoin(categories, eq(categories.id, tools.categoryId))
    .where(eq(tools.id, id))
    .get()
  if (!me) return undefined
  if (!me.categoryId) return []
  const top = me.parentId ?? me.categoryId
  const rows = await db
    .select()
    .from(tools)
    .where(
      and(
        sql`${tools.id} <> ${id}`,
        sql`${tools.categoryId} in (select ${categories.id} from ${categories}
          where ${categories.id} = ${top} or ${categories.parentId} = ${top})`,
      ),
    )
    .orderBy(
      sql`(${tools.quantity} >= ${tools.minimumQuantity} and ${tools.quantity} > 0) desc`,
      sql`(${tools.categoryId} = ${me.categoryId}) desc`,
      ...ORDER.created,
    )
    .limit(RELATED_MAX)
  return rows.map(toToolDto)
}

/** The tools of `ids` as stored, by id (a missing one was withdrawn): what an order is priced from. */
export async function toolsById(db: Db, ids: string[]): Promise<Map<string, ToolRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select().from(tools).where(inArray(tools.id, ids))
  return new Map(rows.map((t) => [t.id, t]))
}
