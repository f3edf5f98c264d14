/**
 * Quotes (api.md "Wholesale"): requested → offered → accepted | declined, a revised offer,
 * expiry, and acceptance as an order at the offered prices (stock taken then, all or nothing).
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatBDT } from '#schemas/bdt.ts'
import type { Quote, QuoteAccepted, QuoteCreated, QuoteMessage } from '#schemas/quote.ts'
import { getConfig } from '#worker/env.ts'
import { runScheduled } from '#worker/scheduled.ts'
import { call, errorOf, json, type OwnerSummary } from '#worker/test/helpers.ts'
import { auditOf, mailsTo, makeTool, readOrder, stockOf, type ToolFixture } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'
import { quoteMail } from './quote-emails'

const ADMIN = 'admin@example.com'
let admin: string
const SHOP_EMAIL = getConfig(env).shopEmail

beforeAll(async () => {
  admin = await signIn(ADMIN)
})

async function customer(verified = true) {
  const email = `quotes-${crypto.randomUUID().slice(0, 8)}@example.com`
  return { email, token: await signIn(email, { emailVerified: verified }) }
}

const DAY = 24 * 60 * 60 * 1000
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString()
const ADDRESS = { name: 'Karim Traders', phone: '01712345678', line1: 'Shop 4, Bangshal Road', district: 'Chattogram' }
const acceptBody = (expectedTotal: number, overrides: Record<string, unknown> = {}) => ({
  delivery: { method: 'courier', address: ADDRESS },
  paymentMethod: 'card',
  expectedTotal,
  ...overrides,
})

const request = (token: string, body: unknown) => call('POST', '/api/quotes', { as: token, body })
const offer = (token: string, id: string, body: unknown) => call('POST', `/api/quotes/${id}/offer`, { as: token, body })
const accept = (token: string, id: string, body: unknown) =>
  call('POST', `/api/quotes/${id}/accept`, { as: token, body })
const decline = (token: string, id: string, body: unknown = {}) =>
  call('POST', `/api/quotes/${id}/decline`, { as: token, body })
const read = async (token: string, id: string) => json<Quote>(await call('GET', `/api/quotes/${id}`, { as: token }))

async function requested(token: string, lines: [ToolFixture, number][], message?: string) {
  const res = await request(token, {
    lines: lines.map(([t, quantity]) => ({ serviceId: t.id, quantity })),
    ...(message ? { message } : {}),
  })
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
  return json<QuoteCreated>(res)
}

/** Offers each line at `unitPrice` BDT (the same for all), courier 300 BDT, valid 14 days. */
async function offered(id: string, lines: [ToolFixture, number][], extra: Record<string, unknown> = {}) {
  const res = await offer(admin, id, {
    lines: lines.map(([t, unitPrice]) => ({ serviceId: t.id, unitPrice })),
    deliveryFee: 300,
    validUntil: inDays(14),
    ...extra,
  })
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
}

const expectRefused = async (res: Response, status: number, code: string) => {
  expect(res.status).toBe(status)
  const error = await errorOf(res)
  expect(error.code).toBe(code)
  return error
}

describe('POST /api/quotes', () => {
  it('stores a request with a Q- number, list prices and the message, and e-mails the shop', async () => {
    const { email, token } = await customer()
    const drill = await makeTool({ name: 'Quote Drill', pricePaisa: 250_000, quantity: 10, min: 5 })
    // Not bounded by stock: 400 of a tool with 10 in stock.
    const created = await requested(token, [[drill, 400]], 'We need these for a factory fit-out.')
    expect(created.quoteNumber).toMatch(/^Q-\d{4,}$/)
    const quote = await read(token, created.insertedId)
    expect(quote).toMatchObject({
      _id: created.insertedId,
      quoteNumber: created.quoteNumber,
      customer: email,
      status: 'requested',
      lines: [
        {
          serviceId: drill.id,
          service: 'Quote Drill',
          quantity: 400,
          listUnitPrice: 2500,
          unitPrice: null,
          price: null,
        },
      ],
      deliveryFee: null,
      total: null,
      validUntil: null,
      orderId: null,
      messages: [{ from: 'customer', text: 'We need these for a factory fit-out.' }],
    })
    const mail = (await mailsTo(SHOP_EMAIL)).find((m) =>
      m.subject.startsWith(`New quote request ${created.quoteNumber}`),
    )
    expect(mail?.body).toContain('We need these for a factory fit-out.')
    expect(mail?.html).toContain('Quote Drill')
    // It links to the quote's own page, which the shop's staff and the customer both open.
    expect(mail?.body).toContain(`/dashboard/quote/${created.insertedId}`)
    expect(await stockOf(drill.id)).toBe(10)
  })

  it('lists each line at its volume price for the quantity asked (listUnitPrice)', async () => {
    const { token } = await customer()
    const tiered = await makeTool({ name: 'Tiered Quote Saw', pricePaisa: 100_000, min: 10 })
    await env.DB.prepare('update tools set price_tiers = ? where id = ?')
      .bind(
        JSON.stringify([
          { minQuantity: 50, pricePaisa: 90_000 },
          { minQuantity: 200, pricePaisa: 80_000 },
        ]),
        tiered.id,
      )
      .run()
    for (const [quantity, list] of [
      [49, 1000],
      [50, 900],
      [500, 800],
    ] as const) {
      const created = await requested(token, [[tiered, quantity]])
      expect((await read(token, created.insertedId)).lines[0]).toMatchObject({ quantity, listUnitPrice: list })
      await decline(token, created.insertedId)
    }
  })

  it('takes the cart with fromCart', async () => {
    const { email, token } = await customer()
    const saw = await makeTool({ name: 'Cart Saw', min: 2 })
    await env.DB.prepare('insert into cart_lines (customer, tool_id, quantity) values (?, ?, ?)')
      .bind(email, saw.id, 30)
      .run()
    const res = await request(token, { fromCart: true })
    expect(res.status).toBe(201)
    const quote = await read(token, (await json<QuoteCreated>(res)).insertedId)
    expect(quote.lines).toMatchObject([{ serviceId: saw.id, quantity: 30 }])
  })

  it('refuses a quantity below the minimum, an unknown tool, 51 lines, an empty cart, an unverified e-mail', async () => {
    const { token } = await customer()
    const tool = await makeTool({ min: 10 })
    const low = await expectRefused(
      await request(token, { lines: [{ serviceId: tool.id, quantity: 9 }] }),
      400,
      'VALIDATION_FAILED',
    )
    expect(low.fields).toEqual({ 'lines.0.quantity': 'Please Order Minimum : 10' })
    const unknown = await expectRefused(
      await request(token, { lines: [{ serviceId: 'nope', quantity: 9 }] }),
      400,
      'VALIDATION_FAILED',
    )
    expect(unknown.fields).toEqual({ 'lines.0.serviceId': 'No such tool.' })
    const lines = Array.from({ length: 51 }, (_, i) => ({ serviceId: `tool-${i}`, quantity: 10 }))
    const many = await expectRefused(await request(token, { lines }), 400, 'VALIDATION_FAILED')
    expect(Object.values(many.fields ?? {})).toContain('A quote holds at most 50 tools.')
    await expectRefused(await request(token, { fromCart: true }), 400, 'VALIDATION_FAILED')
    await expectRefused(await request(token, {}), 400, 'VALIDATION_FAILED')
    const unverified = await customer(false)
    await expectRefused(
      await request(unverified.token, { lines: [{ serviceId: tool.id, quantity: 10 }] }),
      403,
      'EMAIL_NOT_VERIFIED',
    )
  })

  it('asks for whole packs: a quantity that is not one is a 400 with the pack message', async () => {
    const { token } = await customer()
    const tool = await makeTool({ min: 6 })
    await env.DB.prepare('update tools set pack_size = 6 where id = ?').bind(tool.id).run()
    const odd = await expectRefused(
      await request(token, { lines: [{ serviceId: tool.id, quantity: 9 }] }),
      400,
      'VALIDATION_FAILED',
    )
    expect(odd.fields).toEqual({ 'lines.0.quantity': 'Order in packs of 6' })
    expect((await request(token, { lines: [{ serviceId: tool.id, quantity: 12 }] })).status).toBe(201)
  })

  it('allows 3 open quotes; a 4th is 409 TOO_MANY_QUOTES until one closes; racing requests never pass it', async () => {
    const { token } = await customer()
    const tool = await makeTool({ min: 1 })
    const lines = { lines: [{ serviceId: tool.id, quantity: 5 }] }
    const results = await Promise.all(Array.from({ length: 5 }, () => request(token, lines)))
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409])
    const refused = results.find((r) => r.status === 409)!
    const error = await errorOf(refused)
    expect(error.code).toBe('TOO_MANY_QUOTES')
    const first = await json<QuoteCreated>(results.find((r) => r.status === 201)!)
    expect((await decline(token, first.insertedId)).status).toBe(200)
    expect((await request(token, lines)).status).toBe(201)
  })
})

describe('GET /api/quotes', () => {
  it('lists the own quotes with customer=, every quote for an admin with status, q and paging', async () => {
    const a = await customer()
    const b = await customer()
    const tool = await makeTool({ name: 'Listing Clamp', min: 1 })
    const qa = await requested(a.token, [[tool, 5]])
    const qb = await requested(b.token, [[tool, 6]])
    const own = await call('GET', `/api/quotes?customer=${a.email}`, { as: a.token })
    expect(own.status).toBe(200)
    expect(own.headers.get('X-Total-Count')).toBe('1')
    expect((await json<Quote[]>(own)).map((q) => q._id)).toEqual([qa.insertedId])
    expect((await call('GET', `/api/quotes?customer=${b.email}`, { as: a.token })).status).toBe(403)
    expect((await call('GET', '/api/quotes', { as: a.token })).status).toBe(403)
    const byNumber = await call('GET', `/api/quotes?q=${qb.quoteNumber}`, { as: admin })
    expect((await json<Quote[]>(byNumber)).map((q) => q._id)).toEqual([qb.insertedId])
    const byEmail = await json<Quote[]>(await call('GET', `/api/quotes?q=${b.email}&status=requested`, { as: admin }))
    expect(byEmail.map((q) => q._id)).toEqual([qb.insertedId])
    const page = await call('GET', '/api/quotes?q=Listing%20Clamp&limit=1&offset=1', { as: admin })
    expect(page.headers.get('X-Total-Count')).toBe('2')
    expect((await json<Quote[]>(page)).map((q) => q._id)).toEqual([qa.insertedId]) // newest first
    expect((await call('GET', '/api/quotes?status=nope', { as: admin })).status).toBe(400)
  })

  it('searches the quotes desk by any part of a name, e-mail or tool, in any case (the quote_search index)', async () => {
    const a = await customer()
    const tool = await makeTool({ name: 'Zebrawood Marking Gauge', min: 1 })
    const other = await makeTool({ name: 'Plain Mallet', min: 1 })
    const qa = await requested(a.token, [
      [other, 2],
      [tool, 3],
    ])
    const found = async (q: string) =>
      (await json<Quote[]>(await call('GET', `/api/quotes?q=${encodeURIComponent(q)}`, { as: admin }))).map(
        (x) => x._id,
      )
    // Three characters and more go through the trigram index: the middle of a word, any case, a later tool.
    expect(await found('RAWOOD mark')).toEqual([qa.insertedId])
    expect(await found(a.email.slice(2, 12).toUpperCase())).toEqual([qa.insertedId])
    // Shorter, a scan finds the same; syntax of FTS5 in the text is only text.
    expect(await found('"Zebrawood')).toEqual([])
    expect(await found('Ze')).toContain(qa.insertedId)
    // A quote removed from the table leaves the index with it (the delete trigger).
    await env.DB.prepare('delete from quotes where id = ?').bind(qa.insertedId).run()
    expect(await found('rawood')).toEqual([])
  })

  it('hides another customer’s quote (404) and shows it to an admin', async () => {
    const a = await customer()
    const b = await customer()
    const tool = await makeTool({ min: 1 })
    const q = await requested(a.token, [[tool, 5]])
    expect((await call('GET', `/api/quotes/${q.insertedId}`, { as: b.token })).status).toBe(404)
    expect((await call('GET', `/api/quotes/${q.insertedId}`, { as: admin })).status).toBe(200)
    await expectRefused(await decline(b.token, q.insertedId), 404, 'NOT_FOUND')
    await expectRefused(await accept(b.token, q.insertedId, acceptBody(1)), 404, 'NOT_FOUND')
  })
})

describe('POST /api/quotes/{id}/offer', () => {
  it('prices the tools, may change quantities, e-mails the customer, audits; a revised offer replaces it', async () => {
    const { email, token } = await customer()
    const a = await makeTool({ name: 'Offer Drill', pricePaisa: 250_000, min: 1 })
    const b = await makeTool({ name: 'Offer Bits', pricePaisa: 10_000, min: 1 })
    const q = await requested(token, [
      [a, 100],
      [b, 200],
    ])
    const res = await offer(admin, q.insertedId, {
      lines: [
        { serviceId: a.id, unitPrice: 2200 },
        { serviceId: b.id, unitPrice: 85.5, quantity: 250 },
      ],
      deliveryFee: 450,
      validUntil: inDays(10),
      message: 'Our best price for this volume.',
    })
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ acknowledged: true, modifiedCount: 1 })
    const quote = await read(token, q.insertedId)
    expect(quote).toMatchObject({
      status: 'offered',
      lines: [
        { serviceId: a.id, quantity: 100, listUnitPrice: 2500, unitPrice: 2200, price: 220_000 },
        { serviceId: b.id, quantity: 250, listUnitPrice: 100, unitPrice: 85.5, price: 21_375 },
      ],
      deliveryFee: 450,
      total: 220_000 + 21_375 + 450,
      messages: [{ from: 'shop', text: 'Our best price for this volume.' }],
    })
    const mails = (await mailsTo(email)).filter((m) => m.subject.startsWith(`Quote ${q.quoteNumber} is ready`))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.body).toContain('Our best price for this volume.')
    expect((await auditOf(q.insertedId, admin)).map((e) => [e.action, e.label])).toEqual([
      ['quote.offer', q.quoteNumber],
    ])
    await offered(q.insertedId, [
      [a, 2100],
      [b, 80],
    ])
    const revised = await read(token, q.insertedId)
    expect(revised.lines.map((l) => l.unitPrice)).toEqual([2100, 80])
    expect(revised.status).toBe('offered')
    expect((await mailsTo(email)).filter((m) => m.subject.startsWith(`Quote ${q.quoteNumber} is ready`))).toHaveLength(
      2,
    )
  })

  it('refuses a customer (403), another tool or a missing one (400), validUntil past or past 90 days (400)', async () => {
    const { token } = await customer()
    const a = await makeTool({ min: 1 })
    const b = await makeTool({ min: 1 })
    const other = await makeTool({ min: 1 })
    const q = await requested(token, [
      [a, 5],
      [b, 5],
    ])
    const body = (lines: unknown, validUntil = inDays(5)) => ({ lines, deliveryFee: 0, validUntil })
    const both = [
      { serviceId: a.id, unitPrice: 10 },
      { serviceId: b.id, unitPrice: 10 },
    ]
    await expectRefused(await offer(token, q.insertedId, body(both)), 403, 'FORBIDDEN')
    const extra = await expectRefused(
      await offer(admin, q.insertedId, body([...both, { serviceId: other.id, unitPrice: 10 }])),
      400,
      'VALIDATION_FAILED',
    )
    expect(extra.fields).toMatchObject({ 'lines.2.serviceId': 'This tool is not on the quote.' })
    const missing = await expectRefused(await offer(admin, q.insertedId, body([both[0]])), 400, 'VALIDATION_FAILED')
    expect(missing.fields?.lines).toMatch(/^Price every tool of the quote/)
    const past = await expectRefused(await offer(admin, q.insertedId, body(both, inDays(-1))), 400, 'VALIDATION_FAILED')
    expect(past.fields).toEqual({ validUntil: 'validUntil must be in the future.' })
    // Only the date is wrong: the answer says so, not that the tools are.
    expect(past.message).toBe('validUntil must be in the future.')
    const far = await expectRefused(await offer(admin, q.insertedId, body(both, inDays(91))), 400, 'VALIDATION_FAILED')
    expect(far.fields).toEqual({ validUntil: 'An offer holds at most 90 days.' })
    expect(far.message).toBe('An offer holds at most 90 days.')
    expect((await offer(admin, q.insertedId, body(both, inDays(89)))).status).toBe(200)
    expect((await read(token, q.insertedId)).status).toBe('offered')
  })

  it('offers changed quantities in whole packs of the tool (400 with the pack message)', async () => {
    const { token } = await customer()
    const tool = await makeTool({ min: 1 })
    await env.DB.prepare('update tools set pack_size = 4 where id = ?').bind(tool.id).run()
    const q = await requested(token, [[tool, 8]])
    const body = (quantity: number) => ({
      lines: [{ serviceId: tool.id, unitPrice: 10, quantity }],
      deliveryFee: 0,
      validUntil: inDays(5),
    })
    const odd = await expectRefused(await offer(admin, q.insertedId, body(10)), 400, 'VALIDATION_FAILED')
    expect(odd.message).toBe('Some quantities of the offer are not whole packs.')
    expect(odd.fields).toEqual({ 'lines.0.quantity': 'Order in packs of 4' })
    expect((await read(token, q.insertedId)).status).toBe('requested')
    expect((await offer(admin, q.insertedId, body(12))).status).toBe(200)
    // The pack size grows after the offer: the quantity on the quote (12) can still be offered as
    // it stands, as the desk's form sends it; a new one comes in the new packs.
    await env.DB.prepare('update tools set pack_size = 5 where id = ?').bind(tool.id).run()
    expect((await offer(admin, q.insertedId, body(12))).status).toBe(200)
    const changed = await expectRefused(await offer(admin, q.insertedId, body(14)), 400, 'VALIDATION_FAILED')
    expect(changed.fields).toEqual({ 'lines.0.quantity': 'Order in packs of 5' })
  })

  it('cannot offer a declined or accepted quote (409)', async () => {
    const { token } = await customer()
    const a = await makeTool({ min: 1 })
    const q = await requested(token, [[a, 5]])
    expect((await decline(token, q.insertedId, { reason: 'Found it elsewhere' })).status).toBe(200)
    const body = { lines: [{ serviceId: a.id, unitPrice: 10 }], deliveryFee: 0, validUntil: inDays(5) }
    await expectRefused(await offer(admin, q.insertedId, body), 409, 'INVALID_TRANSITION')
  })
})

const post = (token: string, id: string, text: string) =>
  call('POST', `/api/quotes/${id}/messages`, { as: token, body: { text } })
/** Moves a quote's messages `minutes` into the past (as if written then). */
const ageMessages = (id: string, minutes: number) =>
  env.DB.prepare('update quote_messages set at = at - ? where quote_id = ?')
    .bind(minutes * 60_000, id)
    .run()

/** Adds `n` messages to a quote's thread, an hour old (outside the rate limit's window), alternately each side's. */
const seedMessages = (id: string, n: number) =>
  env.DB.prepare(
    `with recursive k(i) as (select 1 union all select i + 1 from k where i < ?)
     insert into quote_messages (id, quote_id, sender, author, text, at)
     select ? || '-' || i, ?, case i % 2 when 0 then 'shop' else 'customer' end, 'seed', 'Seeded ' || i,
       cast(unixepoch('subsec') * 1000 as integer) - 3600000 + i
     from k`,
  )
    .bind(n, id, id)
    .run()

describe('GET /api/quotes/{id}/messages', () => {
  const page = (token: string, id: string, query = '') =>
    call('GET', `/api/quotes/${id}/messages${query}`, { as: token })

  it('refuses a bad limit or offset (400) and another customer (404)', async () => {
    const { token } = await customer()
    const q = await requested(token, [[await makeTool({ min: 1 }), 5]])
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=ten']) {
      const error = await expectRefused(await page(token, q.insertedId, query), 400, 'VALIDATION_FAILED')
      expect(Object.keys(error.fields ?? {})).toEqual([query.includes('offset') ? 'offset' : 'limit'])
    }
    await expectRefused(await page((await customer()).token, q.insertedId), 404, 'NOT_FOUND')
  })

  it('pages the thread newest first with X-Total-Count; a quote carries its latest 20, oldest first', async () => {
    const { email, token } = await customer()
    const q = await requested(token, [[await makeTool({ min: 1 }), 5]])
    await seedMessages(q.insertedId, 45)
    const first = await page(token, q.insertedId, '?limit=20')
    expect(first.status).toBe(200)
    expect(first.headers.get('X-Total-Count')).toBe('45')
    const newest = await json<QuoteMessage[]>(first)
    expect(newest.map((m) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `Seeded ${45 - i}`))
    expect(newest[0]).toMatchObject({ _id: `${q.insertedId}-45`, from: 'customer' })
    const last = await page(admin, q.insertedId, '?limit=20&offset=40')
    expect(last.headers.get('X-Total-Count')).toBe('45')
    expect((await json<QuoteMessage[]>(last)).map((m) => m.text)).toEqual([
      'Seeded 5',
      'Seeded 4',
      'Seeded 3',
      'Seeded 2',
      'Seeded 1',
    ])
    expect(await json<QuoteMessage[]>(await page(token, q.insertedId))).toHaveLength(45)
    // The quote itself, read alone or in a list, carries only the latest page.
    const latest = Array.from({ length: 20 }, (_, i) => `Seeded ${26 + i}`)
    const quote = await read(token, q.insertedId)
    expect(quote.messageCount).toBe(45)
    expect(quote.messages.map((m) => m.text)).toEqual(latest)
    const listed = await json<Quote[]>(
      await call('GET', `/api/quotes?customer=${encodeURIComponent(email)}`, { as: token }),
    )
    expect(listed.find((l) => l._id === q.insertedId)).toMatchObject({ messageCount: 45 })
    expect(listed.find((l) => l._id === q.insertedId)?.messages.map((m) => m.text)).toEqual(latest)
    const quiet = await requested(token, [[await makeTool({ min: 1 }), 5]])
    expect(await read(token, quiet.insertedId)).toMatchObject({ messages: [], messageCount: 0 })
  })
})

/**
 * Moves the shop's notices about a quote `minutes` into the past; with `pending`, as if still
 * unsent (and not due, so no deliverer sends it meanwhile).
 */
const ageShopNotices = (id: string, minutes: number, pending = false) =>
  env.DB.prepare(
    `update email_outbox set created_at = created_at - ?,
       status = case when ? then 'pending' else 'sent' end,
       next_attempt_at = case when ? then ${Date.now() + DAY} else next_attempt_at end
     where dedupe_key like ?`,
  )
    .bind(minutes * 60_000, pending ? 1 : 0, pending ? 1 : 0, `quote:${id}:%`)
    .run()
const messageMails = async (to: string, quoteNumber: string) =>
  (await mailsTo(to)).filter((m) => m.subject.startsWith(`New message on quote ${quoteNumber} `))

describe('the shop’s e-mails about a quote', () => {
  it('send one for a burst of the customer’s messages, and say so; the shop’s replies each e-mail the customer', async () => {
    const { email, token } = await customer()
    const q = await requested(token, [[await makeTool({ min: 1 }), 5]])
    await ageShopNotices(q.insertedId, 11)
    for (const text of ['First of a burst', 'Second', 'Third', 'Fourth', 'Fifth'])
      expect((await post(token, q.insertedId, text)).status).toBe(200)
    const toShop = await messageMails(SHOP_EMAIL, q.quoteNumber)
    expect(toShop).toHaveLength(1)
    expect(toShop[0]?.body).toContain('First of a burst')
    expect(toShop[0]?.body).toContain(
      'More messages on this quote in the next 10 minutes are not e-mailed separately: read the whole conversation on the Quotes desk.',
    )
    expect((await read(token, q.insertedId)).messageCount).toBe(5)
    for (const text of ['Reply one', 'Reply two']) expect((await post(admin, q.insertedId, text)).status).toBe(200)
    expect(await messageMails(email, q.quoteNumber)).toHaveLength(2)
  })

  it('count the request’s notice; once the window passes the next message e-mails again', async () => {
    const { token } = await customer()
    const q = await requested(token, [[await makeTool({ min: 1 }), 5]], 'Asked with a message')
    expect((await post(token, q.insertedId, 'Right after the request')).status).toBe(200)
    expect(await messageMails(SHOP_EMAIL, q.quoteNumber)).toHaveLength(0)
    await ageShopNotices(q.insertedId, 11)
    expect((await post(token, q.insertedId, 'Ten minutes later')).status).toBe(200)
    const toShop = await messageMails(SHOP_EMAIL, q.quoteNumber)
    expect(toShop.map((m) => m.body.includes('Ten minutes later'))).toEqual([true])
  })

  it('send no second notice while the first is still unsent, however old', async () => {
    const { token } = await customer()
    const q = await requested(token, [[await makeTool({ min: 1 }), 5]])
    await ageShopNotices(q.insertedId, 60, true)
    expect((await post(token, q.insertedId, 'While the shop’s mail is down')).status).toBe(200)
    expect(await messageMails(SHOP_EMAIL, q.quoteNumber)).toHaveLength(0)
    await ageShopNotices(q.insertedId, 0) // sent at last, an hour ago
    expect((await post(token, q.insertedId, 'After it went out')).status).toBe(200)
    expect(await messageMails(SHOP_EMAIL, q.quoteNumber)).toHaveLength(1)
  })
})

describe('messages', () => {
  it('stop at 200 in a thread: then a 409 THREAD_FULL for either side, before any 429', async () => {
    const { token } = await customer()
    const a = await makeTool({ min: 1 })
    const q = await requested(token, [[a, 5]])
    await seedMessages(q.insertedId, 199)
    expect((await post(token, q.insertedId, 'The 200th')).status).toBe(200)
    const full = await expectRefused(await post(token, q.insertedId, 'The 201st'), 409, 'THREAD_FULL')
    expect(full.message).toBe(
      "This quote's conversation holds 200 messages, the most it can. Go on in a new quote request.",
    )
    await expectRefused(await post(admin, q.insertedId, 'The shop’s 201st'), 409, 'THREAD_FULL')
    const stored = await env.DB.prepare('select count(*) as n from quote_messages where quote_id = ?')
      .bind(q.insertedId)
      .first<{ n: number }>()
    expect(stored?.n).toBe(200)
    // Full and rate-limited at once: the 409 (waiting would not help).
    const busy = await requested(token, [[a, 5]])
    await seedMessages(busy.insertedId, 190)
    for (let i = 1; i <= 10; i++) expect((await post(token, busy.insertedId, `Recent ${i}`)).status).toBe(200)
    await expectRefused(await post(token, busy.insertedId, 'Both'), 409, 'THREAD_FULL')
  })

  it('limit a customer to 10 messages a quote in 10 minutes: the 11th is a 429 with Retry-After, nothing stored', async () => {
    const { token } = await customer()
    const a = await makeTool({ min: 1 })
    const q = await requested(token, [[a, 5]], 'The request’s message counts too.')
    for (let i = 2; i <= 10; i++) expect((await post(token, q.insertedId, `Message ${i}`)).status).toBe(200)
    const res = await post(token, q.insertedId, 'One too many')
    const error = await expectRefused(res, 429, 'RATE_LIMITED')
    const retryAfter = Number(res.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect(error.message).toMatch(/10 messages on this quote in the last 10 minutes\. Please wait \d+ minutes?/)
    const thread = (await read(token, q.insertedId)).messages
    expect(thread).toHaveLength(10)
    expect(thread.some((m) => m.text === 'One too many')).toBe(false)
    expect((await mailsTo(SHOP_EMAIL)).some((m) => m.body.includes('One too many'))).toBe(false)
    // The shop's replies are not limited; the customer's other quotes have their own count.
    expect((await post(admin, q.insertedId, 'We read them all.')).status).toBe(200)
    const other = await requested(token, [[a, 5]])
    expect((await post(token, other.insertedId, 'About the other quote')).status).toBe(200)
    // Once the window has passed, the customer may write again.
    await ageMessages(q.insertedId, 11)
    expect((await post(token, q.insertedId, 'Later on')).status).toBe(200)
  })

  it('hold the limit against racing posts: 15 at once store exactly 10', async () => {
    const { token } = await customer()
    const a = await makeTool({ min: 1 })
    const q = await requested(token, [[a, 5]])
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => post(token, q.insertedId, `Racing ${i}`).then((r) => r.status)),
    )
    expect(results.filter((s) => s === 200)).toHaveLength(10)
    expect(results.filter((s) => s === 429)).toHaveLength(5)
    expect((await read(token, q.insertedId)).messages).toHaveLength(10)
  })

  it('e-mail the other side; an outsider gets a 404', async () => {
    const { email, token } = await customer()
    const a = await makeTool({ min: 1 })
    const q = await requested(token, [[a, 5]])
    await ageShopNotices(q.insertedId, 11) // the request's notice to the shop is old news
    const mine = await call('POST', `/api/quotes/${q.insertedId}/messages`, {
      as: token,
      body: { text: 'Can you deliver by Friday?' },
    })
    expect(mine.status).toBe(200)
    const shop = await call('POST', `/api/quotes/${q.insertedId}/messages`, {
      as: admin,
      body: { text: 'Yes, we can.' },
    })
    expect(shop.status).toBe(200)
    expect((await read(token, q.insertedId)).messages.map((m) => [m.from, m.text])).toEqual([
      ['customer', 'Can you deliver by Friday?'],
      ['shop', 'Yes, we can.'],
    ])
    const toShop = (await mailsTo(SHOP_EMAIL)).filter((m) =>
      m.subject.startsWith(`New message on quote ${q.quoteNumber}`),
    )
    expect(toShop.map((m) => m.body.includes('Can you deliver by Friday?'))).toEqual([true])
    const toCustomer = (await mailsTo(email)).filter((m) =>
      m.subject.startsWith(`New message on quote ${q.quoteNumber}`),
    )
    expect(toCustomer.map((m) => m.body.includes('Yes, we can.'))).toEqual([true])
    const outsider = await customer()
    const res = await call('POST', `/api/quotes/${q.insertedId}/messages`, { as: outsider.token, body: { text: 'Hi' } })
    expect(res.status).toBe(404)
    const empty = await call('POST', `/api/quotes/${q.insertedId}/messages`, { as: token, body: { text: '  ' } })
    expect(empty.status).toBe(400)
  })
})

describe('POST /api/quotes/{id}/accept', () => {
  async function offeredQuote(opts: { stock?: number; quantity?: number } = {}) {
    const who = await customer()
    const tool = await makeTool({
      name: 'Accept Grinder',
      pricePaisa: 300_000,
      quantity: opts.stock ?? 500,
      min: 10,
      vatBp: 1000,
    })
    const q = await requested(who.token, [[tool, opts.quantity ?? 100]])
    await offered(q.insertedId, [[tool, 2400]])
    return { ...who, tool, q }
  }

  it('makes an order at the offered prices and courier fee, VAT at the tool’s rate, stock taken; the quote is accepted', async () => {
    const { email, token, tool, q } = await offeredQuote()
    // The tool's price and VAT change after the offer: the offered price holds, VAT is the rate now.
    await env.DB.prepare('update tools set price_paisa = 999_999, vat_rate_bp = 1500 where id = ?').bind(tool.id).run()
    const res = await accept(token, q.insertedId, acceptBody(240_000 + 300))
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
    const placed = await json<QuoteAccepted>(res)
    expect(placed.orderNumber).toMatch(/^TH-\d+$/)
    const order = await readOrder(placed.insertedId, token)
    expect(order).toMatchObject({
      customer: email,
      price: 240_000,
      deliveryFee: 300,
      total: 240_300,
      quoteId: q.insertedId,
      status: 'unpaid',
      lines: [{ serviceId: tool.id, quantity: 100, unitPrice: 2400, price: 240_000, vatRate: 15 }],
    })
    expect(await stockOf(tool.id)).toBe(400)
    const quote = await read(token, q.insertedId)
    expect(quote).toMatchObject({ status: 'accepted', orderId: placed.insertedId })
    // Accepting twice: 409, nothing more taken.
    await expectRefused(await accept(token, q.insertedId, acceptBody(240_300)), 409, 'INVALID_TRANSITION')
    await expectRefused(await decline(token, q.insertedId), 409, 'INVALID_TRANSITION')
    expect(await stockOf(tool.id)).toBe(400)
  })

  it('charges no delivery for a pickup, and is exempt from the value cap on unpaid orders', async () => {
    const { token, tool, q } = await offeredQuote({ quantity: 300 })
    // 300 × 2,400 = 720,000 BDT: past MAX_UNPAID_BDT (500,000) — exempt when placed.
    const body = acceptBody(720_000, {
      delivery: { method: 'pickup', address: { name: 'Karim', phone: '01712345678' } },
    })
    const res = await accept(token, q.insertedId, body)
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
    const order = await readOrder((await json<QuoteAccepted>(res)).insertedId, token)
    expect(order).toMatchObject({ deliveryFee: 0, total: 720_000 })
    expect(await stockOf(tool.id)).toBe(200)
  })

  it('refuses an expectedTotal that differs (409 TOTAL_CHANGED), short stock (409 STOCK_CHANGED), nothing taken', async () => {
    const { token, tool, q } = await offeredQuote({ stock: 50 })
    const changed = await expectRefused(await accept(token, q.insertedId, acceptBody(240_000)), 409, 'TOTAL_CHANGED')
    expect(changed.fields).toEqual({ expectedTotal: '240300' })
    const short = await expectRefused(await accept(token, q.insertedId, acceptBody(240_300)), 409, 'STOCK_CHANGED')
    expect(short.fields).toEqual({ 'lines.0.quantity': 'Please Order Less Then : 50' })
    expect(await stockOf(tool.id)).toBe(50)
    expect((await read(token, q.insertedId)).status).toBe('offered')
    // Restocked: it goes through.
    await env.DB.prepare('update tools set quantity = 100 where id = ?').bind(tool.id).run()
    expect((await accept(token, q.insertedId, acceptBody(240_300))).status).toBe(201)
    expect(await stockOf(tool.id)).toBe(0)
  })

  it('may use only a payment method the order may: not offered, or cash on delivery over its limit, is a 400', async () => {
    const { token, tool, q } = await offeredQuote()
    const total = 240_300
    // Cash on delivery is off by default, bank transfer has no account and SSLCommerz no store here.
    for (const paymentMethod of ['cod', 'bank', 'gateway']) {
      const off = await expectRefused(
        await accept(token, q.insertedId, acceptBody(total, { paymentMethod })),
        400,
        'VALIDATION_FAILED',
      )
      expect(off.fields?.paymentMethod).toBe('This shop does not offer this payment method. Choose another way to pay.')
    }
    const saveSettings = async (cod: unknown) =>
      expect((await call('PATCH', '/api/settings', { as: admin, body: { cod } })).status).toBe(200)
    await saveSettings({ enabled: true, maxTotal: 1000 })
    try {
      const over = await expectRefused(
        await accept(token, q.insertedId, acceptBody(total, { paymentMethod: 'cod' })),
        400,
        'VALIDATION_FAILED',
      )
      expect(over.message).toBe(`Cash on delivery is for orders up to ${formatBDT(1000)}. Choose another way to pay.`)
      expect(await stockOf(tool.id)).toBe(500)
      expect((await read(token, q.insertedId)).status).toBe('offered')
      // Within the limit it goes through as cash on delivery.
      await saveSettings({ enabled: true, maxTotal: 250_000 })
      const res = await accept(token, q.insertedId, acceptBody(total, { paymentMethod: 'cod' }))
      expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
      const order = await readOrder((await json<QuoteAccepted>(res)).insertedId, token)
      expect(order).toMatchObject({ paymentMethod: 'cod', total })
    } finally {
      await saveSettings({ enabled: false, maxTotal: 20_000 })
    }
  })

  it('refuses a withdrawn tool (409 TOOL_WITHDRAWN)', async () => {
    const { token, tool, q } = await offeredQuote()
    await env.DB.prepare('delete from tools where id = ?').bind(tool.id).run()
    const error = await expectRefused(await accept(token, q.insertedId, acceptBody(240_300)), 409, 'TOOL_WITHDRAWN')
    expect(error.message).toContain('Accept Grinder')
  })

  it('refuses an expired offer (it reads expired, the scheduled job stores it), a declined quote and a requested one', async () => {
    const { email, token, q } = await offeredQuote()
    await env.DB.prepare('update quotes set valid_until = ? where id = ?')
      .bind(Date.now() - 1000, q.insertedId)
      .run()
    expect((await read(token, q.insertedId)).status).toBe('expired')
    const expiredTab = await json<Quote[]>(
      await call('GET', `/api/quotes?customer=${email}&status=expired`, { as: token }),
    )
    expect(expiredTab.map((x) => x._id)).toEqual([q.insertedId])
    await expectRefused(await accept(token, q.insertedId, acceptBody(240_300)), 409, 'INVALID_TRANSITION')
    await expectRefused(await decline(token, q.insertedId), 409, 'INVALID_TRANSITION')
    await runScheduled(env, Date.now())
    const row = await env.DB.prepare('select status from quotes where id = ?')
      .bind(q.insertedId)
      .first<{ status: string }>()
    expect(row?.status).toBe('expired')

    const declined = await offeredQuote()
    expect((await decline(admin, declined.q.insertedId, { reason: 'Out of production' })).status).toBe(200)
    expect((await auditOf(declined.q.insertedId, admin)).map((e) => e.action)).toContain('quote.decline')
    await expectRefused(
      await accept(declined.token, declined.q.insertedId, acceptBody(240_300)),
      409,
      'INVALID_TRANSITION',
    )

    const waiting = await customer()
    const tool = await makeTool({ min: 1 })
    const pending = await requested(waiting.token, [[tool, 5]])
    await expectRefused(await accept(waiting.token, pending.insertedId, acceptBody(1)), 409, 'INVALID_TRANSITION')
  })

  it('is for its customer only, with a verified e-mail', async () => {
    const { q } = await offeredQuote()
    await expectRefused(await accept(admin, q.insertedId, acceptBody(240_300)), 403, 'FORBIDDEN')
  })

  it('racing accepts make one order and take the stock once', async () => {
    const { email, token, tool, q } = await offeredQuote()
    const results = await Promise.all(Array.from({ length: 4 }, () => accept(token, q.insertedId, acceptBody(240_300))))
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409])
    const n = await env.DB.prepare('select count(*) as n from bookings where customer = ?')
      .bind(email)
      .first<{ n: number }>()
    expect(n?.n).toBe(1)
    expect(await stockOf(tool.id)).toBe(400)
  })
})

describe('the overview', () => {
  it('counts the quotes waiting for an offer', async () => {
    const before = await json<OwnerSummary>(await call('GET', '/api/admin/summary', { as: admin }))
    const { token } = await customer()
    const tool = await makeTool({ min: 1 })
    await requested(token, [[tool, 5]])
    const after = await json<OwnerSummary>(await call('GET', '/api/admin/summary', { as: admin }))
    expect(after.quotes.requested).toBe(before.quotes.requested + 1)
  })
})

describe('the offer e-mail', () => {
  it('gives the end of the offer in Dhaka time, as every other document does', () => {
    const mail = quoteMail(
      'offered',
      {
        id: 'q1',
        quoteNumber: 'Q-1001',
        customer: 'buyer@example.com',
        customerName: 'Karim Hardware',
        lines: [{ name: 'Mail Lathe', quantity: 20, unitPricePaisa: 24_000 }],
        deliveryFeePaisa: 10_000,
        totalPaisa: 490_000,
        // The end of 19 October in Dhaka (UTC+6): 17:59 UTC.
        validUntil: Date.UTC(2026, 9, 19, 17, 59, 59),
      },
      { shopName: 'Toolhaus', to: 'buyer@example.com', forShop: false, dedupeKey: 'offer-test' },
    )
    expect(mail.text).toContain('valid until 19 October 2026, 23:59 (Dhaka time).')
    expect(`${mail.text} ${mail.html}`).not.toContain('GMT')
  })
})
