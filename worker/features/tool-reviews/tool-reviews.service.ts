import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { ToolReview, ToolReviewAdminRow, ToolReviewInput } from '#schemas/tool-review.ts'
import { orderLines, orders, toolReviews, tools } from '#worker/db/schema.ts'
import { type Db, newId } from '#worker/lib/db.ts'
import { ApiError, notFound } from '#worker/lib/errors.ts'
import { CHANGED_ONE_ROW, queryPart, returnedRow, runBatch } from '#worker/lib/guarded.ts'
import { auditStatement } from '../audit/audit.service'

type ToolReviewRow = typeof toolReviews.$inferSelect

export const toToolReviewDto = (row: ToolReviewRow): ToolReview => ({
  _id: row.id,
  rating: row.rating,
  title: row.title,
  body: row.body,
  // NOTE: checked again as it is read: a review the code before migration 0018 stored with an
  // e-mail for a name never shows it, whatever the order of the migration and the deployment.
  name: mayShowName(row.name, row.customer) ? row.name : NAMELESS_REVIEWER,
  verified: true,
  createdAt: row.createdAt,
})

const NAME_MAX = 40

/** What a review is signed with when its buyer has no name that may be shown. */
export const NAMELESS_REVIEWER = 'Customer'

/** The part of an e-mail address before the `@`, lower-cased. */
const localPartOf = (email: string) => email.slice(0, Math.max(0, email.indexOf('@'))).toLowerCase()

/**
 * Whether `name` may sign a review of `email`'s: never an e-mail address (an order without a
 * name takes the buyer's e-mail as its name), nor the address's local part (nor the first
 * {@link NAME_MAX} characters of a longer one, what {@link reviewerName} cut an address to).
 */
export function mayShowName(name: string, email: string): boolean {
  const shown = name.trim().toLowerCase()
  const local = localPartOf(email)
  return !shown.includes('@') && shown !== local && !(local.length > NAME_MAX && shown === local.slice(0, NAME_MAX))
}

/**
 * The name a review shows: the first word of the reviewer's name and the initial of the last
 * ("Farhana Akter" → "Farhana A."), so a buyer's full name is not published. Words that are
 * e-mail addresses are never used, nor a name that is `email`'s local part ({@link mayShowName}):
 * the first of `names` that has a name left gives it, else {@link NAMELESS_REVIEWER}.
 */
export function reviewerName(names: string | string[], email = ''): string {
  for (const name of typeof names === 'string' ? [names] : names) {
    const words = name
      .trim()
      .split(/\s+/u)
      .filter((w) => w && !w.includes('@'))
    if (words.length && mayShowName(words.join(' '), email)) return shortName(words)
  }
  return NAMELESS_REVIEWER
}

function shortName(words: string[]): string {
  const first = words[0]!
  const last = words.length > 1 ? words[words.length - 1]! : undefined
  const initial = last ? ` ${[...last][0]!.toLocaleUpperCase()}.` : ''
  return `${[...first].slice(0, NAME_MAX).join('')}${initial}`
}

/**
 * A tool's reviews, newest first, paged, with the total (from the index `tool_reviews_tool_idx`).
 * @throws 404 when there is no such tool.
 */
export async function listToolReviews(
  db: Db,
  toolId: string,
  page: { limit: number; offset: number },
): Promise<{ items: ToolReview[]; total: number }> {
  const [[tool], rows, [total]] = await db.batch([
    db.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)),
    db
      .select()
      .from(toolReviews)
      .where(eq(toolReviews.toolId, toolId))
      .orderBy(desc(toolReviews.createdAt), desc(toolReviews.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(toolReviews).where(eq(toolReviews.toolId, toolId)),
  ])
  if (!tool) throw notFound('No such tool.')
  return { items: rows.map(toToolReviewDto), total: total?.n ?? 0 }
}

/** Every tool's reviews, newest first, with the tool's name (null once the tool is deleted): the admins' list. */
export async function listAllToolReviews(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ items: ToolReviewAdminRow[]; total: number }> {
  const [rows, [total]] = await db.batch([
    db
      // NOTE: aliased: in a D1 batch, columns of the same name (both tables have `name`) overwrite each other.
      .select({ review: toolReviews, toolName: sql<string | null>`${tools.name}`.as('tool_name') })
      .from(toolReviews)
      .leftJoin(tools, eq(tools.id, toolReviews.toolId))
      .orderBy(desc(toolReviews.createdAt), desc(toolReviews.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(toolReviews),
  ])
  return {
    items: rows.map(({ review, toolName }) => ({
      ...toToolReviewDto(review),
      toolId: review.toolId,
      toolName,
      customer: review.customer,
    })),
    total: total?.n ?? 0,
  }
}

/** The tools `customer` has reviewed, with their review's id and rating (the order page's "Reviewed"). */
export async function reviewsBy(db: Db, customer: string) {
  return db
    .select({ toolId: toolReviews.toolId, _id: toolReviews.id, rating: toolReviews.rating })
    .from(toolReviews)
    .where(eq(toolReviews.customer, customer))
    .orderBy(desc(toolReviews.createdAt))
    .limit(500)
}

/** A delivered order of `customer` holding `toolId`: what makes them a buyer of it. */
const deliveredOrderOf = (db: Db, customer: string, toolId: string) =>
  db
    .select({ id: orders.id, customerName: orders.customerName })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.customer, customer), eq(orders.status, 'delivered'), eq(orderLines.toolId, toolId)))
    .limit(1)

export const NOT_A_BUYER_MESSAGE = 'Only a customer whose order of this tool was delivered can review it.'
export const ALREADY_REVIEWED_MESSAGE = 'You have already reviewed this tool.'

/**
 * Adds `customer`'s review of a tool. The rules (the tool exists, a delivered order of theirs
 * holds it, one review per customer and tool) are checked for their messages first and again in
 * the one INSERT that writes (its WHERE and the unique index), so a race cannot slip past them.
 * The tool's rating follows in the same statement (the table's triggers).
 * @param reviewer the signed-in user: e-mail and profile name (the order's name when empty).
 * @returns the new review's id.
 * @throws 404 no such tool; 403 NOT_A_BUYER; 409 ALREADY_REVIEWED.
 */
export async function createToolReview(
  db: Db,
  toolId: string,
  reviewer: { email: string; name: string },
  input: ToolReviewInput,
): Promise<string> {
  const order = await assertMayReview(db, toolId, reviewer.email)
  const id = newId()
  const name = reviewerName([reviewer.name, order.customerName], reviewer.email)
  const result = await db.run(sql`
    insert into tool_reviews (id, tool_id, customer, name, rating, title, body, order_id)
    select ${id}, ${toolId}, ${reviewer.email}, ${name}, ${input.rating}, ${input.title ?? null}, ${input.body}, ${order.id}
    where exists (select 1 from tools where id = ${toolId})
      and exists (
        select 1 from ${orders} join ${orderLines} on ${orderLines.orderId} = ${orders.id}
        where ${orders.customer} = ${reviewer.email} and ${orders.status} = 'delivered'
          and ${orderLines.toolId} = ${toolId})
    on conflict (tool_id, customer) do nothing`)
  // NOTE: > 0: D1 also counts the tool's row the insert's trigger updated.
  if (result.meta.changes > 0) return id
  // Nothing written: a second review sent at the same moment, or the tool or order changed meanwhile.
  await assertMayReview(db, toolId, reviewer.email)
  throw new ApiError(409, 'CONFLICT', 'The tool or your order changed while you wrote. Please try again.')
}

/**
 * The rules of a review, for their messages: the tool exists, `customer` has a delivered order
 * holding it and has not reviewed it yet. @returns that order. @throws 404, 403 NOT_A_BUYER, 409 ALREADY_REVIEWED.
 */
async function assertMayReview(db: Db, toolId: string, customer: string) {
  const [[tool], [order], [existing]] = await db.batch([
    db.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)),
    deliveredOrderOf(db, customer, toolId),
    db
      .select({ id: toolReviews.id })
      .from(toolReviews)
      .where(and(eq(toolReviews.toolId, toolId), eq(toolReviews.customer, customer))),
  ])
  if (!tool) throw notFound('No such tool.')
  if (!order) throw new ApiError(403, 'NOT_A_BUYER', NOT_A_BUYER_MESSAGE)
  if (existing) throw new ApiError(409, 'ALREADY_REVIEWED', ALREADY_REVIEWED_MESSAGE)
  return order
}

/**
 * Deletes a review of a tool (the tool's rating follows, by trigger), for the admin `by`;
 * audited (`tool-review.delete`: its rating, the tool, whose it was) in the same batch.
 * @throws 404 when the tool has no review with that id.
 */
export async function deleteToolReview(db: Db, toolId: string, reviewId: string, by: string): Promise<void> {
  const noSuchReview = () => notFound('This tool has no review with that id.')
  const isIt = and(eq(toolReviews.id, reviewId), eq(toolReviews.toolId, toolId))
  const row = await db
    .select({ rating: toolReviews.rating, customer: toolReviews.customer })
    .from(toolReviews)
    .where(isIt)
    .get()
  if (!row) throw noSuchReview()
  const [deleted] = await runBatch(db, [
    queryPart(db.delete(toolReviews).where(isIt).returning({ id: toolReviews.id })),
    auditStatement(
      db,
      {
        actor: by,
        action: 'tool-review.delete',
        target: reviewId,
        detail: `deleted the ${row.rating}-star review of tool ${toolId} by ${row.customer}`,
      },
      CHANGED_ONE_ROW,
    ),
  ])
  if (!returnedRow(deleted)) throw noSuchReview()
}
