/**
 * Cash on delivery and bank transfer (api.md "Payment methods"): which methods an order may use,
 * the lifecycle rows of each, recording a transfer and refunding one.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatBDT } from '#schemas/bdt.ts'
import type { CheckoutPreview } from '#schemas/checkout.ts'
import type { PublicConfig } from '#schemas/config.ts'
import type { Booking, OrderSummary } from '#schemas/order.ts'
import { runScheduled } from '#worker/scheduled.ts'
import { call, errorOf, json, PRODUCTION, PRODUCTION_SECRET } from '#worker/test/helpers.ts'
import {
  ageOrder,
  auditOf,
  mailsTo,
  makeTool,
  orderBody,
  orderRow,
  placeOrder,
  postOrder,
  readOrder,
  stockOf,
  type ToolFixture,
} from '#worker/test/order-fixtures.ts'
import { fillCart } from '#worker/test/tax-fixtures.ts'
import { accessTokenFor, signIn } from '#worker/test/tokens.ts'

const ADMIN = 'admin@example.com'
let admin: string

const BANK = {
  bankName: 'Dutch-Bangla Bank',
  branch: 'Motijheel',
  accountName: 'Toolhaus Ltd.',
  accountNumber: '1011100012345',
  routingNumber: '090271234',
  holdHours: 72,
}
/** Cash on delivery up to 1,000 BDT: a fixture tool's minimum (5 × 125.50 + 200 delivery = 827.50) fits, 10 do not. */
const COD = { enabled: true, maxTotal: 1000 }

async function customer() {
  const email = `pay-${crypto.randomUUID().slice(0, 8)}@example.com`
  return { email, token: await signIn(email) }
}

const saveSettings = async (body: unknown) => {
  const res = await call('PATCH', '/api/settings', { as: admin, body })
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
}

const setStatus = (id: string, body: unknown, as = admin) => call('POST', `/api/booking/${id}/status`, { as, body })
const cancel = (id: string, as: string, body?: unknown) =>
  call('POST', `/api/booking/${id}/cancel`, { as, ...(body === undefined ? {} : { body }) })
const recordPayment = (id: string, body: unknown, as = admin) =>
  call('POST', `/api/booking/${id}/payment`, { as, body })

const subjects = async (to: string) => (await mailsTo(to)).map((m) => m.subject)

let tool: ToolFixture

beforeAll(async () => {
  admin = await signIn(ADMIN)
  tool = await makeTool({ quantity: 10_000 })
})

describe('which methods an order may use', () => {
  it('offers the card alone until the settings turn cash on delivery and bank transfer on', async () => {
    const before = await json<PublicConfig>(await call('GET', '/api/config'))
    expect(before.paymentMethods).toEqual(['card'])
    const { email, token } = await customer()
    const refused = await postOrder(token, orderBody(tool, email, { paymentMethod: 'bank' }))
    expect(refused.status).toBe(400)
    expect((await errorOf(refused)).fields?.paymentMethod).toMatch(/does not offer/)

    await saveSettings({ bank: BANK, cod: COD })
    const after = await json<PublicConfig>(await call('GET', '/api/config'))
    expect(after.paymentMethods).toEqual(['card', 'cod', 'bank'])
  })

  it('the checkout preview offers cash on delivery up to its limit only', async () => {
    const { email, token } = await customer()
    const preview = async () =>
      json<CheckoutPreview>(
        await call('POST', '/api/checkout/preview', {
          as: token,
          body: {
            delivery: {
              method: 'courier',
              address: { name: 'K', phone: '01712345678', line1: 'Road 1', district: 'Bagerhat' },
            },
          },
        }),
      )
    await fillCart(email, [[tool, 5]])
    expect((await preview()).paymentMethods).toEqual(['card', 'cod', 'bank'])
    await fillCart(email, [[tool, 10]])
    expect((await preview()).paymentMethods).toEqual(['card', 'bank'])
  })

  it('in production without Stripe keys: no card offered; a cash or transfer order’s intent is still the 409, another’s the 404', async () => {
    const config = await json<PublicConfig>(await call('GET', '/api/config', { env: PRODUCTION }))
    expect(config.paymentMethods).toEqual(['cod', 'bank'])
    const { email, token } = await customer()
    const cod = await placeOrder(token, tool, email, { paymentMethod: 'cod' })
    const bank = await placeOrder(token, tool, email, { paymentMethod: 'bank' })
    const card = await placeOrder(token, tool, email)
    // Signed with the production configuration's own secret, so the answers are the routes'.
    const as = await accessTokenFor(email, { secret: PRODUCTION_SECRET })
    const intent = (orderId: string, who = as) =>
      call('POST', '/api/create-payment-intent', { as: who, body: { bookingId: orderId }, env: PRODUCTION })
    for (const id of [cod, bank]) {
      const res = await intent(id)
      expect(res.status).toBe(409)
      expect((await errorOf(res)).code).toBe('WRONG_PAYMENT_METHOD')
    }
    expect((await intent(card)).status).toBe(503)
    const stranger = await accessTokenFor((await customer()).email, { secret: PRODUCTION_SECRET })
    expect((await intent(cod, stranger)).status).toBe(404)
    expect((await intent(card, stranger)).status).toBe(404)
    // Ordering by card there is the method's 400, before anything is stored.
    const byCard = await call('POST', '/api/booking', {
      as,
      body: orderBody(tool, email),
      env: PRODUCTION,
    })
    expect(byCard.status).toBe(400)
    expect((await errorOf(byCard)).fields?.paymentMethod).toMatch(/does not offer/)
  })
})

describe('cash on delivery', () => {
  it('over the limit is a 400 naming the limit, and takes no stock', async () => {
    const { email, token } = await customer()
    const stock = await stockOf(tool.id)
    const res = await postOrder(token, orderBody(tool, email, { quantity: 10, paymentMethod: 'cod' }))
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.message).toBe(`Cash on delivery is for orders up to ${formatBDT(1000)}. Choose another way to pay.`)
    expect(error.fields?.paymentMethod).toBe(error.message)
    expect(await stockOf(tool.id)).toBe(stock)

    // The checkout says the same.
    await fillCart(email, [[tool, 10]])
    const checkout = await call('POST', '/api/checkout', {
      as: token,
      body: {
        delivery: {
          method: 'courier',
          address: { name: 'K', phone: '01712345678', line1: 'Road 1', district: 'Bagerhat' },
        },
        paymentMethod: 'cod',
        expectedTotal: 1455,
      },
    })
    expect(checkout.status).toBe(400)
    expect((await errorOf(checkout)).message).toContain(`up to ${formatBDT(1000)}.`)
  })

  it('is placed unpaid, never expires, ships unpaid and is paid when delivered with the cash collected', async () => {
    const { email, token } = await customer()
    const stock = (await stockOf(tool.id))!
    const id = await placeOrder(token, tool, email, { paymentMethod: 'cod' })
    let order = await readOrder(id, token)
    expect(order).toMatchObject({ status: 'unpaid', paid: false, paymentMethod: 'cod', expiresAt: null })
    const no = order.orderNumber
    expect(await subjects(ADMIN)).toContain(`New COD order ${no} — Toolhaus`)
    const placed = (await mailsTo(email)).find((m) => m.subject === `Order ${no} placed — Toolhaus`)
    expect(placed?.body).toMatch(/You pay in cash when it is delivered/)

    // Not paid online.
    for (const res of [
      await call('POST', '/api/create-payment-intent', { as: token, body: { bookingId: id } }),
      await call('PATCH', `/api/booking/${id}`, { as: token, body: { transactionId: 'pi_sim_x' } }),
    ]) {
      expect(res.status).toBe(409)
      expect((await errorOf(res)).code).toBe('WRONG_PAYMENT_METHOD')
    }

    // The expiry job leaves it, however old.
    await ageOrder(id, 24 * 365)
    await runScheduled(env, Date.now())
    expect((await orderRow(id))?.status).toBe('unpaid')

    expect((await setStatus(id, { status: 'processing' })).status).toBe(200)
    expect((await setStatus(id, { status: 'shipped', carrier: 'Pathao', trackingNumber: 'PT-1' })).status).toBe(200)
    order = await readOrder(id, token)
    expect(order).toMatchObject({ status: 'shipped', paid: false, paidAt: null, invoiceNumber: null })
    expect((await call('GET', `/api/booking/${id}/invoice`, { as: token })).status).toBe(409)

    const without = await setStatus(id, { status: 'delivered' })
    expect(without.status).toBe(400)
    expect((await errorOf(without)).fields?.cashCollected).toMatch(/cashCollected: true/)
    expect((await setStatus(id, { status: 'delivered', cashCollected: false })).status).toBe(400)
    expect((await readOrder(id, token)).status).toBe('shipped')

    expect((await setStatus(id, { status: 'delivered', cashCollected: true })).status).toBe(200)
    order = await readOrder(id, token)
    expect(order).toMatchObject({ status: 'delivered', paid: true, transactionId: `COD-${no}` })
    expect(order.paidAt).not.toBeNull()
    expect(order.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/)
    const invoice = await call('GET', `/api/booking/${id}/invoice`, { as: token })
    expect(invoice.status).toBe(200)
    const html = await invoice.text()
    expect(html).toContain('Cash on delivery')
    expect(html).toContain(`COD-${no}`)
    expect(await subjects(email)).toContain(`Receipt for order ${no} — Toolhaus`)
    // Paid as it was delivered: the receipt promises no shipping notice.
    const receipt = (await mailsTo(email)).find((m) => m.subject === `Receipt for order ${no} — Toolhaus`)
    expect(receipt?.body).not.toContain('We will tell you when the order ships.')
    expect(await stockOf(tool.id)).toBe(stock - tool.min)

    // Not refunded through the API.
    const refund = await call('POST', `/api/booking/${id}/refund`, { as: admin, body: {} })
    expect(refund.status).toBe(409)
    expect((await errorOf(refund)).code).toBe('INVALID_TRANSITION')
  })

  it('only a cash-on-delivery order moves on unpaid: a card order is a 409 INVALID_TRANSITION', async () => {
    const { email, token } = await customer()
    const id = await placeOrder(token, tool, email)
    for (const status of ['processing', 'delivered'] as const) {
      const res = await setStatus(id, { status, cashCollected: true })
      expect(res.status).toBe(409)
      expect((await errorOf(res)).code).toBe('INVALID_TRANSITION')
    }
  })

  it('counts towards the unpaid orders until delivered or cancelled, however old', async () => {
    const { email, token } = await customer()
    const few = { env: { MAX_UNPAID_ORDERS: '2' } }
    const first = await placeOrder(token, tool, email, { paymentMethod: 'cod' }, few)
    await placeOrder(token, tool, email, { paymentMethod: 'cod' }, few)
    await ageOrder(first, 24 * 30)
    // On its way, still unpaid: it counts.
    expect((await setStatus(first, { status: 'shipped', trackingNumber: 'PT-9' })).status).toBe(200)
    const third = await postOrder(token, orderBody(tool, email, { paymentMethod: 'cod' }), few)
    expect(third.status).toBe(409)
    expect((await errorOf(third)).code).toBe('TOO_MANY_UNPAID')
    // The request's own faults come first, as at checkout: over the cash limit, an unknown tool.
    const over = await postOrder(token, orderBody(tool, email, { quantity: 10, paymentMethod: 'cod' }), few)
    expect(over.status).toBe(400)
    expect((await errorOf(over)).fields?.paymentMethod).toMatch(/^Cash on delivery is for orders up to/)
    const unknown = await postOrder(token, { ...orderBody(tool, email), serviceId: 'no-such-tool' }, few)
    expect(unknown.status).toBe(404)
    expect((await setStatus(first, { status: 'delivered', cashCollected: true })).status).toBe(200)
    expect((await postOrder(token, orderBody(tool, email, { paymentMethod: 'cod' }), few)).status).toBe(201)
  })

  it('its customer cancels it until it ships; a shipped one comes back only by an admin, with a note', async () => {
    const { email, token } = await customer()
    const stock = (await stockOf(tool.id))!
    const early = await placeOrder(token, tool, email, { paymentMethod: 'cod' })
    expect((await setStatus(early, { status: 'processing' })).status).toBe(200)
    expect((await cancel(early, token)).status).toBe(200)
    expect((await readOrder(early, token)).status).toBe('cancelled')
    expect(await stockOf(tool.id)).toBe(stock)

    const id = await placeOrder(token, tool, email, { paymentMethod: 'cod' })
    expect((await setStatus(id, { status: 'shipped', trackingNumber: 'PT-2' })).status).toBe(200)
    // No carrier given: null, like every other absent value of the answer.
    const onItsWay = await readOrder(id, token)
    expect(onItsWay.carrier).toBeNull()
    // The shipped e-mail says how much cash to have ready, to the paisa.
    const shipped = (await mailsTo(email)).find((m) => m.subject === `Order ${onItsWay.orderNumber} shipped — Toolhaus`)
    expect(shipped?.body).toContain(`Please have ${formatBDT(onItsWay.total)} ready in cash for the courier.`)
    const byCustomer = await cancel(id, token)
    expect(byCustomer.status).toBe(409)
    // Not "paid": cash on delivery is on its way unpaid.
    expect(await errorOf(byCustomer)).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'An order that is shipped cannot become cancelled.',
    })
    const noNote = await cancel(id, admin)
    expect(noNote.status).toBe(400)
    expect((await errorOf(noNote)).fields?.note).toMatch(/required/)
    expect((await cancel(id, admin, { note: '   ' })).status).toBe(400)
    // Invisible characters are no note either.
    const unseen = await cancel(id, admin, { note: '\u200b\u200b' })
    expect(unseen.status).toBe(400)
    expect((await errorOf(unseen)).fields?.note).toMatch(/required/)
    expect((await readOrder(id, token)).status).toBe('shipped')

    expect((await cancel(id, admin, { note: 'Refused at the door' })).status).toBe(200)
    const order = await readOrder(id, token)
    expect(order).toMatchObject({ status: 'cancelled', paid: false })
    expect(order.history.at(-1)).toMatchObject({ status: 'cancelled', note: 'Refused at the door' })
    expect(await stockOf(tool.id)).toBe(stock)
    const told = (await mailsTo(email)).find((m) => m.subject === `Order ${order.orderNumber} cancelled — Toolhaus`)
    expect(told?.body).toContain('Reason: Refused at the door')
    expect((await auditOf(id, admin))[0]).toMatchObject({ action: 'order.cancel' })
  })

  it('the overview counts the cash still to collect; the desk filters by method', async () => {
    const summary = await json<OrderSummary>(await call('GET', '/api/admin/summary', { as: admin }))
    const open = await env.DB.prepare(
      `select count(*) as n, coalesce(sum(total_paisa), 0) as t from bookings
       where payment_method = 'cod' and status in ('unpaid', 'processing', 'shipped')`,
    ).first<{ n: number; t: number }>()
    expect(open!.n).toBeGreaterThan(0)
    expect(summary.codToCollect).toEqual({ orders: open!.n, total: open!.t / 100 })

    const cod = await call('GET', '/api/booking?paymentMethod=cod', { as: admin })
    const rows = await json<Booking[]>(cod)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((o) => o.paymentMethod === 'cod')).toBe(true)
    expect((await call('GET', '/api/booking?paymentMethod=cheque', { as: admin })).status).toBe(400)
  })
})

describe('bank transfer', () => {
  it('waits for its money: no card payment, no fulfilment before it is paid; its goods count to the value cap, cash on delivery’s not', async () => {
    const { email, token } = await customer()
    // 700 BDT of unpaid goods at most: one fixture order (5 × 125.50 = 627.50) fits, two do not.
    const capped = { env: { MAX_UNPAID_BDT: '700' } }
    const id = await placeOrder(token, tool, email, { paymentMethod: 'bank' }, capped)
    const patch = await call('PATCH', `/api/booking/${id}`, { as: token, body: { transactionId: 'pi_sim_x' } })
    expect(patch.status).toBe(409)
    expect((await errorOf(patch)).code).toBe('WRONG_PAYMENT_METHOD')
    const early = await setStatus(id, { status: 'processing' })
    expect(early.status).toBe(409)
    expect((await errorOf(early)).code).toBe('INVALID_TRANSITION')

    const second = await postOrder(token, orderBody(tool, email, { paymentMethod: 'bank' }), capped)
    expect(second.status).toBe(409)
    expect((await errorOf(second)).code).toBe('TOO_MUCH_UNPAID')
    expect((await postOrder(token, orderBody(tool, email, { paymentMethod: 'cod' }), capped)).status).toBe(201)
  })

  it('holds its stock for the hold hours; its "placed" e-mail names the account and the reference to quote', async () => {
    const { email, token } = await customer()
    const stock = (await stockOf(tool.id))!
    const id = await placeOrder(token, tool, email, { paymentMethod: 'bank' })
    const order = await readOrder(id, token)
    expect(order).toMatchObject({ status: 'unpaid', paymentMethod: 'bank' })
    const hold = Date.parse(order.expiresAt!) - Date.parse(order.createdAt)
    expect(hold).toBeGreaterThanOrEqual(72 * 3_600_000 - 1000)
    expect(hold).toBeLessThanOrEqual(72 * 3_600_000 + 1000)
    const placed = (await mailsTo(email)).find((m) => m.subject === `Order ${order.orderNumber} placed — Toolhaus`)
    expect(placed?.body).toContain('Account number: 1011100012345')
    expect(placed?.body).toContain(`Reference: ${order.orderNumber}`)

    const intent = await call('POST', '/api/create-payment-intent', { as: token, body: { bookingId: id } })
    expect((await errorOf(intent)).code).toBe('WRONG_PAYMENT_METHOD')

    // Past the card's 2 hours it still holds; past its 72 hours it expires and the stock goes back.
    await ageOrder(id, 3)
    await runScheduled(env, Date.now())
    expect((await orderRow(id))?.status).toBe('unpaid')
    await env.DB.prepare('update bookings set hold_until = ? where id = ?')
      .bind(Date.now() - 1000, id)
      .run()
    await runScheduled(env, Date.now())
    expect((await orderRow(id))?.status).toBe('cancelled')
    expect(await stockOf(tool.id)).toBe(stock)
  })

  it('Record payment: admins only, the total exactly; paid, invoiced, e-mailed and audited', async () => {
    const { email, token } = await customer()
    const id = await placeOrder(token, tool, email, { paymentMethod: 'bank' })
    const { total, orderNumber } = await readOrder(id, token)

    const byCustomer = await recordPayment(id, { reference: 'FT-CUSTOMER-1', amount: total }, token)
    expect(byCustomer.status).toBe(403)
    const wrong = await recordPayment(id, { reference: 'FT-100', amount: total - 1 })
    expect(wrong.status).toBe(400)
    expect((await errorOf(wrong)).fields?.amount).toBe(`The amount must be the order's total, ${total} BDT.`)
    expect((await recordPayment(id, { reference: '', amount: total })).status).toBe(400)
    expect((await readOrder(id, token)).paid).toBe(false)

    const res = await recordPayment(id, { reference: '  ft-100   abc ', amount: total })
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ acknowledged: true, modifiedCount: 1 })
    const order = await readOrder(id, token)
    expect(order).toMatchObject({ status: 'paid', paid: true, transactionId: 'FT-100 ABC' })
    expect(order.invoiceNumber).toMatch(/^INV-/)
    expect(await subjects(email)).toContain(`Receipt for order ${orderNumber} — Toolhaus`)
    expect((await auditOf(id, admin))[0]).toMatchObject({ action: 'order.payment', actor: ADMIN })
    const invoice = await (await call('GET', `/api/booking/${id}/invoice`, { as: token })).text()
    expect(invoice).toContain('Bank transfer')
    expect(invoice).toContain('FT-100 ABC')
    expect(invoice).toContain('Dutch-Bangla Bank, Motijheel, Toolhaus Ltd., 1011100012345')

    // The same record again changes nothing.
    expect(await json(await recordPayment(id, { reference: 'FT-100 ABC', amount: total }))).toEqual({
      acknowledged: true,
      modifiedCount: 0,
    })
  })

  it('a reference pays one order only, also when typed otherwise or recorded twice at once', async () => {
    const { email, token } = await customer()
    const [a, b, c] = [
      await placeOrder(token, tool, email, { paymentMethod: 'bank' }),
      await placeOrder(token, tool, email, { paymentMethod: 'bank' }),
      await placeOrder(token, tool, email, { paymentMethod: 'bank' }),
    ]
    const { total, orderNumber } = await readOrder(a, token)
    expect((await recordPayment(a, { reference: 'TT-555', amount: total })).status).toBe(200)
    const reused = await recordPayment(b, { reference: ' tt-555 ', amount: total })
    expect(reused.status).toBe(409)
    expect(await errorOf(reused)).toMatchObject({
      code: 'REFERENCE_USED',
      message: `This reference already paid order ${orderNumber}.`,
    })
    expect((await readOrder(b, token)).paid).toBe(false)

    // COD-{orderNumber} is a delivered cash order's own: a transfer cannot take it first.
    const cod = await recordPayment(b, { reference: ` cod-${orderNumber.toLowerCase()} `, amount: total })
    expect(cod.status).toBe(400)
    expect((await errorOf(cod)).fields?.reference).toBe(
      'References starting with COD- are the shop’s own, for cash on delivery.',
    )

    // Two admins record the same new reference on two orders at once: exactly one wins.
    const raced = await Promise.all([
      recordPayment(b, { reference: 'RACE-1', amount: total }),
      recordPayment(c, { reference: 'RACE-1', amount: total }),
    ])
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409])
    const paid = (await Promise.all([readOrder(b, token), readOrder(c, token)])).filter((o) => o.paid)
    expect(paid).toHaveLength(1)

    // The database refuses a second order with the reference, whatever the code does.
    const unpaid = paid[0]!._id === b ? c : b
    await expect(
      env.DB.prepare('update bookings set transaction_id = ? where id = ?').bind('RACE-1', unpaid).run(),
    ).rejects.toThrow(/UNIQUE/)
  })

  it('only a bank order is paid by a record; a paid bank order is refunded with the reference of the money sent back', async () => {
    const { email, token } = await customer()
    const card = await placeOrder(token, tool, email)
    const onCard = await recordPayment(card, { reference: 'FT-CARD', amount: 827.5 })
    expect(onCard.status).toBe(409)
    expect((await errorOf(onCard)).code).toBe('WRONG_PAYMENT_METHOD')

    const stock = (await stockOf(tool.id))!
    const id = await placeOrder(token, tool, email, { paymentMethod: 'bank' })
    const { total, orderNumber } = await readOrder(id, token)
    expect((await recordPayment(id, { reference: 'FT-200', amount: total })).status).toBe(200)
    const noReference = await call('POST', `/api/booking/${id}/refund`, { as: admin, body: { reason: 'Returned' } })
    expect(noReference.status).toBe(400)
    expect((await errorOf(noReference)).fields?.reference).toMatch(/reference/)

    // No provider is called: the simulated one knows no such payment and would fail.
    const res = await call('POST', `/api/booking/${id}/refund`, {
      as: admin,
      body: { reason: 'Returned', reference: 'FT-BACK-200' },
    })
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
    const order = await readOrder(id, token)
    expect(order).toMatchObject({ status: 'refunded', paid: false })
    expect(order.creditNoteNumber).toMatch(/^CN-/)
    expect(await stockOf(tool.id)).toBe(stock)
    expect((await orderRow(id)) as unknown as { refund_id: string }).toMatchObject({ refund_id: 'FT-BACK-200' })
    const mail = (await mailsTo(email)).find((m) => m.subject === `Order ${orderNumber} refunded — Toolhaus`)
    expect(mail?.body).toContain('by bank transfer (reference FT-BACK-200)')
    expect((await call('GET', `/api/booking/${id}/credit-note`, { as: token })).status).toBe(200)
  })
})
