/**
 * GET /api/booking/{id}/credit-note: the credit note (Mushak-6.7) of a refunded order (api.md "VAT
 * and tax documents"), for its customer and admins; 404 until the order is refunded.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { formatDhakaDate } from '#schemas/dhaka-time.ts'
import { call, errorOf } from '#worker/test/helpers.ts'
import { makeTool, paidOrder, placeOrder, readOrder } from '#worker/test/order-fixtures.ts'
import { chargeRefunded, deliver, stripePaidOrder } from '#worker/test/stripe-fixtures.ts'
import { fieldsOf, issuedAt, lineRows, paidCartOrder, SELLER, totalsOf, useSeller } from '#worker/test/tax-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

const BUYER = 'credit-note-buyer@example.com'
let buyer: string
let admin: string

beforeAll(async () => {
  ;[buyer, admin] = await Promise.all([signIn(BUYER), signIn('admin@example.com')])
  await useSeller(admin)
})

const creditNote = (id: string, token = buyer) => call('GET', `/api/booking/${id}/credit-note`, { as: token })
const refund = (id: string, reason?: string) =>
  call('POST', `/api/booking/${id}/refund`, { as: admin, body: reason ? { reason } : {} })

describe('GET /api/booking/{id}/credit-note', () => {
  it('is a 404 until the order is refunded: unpaid, paid, processing, cancelled', async () => {
    const tool = await makeTool({ name: 'Unrefunded Saw', pricePaisa: 10_000, quantity: 1000, min: 1 })
    const unpaid = await placeOrder(buyer, tool, BUYER)
    const paid = await paidOrder(buyer, tool, BUYER)
    const processing = await paidOrder(buyer, tool, BUYER)
    await call('POST', `/api/booking/${processing}/status`, { as: admin, body: { status: 'processing' } })
    const cancelled = await placeOrder(buyer, tool, BUYER)
    await call('POST', `/api/booking/${cancelled}/cancel`, { as: buyer })
    for (const id of [unpaid, paid, processing, cancelled]) {
      for (const token of [buyer, admin]) {
        const res = await creditNote(id, token)
        expect(res.status).toBe(404)
        expect(await errorOf(res)).toEqual({
          code: 'NOT_FOUND',
          message: 'This order has not been refunded, so it has no credit note.',
        })
      }
    }
  })

  it('names the invoice it corrects, returns every line and the delivery with their VAT, and says why', async () => {
    const email = 'credit-note-company@example.com'
    const token = await signIn(email)
    const drill = await makeTool({ name: 'Returned Drill', pricePaisa: 250_000, quantity: 50, min: 1 })
    const bits = await makeTool({ name: 'Returned Bits', pricePaisa: 33_333, quantity: 50, min: 1, vatBp: 750 })
    const company = { name: 'Rahim Hardware', bin: '0001112223334' }
    const id = await paidCartOrder(
      token,
      email,
      [
        [drill, 3],
        [bits, 4],
      ],
      { company },
    )
    await issuedAt(id, 'invoice', new Date('2026-10-31T18:30:00Z'))
    expect((await refund(id, 'Damaged in transit')).status).toBe(200)
    const order = await readOrder(id, token)
    await issuedAt(id, 'credit_note', new Date('2026-11-02T04:05:00Z'))

    const res = await creditNote(id, token)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const html = await res.text()
    expect(html).toContain('<h1>Credit Note</h1>')
    expect(html).toContain('Mushak-6.7')
    expect(fieldsOf(html.slice(0, html.indexOf('</header>')))).toEqual({
      'Credit note number': order.creditNoteNumber!,
      'Date and time of issue': '2 November 2026, 10:05 (Asia/Dhaka)',
      'Corrects invoice': order.invoiceNumber!,
      'Invoice date': '1 November 2026',
      'Order number': order.orderNumber,
      'Order date': formatDhakaDate(Date.parse(order.createdAt)),
    })
    expect(fieldsOf(html, 'seller')).toMatchObject({ 'Legal name': SELLER.legalName, BIN: SELLER.bin })
    expect(fieldsOf(html, 'buyer')).toMatchObject({ Company: company.name, 'Company BIN': company.bin })
    expect(html).toContain('<p class="reason">Damaged in transit</p>')
    expect(lineRows(html)).toEqual([
      ['1', 'Returned Drill', '3', '2,173.91', '6,521.74', '15%', '978.26', '7,500.00'],
      ['2', 'Returned Bits', '4', '310.08', '1,240.30', '7.5%', '93.02', '1,333.32'],
      ['3', 'Delivery by courier (Dhaka city)', '1', '69.57', '69.57', '15%', '10.43', '80.00'],
    ])
    expect(totalsOf(html)).toEqual({
      'Total returned excluding VAT': 'BDT 7,831.61',
      'VAT returned': 'BDT 1,081.71',
      'Total returned including VAT': 'BDT 8,913.32',
    })
    expect(fieldsOf(html.slice(html.indexOf('<h2>Refund</h2>')))).toMatchObject({
      'Refunded to': `Card, payment ${order.transactionId}`,
    })
    expect((await creditNote(id, admin)).status).toBe(200)
  })

  it('says it is a full refund when the refund gave no reason; someone else gets a 404', async () => {
    const tool = await makeTool({ name: 'Refunded Level', pricePaisa: 10_000, quantity: 1000, min: 1 })
    const id = await paidOrder(buyer, tool, BUYER)
    expect((await refund(id)).status).toBe(200)
    const html = await (await creditNote(id)).text()
    expect(html).toContain('<p class="reason">Full refund of the order.</p>')
    // Nor does a refund made in Stripe's dashboard give one.
    const { id: atStripe, intentId } = await stripePaidOrder(buyer, tool, BUYER)
    expect((await deliver(await chargeRefunded(intentId, 10_000, 're_cn'))).status).toBe(200)
    const fromStripe = await creditNote(atStripe)
    expect(await fromStripe.text()).toContain('<p class="reason">Full refund of the order.</p>')
    const other = await signIn('credit-note-snoop@example.com')
    expect((await creditNote(id, other)).status).toBe(404)
    expect((await call('GET', `/api/booking/${id}/credit-note`)).status).toBe(401)
  })
})
