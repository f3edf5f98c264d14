/**
 * The quote lifecycle as data (api.md "Wholesale"), as the order's is (order-status.ts): the moves
 * between the statuses a quote reads as, with who may make each. The API makes a move only when
 * this table has it (worker/features/quotes/quote-moves.ts: the one check, and the guard of the
 * move's UPDATE); the web app asks the same table which actions to offer ({@link canMoveQuote}).
 * Browser-safe: imports nothing but the statuses themselves (quote-statuses.ts).
 */

import type { QuoteStatus } from './quote-statuses'

/** Who moves a quote: an admin (the shop), its customer, or the system (the scheduled job). */
export type QuoteActor = 'admin' | 'customer' | 'system'

export type QuoteTransition = {
  readonly to: QuoteStatus
  /**
   * The statuses the move starts from, as the quote reads when it is made: an offer past its
   * `validUntil` reads `expired`, whatever is stored.
   */
  readonly from: readonly QuoteStatus[]
  /** Who makes the move. */
  readonly by: readonly QuoteActor[]
  /**
   * The move only stores the status the quote reads as already (`expired`): a quote stored in
   * `to` is left alone, where any other move may start from its own status (a revised offer).
   */
  readonly stores?: true
}

export const QUOTE_TRANSITIONS: readonly QuoteTransition[] = [
  // An offer, or a revised one, which replaces it.
  { to: 'offered', from: ['requested', 'offered'], by: ['admin'] },
  { to: 'declined', from: ['requested', 'offered'], by: ['customer', 'admin'] },
  // Accepting places the order at the offered prices, in the same batch.
  { to: 'accepted', from: ['offered'], by: ['customer'] },
  // The scheduled job stores what an offer past its validUntil reads as, so the desk's tabs stay exact.
  { to: 'expired', from: ['expired'], by: ['system'], stores: true },
]

/** The table's row for moving a quote to `to` by `by`, or undefined when `by` never makes that move. */
export const findQuoteTransition = (to: QuoteStatus, by: QuoteActor): QuoteTransition | undefined =>
  QUOTE_TRANSITIONS.find((t) => t.to === to && t.by.includes(by))

/** Whether `by` may move a quote that reads as `status` to `to`: what the web app offers them. */
export const canMoveQuote = (status: QuoteStatus, to: QuoteStatus, by: QuoteActor): boolean =>
  findQuoteTransition(to, by)?.from.includes(status) ?? false
