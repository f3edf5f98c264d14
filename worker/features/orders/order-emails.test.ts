/**
 * The e-mails an order's moves send, through HTTP: who is told of a cancellation and what it
 * says, and where the links in an e-mail point. (Each move's e-mail: desk.test.ts, refunds.test.ts.)
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { runScheduled } from '#worker/scheduled.ts'
import { call, json } from '#worker/test/helpers.ts'
import {
  ageOrder,
  auditOf,
  mailsAbout,
  mailsTo,
  makeTool,
  placeOrder,
  readOrder,
  stockOf,
  type ToolFixture,
} from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

const BUYER = 'order-emails-buyer@example.com'
const ADMIN = 'admin@example.com'
let buyer: string
let admin: string
let tool: ToolFixture

beforeAll(async () => {
  ;[buyer, admin] = await Promise.all([signIn(BUYER, { name: 'Mail Reader' }), signIn(ADMIN)])
  tool = await makeTool({ name: 'Mail Lathe', pricePaisa: 25_000, quantity: 100_000, min: 2 })
})

const cancel = (id: string, token: string) => call('POST', `/api/booking/${id}/cancel`, { as: token })

describe('cancellation e-mails', () => {
  it('the customer cancels: one “Order {no} cancelled” e-mail to them, saying they did; cancelling again sends nothing', async () => {
    const id = await placeOrder(buyer, tool, BUYER)
    const no = (await readOrder(id, admin)).orderNumber
    expect(await json(await cancel(id, buyer))).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect((await cancel(id, buyer)).status).toBe(409)
    expect((await cancel(id, admin)).status).toBe(409)

    const mails = await mailsAbout(BUYER, no, 'cancelled')
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail!.to).toBe(BUYER)
    expect(mail!.body).toContain('Hello Test Customer,')
    expect(mail!.body).toContain('You cancelled this order.')
    expect(mail!.body).not.toContain('We cancelled')
    expect(mail!.body).toContain('Nothing was charged.')
    expect(mail!.body).toContain(`Order: ${no}`)
    expect(mail!.html).toContain('You cancelled this order.')
    expect(mail!.html).toContain(no)
    expect(mail!.dedupe_key).toBe(`order:${id}:cancelled:${BUYER}`)
    // Only the customer is told; the shop gets no cancellation notice.
    expect(await mailsAbout(ADMIN, no, 'cancelled')).toEqual([])
    expect((await readOrder(id, admin)).history.at(-1)).toMatchObject({ status: 'cancelled', by: 'customer' })
  })

  it('an admin cancels an unpaid order: one e-mail to the customer saying the shop did; audited', async () => {
    const id = await placeOrder(buyer, tool, BUYER)
    const no = (await readOrder(id, admin)).orderNumber
    expect(await json(await cancel(id, admin))).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect((await cancel(id, admin)).status).toBe(409)
    expect((await cancel(id, buyer)).status).toBe(409)

    const mails = await mailsAbout(BUYER, no, 'cancelled')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.body).toContain('We cancelled this order.')
    expect(mails[0]!.body).not.toContain('You cancelled')
    expect(mails[0]!.body).toContain('Nothing was charged.')
    expect(mails[0]!.html).toContain('We cancelled this order.')
    expect(await mailsAbout(ADMIN, no, 'cancelled')).toEqual([])
    expect((await readOrder(id, admin)).history.at(-1)).toMatchObject({ status: 'cancelled', by: 'admin' })
    expect((await auditOf(id, admin)).map((e) => [e.action, e.actor, e.detail])).toEqual([
      ['order.cancel', ADMIN, 'unpaid → cancelled'],
    ])
  })

  it('the customer and an admin cancelling at the same time: one cancellation, one e-mail, the stock back once', async () => {
    const stock = await stockOf(tool.id)
    const id = await placeOrder(buyer, tool, BUYER)
    const no = (await readOrder(id, admin)).orderNumber
    const answers = await Promise.all([cancel(id, buyer), cancel(id, admin), cancel(id, buyer), cancel(id, admin)])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409])
    expect(await mailsAbout(BUYER, no, 'cancelled')).toHaveLength(1)
    expect(await stockOf(tool.id)).toBe(stock)
    expect((await readOrder(id, admin)).history.filter((h) => h.status === 'cancelled')).toHaveLength(1)
  })
})

describe('links in order e-mails', () => {
  it('point at SHOP_URL, from a request (whatever its Host) and from the scheduled job', async () => {
    const id = await placeOrder(buyer, tool, BUYER, {}, { origin: 'http://evil.example' })
    const no = (await readOrder(id, admin)).orderNumber
    const [placed] = await mailsAbout(BUYER, no, 'placed')
    expect(placed!.body).toContain(`Your order: http://shop.test/dashboard/order/${id}`)
    expect(placed!.html).toContain(`href="http://shop.test/dashboard/order/${id}"`)

    await ageOrder(id, 3)
    await runScheduled({ ...env, SHOP_URL: 'https://tools.example' } as Env, Date.now())
    const [expired] = await mailsAbout(BUYER, no, 'cancelled')
    expect(expired!.body).toContain(`Your order: https://tools.example/dashboard/order/${id}`)
    expect(expired!.html).toContain(`href="https://tools.example/dashboard/order/${id}"`)

    for (const mail of await mailsTo(BUYER)) expect(`${mail.body}${mail.html}`).not.toContain('evil.example')
  })
})
