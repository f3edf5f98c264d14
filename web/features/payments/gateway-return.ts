/**
 * What the gateway said when it sent the customer back (`?gateway=` from the return route,
 * worker/features/orders/payments.routes.ts); display only, never believed. Alone in this file
 * because the payment route's `validateSearch` reads it in the app's entry.
 */
export const GATEWAY_RETURNS = ['success', 'failed', 'cancelled'] as const
export type GatewayReturn = (typeof GATEWAY_RETURNS)[number]
