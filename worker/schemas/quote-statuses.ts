/**
 * Every status a quote reads as, alone: the web app's entry reads them (the quotes desk's
 * `?status=`) without the zod schemas of quote.ts, which re-exports them. Browser-safe: imports
 * nothing. `expired` is an offer past its `validUntil`.
 */
export const QUOTE_STATUS_NAMES = ['requested', 'offered', 'accepted', 'declined', 'expired'] as const
export type QuoteStatus = (typeof QUOTE_STATUS_NAMES)[number]
