/**
 * Fixtures for the tests of the tax documents and the VAT register (imported only by *.test.ts
 * files): the shop's legal details, orders of several lines placed through the checkout and paid,
 * and readers of the documents' HTML.
 */
import { env } from 'cloudflare:workers'
import { expect } from 'vitest'
import type { CheckoutPlaced, CheckoutPreview } from '#schemas/checkout.ts'
import { call, json } from './helpers'
import { payOrder, type ToolFixture } from './order-fixtures'

/** The seller a test's documents name; the address differs from the demo shop's, so it is read from the settings. */
export const SELLER = {
  name: 'Toolhaus',
  legalName: 'Toolhaus Tax Test Ltd.',
  bin: '0009876543210',
  address: 'Plot 3, Road 2, Kalurghat Heavy Industrial Area, Chattogram 4208',
  phone: '+880 31-2550 1992',
  email: 'accounts@toolhaus.example',
}

/** Saves {@link SELLER} as the shop's details (as an admin through the API). */
export async function useSeller(adminToken: string) {
  const res = await call('PATCH', '/api/settings', { as: adminToken, body: { shop: SELLER } })
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
}

export const DHAKA_ADDRESS = {
  name: 'Karim Traders',
  phone: '01712345678',
  line1: 'Shop 4, Bangshal Road',
  line2: 'Old Dhaka',
  city: 'Dhaka',
  district: 'Dhaka',
  postcode: '1100',
}

/** The customer's cart, straight in D1 (the cart's own routes are tested with the cart), in this order. */
export async function fillCart(email: string, lines: [ToolFixture, number][]) {
  const now = Date.now()
  await env.DB.batch(
    lines.map(([tool, quantity], i) =>
      env.DB.prepare(
        'insert or replace into cart_lines (customer, tool_id, quantity, added_at) values (?, ?, ?, ?)',
      ).bind(email, tool.id, quantity, now + i),
    ),
  )
}

/**
 * Checks out `lines` as `email` (courier to {@link DHAKA_ADDRESS} unless `extra` says otherwise;
 * `extra` may add `company`, `poNumber`…) at the total the preview shows, and pays by card.
 * Answers the order's id.
 */
export async function paidCartOrder(
  token: string,
  email: string,
  lines: [ToolFixture, number][],
  extra: Record<string, unknown> = {},
): Promise<string> {
  await fillCart(email, lines)
  const body = { delivery: { method: 'courier', address: DHAKA_ADDRESS }, paymentMethod: 'card', ...extra }
  const { total } = await json<CheckoutPreview>(await call('POST', '/api/checkout/preview', { as: token, body }))
  const res = await call('POST', '/api/checkout', { as: token, body: { ...body, expectedTotal: total } })
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
  const { insertedId } = await json<CheckoutPlaced>(res)
  await payOrder(token, insertedId)
  return insertedId
}

/** The text of some HTML: tags dropped, the entities hono/html writes decoded. */
export const textOf = (fragment: string) =>
  fragment
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

/** The cells' text of each row of a document's table of lines (`<table class="lines">`), the delivery last. */
export function lineRows(html: string): string[][] {
  const table = html.match(/<table class="lines">([\s\S]*?)<\/table>/)?.[1] ?? ''
  const body = table.match(/<tbody>([\s\S]*?)<\/tbody>/)?.[1] ?? ''
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => textOf(cell[1]!)),
  )
}

/** The `<dt>`/`<dd>` pairs of a part of a document, as text; `within` names a section (`seller`, `buyer`). */
export function fieldsOf(html: string, within?: string): Record<string, string> {
  const part = within
    ? (html.match(new RegExp(`<section aria-labelledby="${within}">([\\s\\S]*?)</section>`))?.[1] ?? '')
    : html
  const fields: Record<string, string> = {}
  for (const [, dt, dd] of part.matchAll(/<dt>([\s\S]*?)<\/dt><dd>([\s\S]*?)<\/dd>/g))
    fields[textOf(dt!)] ??= textOf(dd!)
  return fields
}

/** The totals table's rows, label → amount as printed. */
export function totalsOf(html: string): Record<string, string> {
  const table = html.match(/<table class="totals">([\s\S]*?)<\/table>/)?.[1] ?? ''
  return Object.fromEntries(
    [...table.matchAll(/<th[^>]*>([\s\S]*?)<\/th><td[^>]*>([\s\S]*?)<\/td>/g)].map(([, k, v]) => [
      textOf(k!),
      textOf(v!).replace(/\s/g, ' '),
    ]),
  )
}

/** Sets when an order's invoice (or credit note) was issued, to place it in a month of the register. */
export async function issuedAt(orderId: string, document: 'invoice' | 'credit_note', at: Date | number) {
  await env.DB.prepare(`update bookings set ${document}_issued_at = ? where id = ?`)
    .bind(typeof at === 'number' ? at : at.getTime(), orderId)
    .run()
}
