import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import { makeTool, orderRow, paidOrder, placeOrder, type ToolFixture } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

/**
 * What a person is told when they ask for something an order's status does not allow: one
 * check (the lifecycle table's), with the words the API has always answered.
 */

const BUYER = 'refusals-buyer@example.com'
const ADMIN = 'admin@example.com'
let buyer: string
let admin: string
let tool: ToolFixture

beforeAll(async () => {
  ;[buyer, admin] = await Promise.all([signIn(BUYER), signIn(ADMIN)])
  tool = await makeTool({ name: 'Refusal Saw', pricePaisa: 10_000, quantity: 100_000, min: 1 })
})

const refusal = async (res: Response) => ({ status: res.status, ...(await errorOf(res)) })
const post = (path: string, token: string, body: unknown = {}) => call('POST', path, { as: token, body })
const cancel = (id: string, token: string) => call('POST', `/api/booking/${id}/cancel`, { as: token })
const setStatus = (id: string, status: string) =>
  env.DB.prepare('update bookings set status = ? where id = ?').bind(status, id).run()

/** A paid order of the buyer, put straight into `status`. */
async function paidIn(status: string): Promise<string> {
  const id = await paidOrder(buyer, tool, BUYER)
  if (status !== 'paid') await setStatus(id, status)
  return id
}

async function cancelledOrder(): Promise<string> {
  const id = await placeOrder(buyer, tool, BUYER)
  expect((await cancel(id, buyer)).status).toBe(200)
  return id
}

describe('cancelling', () => {
  it.each(['paid', 'processing', 'shipped', 'delivered', 'refunded'])(
    'a %s order: 409 CONFLICT, to its customer and to an admin, nothing changed',
    async (status) => {
      const id = await paidIn(status)
      for (const token of [buyer, admin]) {
        expect(await refusal(await cancel(id, token))).toEqual({
          status: 409,
          code: 'CONFLICT',
          message: 'This order is paid; it can no longer be cancelled.',
        })
      }
      expect((await orderRow(id))?.status).toBe(status)
    },
  )

  it('a cancelled order: 409 CONFLICT "already cancelled"', async () => {
    const id = await cancelledOrder()
    for (const token of [buyer, admin]) {
      expect(await refusal(await cancel(id, token))).toEqual({
        status: 409,
        code: 'CONFLICT',
        message: 'This order is already cancelled.',
      })
    }
  })
})

describe('paying', () => {
  it.each(['paid', 'processing', 'shipped', 'delivered', 'refunded'])(
    'no payment intent for a %s order: 409 CONFLICT "already paid"',
    async (status) => {
      const id = await paidIn(status)
      expect(await refusal(await post('/api/create-payment-intent', buyer, { bookingId: id }))).toEqual({
        status: 409,
        code: 'CONFLICT',
        message: 'This order is already paid.',
      })
    },
  )

  it('no payment intent for a cancelled order: 409 CONFLICT "was cancelled"', async () => {
    const id = await cancelledOrder()
    expect(await refusal(await post('/api/create-payment-intent', buyer, { bookingId: id }))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: 'This order was cancelled; it can no longer be paid.',
    })
  })

  it('PATCH on a paid order: the same payment changes nothing, another one is a 409 CONFLICT', async () => {
    const id = await paidOrder(buyer, tool, BUYER)
    const paidBy = (await orderRow(id))!.transaction_id!
    const patch = (transactionId: string) => call('PATCH', `/api/booking/${id}`, { as: buyer, body: { transactionId } })
    expect(await json(await patch(paidBy))).toEqual({ acknowledged: true, modifiedCount: 0 })
    expect(await refusal(await patch('pi_sim_another_payment'))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: 'This order is already paid by another payment.',
    })
  })

  it('PATCH on a cancelled order: 409 CONFLICT "was cancelled"', async () => {
    const id = await cancelledOrder()
    const res = await call('PATCH', `/api/booking/${id}`, {
      as: buyer,
      body: { transactionId: 'pi_sim_no_such_payment' },
    })
    expect(await refusal(res)).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: 'This order was cancelled; it can no longer be paid.',
    })
  })
})

describe('the order desk', () => {
  it.each(['unpaid', 'shipped', 'delivered', 'refunded'])(
    'refunding a %s order: 409 INVALID_TRANSITION in the table’s words',
    async (status) => {
      const id = status === 'unpaid' ? await placeOrder(buyer, tool, BUYER) : await paidIn(status)
      expect(await refusal(await post(`/api/booking/${id}/refund`, admin))).toEqual({
        status: 409,
        code: 'INVALID_TRANSITION',
        message: `An order that is ${status} cannot become refunded.`,
      })
    },
  )

  it('refunding a cancelled order: 409 INVALID_TRANSITION', async () => {
    const id = await cancelledOrder()
    expect(await refusal(await post(`/api/booking/${id}/refund`, admin))).toEqual({
      status: 409,
      code: 'INVALID_TRANSITION',
      message: 'An order that is cancelled cannot become refunded.',
    })
  })
})

describe('the receipt', () => {
  it('an unpaid or cancelled order has none: 409 CONFLICT', async () => {
    for (const id of [await placeOrder(buyer, tool, BUYER), await cancelledOrder()]) {
      for (const token of [buyer, admin]) {
        expect(await refusal(await call('GET', `/api/booking/${id}/invoice`, { as: token }))).toEqual({
          status: 409,
          code: 'CONFLICT',
          message: 'This order has not been paid, so it has no receipt yet.',
        })
      }
    }
  })

  it.each(['paid', 'processing', 'shipped', 'delivered', 'refunded'])('a %s order has one', async (status) => {
    const id = await paidIn(status)
    const res = await call('GET', `/api/booking/${id}/invoice`, { as: buyer })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/)
  })
})
