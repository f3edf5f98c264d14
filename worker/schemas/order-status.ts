/**
 * The order lifecycle as data: the statuses an order (a booking) can be in and the moves
 * allowed between them, with who may make each move and what follows from it. The API
 * applies a move only when this table has it (worker/features/orders/lifecycle.ts), and
 * refuses one in the words kept here ({@link refusalOf}); the web app asks the same table
 * which actions to offer to whom ({@link actionsFor}). A new status is a new row here.
 * Browser-safe: imports nothing but the statuses themselves (order-statuses.ts).
 */

import { ORDER_STATUSES, type OrderStatus } from './order-statuses'

export { ORDER_STATUSES, type OrderStatus }

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
  /** Who makes the move. */
  readonly by: readonly OrderActor[]
  /**
   * Who asks for the move, when someone else makes it (by default, whoever makes it): a
   * customer pays, and the payment provider's confirmed payment makes the order paid.
   */
  readonly askedBy?: readonly OrderActor[]
  readonly effects: readonly OrderEffect[]
}

const CANCEL: OrderTransition = {
  from: 'unpaid',
  to: 'cancelled',
  by: ['customer', 'admin', 'expiry', 'system'],
  effects: ['release-intents', 'restock', 'email'],
}

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: 'unpaid', to: 'paid', by: ['payment'], askedBy: ['customer'], effects: ['email', 'notify-shop'] },
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

/** `status` and every status the table moves an order to from there, however many moves away. */
function reachableFrom(status: OrderStatus): Set<OrderStatus> {
  const reached = new Set<OrderStatus>([status])
  for (const s of reached) for (const t of ORDER_TRANSITIONS) if (t.from === s) reached.add(t.to)
  return reached
}

/**
 * The statuses of an order that has been paid: 'paid' and every status the table moves it on
 * to (a refunded order was paid too). Such an order has a receipt (GET /api/booking/{id}/invoice).
 */
export const WAS_PAID_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => reachableFrom('paid').has(s))

/** Whether an order in `status` has a receipt: it has been paid. */
export const hasReceipt = (status: OrderStatus): boolean => WAS_PAID_STATUSES.includes(status)

// ─── What people may do: the actions the UI offers, and the words of a refusal ──────────────

/**
 * What a person may ask for on an order: a move, named for the status it leads to
 * ({@link ORDER_ACTIONS}), or its receipt.
 */
export type OrderAction = 'pay' | 'cancel' | 'process' | 'ship' | 'deliver' | 'refund' | 'receipt'

/** The same `message` for each of `statuses`. */
const saying = (statuses: readonly OrderStatus[], message: string): Partial<Record<OrderStatus, string>> =>
  Object.fromEntries(statuses.map((s) => [s, message]))

type MoveAction = Exclude<OrderAction, 'receipt'>
type ActionRule = { readonly to: OrderStatus; readonly refusals?: Readonly<Partial<Record<OrderStatus, string>>> }

/**
 * The moves people ask for, by name: the status each leads to and, where the API has words of
 * its own for it, what a person asking for it is told when the order's status has no such move
 * (`refusals`, by that status: a 409 CONFLICT). Any other refusal is in the table's general
 * words ({@link refusalOf}).
 */
export const ORDER_ACTIONS = {
  pay: {
    to: 'paid',
    refusals: {
      ...saying(WAS_PAID_STATUSES, 'This booking is already paid.'),
      cancelled: 'This booking was cancelled; it can no longer be paid.',
    },
  },
  cancel: {
    to: 'cancelled',
    refusals: {
      ...saying(WAS_PAID_STATUSES, 'This booking is paid; it can no longer be cancelled.'),
      cancelled: 'This booking is already cancelled.',
    },
  },
  process: { to: 'processing' },
  ship: { to: 'shipped' },
  deliver: { to: 'delivered' },
  refund: { to: 'refunded' },
} as const satisfies Record<MoveAction, ActionRule>

/** The name of the move to `to`, as people ask for it. */
const actionMovingTo = (to: OrderStatus): MoveAction | undefined =>
  (Object.keys(ORDER_ACTIONS) as MoveAction[]).find((name) => ORDER_ACTIONS[name].to === to)

/** What a person asking for the receipt of an order that has none ({@link hasReceipt}) is told: a 409 CONFLICT. */
export const NO_RECEIPT = 'This order has not been paid, so it has no receipt yet.'

/** Whether an order in `status` has a credit note (GET /api/booking/{id}/credit-note): it was refunded. */
export const hasCreditNote = (status: OrderStatus): boolean => status === 'refunded'

/** What a person asking for the credit note of an order that has none ({@link hasCreditNote}) is told: a 404. */
export const NO_CREDIT_NOTE = 'This order has not been refunded, so it has no credit note.'

/** Why a move is refused: the error code and message of the API's 409. */
export type OrderRefusal = { readonly code: 'CONFLICT' | 'INVALID_TRANSITION'; readonly message: string }

/**
 * What the API answers when the table has no move from `from` to `to` for the one who wants it:
 * a person who asked for it (`asked`), in the words of its action where it has some for `from`
 * ({@link ORDER_ACTIONS}); anyone else (a job, a provider), and any other move, in the table's
 * general words.
 */
export function refusalOf(from: OrderStatus, to: OrderStatus, asked: boolean): OrderRefusal {
  const action = actionMovingTo(to)
  const rule: ActionRule | undefined = action && ORDER_ACTIONS[action]
  const words = asked ? rule?.refusals?.[from] : undefined
  return words
    ? { code: 'CONFLICT', message: words }
    : { code: 'INVALID_TRANSITION', message: `An order that is ${from} cannot become ${to}.` }
}

/** The one who looks at an order: their e-mail, and whether they are an admin. */
export type OrderViewer = { readonly email: string; readonly isAdmin: boolean }

/** What {@link actionsFor} reads of an order (a `Booking` of the API, or a row of the database). */
export type ViewedOrder = { readonly status: OrderStatus; readonly customer: string }

/**
 * What to offer `viewer` on `order`: each move the table lets them ask for from the order's
 * status (in the table's order), then the receipt once the order was paid. The order's customer
 * acts as its customer, and so does an admin on their own order (they pay it, and cancel it as
 * its customer); an admin acts as an admin on every order. Anyone else is offered nothing.
 */
export function actionsFor(order: ViewedOrder, viewer: OrderViewer): OrderAction[] {
  const actors: OrderActor[] = [
    ...(order.customer === viewer.email ? (['customer'] as const) : []),
    ...(viewer.isAdmin ? (['admin'] as const) : []),
  ]
  const offers: OrderAction[] = []
  for (const t of ORDER_TRANSITIONS) {
    if (t.from !== order.status || !(t.askedBy ?? t.by).some((a) => actors.includes(a))) continue
    const action = actionMovingTo(t.to)
    if (action && !offers.includes(action)) offers.push(action)
  }
  if (actors.length > 0 && hasReceipt(order.status)) offers.push('receipt')
  return offers
}
