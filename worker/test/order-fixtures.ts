/** Test fixtures for the order and payment tests (imported only by *.test.ts files). */
import { env } from 'cloudflare:workers'
import { expect } from 'vitest'
import type { Inserted } from '#schemas/ack.ts'
import type { AuditEntry } from '#schemas/audit.ts'
import type { Booking } from '#schemas/order.ts'
import { newId } from '#worker/lib/db.ts'
import { type CallOptions, call, forgetPublicAnswers, json } from './helpers'

export type ToolFixture = {
  id: string
  name: string
  pricePaisa: number
  quantity: number
  min: number
  /** Hundredths of a kg; 0 unless given. */
  weight: number
  /** Basis points; 1500 (15%) unless given. */
  vatBp: number
}

/**
 * The delivery fee of a "buy now" order of fixture tools (they weigh nothing): no district is
 * the `outside` zone's flat fee, 200 BDT, while the goods stay under its 50,000 BDT threshold.
 */
export const BUY_NOW_FEE_PAISA = 20_000

/** What a "buy now" order of fixture tools for `goodsPaisa` costs with its delivery (free from 50,000 BDT). */
export const buyNowTotal = (goodsPaisa: number) => goodsPaisa + (goodsPaisa >= 5_000_000 ? 0 : BUY_NOW_FEE_PAISA)

/** A tool straight in D1 (the admin routes belong to another feature); it weighs nothing, so a delivery costs the flat fee. */
export async function makeTool(opts: Partial<Omit<ToolFixture, 'id'>> = {}): Promise<ToolFixture> {
  const tool: ToolFixture = {
    id: `tool-${newId()}`,
    name: opts.name ?? 'Angle Grinder',
    pricePaisa: opts.pricePaisa ?? 12_550,
    quantity: opts.quantity ?? 50,
    min: opts.min ?? 5,
    weight: opts.weight ?? 0,
    vatBp: opts.vatBp ?? 1500,
  }
  await env.DB.prepare(
    `insert into tools (id, name, description, price_paisa, quantity, minimum_quantity, img, weight_hundredths, vat_rate_bp)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      tool.id,
      tool.name,
      'A tool for tests.',
      tool.pricePaisa,
      tool.quantity,
      tool.min,
      '/api/images/test.png',
      tool.weight,
      tool.vatBp,
    )
    .run()
  await forgetPublicAnswers()
  return tool
}

export async function stockOf(toolId: string): Promise<number | undefined> {
  const row = await env.DB.prepare('select quantity from tools where id = ?').bind(toolId).first<{ quantity: number }>()
  return row?.quantity
}

export type OrderDbRow = {
  id: string
  status: string
  transaction_id: string | null
  payment_intent_id: string | null
  price_paisa: number
  total_paisa: number
  paid_at: number | null
  updated_at: number
  created_at: number
}

export const orderRow = (id: string) =>
  env.DB.prepare('select * from bookings where id = ?').bind(id).first<OrderDbRow>()

/** A valid order body for `tool` by `email`. */
export const orderBody = (tool: ToolFixture, email: string, overrides: Record<string, unknown> = {}) => ({
  serviceId: tool.id,
  service: tool.name,
  quantity: tool.min,
  phone: '01712345678',
  address: 'House 12, Road 5, Dhanmondi, Dhaka',
  customer: email,
  customerName: 'Test Customer',
  ...overrides,
})

/** How a fixture calls the app, when not as plainly as a test does: another configuration, waiting for what runs after the answer. */
export type Via = Pick<CallOptions, 'env' | 'settle' | 'origin'>

export const postOrder = (token: string | undefined, body: unknown, via: Via = {}) =>
  call('POST', '/api/booking', { as: token, body, ...via })

/** Places an order through the API and answers the new order's id. */
export async function placeOrder(
  token: string,
  tool: ToolFixture,
  email: string,
  overrides: Record<string, unknown> = {},
  via: Via = {},
): Promise<string> {
  const res = await postOrder(token, orderBody(tool, email, overrides), via)
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
  return (await json<Inserted>(res)).insertedId
}

/** Moves an order's creation time back, so that it is `hours` old. */
export async function ageOrder(id: string, hours: number): Promise<void> {
  await env.DB.prepare('update bookings set created_at = ? where id = ?')
    .bind(Date.now() - hours * 60 * 60 * 1000, id)
    .run()
}

/** Pays an order the way the web app does in simulated mode: intent, test card, PATCH. */
export async function payOrder(token: string, orderId: string, via: Via = {}): Promise<string> {
  const intent = await call('POST', '/api/create-payment-intent', { as: token, body: { bookingId: orderId }, ...via })
  expect(intent.status, JSON.stringify(await intent.clone().json())).toBe(200)
  const { clientSecret } = await json<{ clientSecret: string }>(intent)
  const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' }
  const confirmed = await call('POST', '/api/payments/simulated/confirm', {
    as: token,
    body: { clientSecret, card },
    ...via,
  })
  expect(confirmed.status, JSON.stringify(await confirmed.clone().json())).toBe(200)
  return (await json<{ paymentIntent: { id: string } }>(confirmed)).paymentIntent.id
}

/** Places an order and pays it (simulated card); answers the order's id. */
export async function paidOrder(
  token: string,
  tool: ToolFixture,
  email: string,
  overrides: Record<string, unknown> = {},
  via: Via = {},
): Promise<string> {
  const id = await placeOrder(token, tool, email, overrides, via)
  await payOrder(token, id, via)
  return id
}

export type OutboxRow = {
  id: string
  to: string
  subject: string
  body: string
  html: string | null
  status: string
  dedupe_key: string | null
}

/** An order as its owner or an admin reads it (GET /api/booking/{id}). */
export async function readOrder(id: string, token: string): Promise<Booking> {
  const res = await call('GET', `/api/booking/${id}`, { as: token })
  expect(res.status, `reading order ${id}`).toBe(200)
  return json<Booking>(res)
}

/** The e-mails queued or sent to `to`, oldest first. */
export const mailsTo = (to: string) =>
  env.DB.prepare('select * from email_outbox where "to" = ? order by created_at, rowid')
    .bind(to)
    .all<OutboxRow>()
    .then((r) => r.results)

/** The e-mails to `to` about order `no` of one kind (`placed`, `cancelled`, `refunded`, …), oldest first. */
export const mailsAbout = async (to: string, no: string, kind: string) =>
  (await mailsTo(to)).filter((m) => m.subject === `Order ${no} ${kind} — Toolhaus`)

/** The audit entries about `target` (an order's id), newest first, as an admin reads them. */
export const auditOf = async (target: string, adminToken: string) =>
  (await json<AuditEntry[]>(await call('GET', '/api/audit?limit=100', { as: adminToken }))).filter(
    (e) => e.target === target,
  )
