import Stripe from 'stripe'
import type { Config } from '#worker/env.ts'
import { ApiError } from '#worker/lib/errors.ts'
import {
  ORDER_CURRENCY,
  type PayableOrder,
  type PaymentProvider,
  type ProviderIntent,
  ProviderUnavailableError,
  type RefundRequest,
} from './provider'

/** Intents in these states can still be paid by the customer. */
const OPEN_STATES = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action'])

const clients = new Map<string, Stripe>()

/**
 * One Stripe client per key and API base and isolate. It speaks through `fetch` (workerd
 * has no Node http) and never retries on its own: a failed call is answered with a 502
 * and the client's next request is the retry.
 */
export function stripeClient(config: Config): Stripe {
  const cacheKey = `${config.STRIPE_SECRET_KEY}\n${config.STRIPE_API_BASE}`
  let client = clients.get(cacheKey)
  if (!client) {
    const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined
    client = new Stripe(config.STRIPE_SECRET_KEY, {
      httpClient: Stripe.createFetchHttpClient(),
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
          }
        : {}),
      maxNetworkRetries: 0,
      timeout: 15_000,
    })
    clients.set(cacheKey, client)
  }
  return client
}

const toProviderIntent = (pi: Stripe.PaymentIntent): ProviderIntent => ({
  id: pi.id,
  status: pi.status,
  amountPaisa: pi.amount,
  currency: pi.currency,
  orderId: typeof pi.metadata?.bookingId === 'string' ? pi.metadata.bookingId : null,
  clientSecret: pi.client_secret,
})

const isStripeError = (err: unknown): err is Stripe.errors.StripeError => err instanceof Stripe.errors.StripeError

function providerFailed(err: unknown, what: string): ApiError {
  console.error(
    `Stripe: ${what} failed`,
    isStripeError(err) ? `${err.type} ${err.statusCode ?? ''} ${err.code ?? ''} ${err.message}` : err,
  )
  const message = 'The card payment service did not answer as expected. Please try again in a moment.'
  // Stripe's own failure (5xx), its rate limit, or no answer (a connection error has no status).
  const status = isStripeError(err) ? (err.statusCode ?? 0) : 400
  return status >= 500 || status === 429 || status === 0
    ? new ProviderUnavailableError(message)
    : new ApiError(502, 'PROVIDER_FAILED', message)
}

export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe' as const
  constructor(private readonly stripe: Stripe) {}

  async createOrReuseIntent(order: PayableOrder): Promise<ProviderIntent> {
    let previous: ProviderIntent | null = null
    if (order.paymentIntentId) {
      previous = await this.retrieve(order.paymentIntentId)
      if (previous && previous.status !== 'canceled' && previous.amountPaisa === order.totalPaisa) return previous
    }
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: order.totalPaisa,
          currency: ORDER_CURRENCY,
          allowed_payment_method_types: ['card'],
          description: `${order.quantity} × ${order.service}`.slice(0, 500),
          metadata: { bookingId: order.id },
        },
        // NOTE: the key makes two concurrent first requests get the same intent; a new
        // key is used only when the order's recorded intent can no longer be paid.
        { idempotencyKey: `booking-${order.id}${previous ? `-after-${previous.id}` : ''}` },
      )
      return toProviderIntent(intent)
    } catch (err) {
      throw providerFailed(err, 'creating a PaymentIntent')
    }
  }

  async retrieve(intentId: string): Promise<ProviderIntent | null> {
    try {
      return toProviderIntent(await this.stripe.paymentIntents.retrieve(intentId))
    } catch (err) {
      if (isStripeError(err) && (err.statusCode === 404 || err.code === 'resource_missing')) return null
      throw providerFailed(err, 'retrieving a PaymentIntent')
    }
  }

  async releaseOpenIntents(order: PayableOrder): Promise<ProviderIntent | null> {
    if (!order.paymentIntentId) return null
    const intent = await this.retrieve(order.paymentIntentId)
    if (!intent || !OPEN_STATES.has(intent.status)) return intent?.status === 'canceled' ? null : intent
    try {
      await this.stripe.paymentIntents.cancel(intent.id)
      return null
    } catch (err) {
      // Paid (or started paying) between the retrieve and the cancel: report what it is now.
      if (isStripeError(err) && err.code === 'payment_intent_unexpected_state') return this.retrieve(intent.id)
      throw providerFailed(err, 'cancelling a PaymentIntent')
    }
  }

  async refund({ intentId, amountPaisa, orderId }: RefundRequest): Promise<{ id: string }> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: intentId,
          amount: amountPaisa,
          reason: 'requested_by_customer',
          metadata: { bookingId: orderId },
        },
        // NOTE: one key per payment: a retry after a timeout, or a second admin's click, gets the same refund.
        { idempotencyKey: `refund-${intentId}` },
      )
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new Error(`refund ${refund.id} is ${refund.status}`)
      return { id: refund.id }
    } catch (err) {
      throw providerFailed(err, 'refunding a PaymentIntent')
    }
  }
}
