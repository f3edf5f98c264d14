import { asc, count, desc, eq, like, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../lib/db'
import { tools } from '../../db/schema'
import { toTaka } from '../../schemas/money'
import type { Tool, ToolSort } from '../../schemas/tool'

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
