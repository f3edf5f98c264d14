import { and, eq, sql } from 'drizzle-orm'
import { toTaka } from '#schemas/bdt.ts'
import { CART_FULL_MESSAGE, CART_MAX_LINES, type Cart, type CartLineInput } from '#schemas/cart.ts'
import { cartLineError, cartOf } from '#schemas/cart-lines.ts'
import { cartLines, orderLines, tools } from '#worker/db/schema.ts'
import type { Db } from '#worker/lib/db.ts'
import { ApiError, badRequest, notFound } from '#worker/lib/errors.ts'
import { returnedRow, runBatch, type SqlPart, sqlPart, sqlText } from '#worker/lib/guarded.ts'

// A customer's cart (api.md "Orders with several tools"): rows of cart_lines keyed by the
// customer's e-mail and the tool, priced from the tools as they are now whenever it is read. A
// cart holds no stock. The checkout and quotes read its lines with {@link cartLinesOf}.

/**
 * The lines of `customer`'s cart with their tools, in the order they were added (rowid breaks ties
 * within one millisecond: a merge adds several lines at once). A withdrawn tool's row is gone: its
 * line still shows, named after the tool's latest order line when anyone ever ordered it.
 */
export const cartQuery = (db: Db, customer: string) =>
  db
    .select({
      serviceId: cartLines.toolId,
      quantity: cartLines.quantity,
      name: tools.name,
      img: tools.img,
      pricePaisa: tools.pricePaisa,
      // NOTE: aliased, as drizzle maps a D1 batch's rows by column name (quantity is the line's).
      stock: sql<number | null>`${tools.quantity}`.as('stock'),
      minimum: tools.minimumQuantity,
      priceTiers: tools.priceTiers,
      packSize: tools.packSize,
      withdrawnName: sql<string | null>`case when ${tools.id} is null then (
        select ${orderLines.name} from ${orderLines} where ${orderLines.toolId} = ${cartLines.toolId}
        order by ${orderLines}.rowid desc limit 1) end`.as('withdrawn_name'),
    })
    .from(cartLines)
    .leftJoin(tools, eq(tools.id, cartLines.toolId))
    .where(eq(cartLines.customer, customer))
    .orderBy(cartLines.addedAt, sql`${cartLines}.rowid`)

type CartRow = Awaited<ReturnType<ReturnType<typeof cartQuery>['all']>>[number]

/** The answer for the rows of {@link cartQuery}. */
export const toCart = (rows: CartRow[]): Cart =>
  cartOf(
    rows.map((r) => ({
      serviceId: r.serviceId,
      quantity: r.quantity,
      withdrawnName: r.withdrawnName ?? undefined,
      tool:
        r.name === null
          ? undefined
          : {
              name: r.name,
              img: r.img ?? '',
              price: toTaka(r.pricePaisa ?? 0),
              quantity: r.stock ?? 0,
              Minimum_quantity: r.minimum ?? 1,
              priceTiers: (r.priceTiers ?? []).map((t) => ({
                minQuantity: t.minQuantity,
                price: toTaka(t.pricePaisa),
              })),
              packSize: r.packSize ?? 1,
            },
    })),
  )

/** `customer`'s cart as it is now. */
export async function getCart(db: Db, customer: string): Promise<Cart> {
  return toCart(await cartQuery(db, customer).all())
}

/**
 * Adds a line, or changes its quantity, unless that would be the 51st line: one statement, so two
 * requests at once cannot pass the limit between them. With `merge`, an existing line keeps the
 * larger of the two quantities and a tool that is not (or no longer) sold is skipped. A line keeps
 * its place (its rowid and `added_at`) when its quantity changes. Returns the line it wrote.
 */
function upsertLine(customer: string, line: CartLineInput, { merge = false } = {}): SqlPart {
  const known = merge ? sqlPart` and exists (select 1 from tools where id = ${line.serviceId})` : sqlText('')
  // Unqualified names in ON CONFLICT's SET are the stored row's; `excluded` is the new one.
  const quantity = sqlText(merge ? 'max(quantity, excluded.quantity)' : 'excluded.quantity')
  // NOTE: the SELECT's WHERE also tells SQLite where it ends and the ON CONFLICT clause begins.
  return sqlPart`insert into cart_lines (customer, tool_id, quantity)
    select ${customer}, ${line.serviceId}, ${line.quantity}
    where ((select count(*) from cart_lines where customer = ${customer}) < ${CART_MAX_LINES}
        or exists (select 1 from cart_lines where customer = ${customer} and tool_id = ${line.serviceId}))${known}
    on conflict (customer, tool_id) do update set quantity = ${quantity}
    returning tool_id`
}

/**
 * `PUT /api/cart/{serviceId}`: sets the quantity of a tool in `customer`'s cart (0 removes it).
 * @returns the cart.
 * @throws 404 no such tool (a withdrawn one too; its line can still be removed with 0); 400 with the
 *   spec's message in `fields.quantity` for a quantity below the tool's minimum or above its stock,
 *   nothing changed; 409 `CART_FULL` for a 51st tool.
 */
export async function setLineQuantity(
  db: Db,
  customer: string,
  line: { serviceId: string; quantity: number },
): Promise<Cart> {
  if (line.quantity === 0) {
    const removed = await db
      .delete(cartLines)
      .where(and(eq(cartLines.customer, customer), eq(cartLines.toolId, line.serviceId)))
      .run()
    if (removed.meta.changes === 0 && !(await toolExists(db, line.serviceId))) throw notFound('No such tool.')
    return getCart(db, customer)
  }
  const tool = await db
    .select({ quantity: tools.quantity, minimumQuantity: tools.minimumQuantity, packSize: tools.packSize })
    .from(tools)
    .where(eq(tools.id, line.serviceId))
    .get()
  if (!tool) throw notFound('No such tool.')
  const error = cartLineError(tool, line.quantity)
  if (error) throw badRequest(error, { quantity: error })
  const [written] = await runBatch(db, [upsertLine(customer, line)])
  if (!returnedRow(written)) throw new ApiError(409, 'CART_FULL', CART_FULL_MESSAGE)
  return getCart(db, customer)
}

/** `DELETE /api/cart/{serviceId}`: takes the tool out of `customer`'s cart, if it is there. @returns the cart. */
export async function removeLine(db: Db, customer: string, toolId: string): Promise<Cart> {
  const [, rows] = await db.batch([
    db.delete(cartLines).where(and(eq(cartLines.customer, customer), eq(cartLines.toolId, toolId))),
    cartQuery(db, customer),
  ])
  return toCart(rows)
}

/**
 * `POST /api/cart/merge`: a visitor's browser cart joins `customer`'s at sign-in. A tool in both
 * keeps the larger quantity; a tool the shop does not sell (any more) is dropped; a line is taken
 * as it is, even if it no longer fits the tool (the cart shows its `error`); once the cart holds
 * 50 tools, the browser's further new tools are dropped, in the browser's order. One D1 batch, so
 * a merge is whole or not at all and races with nothing.
 * @returns the cart.
 */
export async function mergeLines(db: Db, customer: string, lines: readonly CartLineInput[]): Promise<Cart> {
  // The same tool twice in the browser's cart: one line, the larger quantity, at its first place.
  const merged = new Map<string, CartLineInput>()
  for (const line of lines) {
    const seen = merged.get(line.serviceId)
    if (!seen || seen.quantity < line.quantity) merged.set(line.serviceId, { ...line })
  }
  // In order, in one transaction: each insert counts the lines the ones before it added.
  if (merged.size)
    await runBatch(
      db,
      [...merged.values()].map((line) => upsertLine(customer, line, { merge: true })),
    )
  return getCart(db, customer)
}

const toolExists = async (db: Db, id: string) =>
  Boolean(await db.select({ id: tools.id }).from(tools).where(eq(tools.id, id)).get())

/**
 * The customer's cart lines, tool and quantity, in the order they were added: as `GET /api/cart`
 * lists them (a merge adds several lines in the same millisecond; the row order breaks the tie).
 * What the checkout orders and a quote asks for.
 */
export const cartLinesOf = (db: Db, customer: string) =>
  db
    .select({ toolId: cartLines.toolId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.customer, customer))
    .orderBy(cartLines.addedAt, sql`${cartLines}.rowid`)
