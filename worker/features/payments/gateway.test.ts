/**
 * The `gateway` method (SSLCommerz) against the fake SSLCommerz server (worker/test/fake-sslcommerz.ts):
 * sessions, the return route, the IPN confirmed only by the validation API, refunds through its
 * refund API, and the ways an IPN can be forged, replayed, late or racing a cancel.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { GatewaySessionCreated } from '#schemas/payment.ts'
import { getConfig } from '#worker/env.ts'
import { SslcommerzClient } from '#worker/features/payments/providers/sslcommerz.ts'
import { runScheduled } from '#worker/scheduled.ts'
import { FAKE_SSLCOMMERZ_STORE, type FakeRefund, type FakeSslcommerzRequest } from '#worker/test/fake-sslcommerz.ts'
import { type Bindings, call, errorOf, json, PRODUCTION } from '#worker/test/helpers.ts'
import {
  ageOrder,
  mailsAbout,
  mailsTo,
  makeTool,
  orderRow,
  placeOrder,
  readOrder,
  stockOf,
  type ToolFixture,
} from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

const BUYER = 'gateway-buyer@example.com'
const OTHER = 'gateway-other@example.com'
const ADMIN = 'admin@example.com'
let buyer: string
let other: string
let admin: string
let tool: ToolFixture

/** The bindings of a deployment with SSLCommerz, talking to the fake: `call(…, { env: gatewayMode() })`. */
const gatewayMode = (overrides: Bindings = {}): Bindings => ({
  SSLCOMMERZ_STORE_ID: FAKE_SSLCOMMERZ_STORE.id,
  SSLCOMMERZ_STORE_PASSWORD: FAKE_SSLCOMMERZ_STORE.password,
  SSLCOMMERZ_SANDBOX: 'true',
  SSLCOMMERZ_API_BASE: inject('sslcommerzUrl'),
  ...overrides,
})
const via = { env: gatewayMode() }

const fake = async <T>(path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${inject('sslcommerzUrl')}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  })
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
  return res.json() as Promise<T>
}

beforeAll(async () => {
  ;[buyer, other, admin] = await Promise.all([signIn(BUYER), signIn(OTHER), signIn(ADMIN)])
  tool = await makeTool({ name: 'Gateway Drill', pricePaisa: 25_000, quantity: 100_000, min: 1 })
})

/** A gateway order of `quantity` drills (2 × 250 + 200 delivery = 700 BDT by default). */
const gatewayOrder = (token = buyer, email = BUYER, quantity = 2) =>
  placeOrder(token, tool, email, { quantity, paymentMethod: 'gateway' }, via)

/** Opens a session for the order; answers its tran_id (from the fake's record) and the page. */
async function openSession(id: string, token = buyer): Promise<{ tranId: string; redirectUrl: string }> {
  const res = await call('POST', '/api/create-payment-intent', { as: token, body: { bookingId: id }, ...via })
  expect(res.status, await res.clone().text()).toBe(200)
  const created = await json<GatewaySessionCreated>(res)
  expect(created.provider).toBe('sslcommerz')
  const requests = await fake<FakeSslcommerzRequest[]>('/__requests')
  const session = requests.findLast((r) => r.path === '/gwprocess/v4/api.php' && r.params.value_a === id)
  expect(created.redirectUrl).toContain('/gwprocess/v4/gw.php?Q=pay&SESSIONKEY=')
  return { tranId: session!.params.tran_id!, redirectUrl: created.redirectUrl }
}

/** The customer pays the session at the gateway; answers the IPN's form fields. */
const payAtGateway = (tranId: string, opts: Record<string, unknown> = {}) =>
  fake<Record<string, string>>('/__pay', { tran_id: tranId, ...opts })

const postIpn = (fields: Record<string, string>) =>
  call('POST', '/api/sslcommerz/ipn', {
    raw: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    ...via,
  })

const refundsFor = async (bankTranId: string) =>
  (await fake<FakeRefund[]>('/__refunds')).filter((r) => r.bank_tran_id === bankTranId)

describe('offering the gateway', () => {
  it('is offered only when both SSLCommerz credentials are set', async () => {
    const plain = await json<{ paymentMethods: string[] }>(await call('GET', '/api/config'))
    expect(plain.paymentMethods).not.toContain('gateway')
    const withGateway = await json<{ paymentMethods: string[] }>(await call('GET', '/api/config', via))
    expect(withGateway.paymentMethods).toContain('gateway')

    const refused = await call('POST', '/api/booking', {
      as: buyer,
      body: {
        serviceId: tool.id,
        service: tool.name,
        quantity: 1,
        phone: '01712345678',
        address: 'House 12, Road 5, Dhanmondi, Dhaka',
        customer: BUYER,
        customerName: 'Gateway Buyer',
        paymentMethod: 'gateway',
      },
    })
    expect(refused.status).toBe(400)
    expect((await errorOf(refused)).fields?.paymentMethod).toBe(
      'This shop does not offer this payment method. Choose another way to pay.',
    )
  })

  it('refuses half a configuration, and the tests’ API base in production, naming the variable', async () => {
    const half = await call('GET', '/api/config', { env: { SSLCOMMERZ_STORE_ID: 'store' } })
    expect(half.status).toBe(503)
    expect((await errorOf(half)).message).toContain('SSLCOMMERZ_STORE_PASSWORD is required')
    const sandbox = await call('GET', '/api/config', { env: gatewayMode({ SSLCOMMERZ_SANDBOX: 'yes' }) })
    expect((await errorOf(sandbox)).message).toContain('SSLCOMMERZ_SANDBOX must be true (the sandbox) or false')
    const prod = await call('GET', '/api/config', { env: { ...PRODUCTION, ...gatewayMode() } })
    expect(prod.status).toBe(503)
    expect((await errorOf(prod)).message).toContain('SSLCOMMERZ_API_BASE must not be set in production')
    const live = await call('GET', '/api/config', {
      env: { ...PRODUCTION, ...gatewayMode({ SSLCOMMERZ_API_BASE: '' }) },
    })
    // Without Stripe keys a production shop takes no cards: the gateway alone.
    expect(await json(live)).toMatchObject({ paymentMethods: ['gateway'] })
  })

  it('refuses a session when the store credentials are wrong (502), and without SSLCommerz (503)', async () => {
    const id = await gatewayOrder()
    const wrong = await call('POST', '/api/create-payment-intent', {
      as: buyer,
      body: { bookingId: id },
      env: gatewayMode({ SSLCOMMERZ_STORE_PASSWORD: 'wrong' }),
    })
    expect(wrong.status).toBe(502)
    expect((await errorOf(wrong)).code).toBe('PROVIDER_FAILED')
    const off = await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id } })
    expect(off.status).toBe(503)
    expect((await orderRow(id))?.status).toBe('unpaid')
  })
})

describe('POST /api/create-payment-intent for a gateway order', () => {
  it('opens a session with the order total in BDT, the return and IPN URLs, a new tran_id each time', async () => {
    const id = await gatewayOrder()
    const first = await openSession(id)
    const second = await openSession(id)
    expect(second.tranId).not.toBe(first.tranId)
    const requests = await fake<FakeSslcommerzRequest[]>('/__requests')
    const sent = requests.find((r) => r.params.tran_id === first.tranId)!.params
    expect(sent).toMatchObject({
      store_id: FAKE_SSLCOMMERZ_STORE.id,
      total_amount: '700.00',
      currency: 'BDT',
      success_url: `http://shop.test/api/sslcommerz/return/${id}?result=success`,
      fail_url: `http://shop.test/api/sslcommerz/return/${id}?result=fail`,
      cancel_url: `http://shop.test/api/sslcommerz/return/${id}?result=cancel`,
      ipn_url: 'http://shop.test/api/sslcommerz/ipn',
      cus_email: BUYER,
      product_profile: 'physical-goods',
    })
    expect((await orderRow(id))?.payment_intent_id).toBe(second.tranId)
  })

  it('sends the customer back to SHOP_URL and has the IPN sent there, whatever Host the request carried', async () => {
    const id = await gatewayOrder()
    const res = await call('POST', '/api/create-payment-intent', {
      as: buyer,
      body: { bookingId: id },
      origin: 'http://evil.example',
      ...via,
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const requests = await fake<FakeSslcommerzRequest[]>('/__requests')
    const sent = requests.findLast((r) => r.params.value_a === id)!.params
    expect(sent).toMatchObject({
      success_url: `http://shop.test/api/sslcommerz/return/${id}?result=success`,
      ipn_url: 'http://shop.test/api/sslcommerz/ipn',
    })
    expect(JSON.stringify(sent)).not.toContain('evil.example')
  })

  it('answers 404 for someone else’s order', async () => {
    const id = await gatewayOrder()
    const res = await call('POST', '/api/create-payment-intent', { as: other, body: { bookingId: id }, ...via })
    expect(res.status).toBe(404)
  })
})

describe('POST /api/sslcommerz/return/{id}', () => {
  it('sends the browser to the payment page with a 303 and marks nothing, whatever the form says', async () => {
    const id = await gatewayOrder()
    const { tranId } = await openSession(id)
    const forged = new URLSearchParams({ status: 'VALID', tran_id: tranId, val_id: 'VAL-forged', amount: '700.00' })
    for (const [result, shown] of [
      ['success', 'success'],
      ['fail', 'failed'],
      ['cancel', 'cancelled'],
    ] as const) {
      const res = await call('POST', `/api/sslcommerz/return/${id}?result=${result}`, {
        raw: forged.toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        ...via,
      })
      expect(res.status).toBe(303)
      expect(res.headers.get('Location')).toBe(`/dashboard/payment/${id}?gateway=${shown}`)
    }
    expect((await orderRow(id))?.status).toBe('unpaid')
  })
})

describe('POST /api/sslcommerz/ipn', () => {
  it('marks the order paid once the validation API confirms it; the invoice and receipt follow', async () => {
    const id = await gatewayOrder()
    const { tranId } = await openSession(id)
    const ipn = await payAtGateway(tranId)
    const res = await postIpn(ipn)
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ received: true, outcome: 'paid' })
    expect(await orderRow(id)).toMatchObject({ status: 'paid', transaction_id: tranId })
    const order = await readOrder(id, buyer)
    expect(order.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/)
    const receipts = (await mailsTo(BUYER)).filter((m) =>
      m.subject.startsWith(`Receipt for order ${order.orderNumber}`),
    )
    expect(receipts).toHaveLength(1)
    const validations = (await fake<FakeSslcommerzRequest[]>('/__requests')).filter(
      (r) => r.path === '/validator/api/validationserverAPI.php' && r.params.val_id === ipn.val_id,
    )
    expect(validations).toHaveLength(1)
    expect(validations[0]!.params).toMatchObject({ store_id: FAKE_SSLCOMMERZ_STORE.id, format: 'json' })
  })

  it('applies a replayed IPN once: the same IPN again, even at the same time, changes nothing', async () => {
    const id = await gatewayOrder()
    const { tranId } = await openSession(id)
    const ipn = await payAtGateway(tranId)
    expect(await json(await postIpn(ipn))).toMatchObject({ outcome: 'paid' })
    const paid = await orderRow(id)
    const replays = await Promise.all([postIpn(ipn), postIpn(ipn), postIpn(ipn)])
    for (const r of replays) expect(await json(r)).toEqual({ received: true, outcome: 'already-paid' })
    const after = await orderRow(id)
    expect(after?.paid_at).toBe(paid?.paid_at)
    expect(after?.updated_at).toBe(paid?.updated_at)
    const events = await env.DB.prepare(
      "select count(*) as n from order_events where booking_id = ? and status = 'paid'",
    )
      .bind(id)
      .first<{ n: number }>()
    expect(events?.n).toBe(1)
    expect(await refundsFor(ipn.bank_tran_id!)).toHaveLength(0)
  })

  it('refuses a forged IPN: a val_id the gateway does not know (400, nothing changes)', async () => {
    const id = await gatewayOrder()
    const { tranId } = await openSession(id)
    const res = await postIpn({
      status: 'VALID',
      tran_id: tranId,
      val_id: 'VAL-made-up',
      amount: '700.00',
      currency: 'BDT',
      risk_level: '0',
      bank_tran_id: 'BTX-made-up',
    })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe('The payment gateway did not confirm this payment (INVALID_TRANSACTION).')
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it('refuses an IPN the validation API answers INVALID_TRANSACTION for', async () => {
    const id = await gatewayOrder()
    const { tranId } = await openSession(id)
    const ipn = await payAtGateway(tranId, { validation: 'INVALID_TRANSACTION' })
    const res = await postIpn(ipn)
    expect(res.status).toBe(400)
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it('refuses another order’s payment posted with this order’s tran_id, and an unknown tran_id', async () => {
    const cheap = await gatewayOrder(buyer, BUYER, 1)
    const dear = await gatewayOrder(buyer, BUYER, 4)
    const cheapSession = await openSession(cheap)
    const dearSession = await openSession(dear)
    const paidForCheap = await payAtGateway(cheapSession.tranId)
    const swapped = await postIpn({ ...paidForCheap, tran_id: dearSession.tranId, amount: '1200.00' })
    expect(swapped.status).toBe(400)
    expect((await errorOf(swapped)).message).toBe('The payment gateway confirmed that payment for another tran_id.')
    const unknown = await postIpn({ ...paidForCheap, tran_id: 'TH-unknown' })
    expect(unknown.status).toBe(400)
    expect((await orderRow(dear))?.status).toBe('unpaid')
    expect((await orderRow(cheap))?.status).toBe('unpaid')
  })

  it('does not pay an order with a payment of another amount: it is refunded through the refund API', async () => {
    const id = await gatewayOrder()
    const { tranId } = await openSession(id)
    const ipn = await payAtGateway(tranId, { amount: '10.00' })
    // The IPN's own amount says the right one: only the validation API's is believed.
    const res = await postIpn({ ...ipn, amount: '700.00' })
    expect(await json(res)).toEqual({ received: true, outcome: 'refunded' })
    expect((await orderRow(id))?.status).toBe('unpaid')
    expect(await refundsFor(ipn.bank_tran_id!)).toMatchObject([{ amount: '10.00' }])
  })

  it('holds a risky payment (risk_level 1): not paid, the admin told in the history once', async () => {
    const id = await gatewayOrder()
    const { tranId } = await openSession(id)
    const ipn = await payAtGateway(tranId, { risk_level: '1' })
    expect(await json(await postIpn(ipn))).toEqual({ received: true, outcome: 'held' })
    expect(await json(await postIpn(ipn))).toEqual({ received: true, outcome: 'held' })
    expect((await orderRow(id))?.status).toBe('unpaid')
    const order = await readOrder(id, admin)
    const notes = order.history.filter((h) => h.note?.includes('risk review'))
    expect(notes).toHaveLength(1)
    expect(notes[0]!.note).toContain(tranId)
    // While the gateway holds the money the order cannot be cancelled under it, nor paid again.
    const cancel = await call('POST', `/api/booking/${id}/cancel`, { as: buyer, body: {}, ...via })
    expect(cancel.status).toBe(409)
    const again = await call('POST', '/api/create-payment-intent', { as: buyer, body: { bookingId: id }, ...via })
    expect(again.status).toBe(409)
    expect((await errorOf(again)).message).toMatch(/^The payment gateway is reviewing your payment of this order/)
    expect((await orderRow(id))?.status).toBe('unpaid')
  })

  it('pays an order whose held payment the gateway approves after the order’s hold ran out', async () => {
    const id = await gatewayOrder()
    const { tranId } = await openSession(id)
    const ipn = await payAtGateway(tranId, { risk_level: '1' })
    expect(await json(await postIpn(ipn))).toEqual({ received: true, outcome: 'held' })
    // The review takes longer than the hold: the order waits for it, through the expiry job too…
    await ageOrder(id, 3)
    await runScheduled(env, Date.now())
    expect((await orderRow(id))?.status).toBe('unpaid')
    // …and the approval pays it, rather than finding it expired and refunding the money.
    const approved = await fake<Record<string, string>>('/__review', { tran_id: tranId, risk_level: '0' })
    expect(await json(await postIpn(approved))).toEqual({ received: true, outcome: 'paid' })
    expect((await orderRow(id))?.status).toBe('paid')
    expect(await refundsFor(ipn.bank_tran_id!)).toHaveLength(0)
  })

  it('lets an order expire once its payment has been held a week: a review declined sends nothing', async () => {
    const id = await gatewayOrder()
    const { tranId } = await openSession(id)
    const stock = await stockOf(tool.id)
    const ipn = await payAtGateway(tranId, { risk_level: '1' })
    expect(await json(await postIpn(ipn))).toEqual({ received: true, outcome: 'held' })
    await ageOrder(id, 3)
    await env.DB.prepare('update gateway_sessions set updated_at = ? where tran_id = ?')
      .bind(Date.now() - 7 * 24 * 60 * 60 * 1000 - 60_000, tranId)
      .run()
    await runScheduled(env, Date.now())
    expect((await orderRow(id))?.status).toBe('cancelled')
    expect(await stockOf(tool.id)).toBe(stock! + 2)
    // Approved after all, later still: the money goes back, as for any late payment.
    const approved = await fake<Record<string, string>>('/__review', { tran_id: tranId, risk_level: '0' })
    expect(await json(await postIpn(approved))).toEqual({ received: true, outcome: 'refunded' })
    expect(await refundsFor(ipn.bank_tran_id!)).toMatchObject([{ amount: '700.00' }])
  })

  it('refunds a late IPN for an expired order through the refund API, and tells the customer', async () => {
    const id = await gatewayOrder()
    const { tranId } = await openSession(id)
    const stock = await stockOf(tool.id)
    await ageOrder(id, 3)
    await runScheduled(env, Date.now())
    expect((await orderRow(id))?.status).toBe('cancelled')
    expect(await stockOf(tool.id)).toBe(stock! + 2)

    const ipn = await payAtGateway(tranId)
    expect(await json(await postIpn(ipn))).toEqual({ received: true, outcome: 'refunded' })
    expect(await json(await postIpn(ipn))).toEqual({ received: true, outcome: 'refunded' })
    expect((await orderRow(id))?.status).toBe('cancelled')
    expect(await refundsFor(ipn.bank_tran_id!)).toMatchObject([{ amount: '700.00' }])
    const order = await readOrder(id, buyer)
    expect(order.invoiceNumber).toBeNull()
    const told = await mailsAbout(BUYER, order.orderNumber, 'refunded')
    expect(told).toHaveLength(1)
    // Paid through the gateway, perhaps by bKash: not "to your card".
    expect(told[0]!.body).toContain(
      'refunded it to the card or account (bKash, Nagad, Rocket, your bank) you paid with',
    )
  })

  it('refunds an IPN that comes after the hold ran out but before the expiry job', async () => {
    const id = await gatewayOrder()
    const { tranId } = await openSession(id)
    await ageOrder(id, 3)
    const ipn = await payAtGateway(tranId)
    expect(await json(await postIpn(ipn))).toEqual({ received: true, outcome: 'refunded' })
    expect((await orderRow(id))?.status).toBe('cancelled')
    expect(await refundsFor(ipn.bank_tran_id!)).toHaveLength(1)
  })

  it('racing an IPN and a cancel: exactly one wins', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await gatewayOrder()
      const { tranId } = await openSession(id)
      const ipn = await payAtGateway(tranId)
      const [ipnRes, cancelRes] = await Promise.all([
        postIpn(ipn),
        call('POST', `/api/booking/${id}/cancel`, { as: buyer, body: {}, ...via }),
      ])
      const outcome = (await json<{ outcome: string }>(ipnRes)).outcome
      const row = await orderRow(id)
      const refunds = await refundsFor(ipn.bank_tran_id!)
      if (row?.status === 'paid') {
        expect(outcome).toBe('paid')
        expect(cancelRes.status).toBe(409)
        expect(refunds).toHaveLength(0)
      } else {
        expect(row?.status).toBe('cancelled')
        expect(cancelRes.status).toBe(200)
        expect(outcome).toBe('refunded')
        expect(refunds).toHaveLength(1)
      }
    }
  })

  it('racing a late IPN and the expiry job: the money is kept with a paid order or refunded with a cancelled one', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await gatewayOrder()
      const { tranId } = await openSession(id)
      await ageOrder(id, 3)
      const ipn = await payAtGateway(tranId)
      const [ipnRes] = await Promise.all([postIpn(ipn), runScheduled(env, Date.now())])
      const outcome = (await json<{ outcome: string }>(ipnRes)).outcome
      const row = await orderRow(id)
      const refunds = await refundsFor(ipn.bank_tran_id!)
      if (row?.status === 'paid') {
        expect(outcome).not.toBe('refunded')
        expect(refunds).toHaveLength(0)
      } else {
        expect(row?.status).toBe('cancelled')
        expect(outcome).toBe('refunded')
        expect(refunds).toHaveLength(1)
      }
    }
  })

  it('answers a body that is not a form with 400, not 500', async () => {
    const res = await call('POST', '/api/sslcommerz/ipn', {
      raw: '--broken\r\nnot a part',
      headers: { 'Content-Type': 'multipart/form-data; boundary=broken' },
      ...via,
    })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The IPN must be a form (application/x-www-form-urlencoded or multipart/form-data).',
    })
  })

  it('ignores the gateway’s word for a failed payment; a customer cannot pay by naming a session', async () => {
    const id = await gatewayOrder()
    const { tranId } = await openSession(id)
    const failed = await postIpn({ status: 'FAILED', tran_id: tranId, amount: '700.00', currency: 'BDT' })
    expect(await json(failed)).toEqual({ received: true, outcome: 'ignored' })
    const patch = await call('PATCH', `/api/booking/${id}`, { as: buyer, body: { transactionId: tranId }, ...via })
    // The PATCH takes card payments only (pi_…): a session's tran_id is no payment id there…
    expect(patch.status).toBe(400)
    // …and a card payment's id cannot pay a gateway order (nor is Stripe asked about it).
    const byCard = await call('PATCH', `/api/booking/${id}`, { as: buyer, body: { transactionId: 'pi_123' }, ...via })
    expect(byCard.status).toBe(409)
    expect(await errorOf(byCard)).toMatchObject({
      code: 'WRONG_PAYMENT_METHOD',
      message: 'This order is paid on the payment gateway’s page: it is marked paid when the gateway confirms it.',
    })
    const missing = await postIpn({ status: 'VALID', tran_id: tranId })
    expect(missing.status).toBe(400)
    expect((await orderRow(id))?.status).toBe('unpaid')
  })
})

describe('refunds of paid gateway orders from the desk', () => {
  it('go through the refund API once; the order is refunded with the gateway’s refund_ref_id', async () => {
    const id = await gatewayOrder()
    const { tranId } = await openSession(id)
    const ipn = await payAtGateway(tranId)
    expect(await json(await postIpn(ipn))).toMatchObject({ outcome: 'paid' })
    const res = await call('POST', `/api/booking/${id}/refund`, { as: admin, body: { reason: 'Returned' }, ...via })
    expect(await json(res)).toEqual({ acknowledged: true, modifiedCount: 1 })
    const refunds = await refundsFor(ipn.bank_tran_id!)
    expect(refunds).toMatchObject([{ amount: '700.00', remarks: 'Returned' }])
    const row = await env.DB.prepare('select status, refund_id from bookings where id = ?')
      .bind(id)
      .first<{ status: string; refund_id: string }>()
    expect(row).toEqual({ status: 'refunded', refund_id: refunds[0]!.refund_ref_id })
    const client = new SslcommerzClient(getConfig({ ...env, ...gatewayMode() } as Env))
    expect(await client.refundStatus(refunds[0]!.refund_ref_id)).toEqual({
      refundRefId: refunds[0]!.refund_ref_id,
      status: 'refunded',
    })
    const again = await call('POST', `/api/booking/${id}/refund`, { as: admin, body: {}, ...via })
    expect(again.status).toBe(409)
    expect(await refundsFor(ipn.bank_tran_id!)).toHaveLength(1)
    // The replayed IPN of a refunded order pays nothing and refunds nothing more.
    expect((await postIpn(ipn)).status).toBe(200)
    expect((await orderRow(id))?.status).toBe('refunded')
    expect(await refundsFor(ipn.bank_tran_id!)).toHaveLength(1)
  })
})
