/**
 * GET /api/admin/vat?month=YYYY-MM: the month's VAT sales register (api.md "VAT and tax
 * documents"), as JSON and as CSV; months of Asia/Dhaka, totals net of credit notes.
 */
import { env } from 'cloudflare:workers'
import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { toPaisa } from '#schemas/bdt.ts'
import { dhakaMonth, dhakaMonthRange } from '#schemas/dhaka-time.ts'
import type { VatRegister } from '#schemas/vat-register.ts'
import { getDb } from '#worker/lib/db.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import { makeTool, paidOrder, readOrder, type ToolFixture } from '#worker/test/order-fixtures.ts'
import { issuedAt, paidCartOrder } from '#worker/test/tax-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'
import { creditNotesIssuedQuery, invoicesIssuedQuery } from './vat.service'

const BUYER = 'vat-buyer@example.com'
let buyer: string
let admin: string
let tool: ToolFixture

beforeAll(async () => {
  ;[buyer, admin] = await Promise.all([signIn(BUYER), signIn('admin@example.com')])
  // 1,000.00 a unit at 15%; a "buy now" order of 1 adds the flat 200.00 delivery: 1,200.00, VAT 156.52.
  tool = await makeTool({ name: 'Register Drill', pricePaisa: 100_000, quantity: 10_000, min: 1 })
})

const register = (query: string, token = admin) => call('GET', `/api/admin/vat${query}`, { as: token })
const read = async (query: string) => {
  const res = await register(query)
  expect(res.status, await res.clone().text()).toBe(200)
  return json<VatRegister>(res)
}
const refund = async (id: string) =>
  expect((await call('POST', `/api/booking/${id}/refund`, { as: admin, body: {} })).status).toBe(200)

describe('GET /api/admin/vat: months of Asia/Dhaka', () => {
  it('puts an invoice issued at 18:30 UTC on 31 October in November, and 17:59 UTC in October', async () => {
    const [lateOctober, earlyNovember, lateNovember, earlyDecember] = await Promise.all([
      paidOrder(buyer, tool, BUYER),
      paidOrder(buyer, tool, BUYER),
      paidOrder(buyer, tool, BUYER),
      paidOrder(buyer, tool, BUYER),
    ])
    await issuedAt(lateOctober!, 'invoice', Date.UTC(2026, 9, 31, 17, 59, 59, 999))
    await issuedAt(earlyNovember!, 'invoice', new Date('2026-10-31T18:30:00Z'))
    await issuedAt(lateNovember!, 'invoice', Date.UTC(2026, 10, 30, 17, 59, 59, 999))
    await issuedAt(earlyDecember!, 'invoice', Date.UTC(2026, 10, 30, 18, 0, 0, 0))
    const ids = async (month: string) => (await read(`?month=${month}`)).invoices.map((i) => i.orderId)

    const october = await ids('2026-10')
    const november = await ids('2026-11')
    const december = await ids('2026-12')
    expect(october).toContain(lateOctober)
    expect(november).toEqual(expect.arrayContaining([earlyNovember, lateNovember]))
    expect(november).not.toContain(lateOctober)
    expect(november).not.toContain(earlyDecember)
    expect(december).toEqual([earlyDecember])
    // issuedAt is UTC.
    const entry = (await read('?month=2026-11')).invoices.find((i) => i.orderId === earlyNovember)
    expect(entry?.issuedAt).toBe('2026-10-31T18:30:00.000Z')
  })

  it('answers this month (in Dhaka) when no month is asked for', async () => {
    const id = await paidOrder(buyer, tool, BUYER)
    const answer = await read('')
    expect(answer.month).toBe(dhakaMonth(Date.now()))
    expect(answer.invoices.map((i) => i.orderId)).toContain(id)
  })

  it('reads each list as a range of its issue-time index', async () => {
    const db = getDb(env)
    const range = dhakaMonthRange('2026-11')
    for (const [query, index] of [
      [invoicesIssuedQuery(db, range), 'bookings_invoice_issued_idx'],
      [creditNotesIssuedQuery(db, range), 'bookings_credit_note_issued_idx'],
    ] as const) {
      const { sql, params } = query.toSQL()
      const plan = await env.DB.prepare(`explain query plan ${sql}`)
        .bind(...params)
        .all<{ detail: string }>()
      expect(plan.results.map((r) => r.detail).join('\n')).toContain(`USING INDEX ${index}`)
    }
  })
})

describe('GET /api/admin/vat: documents and totals', () => {
  it('lists invoices and credit notes with positive amounts; totals are invoices less credit notes', async () => {
    const month = '2025-03'
    const at = (day: number) => Date.UTC(2025, 2, day, 6)
    const email = 'vat-company@example.com'
    const token = await signIn(email)
    const company = { name: 'Karim Traders Ltd.', bin: '0001234567891' }
    // 2 × 1,000.00 and delivery in Dhaka (80.00): 2,080.00, VAT 260.87 + 10.43.
    const businessOrder = await paidCartOrder(token, email, [[tool, 2]], { company, poNumber: 'PO-1' })
    const kept = await paidOrder(buyer, tool, BUYER)
    const refunded = await paidOrder(buyer, tool, BUYER)
    // Invoiced in February, refunded in March: only its credit note is in March.
    const earlier = await paidOrder(buyer, tool, BUYER)
    await refund(refunded)
    await refund(earlier)
    await issuedAt(businessOrder, 'invoice', at(3))
    await issuedAt(kept, 'invoice', at(4))
    await issuedAt(refunded, 'invoice', at(5))
    await issuedAt(refunded, 'credit_note', at(6))
    await issuedAt(earlier, 'invoice', Date.UTC(2025, 1, 27))
    await issuedAt(earlier, 'credit_note', at(7))

    const answer = await read(`?month=${month}`)
    const [b, k, r, e] = await Promise.all([businessOrder, kept, refunded, earlier].map((id) => readOrder(id, admin)))
    expect(answer.month).toBe(month)
    expect(answer.invoices).toEqual([
      {
        invoiceNumber: b!.invoiceNumber,
        issuedAt: new Date(at(3)).toISOString(),
        orderNumber: b!.orderNumber,
        orderId: businessOrder,
        buyer: company.name,
        bin: company.bin,
        valueExVat: 1808.7,
        vat: 271.3,
        total: 2080,
      },
      {
        invoiceNumber: k!.invoiceNumber,
        issuedAt: new Date(at(4)).toISOString(),
        orderNumber: k!.orderNumber,
        orderId: kept,
        buyer: 'Test Customer',
        bin: null,
        valueExVat: 1043.48,
        vat: 156.52,
        total: 1200,
      },
      expect.objectContaining({ invoiceNumber: r!.invoiceNumber, orderId: refunded, total: 1200 }),
    ])
    expect(answer.creditNotes).toEqual([
      {
        creditNoteNumber: r!.creditNoteNumber,
        issuedAt: new Date(at(6)).toISOString(),
        invoiceNumber: r!.invoiceNumber,
        orderNumber: r!.orderNumber,
        orderId: refunded,
        buyer: 'Test Customer',
        bin: null,
        valueExVat: 1043.48,
        vat: 156.52,
        total: 1200,
      },
      expect.objectContaining({ creditNoteNumber: e!.creditNoteNumber, invoiceNumber: e!.invoiceNumber, total: 1200 }),
    ])
    // 2,080.00 + 1,200.00 + 1,200.00 − 1,200.00 − 1,200.00.
    expect(answer.totals).toEqual({ valueExVat: 1808.7, vat: 271.3, total: 2080 })
    // What each kind adds up to, summed on the server in paisa (the page shows them as they are).
    expect(answer.invoiced.total).toBe(4480)
    expect(answer.credited.total).toBe(2400)
    expect(toPaisa(answer.invoiced.vat) - toPaisa(answer.credited.vat)).toBe(toPaisa(answer.totals.vat))
    expect(toPaisa(answer.invoiced.valueExVat) - toPaisa(answer.credited.valueExVat)).toBe(
      toPaisa(answer.totals.valueExVat),
    )
  })

  it('answers an empty month with empty lists and zero totals', async () => {
    expect(await read('?month=2019-07')).toEqual({
      month: '2019-07',
      invoices: [],
      creditNotes: [],
      invoiced: { valueExVat: 0, vat: 0, total: 0 },
      credited: { valueExVat: 0, vat: 0, total: 0 },
      totals: { valueExVat: 0, vat: 0, total: 0 },
    })
  })
})

describe('GET /api/admin/vat&format=csv', () => {
  it('answers text/csv: the header, one row per document, RFC 4180 quoting', async () => {
    const month = '2025-04'
    const name = 'Rahim "Big" Tools, Dhaka'
    const sold = await paidOrder(buyer, tool, BUYER, { customerName: name })
    const formula = await paidOrder(buyer, tool, BUYER, { customerName: '=HYPERLINK("http://x")' })
    await refund(sold)
    await issuedAt(sold, 'invoice', Date.UTC(2025, 3, 1, 3))
    await issuedAt(formula, 'invoice', Date.UTC(2025, 3, 2, 3))
    await issuedAt(sold, 'credit_note', Date.UTC(2025, 3, 3, 3))
    const [s, f] = await Promise.all([readOrder(sold, admin), readOrder(formula, admin)])

    const res = await register(`?month=${month}&format=csv`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="vat-register-2025-04.csv"')
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const text = await res.text()
    const lines = text.split('\r\n')
    expect(lines).toEqual([
      'type,number,issuedAt,orderNumber,invoiceNumber,buyer,bin,valueExVat,vat,total',
      `invoice,${s!.invoiceNumber},2025-04-01T03:00:00.000Z,${s!.orderNumber},${s!.invoiceNumber},"Rahim ""Big"" Tools, Dhaka",,1043.48,156.52,1200.00`,
      // A name a spreadsheet would run as a formula stays text.
      `invoice,${f!.invoiceNumber},2025-04-02T03:00:00.000Z,${f!.orderNumber},${f!.invoiceNumber},"'=HYPERLINK(""http://x"")",,1043.48,156.52,1200.00`,
      `credit-note,${s!.creditNoteNumber},2025-04-03T03:00:00.000Z,${s!.orderNumber},${s!.invoiceNumber},"Rahim ""Big"" Tools, Dhaka",,1043.48,156.52,1200.00`,
      '',
    ])
    // Any CSV reader gets the name back as it was typed.
    const records = parse(text, { columns: true }) as Record<string, string>[]
    expect(records.map((r) => [r.type, r.buyer])).toEqual([
      ['invoice', name],
      ['invoice', '\'=HYPERLINK("http://x")'],
      ['credit-note', name],
    ])
  })

  it('answers the header alone for a month without documents', async () => {
    const res = await register('?month=2019-08&format=csv')
    expect(await res.text()).toBe('type,number,issuedAt,orderNumber,invoiceNumber,buyer,bin,valueExVat,vat,total\r\n')
  })
})

describe('GET /api/admin/vat: refusals', () => {
  it.each(['2026-13', '2026-00', '2026-1', '26-01', 'November', '2026-11-01', '0099-12', '1999-12'])(
    'refuses month=%s with a 400 that says what a month looks like',
    async (month) => {
      const res = await register(`?month=${encodeURIComponent(month)}`)
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'month must be a calendar month as YYYY-MM, such as 2026-11.',
        fields: { month: 'month must be a calendar month as YYYY-MM, such as 2026-11.' },
      })
    },
  )

  it('refuses an unknown format with a 400', async () => {
    const res = await register('?month=2026-11&format=xlsx')
    expect(res.status).toBe(400)
    expect((await errorOf(res)).fields).toEqual({ format: 'format must be one of json, csv.' })
  })

  it('is for admins: a customer gets a 403, no token a 401', async () => {
    const res = await register('?month=2026-11', buyer)
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('FORBIDDEN')
    expect((await register('?month=2026-11&format=csv', buyer)).status).toBe(403)
    expect((await call('GET', '/api/admin/vat?month=2026-11')).status).toBe(401)
  })
})
