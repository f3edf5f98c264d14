import type { Config } from '#worker/env.ts'
import type { Db } from '#worker/lib/db.ts'
import { ApiError } from '#worker/lib/errors.ts'
import type { PaymentProvider } from './provider'
import { SimulatedProvider } from './simulated'
import { StripeProvider, stripeClient } from './stripe'

/**
 * The configured provider: Stripe when STRIPE_SECRET_KEY is set, otherwise simulated.
 * Cancelling and expiry use it in every environment; taking a payment also goes through
 * {@link assertPaymentsAvailable}.
 */
export function paymentProvider(config: Config, db: Db): PaymentProvider {
  return config.payments === 'stripe' ? new StripeProvider(stripeClient(config)) : new SimulatedProvider(db)
}

/** @throws 503 when a production configuration has no Stripe keys (simulated payments are refused there). */
export function assertPaymentsAvailable(config: Config): void {
  if (config.payments === 'simulated' && config.ENVIRONMENT === 'production') {
    throw new ApiError(503, 'NOT_CONFIGURED', 'Card payments are not set up on this shop yet. Please try again later.')
  }
}
