/**
 * GET /api/booking/{id}/invoice: the tax invoice (Mushak-6.3) of a paid order (api.md "VAT and tax
 * documents"), for its customer and admins; 409 while unpaid, 404 to anyone else.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatDhakaDate, formatDhakaDateTime } from '#schemas/dhaka-time.ts'
import { call, errorOf } from '#worker/test/helpers.ts'
import { makeTool, paidOrder, placeOrder, readOrder, type ToolFixture } from '#worker/test/order-fixtures.ts'
import {
  DHAKA_ADDRESS,
  fieldsOf,
  issuedAt,
  lineRows,
  paidCartOrder,
  SELLER,
  totalsOf,
  useSeller,
} from '#worker/test/tax-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

const BUYER = 'invoice-buyer@example.com'
let buyer: string
let admin: string
let tool: ToolFixture

beforeAll(async () => {
  ;[buyer, admin] = await Promise.all([signIn(BUYER, { name: 'Invoice Buyer' }), signIn('admin@example.com')])
  tool = await makeTool({ name: 'Invoice Drill', pricePaisa: 10_000, quantity: 100_000, min: 2 })
  await useSeller(admin)
})

const invoice = (id: string, token = buyer) => call('GET', `/api/booking/${id}/invoice`, { as: token })
const cancel = (id: string, token: string) => call('POST', `/api/booking/${id}/cancel`, { as: token })

describe('GET /api/booking/{id}/invoice', () => {
  it('prints the seller as it was when the invoice was issued, whatever the settings say later', async () => {
    const paid = await paidOrder(buyer, tool, BUYER)
    // The shop moves and changes its registered name after the invoice was issued.
    const moved = {
      ...SELLER,
      legalName: 'Toolhaus Renamed Ltd.',
      bin: '0001112223334',
      address: 'Plot 9, Tongi, Gazipur',
    }
    const patch = await call('PATCH', '/api/settings', { as: admin, body: { shop: moved } })
    expect(patch.status).toBe(200)
    try {
      const html = await (await invoice(paid)).text()
      expect(fieldsOf(html, 'seller')).toMatchObject({
        'Legal name': SELLER.legalName,
        BIN: SELLER.bin,
        Address: SELLER.address,
      })
      // An order paid from now on is invoiced as the shop is now.
      const later = await paidOrder(buyer, tool, BUYER)
      const now = await (await invoice(later)).text()
      expect(fieldsOf(now, 'seller')).toMatchObject({ 'Legal name': moved.legalName, BIN: moved.bin })
    } finally {
      await useSeller(admin)
    }
  })

  it('prints every field of a Mushak-6.3 for an order of several lines with a company and its BIN', async () => {
    const email = 'invoice-company@example.com'
    const token = await signIn(email)
    // 15%, 7.5% and 0%: 3 × 2,500.00, 4 × 333.33 and 2 × 150.00, and a courier in Dhaka (80.00).
    const drill = await makeTool({ name: 'Tax Drill', pricePaisa: 250_000, quantity: 50, min: 1 })
    const bits = await makeTool({ name: 'Tax Bits', pricePaisa: 33_333, quantity: 50, min: 1, vatBp: 750 })
    const gloves = await makeTool({ name: 'Tax Gloves', pricePaisa: 15_000, quantity: 50, min: 1, vatBp: 0 })
    const company = { name: 'Karim Traders Ltd.', bin: '0001234567891' }
    const id = await paidCartOrder(
      token,
      email,
      [
        [drill, 3],
        [bits, 4],
        [gloves, 2],
      ],
      { company, poNumber: 'PO-7781' },
    )
    const order = await readOrder(id, token)
    // Issued at 00:30 on 1 November in Dhaka (18:30 UTC the day before).
    await issuedAt(id, 'invoice', new Date('2026-10-31T18:30:00Z'))

    const res = await invoice(id, token)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const html = await res.text()
    expect(html).toContain('<h1>Tax Invoice</h1>')
    expect(html).toContain('Mushak-6.3')

    expect(fieldsOf(html, 'seller')).toEqual({
      'Legal name': SELLER.legalName,
      BIN: SELLER.bin,
      Address: SELLER.address,
      Phone: SELLER.phone,
      'E-mail': SELLER.email,
    })
    expect(fieldsOf(html, 'buyer')).toEqual({
      Name: DHAKA_ADDRESS.name,
      Company: company.name,
      'Company BIN': company.bin,
      'Delivery address': 'Shop 4, Bangshal Road, Old Dhaka, Dhaka, Dhaka 1100',
      Phone: DHAKA_ADDRESS.phone,
      'E-mail': email,
    })
    const head = fieldsOf(html.slice(0, html.indexOf('</header>')))
    expect(head).toEqual({
      'Invoice number': order.invoiceNumber!,
      'Date and time of issue': '1 November 2026, 00:30 (Asia/Dhaka)',
      'Order number': order.orderNumber,
      'Order date': formatDhakaDate(Date.parse(order.createdAt)),
      'PO number': 'PO-7781',
    })

    // #, description, quantity, unit price excl. VAT, value excl. VAT, rate, VAT, value incl. VAT.
    expect(lineRows(html)).toEqual([
      ['1', 'Tax Drill', '3', '2,173.91', '6,521.74', '15%', '978.26', '7,500.00'],
      // 1,240.30 ÷ 4 = 310.075: rounded half away from zero.
      ['2', 'Tax Bits', '4', '310.08', '1,240.30', '7.5%', '93.02', '1,333.32'],
      ['3', 'Tax Gloves', '2', '150.00', '300.00', '0%', '0.00', '300.00'],
      ['4', 'Delivery by courier (Dhaka city)', '1', '69.57', '69.57', '15%', '10.43', '80.00'],
    ])
    expect(totalsOf(html)).toEqual({
      'Total excluding VAT': 'BDT 8,131.61',
      VAT: 'BDT 1,081.71',
      'Total including VAT': 'BDT 9,213.32',
    })
    // The order's own figures: what was paid and the VAT in it.
    expect([order.total, order.vat]).toEqual([9213.32, 1081.71])

    const payment = fieldsOf(html.slice(html.indexOf('<h2>Payment</h2>')))
    expect(payment).toMatchObject({
      'Payment method': 'Card',
      'Payment reference': order.transactionId!,
      Paid: `${formatDhakaDateTime(Date.parse(order.paidAt!))} (Asia/Dhaka)`,
    })
    expect(html).toContain('@page { size: A4;')
    expect(html).not.toContain('class="stamp"')
  })

  it('rounds the unit price excluding VAT to the paisa: 2 × 100.01 at 15% is 86.97 each', async () => {
    // Line 200.02, VAT 26.09, value excl. VAT 173.93: 86.965 a unit, half away from zero.
    const odd = await makeTool({ name: 'Odd Chisel', pricePaisa: 10_001, quantity: 100, min: 2 })
    const id = await paidOrder(buyer, odd, BUYER)
    const [line, delivery] = lineRows(await (await invoice(id)).text())
    expect(line).toEqual(['1', 'Odd Chisel', '2', '86.97', '173.93', '15%', '26.09', '200.02'])
    // No district: the flat fee of the rest of Bangladesh.
    expect(delivery).toEqual([
      '2',
      'Delivery by courier (Rest of Bangladesh)',
      '1',
      '173.91',
      '173.91',
      '15%',
      '26.09',
      '200.00',
    ])
  })

  it('answers the owner and admins; 409 while unpaid; 404 to someone else; 401 without a token', async () => {
    const id = await paidOrder(buyer, tool, BUYER)
    const html = await (await invoice(id)).text()
    // A "buy now" order: the account's name and the one-line address.
    expect(fieldsOf(html, 'buyer')).toMatchObject({
      Name: 'Test Customer',
      'Delivery address': 'House 12, Road 5, Dhanmondi, Dhaka',
    })
    expect(fieldsOf(html, 'buyer')).not.toHaveProperty('Company')
    expect((await invoice(id, admin)).status).toBe(200)
    const other = await signIn('invoice-snoop@example.com')
    const snooped = await invoice(id, other)
    expect(snooped.status).toBe(404)
    expect((await errorOf(snooped)).code).toBe('NOT_FOUND')
    expect((await call('GET', `/api/booking/${id}/invoice`)).status).toBe(401)

    const unpaid = await placeOrder(buyer, tool, BUYER)
    const refused = await invoice(unpaid)
    expect(refused.status).toBe(409)
    expect(await errorOf(refused)).toMatchObject({
      code: 'CONFLICT',
      message: 'This order has not been paid, so it has no receipt yet.',
    })
  })

  it('escapes what customers typed', async () => {
    const id = await paidOrder(buyer, tool, BUYER, {
      customerName: '<script>alert(1)</script>',
      address: 'House <b>1</b>, Road 2, Dhaka',
    })
    const html = await (await invoice(id)).text()
    expect(html).not.toContain('<script>alert(1)')
    expect(html).not.toContain('<b>1</b>')
    expect(html).toContain('&lt;script&gt;')
  })
})

describe('GET /api/booking/{id}/invoice of a refunded or cancelled order', () => {
  it('says a refunded order was refunded and names its credit note; a cancelled order has none (409)', async () => {
    const paid = await paidOrder(buyer, tool, BUYER)
    expect((await call('POST', `/api/booking/${paid}/refund`, { as: admin, body: {} })).status).toBe(200)
    const order = await readOrder(paid, buyer)
    const res = await invoice(paid)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain(
      `<p class="stamp">Refunded ${formatDhakaDate(Date.parse(order.refundedAt!))}: cancelled by credit note ${order.creditNoteNumber}.</p>`,
    )
    // Still the invoice as issued.
    expect(fieldsOf(html.slice(0, html.indexOf('</header>')))['Invoice number']).toBe(order.invoiceNumber)

    const cancelled = await placeOrder(buyer, tool, BUYER)
    expect((await cancel(cancelled, buyer)).status).toBe(200)
    const refused = await invoice(cancelled)
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).code).toBe('CONFLICT')
    const row = await env.DB.prepare('select invoice_number from bookings where id = ?').bind(cancelled).first()
    expect(row?.invoice_number).toBeNull()
  })
})
