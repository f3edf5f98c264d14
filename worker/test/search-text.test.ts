/**
 * Control characters in query text (docs/api-extensions.md, General): a NUL, an escape, a line
 * break or any other C0/C1 control character in a search box's `q` or another text parameter
 * reads as a space, on every route; never a 5xx. SQLite's full-text parser refused a NUL inside
 * the order desk's and the quote desk's phrase search with "unterminated string" (a 500).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Booking } from '#schemas/order.ts'
import type { Quote, QuoteCreated } from '#schemas/quote.ts'
import type { Tool } from '#schemas/tool.ts'
import app from '#worker/app.ts'
import { call, errorOf, json } from './helpers'
import { makeTool, placeOrder, readOrder, type ToolFixture } from './order-fixtures'
import { signIn } from './tokens'

const ADMIN = 'admin@example.com'
const BUYER = 'search-text-buyer@example.com'
let admin: string
let buyer: string
let tool: ToolFixture

/** NUL alone, inside and after a word, the other C0 controls, DEL and a C1 control, URL-encoded. */
const CONTROLS = ['%00', 'ab%00cd', 'abc%00', '%01%02%03%04', '%1B%5B31m', 'x%0D%0Ay%09z', '%7F', '%C2%80%C2%9F']

/** Every text parameter the routes read from a query string. */
const PARAMS = ['q', 'category', 'customer', 'to', 'status', 'sort', 'month', 'format', 'paymentMethod', 'removed']

/** The app's GET routes, path parameters filled with something that is not a record. */
const GET_ROUTES = [...new Set(app.routes.filter((r) => r.method === 'GET').map((r) => r.path))].map((p) =>
  p.replace(/:\w+/g, 'nothing'),
)

beforeAll(async () => {
  ;[admin, buyer] = await Promise.all([signIn(ADMIN), signIn(BUYER, { name: 'Search Text Buyer' })])
  tool = await makeTool({ name: 'Zephyrine Cordless Drill', quantity: 1000, min: 1 })
})

const list = async <T>(path: string, token?: string) => {
  const res = await call('GET', path, { as: token })
  expect(res.status, `${path}: ${res.status}`).toBe(200)
  return json<T[]>(res)
}

describe('control characters in query text never make a 5xx', () => {
  it('every GET route, every text parameter, signed out, as a customer and as an admin', async () => {
    for (const path of GET_ROUTES)
      for (const param of PARAMS)
        for (const value of CONTROLS)
          for (const token of [undefined, buyer, admin]) {
            const target = `${path}?${param}=${value}`
            const res = await call('GET', target, { as: token })
            expect(res.status < 500, `${target}: ${res.status}`).toBe(true)
            if (res.status >= 400 && res.headers.get('Content-Type')?.includes('json')) await errorOf(res)
          }
  })

  it('a search longer than 100 characters is still a 400 naming q, control characters or not', async () => {
    const res = await call('GET', `/api/booking?q=${'x'.repeat(101)}%00`, { as: admin })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).fields).toEqual({ q: 'q must be at most 100 characters' })
  })
})

describe('a control character reads as a space', () => {
  it('the order desk finds an order by its number with a NUL after it, or split by one', async () => {
    const id = await placeOrder(buyer, tool, BUYER, { quantity: 1 })
    const no = (await readOrder(id, admin)).orderNumber
    for (const q of [`${no}%00`, `%00${no}%1B`, `${no}%0A`]) {
      const found = await list<Booking>(`/api/booking?q=${q}`, admin)
      expect(found.map((o) => o._id)).toContain(id)
    }
    // Split by a NUL, the number is two words that are not next to each other in any order.
    const split = `${no.slice(0, 4)}%00${no.slice(4)}`
    expect((await list<Booking>(`/api/booking?q=${split}`, admin)).map((o) => o._id)).not.toContain(id)
    // Only control characters: no search, the whole desk.
    const all = await call('GET', '/api/booking?q=%00%00&limit=1', { as: admin })
    const unfiltered = await call('GET', '/api/booking?limit=1', { as: admin })
    expect(all.headers.get('X-Total-Count')).toBe(unfiltered.headers.get('X-Total-Count'))
  })

  it("the quote desk and a customer's own quotes find a quote with a NUL in the search", async () => {
    const res = await call('POST', '/api/quotes', {
      as: buyer,
      body: { lines: [{ serviceId: tool.id, quantity: 5 }], message: 'For the Zephyrine workshop.' },
    })
    expect(res.status).toBe(201)
    const { insertedId, quoteNumber } = await json<QuoteCreated>(res)
    for (const q of [`${quoteNumber}%00`, `ab%00cd`, `Zephyrine%00`, `%01Zephyrine%7F`]) {
      // Neither answers a 5xx; the ones that name the quote find it.
      const desk = await list<Quote>(`/api/quotes?q=${q}`, admin)
      const mine = await list<Quote>(`/api/quotes?customer=${BUYER}&q=${q}`, buyer)
      if (q === 'ab%00cd') continue
      expect(desk.map((x) => x._id)).toContain(insertedId)
      expect(mine.map((x) => x._id)).toEqual([insertedId])
    }
  })

  it('the catalogue, users and messages take the same search', async () => {
    expect((await list<Tool>('/api/service?q=zephyrine%00cordless')).map((t) => t.name)).toContain(tool.name)
    expect((await list<Tool>('/api/service?q=%1Bzephyrine%00')).map((t) => t.name)).toContain(tool.name)
    expect((await list<{ email: string }>(`/api/user?q=${BUYER}%00`, admin)).map((u) => u.email)).toContain(BUYER)
    const contact = await call('POST', '/api/contact', {
      body: { name: 'Zephyrine Asker', email: 'asker@example.com', message: 'Do you ship to Sylhet?' },
    })
    expect(contact.status).toBe(201)
    expect((await list<{ name: string }>('/api/contact?q=Zephyrine%00', admin)).map((m) => m.name)).toContain(
      'Zephyrine Asker',
    )
    // The category slug: a NUL is not a slug, so no category (an empty list), never an error.
    expect(await list<Tool>('/api/service?category=drills%00')).toEqual([])
  })

  it('the catalogue page with a NUL in its search renders', async () => {
    const res = await call('GET', '/service?q=zephyrine%00')
    expect(res.status).toBe(200)
  })
})
