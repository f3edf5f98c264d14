import type { PaymentProviderKind } from '#schemas/payment.ts'
import { ApiError } from '#worker/lib/errors.ts'

/** A payment as the provider reports it; only what the shop needs to decide. */
export type ProviderIntent = {
  id: string
  /** Stripe's PaymentIntent status ('succeeded', 'requires_payment_method', 'processing', 'canceled', …). */
  status: string
  amountPaisa: number
  /** Lower-case ISO code, 'bdt' for this shop. */
  currency: string
  /** The order it was created for (`metadata.bookingId`), or null when it carries none. */
  orderId: string | null
  clientSecret: string | null
  /** A redirect provider's page for the customer (SSLCommerz's hosted checkout). */
  redirectUrl?: string | null
}

/** What a provider needs to know about an order to take its payment. */
export type PayableOrder = {
  id: string
  totalPaisa: number
  customer: string
  service: string
  quantity: number
  /** The open intent recorded for this order, if any. */
  paymentIntentId: string | null
  /** `gateway` orders pay through SSLCommerz, the others through the card provider. */
  paymentMethod?: string
}

/**
 * The payment provider behind the payment routes: Stripe with keys configured, otherwise
 * the simulated provider (intents in D1). Handlers never talk to Stripe directly.
 */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind
  /**
   * The order's one open intent: created on first use (amount from the order,
   * currency bdt, `metadata.bookingId`), reused afterwards.
   */
  createOrReuseIntent(order: PayableOrder): Promise<ProviderIntent>
  /** The intent with that id, or null when the provider has none. */
  retrieve(intentId: string): Promise<ProviderIntent | null>
  /**
   * Makes the order unpayable before it is cancelled: its open intents are cancelled at
   * the provider. Answers null when nothing can pay it any more; otherwise the intent that
   * has paid it or is still paying it (`succeeded`, `processing`): then the order must
   * not be cancelled.
   */
  releaseOpenIntents(order: PayableOrder): Promise<ProviderIntent | null>
  /**
   * Refunds a succeeded payment in full. Idempotent: asking again for the same order gives
   * the same refund, never a second one.
   * @returns the provider's refund id.
   * @throws ApiError 502 when the provider fails (nothing was refunded, or the call can be repeated);
   *   {@link ProviderUnavailableError} when it failed on its side, so that a later try may succeed.
   */
  refund(request: RefundRequest): Promise<{ id: string }>
}

/**
 * The provider failed on its side (its 5xx or 429, no answer at all): the same call may succeed
 * later, unlike a refusal (its 4xx) that asking again cannot change.
 */
export class ProviderUnavailableError extends ApiError {
  constructor(message: string) {
    super(502, 'PROVIDER_FAILED', message)
  }
}

export type RefundRequest = { intentId: string; amountPaisa: number; orderId: string; reason?: string }

export const ORDER_CURRENCY = 'bdt'

/** True when the intent paid exactly this order: its id, its amount, its currency. */
export function paysFor(intent: ProviderIntent, order: { id: string; totalPaisa: number }): boolean {
  return (
    intent.status === 'succeeded' &&
    intent.orderId === order.id &&
    intent.amountPaisa === order.totalPaisa &&
    intent.currency === ORDER_CURRENCY
  )
}
