/**
 * What people type reaches the order e-mails and the tax documents (invoice, credit note) as
 * text, never as markup: all are built with hono/html, which escapes every value it is given.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Booking } from '#schemas/order.ts'
import { call, json } from '#worker/test/helpers.ts'
import { mailsTo, makeTool, paidOrder, type ToolFixture } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

const BUYER = 'templates-buyer@example.com'
const ADMIN = 'admin@example.com'
const NAME = '<script>alert(1)</script> & "x"'
const ADDRESS = `House <b>1</b>, Road 2 & 'Lane', Dhaka`
const REASON = 'Sorry: <img src=x onerror="alert(2)"> & more'

let buyer: string
let admin: string
let tool: ToolFixture

beforeAll(async () => {
  ;[buyer, admin] = await Promise.all([signIn(BUYER), signIn(ADMIN)])
  tool = await makeTool({ name: 'Template <Drill> & "Co"', pricePaisa: 10_000, quantity: 10_000, min: 1 })
})

/** The text a browser shows for HTML text or an attribute value: its character references read. */
const decode = (html: string) =>
  html
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')

/** The text of the first element matching `pattern` (whose first group is the element's content). */
const textOf = (html: string, pattern: RegExp) => {
  const match = pattern.exec(html)
  expect(match, `${pattern} in the HTML`).not.toBeNull()
  expect(match![1]).not.toMatch(/[<>"]/)
  return decode(match![1]!)
}

describe('escaping in the order e-mails and the tax documents', () => {
  it("keeps a customer's name, address and tool as text in every e-mail about the order, and in the tax invoice", async () => {
    const id = await paidOrder(buyer, tool, BUYER, { customerName: NAME, address: ADDRESS })
    const { orderNumber } = await json<Booking>(await call('GET', `/api/booking/${id}`, { as: admin }))

    const mails = (await mailsTo(BUYER)).filter((m) => m.subject.includes(orderNumber))
    expect(mails.map((m) => m.subject)).toEqual([
      `Order ${orderNumber} placed — Toolhaus`,
      `Receipt for order ${orderNumber} — Toolhaus`,
    ])
    for (const mail of mails) {
      const html = mail.html!
      expect(html).not.toContain('<script>')
      expect(html).not.toContain('<b>1</b>')
      expect(html).not.toContain('<Drill>')
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;')
      expect(textOf(html, /<p>(Hello [^<]*)<\/p>/)).toBe(`Hello ${NAME},`)
      expect(textOf(html, /<th[^>]*>\d+ × ([^<]*)<\/th>/)).toBe(tool.name)
      expect(textOf(html, /<th[^>]*>Deliver to<\/th><td[^>]*>([^<]*)<\/td>/)).toBe(`${NAME}, ${ADDRESS}`)
      // The plain-text part is the text itself.
      expect(mail.body).toContain(`Hello ${NAME},`)
    }
    // The shop's own notice names the customer too.
    const [notice] = (await mailsTo(ADMIN)).filter((m) => m.subject.startsWith(`New paid order ${orderNumber}`))
    expect(notice!.html).not.toContain('<script>')
    expect(textOf(notice!.html!, /<p>([^<]*paid [^<]*)<\/p>/)).toContain(`${NAME} <${BUYER}> paid `)

    const res = await call('GET', `/api/booking/${id}/invoice`, { as: buyer })
    expect(res.status).toBe(200)
    const receipt = await res.text()
    expect(receipt).not.toContain('<script>')
    expect(receipt).not.toContain('<b>1</b>')
    expect(receipt).not.toContain('<Drill>')
    expect(textOf(receipt, /<dt>Name<\/dt><dd>([^<]*)<\/dd>/)).toBe(NAME)
    expect(textOf(receipt, /<dt>Delivery address<\/dt><dd>([^<]*)<\/dd>/)).toBe(ADDRESS)
    expect(textOf(receipt, /<td class="desc">([^<]*)<\/td>/)).toBe(tool.name)
  })

  it("keeps an admin's refund reason as text in the customer's e-mail and the credit note", async () => {
    const id = await paidOrder(buyer, tool, BUYER, { customerName: NAME })
    const { orderNumber } = await json<Booking>(await call('GET', `/api/booking/${id}`, { as: admin }))
    const refunded = await call('POST', `/api/booking/${id}/refund`, { as: admin, body: { reason: REASON } })
    expect(refunded.status).toBe(200)

    const [mail] = (await mailsTo(BUYER)).filter((m) => m.subject === `Order ${orderNumber} refunded — Toolhaus`)
    expect(mail!.html).not.toContain('<img')
    expect(textOf(mail!.html!, /<p>(Reason: [^<]*)<\/p>/)).toBe(`Reason: ${REASON}`)
    expect(mail!.body).toContain(`Reason: ${REASON}`)
    // And in the credit note.
    const note = await (await call('GET', `/api/booking/${id}/credit-note`, { as: buyer })).text()
    expect(note).not.toContain('<img')
    expect(textOf(note, /<p class="reason">([^<]*)<\/p>/)).toBe(REASON)
  })
})
