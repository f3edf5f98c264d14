import { describe, expect, it } from 'vitest'
import {
  actionsFor,
  hasReceipt,
  type OrderAction,
  type OrderStatus,
  type OrderViewer,
  refusalOf,
} from '#schemas/order-status.ts'

const OWNER = 'owner@example.com'
const customer: OrderViewer = { email: OWNER, isAdmin: false }
const admin: OrderViewer = { email: 'admin@example.com', isAdmin: true }
const adminOwner: OrderViewer = { email: OWNER, isAdmin: true }
const stranger: OrderViewer = { email: 'someone-else@example.com', isAdmin: false }

const offers = (status: OrderStatus, viewer: OrderViewer) => actionsFor({ status, customer: OWNER }, viewer)

// What the order page offers, written out here (not read from the table): a change to the table
// that changes what people are offered must change this too.
const EXPECTED: Record<OrderStatus, Record<'customer' | 'admin' | 'adminOwner' | 'stranger', OrderAction[]>> = {
  unpaid: { customer: ['pay', 'cancel'], admin: ['cancel'], adminOwner: ['pay', 'cancel'], stranger: [] },
  paid: {
    customer: ['receipt'],
    admin: ['process', 'ship', 'deliver', 'refund', 'receipt'],
    adminOwner: ['process', 'ship', 'deliver', 'refund', 'receipt'],
    stranger: [],
  },
  processing: {
    customer: ['receipt'],
    admin: ['ship', 'deliver', 'refund', 'receipt'],
    adminOwner: ['ship', 'deliver', 'refund', 'receipt'],
    stranger: [],
  },
  shipped: {
    customer: ['receipt'],
    admin: ['deliver', 'receipt'],
    adminOwner: ['deliver', 'receipt'],
    stranger: [],
  },
  delivered: { customer: ['receipt'], admin: ['receipt'], adminOwner: ['receipt'], stranger: [] },
  refunded: { customer: ['receipt'], admin: ['receipt'], adminOwner: ['receipt'], stranger: [] },
  cancelled: { customer: [], admin: [], adminOwner: [], stranger: [] },
}

describe('actionsFor: what the order page offers to whom', () => {
  for (const [status, byViewer] of Object.entries(EXPECTED) as [OrderStatus, (typeof EXPECTED)[OrderStatus]][]) {
    it(`a ${status} order: its customer gets ${JSON.stringify(byViewer.customer)}, an admin ${JSON.stringify(byViewer.admin)}`, () => {
      expect(offers(status, customer)).toEqual(byViewer.customer)
      expect(offers(status, admin)).toEqual(byViewer.admin)
      expect(offers(status, adminOwner)).toEqual(byViewer.adminOwner)
      expect(offers(status, stranger)).toEqual(byViewer.stranger)
    })
  }

  it('only the customer who owns an unpaid order may pay it; an admin may cancel anyone’s', () => {
    expect(offers('unpaid', admin)).not.toContain('pay')
    expect(offers('unpaid', { email: 'OWNER@example.com', isAdmin: false })).toEqual([])
  })

  it('the receipt is there once the order was paid, refunded or not; never before, nor after a cancel', () => {
    expect(
      (['unpaid', 'paid', 'processing', 'shipped', 'delivered', 'refunded', 'cancelled'] as const).filter((s) =>
        hasReceipt(s),
      ),
    ).toEqual(['paid', 'processing', 'shipped', 'delivered', 'refunded'])
  })
})

describe('refusalOf: what a refused move is told', () => {
  it('a person asking to pay or cancel is told in the words of that action', () => {
    expect(refusalOf('shipped', 'paid', true)).toEqual({ code: 'CONFLICT', message: 'This order is already paid.' })
    expect(refusalOf('cancelled', 'paid', true)).toEqual({
      code: 'CONFLICT',
      message: 'This order was cancelled; it can no longer be paid.',
    })
    expect(refusalOf('refunded', 'cancelled', true)).toEqual({
      code: 'CONFLICT',
      message: 'This order is paid; it can no longer be cancelled.',
    })
    expect(refusalOf('cancelled', 'cancelled', true)).toEqual({
      code: 'CONFLICT',
      message: 'This order is already cancelled.',
    })
  })

  it('any other move, or one nobody asked for (a job, a provider), in the table’s general words', () => {
    expect(refusalOf('shipped', 'refunded', true)).toEqual({
      code: 'INVALID_TRANSITION',
      message: 'An order that is shipped cannot become refunded.',
    })
    expect(refusalOf('unpaid', 'processing', true)).toEqual({
      code: 'INVALID_TRANSITION',
      message: 'An order that is unpaid cannot become processing.',
    })
    expect(refusalOf('paid', 'cancelled', false)).toEqual({
      code: 'INVALID_TRANSITION',
      message: 'An order that is paid cannot become cancelled.',
    })
  })
})
