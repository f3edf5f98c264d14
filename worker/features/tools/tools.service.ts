import { and, asc, count, desc, eq, gte, like, lte, sql, type SQL } from 'drizzle-orm'
import { newId, type Db } from '../../lib/db'
import { tools } from '../../db/schema'
import { toPaisa, toTaka } from '../../schemas/money'
import { MINIMUM_ABOVE_QUANTITY, type Tool, type ToolFields, type ToolPatch } from '../../schemas/tool'
import type { ToolSort } from '../../schemas/tool-sorts'

type ToolRow = typeof tools.$inferSelect

export const toToolDto = (row: ToolRow): Tool => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  img: row.img,
  price: toTaka(row.pricePaisa),
  quantity: row.quantity,
  Minimum_quantity: row.minimumQuantity,
})

const ORDER: Record<ToolSort | 'created', SQL[]> = {
  created: [asc(tools.createdAt), asc(tools.id)],
  newest: [desc(tools.createdAt), desc(tools.id)],
  price: [asc(tools.pricePaisa), asc(tools.id)],
  '-price': [desc(tools.pricePaisa), desc(tools.id)],
  name: [asc(tools.name), asc(tools.id)],
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likeContains = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

export async function listTools(
  db: Db,
  opts: { q?: string; sort?: ToolSort; limit: number; offset: number },
): Promise<{ items: Tool[]; total: number }> {
  const where = opts.q ? sql`${like(tools.name, likeContains(opts.q))} escape '\\'` : undefined
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

export async function getTool(db: Db, id: string): Promise<Tool | undefined> {
  const row = await db.select().from(tools).where(eq(tools.id, id)).get()
  return row && toToolDto(row)
}

/** Adds a tool; `createdBy` is the admin's e-mail. @returns the new id. */
export async function createTool(db: Db, input: ToolFields, createdBy: string): Promise<string> {
  const id = newId()
  await db.insert(tools).values({
    id,
    name: input.name,
    description: input.description,
    pricePaisa: toPaisa(input.price),
    quantity: input.quantity,
    minimumQuantity: input.Minimum_quantity,
    img: input.img,
    createdBy,
  })
  return id
}

export type ToolUpdateResult =
  | { kind: 'updated'; modifiedCount: number }
  | { kind: 'not_found' }
  /** The change would leave the minimum order quantity above the quantity in stock. */
  | { kind: 'minimum_above_quantity'; field: 'quantity' | 'Minimum_quantity'; message: string }
  /** `previousQuantity` was sent and the stock is no longer that figure (orders came in). */
  | { kind: 'stock_changed'; quantity: number }

/**
 * Changes the given fields of a tool. Minimum ≤ quantity is checked against the stored
 * row when only one of the two changes, and again inside the UPDATE itself, so a booking
 * taking stock at the same moment cannot slip past the check. Other changes (a new price,
 * say) are allowed on a tool whose stock has sold below its minimum.
 * `modifiedCount` is 0 when every sent value equals the stored one (as MongoDB answers).
 */
export async function updateTool(db: Db, id: string, patch: ToolPatch): Promise<ToolUpdateResult> {
  const row = await db.select().from(tools).where(eq(tools.id, id)).get()
  if (!row) return { kind: 'not_found' }
  const { previousQuantity } = patch
  if (previousQuantity !== undefined && row.quantity !== previousQuantity) return { kind: 'stock_changed', quantity: row.quantity }

  const values: Partial<Omit<ToolRow, 'id' | 'createdAt' | 'createdBy'>> = {}
  if (patch.name !== undefined) values.name = patch.name
  if (patch.description !== undefined) values.description = patch.description
  if (patch.price !== undefined) values.pricePaisa = toPaisa(patch.price)
  if (patch.quantity !== undefined) values.quantity = patch.quantity
  if (patch.Minimum_quantity !== undefined) values.minimumQuantity = patch.Minimum_quantity
  if (patch.img !== undefined) values.img = patch.img
  const changed = (Object.keys(values) as (keyof typeof values)[]).some((k) => values[k] !== row[k])
  if (!changed) return { kind: 'updated', modifiedCount: 0 }

  let guard: SQL | undefined
  if (values.minimumQuantity !== undefined && values.quantity === undefined) {
    const problem = minimumProblem(values.minimumQuantity, row.quantity, 'Minimum_quantity')
    if (problem) return problem
    guard = gte(tools.quantity, values.minimumQuantity)
  } else if (values.quantity !== undefined && values.minimumQuantity === undefined) {
    const problem = minimumProblem(row.minimumQuantity, values.quantity, 'quantity')
    if (problem) return problem
    guard = lte(tools.minimumQuantity, values.quantity)
  }

  const unchangedStock = previousQuantity === undefined ? undefined : eq(tools.quantity, previousQuantity)
  const result = await db
    .update(tools)
    .set(values)
    .where(and(eq(tools.id, id), guard, unchangedStock))
    .run()
  if (result.meta.changes > 0) return { kind: 'updated', modifiedCount: 1 }

  // Nothing matched: the tool went away, or its stock changed since it was read.
  const now = await db.select().from(tools).where(eq(tools.id, id)).get()
  if (!now) return { kind: 'not_found' }
  if (previousQuantity !== undefined && now.quantity !== previousQuantity) return { kind: 'stock_changed', quantity: now.quantity }
  const field = values.quantity !== undefined ? 'quantity' : 'Minimum_quantity'
  const problem = minimumProblem(values.minimumQuantity ?? now.minimumQuantity, values.quantity ?? now.quantity, field)
  return problem ?? { kind: 'updated', modifiedCount: 0 }
}

function minimumProblem(minimum: number, quantity: number, field: 'quantity' | 'Minimum_quantity') {
  if (minimum <= quantity) return undefined
  const message =
    field === 'quantity'
      ? `quantity cannot be less than the minimum order quantity (${minimum})`
      : `${MINIMUM_ABOVE_QUANTITY} (${quantity})`
  return { kind: 'minimum_above_quantity' as const, field, message }
}

/**
 * Removes a tool. Bookings keep the tool's name and unit price as ordered and have no
 * foreign key, so past orders stay as they were. Its image stays in R2: content-addressed
 * objects may be shared with other tools or reviews.
 * @returns 1 when a tool was removed, 0 when there was none with that id.
 */
export async function deleteTool(db: Db, id: string): Promise<number> {
  const result = await db.delete(tools).where(eq(tools.id, id)).run()
  return result.meta.changes
}
