/**
 * The statuses an order (a booking) can be in, alone: the web app's entry reads them (the order
 * desk's `?status=`) without the lifecycle table of order-status.ts, which re-exports them.
 * Browser-safe: imports nothing.
 */
export const ORDER_STATUSES = ['unpaid', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** How an order is paid (api.md "Payment methods"). */
export const PAYMENT_METHODS = ['card', 'cod', 'bank', 'gateway'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/**
 * The notes of the system's own cancellations, which say why: a tool withdrawn from the catalogue,
 * or an order an unverified sign-in placed before the address's owner verified it (a takeover).
 */
export const SYSTEM_CANCEL_NOTES = {
  toolWithdrawn: 'tool withdrawn',
  beforeVerified: 'placed before the owner of the address verified it',
} as const
