/**
 * The order lifecycle as data: the statuses an order (a booking) can be in and the moves
 * allowed between them, with who may make each move and what follows from it. The API
 * applies a move only when this table has it (worker/features/orders/lifecycle.service.ts), and
 * refuses one in the words kept here ({@link refusalOf}); the web app asks the same table
 * which actions to offer to whom ({@link actionsFor}). A new status is a new row here.
 * Browser-safe: imports nothing but the statuses themselves (order-statuses.ts).
 */

import { ORDER_STATUSES, type OrderStatus, PAYMENT_METHODS, type PaymentMethod } from './order-statuses'

export { ORDER_STATUSES, type OrderStatus, PAYMENT_METHODS, type PaymentMethod }

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
export type OrderEffect = 'release-intents' | 'refund' | 'restock' | 'email' | 'notify-shop' | 'collect-cash'

/**
 * What the person asking for a move must give with it (a 400 without): a `note` (why a shipped
 * cash-on-delivery order came back), `cashCollected: true` (the courier has the cash), a
 * `reference` (the transfer that sent a bank payment back).
 */
export type MoveNeed = 'note' | 'cashCollected' | 'reference'

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
  /** The payment methods whose orders the row moves; every method when absent. */
  readonly methods?: readonly PaymentMethod[]
  readonly needs?: readonly MoveNeed[]
}

/** The methods paid before the goods leave: a provider's payment (card, gateway) or a recorded transfer (bank). */
const PREPAID: readonly PaymentMethod[] = ['card', 'gateway', 'bank']
/** The methods paid through a payment provider. */
const PROVIDER: readonly PaymentMethod[] = ['card', 'gateway']
const COD: readonly PaymentMethod[] = ['cod']

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  {
    from: 'unpaid',
    to: 'paid',
    by: ['payment'],
    askedBy: ['customer'],
    effects: ['email', 'notify-shop'],
    methods: PROVIDER,
  },
  // A bank transfer is paid when an admin records the money that arrived (POST /api/booking/{id}/payment).
  { from: 'unpaid', to: 'paid', by: ['admin'], effects: ['email', 'notify-shop'], methods: ['bank'] },
  {
    from: 'unpaid',
    to: 'cancelled',
    by: ['customer', 'admin', 'expiry', 'system'],
    effects: ['release-intents', 'restock', 'email'],
    methods: PREPAID,
  },
  // Fulfilment moves forward only; steps may be skipped.
  { from: 'paid', to: 'processing', by: ['admin'], effects: [], methods: PREPAID },
  { from: 'paid', to: 'shipped', by: ['admin'], effects: ['email'], methods: PREPAID },
  { from: 'paid', to: 'delivered', by: ['admin'], effects: ['email'], methods: PREPAID },
  { from: 'processing', to: 'shipped', by: ['admin'], effects: ['email'], methods: PREPAID },
  { from: 'processing', to: 'delivered', by: ['admin'], effects: ['email'], methods: PREPAID },
  { from: 'shipped', to: 'delivered', by: ['admin'], effects: ['email'], methods: PREPAID },
  // Refunds: by an admin through the provider, or seen from the provider (a refund made in its dashboard).
  { from: 'paid', to: 'refunded', by: ['admin'], effects: ['refund', 'restock', 'email'], methods: PROVIDER },
  { from: 'processing', to: 'refunded', by: ['admin'], effects: ['refund', 'restock', 'email'], methods: PROVIDER },
  { from: 'paid', to: 'refunded', by: ['payment'], effects: ['restock', 'email'], methods: PROVIDER },
  { from: 'processing', to: 'refunded', by: ['payment'], effects: ['restock', 'email'], methods: PROVIDER },
  // A bank transfer goes back by another transfer, made by hand: its reference is recorded, no provider is called.
  {
    from: 'paid',
    to: 'refunded',
    by: ['admin'],
    effects: ['restock', 'email'],
    methods: ['bank'],
    needs: ['reference'],
  },
  {
    from: 'processing',
    to: 'refunded',
    by: ['admin'],
    effects: ['restock', 'email'],
    methods: ['bank'],
    needs: ['reference'],
  },
  // Cash on delivery: fulfilled unpaid, paid when the courier hands over the goods and takes the cash. It
  // never expires; it is cancelled before it leaves (by its customer or an admin), or when it is
  // refused at the door (by an admin, saying why). It is not refunded through the API (returns come later).
  { from: 'unpaid', to: 'processing', by: ['admin'], effects: [], methods: COD },
  { from: 'unpaid', to: 'shipped', by: ['admin'], effects: ['email'], methods: COD },
  {
    from: 'unpaid',
    to: 'delivered',
    by: ['admin'],
    effects: ['collect-cash', 'email'],
    methods: COD,
    needs: ['cashCollected'],
  },
  { from: 'processing', to: 'shipped', by: ['admin'], effects: ['email'], methods: COD },
  {
    from: 'processing',
    to: 'delivered',
    by: ['admin'],
    effects: ['collect-cash', 'email'],
    methods: COD,
    needs: ['cashCollected'],
  },
  {
    from: 'shipped',
    to: 'delivered',
    by: ['admin'],
    effects: ['collect-cash', 'email'],
    methods: COD,
    needs: ['cashCollected'],
  },
  { from: 'unpaid', to: 'cancelled', by: ['customer', 'admin', 'system'], effects: ['restock', 'email'], methods: COD },
  { from: 'processing', to: 'cancelled', by: ['customer', 'admin'], effects: ['restock', 'email'], methods: COD },
  { from: 'shipped', to: 'cancelled', by: ['admin'], effects: ['restock', 'email'], methods: COD, needs: ['note'] },
]

/** The statuses an admin moves a paid order through (POST /api/booking/{id}/status). */
export const FULFILMENT_STATUSES = ['processing', 'shipped', 'delivered'] as const

/** Whether the table's row `t` moves orders paid by `method`. */
export const movesMethod = (t: OrderTransition, method: PaymentMethod): boolean =>
  t.methods === undefined || t.methods.includes(method)

/**
 * The table's row for moving an order paid by `method` from `from` to `to` by `actor`, or
 * undefined when that move is not allowed.
 */
export const findTransition = (
  from: OrderStatus,
  to: OrderStatus,
  actor: OrderActor,
  method: PaymentMethod = 'card',
): OrderTransition | undefined =>
  ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to && t.by.includes(actor) && movesMethod(t, method))

/**
 * `status` and every status the table moves an order paid before delivery (a card order) to
 * from there, however many moves away. (Cash on delivery goes through them unpaid.)
 */
function reachableFrom(status: OrderStatus): Set<OrderStatus> {
  const reached = new Set<OrderStatus>([status])
  for (const s of reached)
    for (const t of ORDER_TRANSITIONS) if (t.from === s && movesMethod(t, 'card')) reached.add(t.to)
  return reached
}

/**
 * The statuses of an order that has been paid: 'paid' and every status the table moves it on
 * to (a refunded order was paid too). Such an order has a receipt (GET /api/booking/{id}/invoice).
 */
export const WAS_PAID_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => reachableFrom('paid').has(s))

/**
 * Whether an order has a receipt (its tax invoice): it has been paid. A cash-on-delivery order
 * goes through the fulfilment statuses unpaid, so for it only `paidAt` (its cash collected) says so.
 */
export const hasReceipt = (status: OrderStatus, order?: { paymentMethod: PaymentMethod; paid: boolean }): boolean =>
  WAS_PAID_STATUSES.includes(status) && (order?.paymentMethod !== 'cod' || order.paid)

// ─── What people may do: the actions the UI offers, and the words of a refusal ──────────────

/**
 * What a person may ask for on an order: a move, named for the status it leads to
 * ({@link ORDER_ACTIONS}), or its receipt.
 */
export type OrderAction = 'pay' | 'record-payment' | 'cancel' | 'process' | 'ship' | 'deliver' | 'refund' | 'receipt'

/** The same `message` for each of `statuses`. */
const saying = (statuses: readonly OrderStatus[], message: string): Partial<Record<OrderStatus, string>> =>
  Object.fromEntries(statuses.map((s) => [s, message]))

type MoveAction = Exclude<OrderAction, 'receipt' | 'record-payment'>
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
      ...saying(WAS_PAID_STATUSES, 'This order is already paid.'),
      cancelled: 'This order was cancelled; it can no longer be paid.',
    },
  },
  cancel: {
    to: 'cancelled',
    refusals: {
      ...saying(WAS_PAID_STATUSES, 'This order is paid; it can no longer be cancelled.'),
      cancelled: 'This order is already cancelled.',
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
export function refusalOf(
  from: OrderStatus,
  to: OrderStatus,
  asked: boolean,
  method: PaymentMethod = 'card',
): OrderRefusal {
  const action = actionMovingTo(to)
  const rule: ActionRule | undefined = action && ORDER_ACTIONS[action]
  // Cash on delivery goes through processing and shipped unpaid: the words about a paid order are not its.
  const unpaidOnItsWay = method === 'cod' && (from === 'processing' || from === 'shipped')
  const words = asked && !unpaidOnItsWay ? rule?.refusals?.[from] : undefined
  return words
    ? { code: 'CONFLICT', message: words }
    : { code: 'INVALID_TRANSITION', message: `An order that is ${from} cannot become ${to}.` }
}

/** The one who looks at an order: their e-mail, and whether they are an admin. */
export type OrderViewer = { readonly email: string; readonly isAdmin: boolean }

/**
 * What {@link actionsFor} reads of an order (a `Booking` of the API): its status, customer and,
 * when known, how it is paid (a card order otherwise) and whether it is paid.
 */
export type ViewedOrder = {
  readonly status: OrderStatus
  readonly customer: string
  readonly paymentMethod?: PaymentMethod
  readonly paid?: boolean
}

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
  const method = order.paymentMethod ?? 'card'
  const offers: OrderAction[] = []
  for (const t of ORDER_TRANSITIONS) {
    if (t.from !== order.status || !movesMethod(t, method)) continue
    if (!(t.askedBy ?? t.by).some((a) => actors.includes(a))) continue
    // An admin pays a bank order by recording the transfer; the customer pays it at their bank.
    const action = t.to === 'paid' && t.by.includes('admin') ? 'record-payment' : actionMovingTo(t.to)
    if (action && !offers.includes(action)) offers.push(action)
  }
  if (actors.length > 0 && hasReceipt(order.status, { paymentMethod: method, paid: order.paid ?? true }))
    offers.push('receipt')
  return offers
}
