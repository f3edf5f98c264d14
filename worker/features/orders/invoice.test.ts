/** GET /api/booking/{id}/invoice: the printable receipt of a paid, refunded or cancelled order. */
import { beforeAll, describe, expect, it } from 'vitest'
import { call, errorOf } from '#worker/test/helpers.ts'
import { makeTool, paidOrder, placeOrder, readOrder, type ToolFixture } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

const BUYER = 'invoice-buyer@example.com'
let buyer: string
let admin: string
let tool: ToolFixture

beforeAll(async () => {
  ;[buyer, admin] = await Promise.all([signIn(BUYER, { name: 'Invoice Buyer' }), signIn('admin@example.com')])
  tool = await makeTool({ name: 'Invoice Drill', pricePaisa: 10_000, quantity: 100_000, min: 2 })
})

const cancel = (id: string, token: string) => call('POST', `/api/booking/${id}/cancel`, { as: token })

describe('GET /api/booking/{id}/invoice', () => {
  it('answers a printable receipt to the owner and admins; 409 while unpaid; 404 to others', async () => {
    const id = await paidOrder(buyer, tool, BUYER)
    const order = await readOrder(id, admin)
    const res = await call('GET', `/api/booking/${id}/invoice`, { as: buyer })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const html = await res.text()
    for (const text of [
      'Toolhaus',
      order.orderNumber,
      order.transactionId!,
      'Invoice Drill',
      'House 12, Road 5, Dhanmondi, Dhaka',
      '@media print',
    ]) {
      expect(html).toContain(text)
    }
    // Intl puts a no-break space between the currency and the amount.
    expect(html).toMatch(/BDT\s200\.00/)
    expect((await call('GET', `/api/booking/${id}/invoice`, { as: admin })).status).toBe(200)
    const other = await signIn('invoice-snoop@example.com')
    expect((await call('GET', `/api/booking/${id}/invoice`, { as: other })).status).toBe(404)
    const unpaid = await placeOrder(buyer, tool, BUYER)
    expect((await call('GET', `/api/booking/${unpaid}/invoice`, { as: buyer })).status).toBe(409)
  })

  it('escapes what customers typed', async () => {
    const id = await paidOrder(buyer, tool, BUYER, {
      customerName: '<script>alert(1)</script>',
      address: 'House <b>1</b>, Road 2, Dhaka',
    })
    const html = await (await call('GET', `/api/booking/${id}/invoice`, { as: buyer })).text()
    expect(html).not.toContain('<script>alert(1)')
    expect(html).not.toContain('<b>1</b>')
    expect(html).toContain('&lt;script&gt;')
  })
})

describe('GET /api/booking/{id}/invoice of a refunded or cancelled order', () => {
  it('stamps a refunded order’s receipt “Refunded”, not a paid one’s; a cancelled order has none (409)', async () => {
    const paid = await paidOrder(buyer, tool, BUYER)
    const paidHtml = await (await call('GET', `/api/booking/${paid}/invoice`, { as: buyer })).text()
    expect(paidHtml).not.toContain('class="stamp"')
    expect((await call('POST', `/api/booking/${paid}/refund`, { as: admin, body: {} })).status).toBe(200)
    const res = await call('GET', `/api/booking/${paid}/invoice`, { as: buyer })
    expect(res.status).toBe(200)
    const day = new Date((await readOrder(paid, admin)).refundedAt!).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    })
    expect(await res.text()).toContain(`<p class="stamp">Refunded ${day}</p>`)

    const cancelled = await placeOrder(buyer, tool, BUYER)
    expect((await cancel(cancelled, buyer)).status).toBe(200)
    const refused = await call('GET', `/api/booking/${cancelled}/invoice`, { as: buyer })
    expect(refused.status).toBe(409)
    expect((await errorOf(refused)).code).toBe('CONFLICT')
  })
})
