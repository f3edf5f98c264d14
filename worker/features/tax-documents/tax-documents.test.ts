/**
 * The numbers of the tax documents (api.md "VAT and tax documents"): the invoice
 * `INV-{year}-{serial}` when an order is first paid, the credit note `CN-{year}-{serial}` when it
 * is refunded; serials count from 1 in each year (Asia/Dhaka), six digits, without gaps, never
 * repeated, also when payments race.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { call } from '#worker/test/helpers.ts'
import {
  makeTool,
  orderRow,
  paidOrder,
  payOrder,
  placeOrder,
  readOrder,
  type ToolFixture,
} from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'
import { dhakaYear } from './serials.service'

const BUYER = 'tax-documents@example.com'
let buyer: string
let admin: string
let tool: ToolFixture

beforeAll(async () => {
  buyer = await signIn(BUYER)
  admin = await signIn('admin@example.com')
  tool = await makeTool({ name: 'Invoiced Drill', pricePaisa: 10_000, quantity: 100_000, min: 1 })
})

const serialOf = (number: string | null) => Number(number?.split('-')[2])
const year = () => dhakaYear(Date.now())

describe('tax invoice numbers', () => {
  it('issues INV-{year}-{serial} when an order is paid, with the time of issue; none while unpaid', async () => {
    const id = await placeOrder(buyer, tool, BUYER)
    expect((await readOrder(id, buyer)).invoiceNumber).toBeNull()
    await payOrder(buyer, id)
    const order = await readOrder(id, buyer)
    expect(order.invoiceNumber).toMatch(new RegExp(`^INV-${year()}-\\d{6}$`))
    const row = (await env.DB.prepare('select invoice_issued_at, paid_at from bookings where id = ?')
      .bind(id)
      .first<{ invoice_issued_at: number; paid_at: number }>())!
    expect(Math.abs(row.invoice_issued_at - row.paid_at)).toBeLessThan(60_000)
  })

  it('numbers payments that race consecutively, each once, without gaps', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => placeOrder(buyer, tool, BUYER)))
    // Five unpaid at most: pay in groups, each group at the same moment.
    await Promise.all(ids.slice(0, 4).map((id) => payOrder(buyer, id)))
    await Promise.all(ids.slice(4, 8).map((id) => payOrder(buyer, id)))
    await Promise.all(ids.slice(8).map((id) => payOrder(buyer, id)))
    const serials = (
      await Promise.all(ids.map(async (id) => serialOf((await readOrder(id, buyer)).invoiceNumber)))
    ).sort((a, b) => a - b)
    expect(new Set(serials).size).toBe(12)
    expect(serials.at(-1)! - serials[0]!).toBe(11)
    // The series counted exactly these (and the earlier ones of this file): its last is the highest issued.
    const last = await env.DB.prepare('select last from document_serials where series = ?')
      .bind(`INV-${year()}`)
      .first<number>('last')
    expect(last).toBe(serials.at(-1))
  })

  it('keeps the invoice through fulfilment and issues a credit note CN-{year}-{serial} on a refund', async () => {
    const id = await paidOrder(buyer, tool, BUYER)
    const invoice = (await readOrder(id, buyer)).invoiceNumber
    expect(
      (await call('POST', `/api/booking/${id}/status`, { as: admin, body: { status: 'processing' } })).status,
    ).toBe(200)
    expect((await readOrder(id, buyer)).invoiceNumber).toBe(invoice)
    expect((await readOrder(id, buyer)).creditNoteNumber).toBeNull()
    const refunded = await call('POST', `/api/booking/${id}/refund`, {
      as: admin,
      body: { reason: 'Damaged in transit' },
    })
    expect(refunded.status).toBe(200)
    const order = await readOrder(id, buyer)
    expect(order.invoiceNumber).toBe(invoice)
    expect(order.creditNoteNumber).toMatch(new RegExp(`^CN-${year()}-\\d{6}$`))
    // A second refund is refused and numbers nothing.
    expect((await call('POST', `/api/booking/${id}/refund`, { as: admin, body: {} })).status).toBe(409)
    expect((await readOrder(id, buyer)).creditNoteNumber).toBe(order.creditNoteNumber)
  })

  it('gives a cancelled order no invoice, and a payment arriving after the cancel none either', async () => {
    const id = await placeOrder(buyer, tool, BUYER)
    expect((await call('POST', `/api/booking/${id}/cancel`, { as: buyer })).status).toBe(200)
    const row = await orderRow(id)
    expect(row?.status).toBe('cancelled')
    expect((await readOrder(id, buyer)).invoiceNumber).toBeNull()
  })

  it('counts each year from 1 (Asia/Dhaka: 18:00 UTC on 31 December is already the next year)', () => {
    expect(dhakaYear(Date.UTC(2026, 11, 31, 17, 59, 59, 999))).toBe(2026)
    expect(dhakaYear(Date.UTC(2026, 11, 31, 18, 0, 0, 0))).toBe(2027)
  })
})
