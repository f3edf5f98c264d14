/**
 * The order lifecycle as data: the statuses an order (a booking) can be in and the moves
 * allowed between them, with who may make each move and what follows from it. The API
 * applies a move only when this table has it (worker/features/orders/lifecycle.ts); the
 * web app asks the same table which actions to offer. A new status is a new row here.
 * Browser-safe: imports nothing.
 */

export const ORDER_STATUSES = ['unpaid', 'paid', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Who moves an order: its customer, an admin, the payment provider, the expiry job. */
export type OrderActor = 'customer' | 'admin' | 'payment' | 'expiry'

/**
 * What follows from a move. `release-intents` happens at the payment provider before the
 * move (nothing may pay the order afterwards); `restock` is written in the same D1 batch.
 */
export type OrderEffect = 'release-intents' | 'restock'

export type OrderTransition = {
  readonly from: OrderStatus
  readonly to: OrderStatus
  readonly by: readonly OrderActor[]
  readonly effects: readonly OrderEffect[]
}

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: 'unpaid', to: 'paid', by: ['payment'], effects: [] },
  { from: 'unpaid', to: 'cancelled', by: ['customer', 'admin', 'expiry'], effects: ['release-intents', 'restock'] },
]

/** The table's row for moving from `from` to `to` by `actor`, or undefined when that move is not allowed. */
export const findTransition = (from: OrderStatus, to: OrderStatus, actor: OrderActor): OrderTransition | undefined =>
  ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to && t.by.includes(actor))

/** The statuses `actor` may move an order in `from` to (what the UI offers). */
export const nextStatuses = (from: OrderStatus, actor: OrderActor): OrderStatus[] =>
  ORDER_TRANSITIONS.filter((t) => t.from === from && t.by.includes(actor)).map((t) => t.to)
