/**
 * The order lifecycle as data: the statuses an order (a booking) can be in and the moves
 * allowed between them, with who may make each move and what follows from it. The API
 * applies a move only when this table has it (worker/features/orders/lifecycle.ts); the
 * web app asks the same table which actions to offer. A new status is a new row here.
 * Browser-safe: imports nothing.
 */

export const ORDER_STATUSES = ['unpaid', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * Who moves an order: its customer, an admin, the payment provider (a payment, or a refund
 * made in Stripe's dashboard), the expiry job, or the shop itself (a tool withdrawn).
 */
export type OrderActor = 'customer' | 'admin' | 'payment' | 'expiry' | 'system'

/** The statuses in which an order counts as paid (the API's `paid: true`). */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'processing', 'shipped', 'delivered']

/**
 * What follows from a move. At the payment provider, before the move: `release-intents`
 * (nothing may pay the order afterwards), `refund` (the full amount goes back). In the same
 * D1 batch as the move: `restock` (its stock goes back), `email` (the customer is told:
 * features/orders/order-emails.ts has one e-mail per status), `notify-shop` (the shop is told).
 */
export type OrderEffect = 'release-intents' | 'refund' | 'restock' | 'email' | 'notify-shop'

export type OrderTransition = {
  readonly from: OrderStatus
  readonly to: OrderStatus
  readonly by: readonly OrderActor[]
  readonly effects: readonly OrderEffect[]
}

const CANCEL: OrderTransition = {
  from: 'unpaid',
  to: 'cancelled',
  by: ['customer', 'admin', 'expiry', 'system'],
  effects: ['release-intents', 'restock', 'email'],
}

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: 'unpaid', to: 'paid', by: ['payment'], effects: ['email', 'notify-shop'] },
  CANCEL,
  // Fulfilment moves forward only; steps may be skipped.
  { from: 'paid', to: 'processing', by: ['admin'], effects: [] },
  { from: 'paid', to: 'shipped', by: ['admin'], effects: ['email'] },
  { from: 'paid', to: 'delivered', by: ['admin'], effects: ['email'] },
  { from: 'processing', to: 'shipped', by: ['admin'], effects: ['email'] },
  { from: 'processing', to: 'delivered', by: ['admin'], effects: ['email'] },
  { from: 'shipped', to: 'delivered', by: ['admin'], effects: ['email'] },
  // Refunds: by an admin through the provider, or seen from the provider (a refund made in its dashboard).
  { from: 'paid', to: 'refunded', by: ['admin'], effects: ['refund', 'restock', 'email'] },
  { from: 'processing', to: 'refunded', by: ['admin'], effects: ['refund', 'restock', 'email'] },
  { from: 'paid', to: 'refunded', by: ['payment'], effects: ['restock', 'email'] },
  { from: 'processing', to: 'refunded', by: ['payment'], effects: ['restock', 'email'] },
]

/** The statuses an admin moves a paid order through (POST /api/booking/{id}/status). */
export const FULFILMENT_STATUSES = ['processing', 'shipped', 'delivered'] as const

/** The table's row for moving from `from` to `to` by `actor`, or undefined when that move is not allowed. */
export const findTransition = (from: OrderStatus, to: OrderStatus, actor: OrderActor): OrderTransition | undefined =>
  ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to && t.by.includes(actor))

/** The statuses `actor` may move an order in `from` to (what the UI offers). */
export const nextStatuses = (from: OrderStatus, actor: OrderActor): OrderStatus[] =>
  ORDER_TRANSITIONS.filter((t) => t.from === from && t.by.includes(actor)).map((t) => t.to)
