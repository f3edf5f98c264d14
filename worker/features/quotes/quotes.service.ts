import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { toPaisa, toTaka } from '#schemas/bdt.ts'
import type { CheckoutInput } from '#schemas/checkout.ts'
import { zoneOf } from '#schemas/delivery.ts'
import { formatOrderNumber, orderLessThanMessage, orderMinimumMessage } from '#schemas/order.ts'
import { orderMoney } from '#schemas/order-money.ts'
import {
  formatQuoteNumber,
  QUOTE_LATEST_MESSAGES,
  QUOTE_MAX_MESSAGES,
  QUOTE_MAX_OPEN,
  QUOTE_MAX_VALID_DAYS,
  QUOTE_MESSAGE_RATE,
  QUOTE_SHOP_NOTICE_MINUTES,
  type Quote,
  type QuoteAccepted,
  type QuoteCreated,
  type QuoteMessage,
  type QuoteOfferInput,
  type QuoteRequestInput,
  type QuoteStatus,
  THREAD_FULL_MESSAGE,
  TOO_MANY_QUOTES_MESSAGE,
} from '#schemas/quote.ts'
import { isWholePacks, packSizeMessage, unitPriceOf } from '#schemas/unit-price.ts'
import { orders, quoteLines, quoteMessages, quotes, type tools } from '#worker/db/schema.ts'
import { type Db, matchesText, newId } from '#worker/lib/db.ts'
import { ApiError, badRequest, conflict } from '#worker/lib/errors.ts'
import {
  drizzleSql,
  happened,
  insertWhere,
  prepare,
  queryPart,
  returnedRow,
  runBatch,
  type SqlPart,
  sqlPart,
} from '#worker/lib/guarded.ts'
import { type RateLimit, rateLimited, withinLimit } from '#worker/lib/rate-limit.ts'
import { auditStatement } from '../audit/audit.service'
import { cartLinesOf } from '../cart/cart.service'
import { noMailSince, queueMailStatement } from '../mail/mail.service'
import {
  assertRoomForQuoteOrder,
  type orderDeps,
  placeQuoteOrder,
  priceQuoteOrder,
  type QuoteOrder,
  releaseExpiredHolds,
} from '../orders/orders.service'
import { assertMethodAllowed, type MethodContext } from '../payments/payment-methods.service'
import { toolsById } from '../tools/tools.service'
import { QUOTE_NUMBER_TOKEN, type QuoteMailFacts, quoteMail } from './quote-emails'
import { quoteMove, quoteMoveRefused, readsAsOneOf, SQL_NOW, statusOf, writeQuoteMove } from './quote-moves'

// Quotes (api.md "Wholesale"): requested → offered → accepted | declined, offered → offered (a
// revised offer), and `expired` once an offer's validUntil has passed (computed when read; the
// scheduled job also stores it). The moves are a table (schemas/quote-status.ts), checked and
// guarded by quoteMove (quote-moves.ts); every change is one guarded D1 batch (docs/decisions/007).

type ToolRow = typeof tools.$inferSelect
export type QuoteRow = typeof quotes.$inferSelect
type Deps = Pick<ReturnType<typeof orderDeps>, 'db' | 'shop' | 'holdMs'>

/** The first quote number (`Q-1001`); each quote gets the highest so far plus one. */
const FIRST_QUOTE_NO = 1001
const DAY_MS = 24 * 60 * 60 * 1000

/** SQL: the quote of this row is open now: waiting for an offer, or for its customer's answer to one. */
const isOpen = () => readsAsOneOf(['requested', 'offered'])

/**
 * The dedupe keys of the shop's notices about quote `id` start with this (`…requested`,
 * `…message:<id>`); to the customer, only its offers' do (`…offer:<id>`).
 */
const shopNoticeKey = (id: string) => `quote:${id}:`

const mailContext = (deps: Deps) => ({
  shopName: deps.shop.shopName,
  ...(deps.shop.shopUrl ? { shopUrl: deps.shop.shopUrl } : {}),
})

// ─── Reading ──────────────────────────────────────────────────────────────────────────────

export const getQuoteRow = (db: Db, id: string) => db.select().from(quotes).where(eq(quotes.id, id)).get()

const linesQuery = (db: Db, ids: string[]) =>
  db.select().from(quoteLines).where(inArray(quoteLines.quoteId, ids)).orderBy(quoteLines.quoteId, quoteLines.position)
/**
 * The latest {@link QUOTE_LATEST_MESSAGES} messages of each quote of `ids`, oldest first, each
 * with the count of its thread. NOTE: rowid breaks ties of one millisecond in the order written
 * (ids are random); the limit is written into the SQL, as D1 binds at most 100 values and `ids`
 * may be 100.
 */
const latestMessagesQuery = (db: Db, ids: string[]) => {
  const ranked = db.$with('ranked').as(
    db
      .select({
        id: quoteMessages.id,
        quoteId: quoteMessages.quoteId,
        from: quoteMessages.from,
        text: quoteMessages.text,
        at: quoteMessages.at,
        rank: sql<number>`row_number() over (partition by ${quoteMessages.quoteId}
          order by ${quoteMessages.at} desc, ${quoteMessages}.rowid desc)`.as('rank'),
        total: sql<number>`count(*) over (partition by ${quoteMessages.quoteId})`.as('total'),
      })
      .from(quoteMessages)
      .where(inArray(quoteMessages.quoteId, ids)),
  )
  return db
    .with(ranked)
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${sql.raw(String(QUOTE_LATEST_MESSAGES))}`)
    .orderBy(ranked.quoteId, desc(ranked.rank))
}

const toMessage = (m: { id: string; from: 'customer' | 'shop'; text: string; at: number }): QuoteMessage => ({
  _id: m.id,
  from: m.from,
  text: m.text,
  at: new Date(m.at).toISOString(),
})

/** `GET /api/quotes/{id}/messages`: a quote's messages, newest first, paged, with the count. */
export async function listQuoteMessages(
  db: Db,
  quoteId: string,
  page: { limit: number; offset: number },
): Promise<{ items: QuoteMessage[]; total: number }> {
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(quoteMessages)
      .where(eq(quoteMessages.quoteId, quoteId))
      .orderBy(desc(quoteMessages.at), desc(sql`${quoteMessages}.rowid`))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(quoteMessages).where(eq(quoteMessages.quoteId, quoteId)),
  ])
  return { items: rows.map(toMessage), total: total?.n ?? 0 }
}

const threadLength = async (db: Db, quoteId: string) =>
  (await db.select({ n: count() }).from(quoteMessages).where(eq(quoteMessages.quoteId, quoteId)).get())?.n ?? 0

/** An offer's total ({@link orderMoney}: its lines at the offered prices and the courier's fee); null before the offer. */
const offerTotal = (lines: readonly { unitPricePaisa: number | null; quantity: number }[], feePaisa: number | null) =>
  feePaisa === null
    ? null
    : orderMoney(
        lines.map((l) => ({ pricePaisa: (l.unitPricePaisa ?? 0) * l.quantity })),
        feePaisa,
      ).totalPaisa

/** The answers for `rows`, with their lines and latest messages (two queries for the lot). */
export async function toQuotes(db: Db, rows: QuoteRow[], now: number): Promise<Quote[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [lines, messages] = await db.batch([linesQuery(db, ids), latestMessagesQuery(db, ids)])
  return rows.map((row) => {
    const own = lines.filter((l) => l.quoteId === row.id)
    const ownMessages = messages.filter((m) => m.quoteId === row.id)
    const total = offerTotal(own, row.deliveryFeePaisa)
    return {
      _id: row.id,
      quoteNumber: formatQuoteNumber(row.quoteNo),
      customer: row.customer,
      customerName: row.customerName,
      status: statusOf(row, now),
      lines: own.map((l) => ({
        serviceId: l.toolId,
        service: l.name,
        quantity: l.quantity,
        listUnitPrice: toTaka(l.listUnitPricePaisa),
        unitPrice: l.unitPricePaisa === null ? null : toTaka(l.unitPricePaisa),
        price: l.unitPricePaisa === null ? null : toTaka(l.unitPricePaisa * l.quantity),
      })),
      deliveryFee: row.deliveryFeePaisa === null ? null : toTaka(row.deliveryFeePaisa),
      total: total === null ? null : toTaka(total),
      validUntil: row.validUntil === null ? null : new Date(row.validUntil).toISOString(),
      messages: ownMessages.map(toMessage),
      messageCount: ownMessages[0]?.total ?? 0,
      orderId: row.orderId,
      createdAt: new Date(row.createdAt).toISOString(),
    }
  })
}

/** The filter of a status tab, `expired` and `offered` as they read now (the table's reading: quote-moves.ts). */
const statusFilter = (status: QuoteStatus, now: number): SQL => drizzleSql(readsAsOneOf([status], now))

/** A customer's quotes, or (admin, no customer) every quote; newest first, with the total count. */
export async function listQuotes(
  db: Db,
  filter: { customer?: string; status?: QuoteStatus; q?: string; limit: number; offset: number },
  now: number,
): Promise<{ items: Quote[]; total: number }> {
  const conditions: SQL[] = []
  if (filter.customer) conditions.push(eq(quotes.customer, filter.customer))
  if (filter.status) conditions.push(statusFilter(filter.status, now))
  if (filter.q) {
    const number = /^(?:q-?)?(\d{1,9})$/i.exec(filter.q.trim())
    conditions.push(
      or(
        ...(number ? [eq(quotes.quoteNo, Number(number[1]))] : []),
        matchesText(quotes, 'quote_search', [quotes.customer, quotes.customerName, quotes.toolNames], filter.q),
      )!,
    )
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const [rows, [count]] = await db.batch([
    db
      .select()
      .from(quotes)
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: sql<number>`count(*)` }).from(quotes).where(where),
  ])
  return { items: await toQuotes(db, rows, now), total: count?.n ?? 0 }
}

/** The facts the e-mails of `row` tell. */
async function mailFacts(db: Db, row: QuoteRow, quoteNumber = formatQuoteNumber(row.quoteNo)): Promise<QuoteMailFacts> {
  const lines = await linesQuery(db, [row.id])
  return {
    id: row.id,
    quoteNumber,
    customer: row.customer,
    customerName: row.customerName,
    lines: lines.map((l) => ({ name: l.name, quantity: l.quantity, unitPricePaisa: l.unitPricePaisa })),
    deliveryFeePaisa: row.deliveryFeePaisa,
    totalPaisa: offerTotal(lines, row.deliveryFeePaisa),
    validUntil: row.validUntil,
  }
}

// ─── Requesting ──────────────────────────────────────────────────────────────────────────

/**
 * `POST /api/quotes`: the lines (or the cart) become a request, each quantity at least the
 * tool's minimum (stock is not asked). At most {@link QUOTE_MAX_OPEN} open quotes: the count is
 * checked inside the INSERT, so racing requests never pass it. The shop is e-mailed.
 */
export async function requestQuote(
  deps: Deps,
  user: { email: string; name: string },
  input: QuoteRequestInput,
): Promise<QuoteCreated> {
  const { db } = deps
  const asked =
    input.lines ?? (await cartLinesOf(db, user.email)).map((l) => ({ serviceId: l.toolId, quantity: l.quantity }))
  if (asked.length === 0) throw badRequest('Your cart is empty. Add tools to it before asking for a quote.')
  const found = await toolsById(
    db,
    asked.map((l) => l.serviceId),
  )
  const fields: Record<string, string> = {}
  asked.forEach((l, i) => {
    const tool = found.get(l.serviceId)
    if (!tool) fields[`lines.${i}.serviceId`] = 'No such tool.'
    else if (l.quantity < tool.minimumQuantity)
      fields[`lines.${i}.quantity`] = orderMinimumMessage(tool.minimumQuantity)
    else if (!isWholePacks(l.quantity, tool.packSize)) fields[`lines.${i}.quantity`] = packSizeMessage(tool.packSize)
  })
  if (Object.keys(fields).length > 0)
    throw badRequest('Some lines of the quote cannot be asked for as they are.', fields)
  const lines = asked.map((l, position) => {
    const tool = found.get(l.serviceId)!
    return { position, toolId: tool.id, name: tool.name, quantity: l.quantity, list: unitPriceOf(tool, l.quantity) }
  })
  const id = newId()
  const customerName = user.name || user.email
  const insert = sqlPart`insert into quotes (id, quote_no, customer, customer_name, status, tool_names)
    select ${id}, (select coalesce(max(quote_no), ${FIRST_QUOTE_NO - 1}) + 1 from quotes), ${user.email},
      ${customerName}, 'requested', ${lines.map((l) => l.name).join(' · ')}
    where (select count(*) from quotes where customer = ${user.email} and ${isOpen()}) < ${QUOTE_MAX_OPEN}
    returning id`
  const made = happened('quotes', id)
  const facts: QuoteMailFacts = {
    id,
    quoteNumber: QUOTE_NUMBER_TOKEN,
    customer: user.email,
    customerName,
    lines: lines.map((l) => ({ name: l.name, quantity: l.quantity, unitPricePaisa: null })),
    deliveryFeePaisa: null,
    totalPaisa: null,
    validUntil: null,
  }
  const mail = quoteMail('requested', facts, {
    ...mailContext(deps),
    to: deps.shop.shopEmail,
    forShop: true,
    ...(input.message ? { text: input.message } : {}),
    dedupeKey: `${shopNoticeKey(id)}requested`,
  })
  const results = await runBatch(db, [
    insert,
    sqlPart`insert into quote_lines (quote_id, position, tool_id, name, quantity, list_unit_price_paisa)
      select ${id}, value ->> 'position', value ->> 'toolId', value ->> 'name', value ->> 'quantity', value ->> 'list'
      from json_each(${JSON.stringify(lines)}) where ${made}`,
    ...(input.message ? [messageInsert(id, 'customer', user.email, input.message, made)] : []),
    queueMailStatement(db, mail, made, {
      token: QUOTE_NUMBER_TOKEN,
      ...sqlPart`select ${'Q-'} || quote_no from quotes where id = ${id}`,
    }),
  ])
  if (!returnedRow(results[0])) throw new ApiError(409, 'TOO_MANY_QUOTES', TOO_MANY_QUOTES_MESSAGE)
  const row = await getQuoteRow(db, id)
  return { acknowledged: true, insertedId: id, quoteNumber: formatQuoteNumber(row!.quoteNo) }
}

const messageInsert = (quoteId: string, from: 'customer' | 'shop', author: string, text: string, guard?: SqlPart) =>
  insertWhere('quote_messages', { id: newId(), quote_id: quoteId, sender: from, author, text }, guard)

// ─── Moves ───────────────────────────────────────────────────────────────────────────────

/**
 * `POST /api/quotes/{id}/offer`: prices exactly the quote's tools (quantities may change), a
 * courier fee and a validity; from requested or offered (a revised offer). Audited; the
 * customer is e-mailed.
 * @returns how many quotes changed (1).
 */
export async function offerQuote(deps: Deps, admin: string, row: QuoteRow, input: QuoteOfferInput, now: number) {
  const { db } = deps
  const move = quoteMove({ to: 'offered', by: 'admin' }, { row, now })
  const lines = await linesQuery(db, [row.id])
  const byTool = new Map(lines.map((l) => [l.toolId, l]))
  const tools = await toolsById(
    db,
    lines.map((l) => l.toolId),
  )
  const fields: Record<string, string> = {}
  input.lines.forEach((l, i) => {
    // A changed quantity still comes in whole packs (a withdrawn tool fails at acceptance); the
    // quantity asked for stands, even when the tool's pack size changed since.
    const pack = tools.get(l.serviceId)?.packSize ?? 1
    const line = byTool.get(l.serviceId)
    if (!line) fields[`lines.${i}.serviceId`] = 'This tool is not on the quote.'
    else if (l.quantity !== undefined && l.quantity !== line.quantity && !isWholePacks(l.quantity, pack))
      fields[`lines.${i}.quantity`] = packSizeMessage(pack)
  })
  const priced = new Set(input.lines.map((l) => l.serviceId))
  if (priced.size !== input.lines.length) fields.lines = 'Price each tool once.'
  const missing = lines.filter((l) => !priced.has(l.toolId))
  if (missing.length > 0) fields.lines = `Price every tool of the quote: ${missing.map((l) => l.name).join(', ')}.`
  const validUntil = Date.parse(input.validUntil)
  if (validUntil <= now) fields.validUntil = 'validUntil must be in the future.'
  else if (validUntil > now + QUOTE_MAX_VALID_DAYS * DAY_MS)
    fields.validUntil = `An offer holds at most ${QUOTE_MAX_VALID_DAYS} days.`
  const refused = Object.keys(fields)
  if (refused.length > 0)
    throw badRequest(
      refused.some((k) => k === 'lines' || k.endsWith('.serviceId'))
        ? 'The offer must price exactly the tools of the quote.'
        : refused.some((k) => k.endsWith('.quantity'))
          ? 'Some quantities of the offer are not whole packs.'
          : fields.validUntil!,
      fields,
    )
  const feePaisa = toPaisa(input.deliveryFee)
  const offered = input.lines.map((l) => ({
    toolId: l.serviceId,
    unitPricePaisa: toPaisa(l.unitPrice),
    quantity: l.quantity ?? byTool.get(l.serviceId)!.quantity,
  }))
  const revised = row.status === 'offered'
  const after: QuoteRow = { ...row, status: 'offered', deliveryFeePaisa: feePaisa, validUntil }
  const facts = await mailFacts(db, after)
  const offeredBy = new Map(offered.map((l) => [l.toolId, l]))
  facts.lines = lines.map((l) => {
    const o = offeredBy.get(l.toolId)!
    return { name: l.name, quantity: o.quantity, unitPricePaisa: o.unitPricePaisa }
  })
  facts.totalPaisa = offerTotal(offered, feePaisa)
  const moved = await writeQuoteMove(db, row, move, {
    actorEmail: admin,
    set: { delivery_fee_paisa: feePaisa, valid_until: validUntil },
    when: sqlPart`updated_at = ${row.updatedAt}`,
    audit: {
      action: 'quote.offer',
      detail: `${revised ? 'Revised offer' : 'Offer'} ${formatQuoteNumber(row.quoteNo)}: ${offered
        .map((l) => `${l.quantity} × ${byTool.get(l.toolId)!.name} at ${toTaka(l.unitPricePaisa)}`)
        .join('; ')}; delivery ${input.deliveryFee}; valid until ${input.validUntil}`,
    },
    follows: (made, auditId) => [
      sqlPart`update quote_lines set
          unit_price_paisa = (select value ->> 'unitPricePaisa' from json_each(${JSON.stringify(offered)}) where value ->> 'toolId' = quote_lines.tool_id),
          quantity = (select value ->> 'quantity' from json_each(${JSON.stringify(offered)}) where value ->> 'toolId' = quote_lines.tool_id)
        where quote_id = ${row.id} and ${made}`,
      ...(input.message ? [messageInsert(row.id, 'shop', admin, input.message, made)] : []),
      queueMailStatement(
        db,
        quoteMail('offered', facts, {
          ...mailContext(deps),
          to: row.customer,
          forShop: false,
          ...(input.message ? { text: input.message } : {}),
          dedupeKey: `quote:${row.id}:offer:${auditId}`,
        }),
        made,
      ),
    ],
  })
  if (!moved) {
    const current = await getQuoteRow(db, row.id)
    throw current && current.updatedAt === row.updatedAt
      ? quoteMoveRefused(current, 'offered', Date.now())
      : conflict('The quote changed while you were writing the offer. Reload it and try again.')
  }
  return 1
}

/**
 * `POST /api/quotes/{id}/decline`: by its customer or an admin, from requested or offered.
 * An admin's decline is audited.
 */
export async function declineQuote(
  db: Db,
  user: { email: string; role: string },
  row: QuoteRow,
  reason: string | undefined,
  now: number,
) {
  // An admin declining their own quote declines it as its customer.
  const by = user.email === row.customer ? 'customer' : 'admin'
  const move = quoteMove({ to: 'declined', by }, { row, now })
  const moved = await writeQuoteMove(db, row, move, {
    actorEmail: user.email,
    set: { decline_reason: reason ?? null },
    audit: { action: 'quote.decline', detail: reason ?? '' },
  })
  if (!moved) {
    const after = await getQuoteRow(db, row.id)
    throw quoteMoveRefused(after ?? row, 'declined', Date.now())
  }
  return 1
}

/**
 * A quote's customer posts at most {@link QUOTE_MESSAGE_RATE} messages on it (the request's
 * message counts): a flood would e-mail the shop each time. Keyed by the quote, counting the
 * customer's messages only, so it is per customer and quote; the shop's replies are not limited.
 */
export const QUOTE_MESSAGE_RATE_LIMIT: RateLimit = {
  max: QUOTE_MESSAGE_RATE.max,
  windowMs: QUOTE_MESSAGE_RATE.minutes * 60_000,
  rows: {
    table: quoteMessages,
    key: quoteMessages.quoteId,
    createdAt: quoteMessages.at,
    where: eq(quoteMessages.from, 'customer'),
  },
  message: (retryAfterSeconds) => {
    const minutes = Math.ceil(retryAfterSeconds / 60)
    return `You have sent ${QUOTE_MESSAGE_RATE.max} messages on this quote in the last ${QUOTE_MESSAGE_RATE.minutes} minutes. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before sending another.`
  },
}

/**
 * `POST /api/quotes/{id}/messages`: the customer's or the shop's message, e-mailed to the
 * other side (an admin's is audited). A thread holds at most {@link QUOTE_MAX_MESSAGES}; the
 * customer's are rate-limited ({@link QUOTE_MESSAGE_RATE_LIMIT}); both checked inside the INSERT.
 * The e-mail and the audit entry are written only with the message, in the same batch.
 * @throws 409 THREAD_FULL once the thread holds the maximum (whoever writes: waiting does not
 * help, so it goes before the 429); 429 RATE_LIMITED with Retry-After when the customer has
 * reached the limit.
 */
export async function postQuoteMessage(deps: Deps, user: { email: string }, row: QuoteRow, text: string) {
  const { db } = deps
  const fromShop = user.email !== row.customer
  const messageId = newId()
  const facts = await mailFacts(db, row)
  const mail = quoteMail('message', facts, {
    ...mailContext(deps),
    to: fromShop ? row.customer : deps.shop.shopEmail,
    forShop: !fromShop,
    text,
    dedupeKey: fromShop ? `quote-message:${messageId}` : `${shopNoticeKey(row.id)}message:${messageId}`,
  })
  const limited = !fromShop
  const insert = sql`insert into quote_messages (id, quote_id, sender, author, text)
    select ${messageId}, ${row.id}, ${fromShop ? 'shop' : 'customer'}, ${user.email}, ${text}
    where (select count(*) from quote_messages where quote_id = ${row.id}) < ${QUOTE_MAX_MESSAGES}
      and ${limited ? withinLimit(QUOTE_MESSAGE_RATE_LIMIT, row.id) : sql`1`}
    returning id`
  const made = happened('quote_messages', messageId)
  // The shop hears of a burst once: not while its last notice about the quote is unsent or recent.
  const notify = fromShop
    ? made
    : sqlPart`${made} and ${noMailSince(deps.shop.shopEmail, shopNoticeKey(row.id), QUOTE_SHOP_NOTICE_MINUTES * 60_000)}`
  const [inserted] = await runBatch(db, [
    queryPart(db.run(insert)),
    queueMailStatement(db, mail, notify),
    ...(fromShop
      ? [
          auditStatement(
            db,
            { actor: user.email, action: 'quote.message', target: row.id, detail: text.slice(0, 200) },
            made,
          ),
        ]
      : []),
  ])
  if (returnedRow(inserted)) return messageId
  // Messages are never deleted: a thread that was full stays full.
  if ((await threadLength(db, row.id)) >= QUOTE_MAX_MESSAGES)
    throw new ApiError(409, 'THREAD_FULL', THREAD_FULL_MESSAGE)
  throw await rateLimited(db, QUOTE_MESSAGE_RATE_LIMIT, row.id)
}

/** Marks the offers past their validUntil `expired` (the scheduled job; reads compute it anyway). */
export async function expireQuotes(db: Db, now: number): Promise<number> {
  const move = quoteMove({ to: 'expired', by: 'system' }, undefined, now)
  const expired = await prepare(
    db,
    sqlPart`update quotes set status = ${move.to}, updated_at = ${now} where ${move.guard} returning id`,
  ).run()
  return expired.results.length
}

// ─── Accepting ───────────────────────────────────────────────────────────────────────────

const stockChanged = (fields: Record<string, string>) =>
  new ApiError(
    409,
    'STOCK_CHANGED',
    'Some tools have less stock than the offer asks for: nothing was taken. Ask us about a new offer.',
    fields,
  )

/**
 * `POST /api/quotes/{id}/accept`: the offer becomes an order at the offered prices and
 * delivery fee (the courier's fee anywhere, nothing for a pickup), VAT at each tool's rate now.
 * Checked in the checkout's order: 409 unless offered and valid, TOOL_WITHDRAWN, 400 for a payment
 * method this order may not use, TOO_MANY_UNPAID (exempt from the value cap), TOTAL_CHANGED,
 * STOCK_CHANGED; then placed all or nothing with
 * the quote accepted in the same batch (the quote still open and unchanged), so racing accepts
 * make one order.
 */
export async function acceptQuote(
  deps: ReturnType<typeof orderDeps>,
  row: QuoteRow,
  input: CheckoutInput,
  limitsOf: { maxUnpaid: number; methods: MethodContext },
  now: number,
): Promise<QuoteAccepted> {
  const { db } = deps
  const move = quoteMove({ to: 'accepted', by: 'customer' }, { row, now })
  const lines = await linesQuery(db, [row.id])
  // Stock held by orders whose hold ran out is free before it is read.
  await releaseExpiredHolds(
    deps,
    lines.map((l) => l.toolId),
  )
  const found = await toolsById(
    db,
    lines.map((l) => l.toolId),
  )
  const gone = lines.find((l) => !found.has(l.toolId))
  if (gone)
    throw new ApiError(
      409,
      'TOOL_WITHDRAWN',
      `${gone.name} is no longer sold, so this offer cannot be accepted. Ask us for a new quote.`,
    )
  // Pickup costs no delivery; the courier, what the offer says.
  const feePaisa = input.delivery.method === 'pickup' ? 0 : (row.deliveryFeePaisa ?? 0)
  const price = priceQuoteOrder(
    lines.map((l) => ({ tool: found.get(l.toolId)!, quantity: l.quantity, unitPricePaisa: l.unitPricePaisa ?? 0 })),
    feePaisa,
  )
  const priced = price.lines
  const method = input.delivery.method
  const address = input.delivery.address
  const order: QuoteOrder = {
    customer: row.customer,
    customerName: address.name || row.customerName,
    lines: priced,
    price,
    delivery: {
      method,
      zone: zoneOf(address.district),
      address: {
        name: address.name,
        phone: address.phone,
        line1: address.line1 ?? '',
        line2: address.line2 ?? null,
        city: address.city ?? null,
        district: address.district ?? null,
        postcode: address.postcode ?? null,
      },
    },
    paymentMethod: input.paymentMethod,
    company: input.company ?? null,
    poNumber: input.poNumber ?? null,
    note: input.note ?? null,
    fromCart: false,
    fromQuote: {
      id: row.id,
      guard: sqlPart`exists (select 1 from quotes where id = ${row.id} and updated_at = ${row.updatedAt}
        and ${move.guard})`,
      andThen: (orderId, placed) => [
        sqlPart`update quotes set status = ${move.to}, order_id = ${orderId}, updated_at = ${SQL_NOW}
          where id = ${row.id} and ${placed}`,
      ],
    },
  }
  // The offered total may use only the methods an order of it may (cash on delivery's limit too).
  assertMethodAllowed(limitsOf.methods, input.paymentMethod, price.totalPaisa)
  const pricing = { ...order, pricePaisa: price.pricePaisa }
  await assertRoomForQuoteOrder(db, pricing, limitsOf.maxUnpaid, deps.holdMs)
  if (toPaisa(input.expectedTotal) !== price.totalPaisa)
    throw new ApiError(
      409,
      'TOTAL_CHANGED',
      `The total is now ${toTaka(price.totalPaisa)} BDT, not ${input.expectedTotal}: the offer or the delivery changed. Please review it.`,
      { expectedTotal: String(toTaka(price.totalPaisa)) },
    )
  const short = shortLines(priced, found)
  if (Object.keys(short).length > 0) throw stockChanged(short)
  const id = await placeQuoteOrder(deps, order, limitsOf.maxUnpaid)
  if (!id) {
    // Why nothing was taken, from the database as it is now.
    const after = await getQuoteRow(db, row.id)
    if (!after) throw quoteMoveRefused(row, 'accepted', Date.now())
    quoteMove(move, { row: after, now: Date.now() })
    if (after.updatedAt !== row.updatedAt)
      throw conflict('The offer was revised while you were accepting it. Please review it.')
    const nowTools = await toolsById(
      db,
      priced.map((l) => l.toolId),
    )
    const shortNow = shortLines(priced, nowTools)
    if (Object.keys(shortNow).length > 0) throw stockChanged(shortNow)
    await assertRoomForQuoteOrder(db, pricing, limitsOf.maxUnpaid, deps.holdMs)
    throw conflict('The tools changed while you were accepting the offer. Please try again.')
  }
  const placed = await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, id)).get()
  return {
    acknowledged: true,
    insertedId: id,
    orderNumber: placed?.orderNo ? formatOrderNumber(placed.orderNo) : id,
  }
}

/** The lines whose tool has less stock than they take, as an error's `fields`. */
function shortLines(lines: { toolId: string; quantity: number }[], found: Map<string, ToolRow>) {
  return Object.fromEntries(
    lines.flatMap((l, i) => {
      const tool = found.get(l.toolId)
      if (!tool) return [[`lines.${i}.quantity`, 'This tool is no longer sold.']]
      return tool.quantity < l.quantity ? [[`lines.${i}.quantity`, orderLessThanMessage(tool.quantity)]] : []
    }),
  ) as Record<string, string>
}
