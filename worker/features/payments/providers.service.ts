import type { Config } from '#worker/env.ts'
import type { Db } from '#worker/lib/db.ts'
import { ApiError } from '#worker/lib/errors.ts'
import type { PayableOrder, PaymentProvider, ProviderIntent, RefundRequest } from './providers/provider'
import { SimulatedProvider } from './providers/simulated'
import { SslcommerzProvider } from './providers/sslcommerz'
import { StripeProvider, stripeClient } from './providers/stripe'

// The payment provider this deployment uses, and the contract every provider keeps
// (providers/provider.ts, which the providers themselves import): what the orders feature needs
// to move an order on a provider's word.
export { ORDER_CURRENCY, type PaymentProvider, type ProviderIntent, paysFor } from './providers/provider'

/**
 * The configured provider: Stripe when STRIPE_SECRET_KEY is set, otherwise simulated, for
 * `card` orders; SSLCommerz for `gateway` orders ({@link ByMethodProvider}). Cancelling and
 * expiry use it in every environment; taking a payment also goes through
 * {@link assertPaymentsAvailable}.
 */
export function paymentProvider(config: Config, db: Db): PaymentProvider {
  const card = config.payments === 'stripe' ? new StripeProvider(stripeClient(config)) : new SimulatedProvider(db)
  return new ByMethodProvider(card, new SslcommerzProvider(db, config))
}

/**
 * Each order's payments go to the provider of its method: an order by its `paymentMethod`, a
 * payment by its id (a `tran_id` of gateway_sessions is SSLCommerz's; any other the card's).
 * Its `kind` is the card provider's, what a `card` order's payment page is told.
 */
class ByMethodProvider implements PaymentProvider {
  readonly kind: PaymentProvider['kind']
  constructor(
    private readonly card: PaymentProvider,
    readonly gateway: SslcommerzProvider,
  ) {
    this.kind = card.kind
  }

  private forOrder(order: PayableOrder): PaymentProvider {
    return order.paymentMethod === 'gateway' ? this.gateway : this.card
  }

  private async forPayment(id: string): Promise<PaymentProvider> {
    return (await this.gateway.session(id)) ? this.gateway : this.card
  }

  createOrReuseIntent(order: PayableOrder): Promise<ProviderIntent> {
    return this.forOrder(order).createOrReuseIntent(order)
  }

  async retrieve(intentId: string): Promise<ProviderIntent | null> {
    return (await this.forPayment(intentId)).retrieve(intentId)
  }

  releaseOpenIntents(order: PayableOrder): Promise<ProviderIntent | null> {
    return this.forOrder(order).releaseOpenIntents(order)
  }

  async refund(request: RefundRequest): Promise<{ id: string }> {
    return (await this.forPayment(request.intentId)).refund(request)
  }
}

/** Whether this deployment takes cards: with Stripe keys, or simulated outside production. */
export const cardPaymentsAvailable = (config: Config): boolean =>
  !(config.payments === 'simulated' && config.ENVIRONMENT === 'production')

/** @throws 503 when a production configuration has no Stripe keys (simulated payments are refused there). */
export function assertPaymentsAvailable(config: Config): void {
  if (!cardPaymentsAvailable(config)) {
    throw new ApiError(503, 'NOT_CONFIGURED', 'Card payments are not set up on this shop yet. Please try again later.')
  }
}
