/** Test fixtures for the Stripe mode (imported only by *.test.ts files). */
import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import Stripe from 'stripe'
import { inject } from 'vitest'
import worker from '../index'
import type { FakeStripeRequest } from './fake-stripe'

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_secret_for_the_fake'
export const STRIPE_PUBLISHABLE_KEY = 'pk_test_fake'

/** The app's bindings in Stripe mode, talking to the fake Stripe server. */
export const stripeEnv = (overrides: Record<string, unknown> = {}) => ({
  ...env,
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_BASE: inject('stripeUrl'),
  ...overrides,
})

/** Calls the API in Stripe mode. */
export function callStripe(
  path: string,
  init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string>; body?: string } = {},
  overrides: Record<string, unknown> = {},
) {
  const headers = new Headers(init.headers)
  if (init.json !== undefined) headers.set('Content-Type', 'application/json')
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
  const request = new Request(`http://shop.test${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  })
  return worker.fetch(
    request as Request<unknown, IncomingRequestCfProperties>,
    stripeEnv(overrides) as Env,
    createExecutionContext(),
  )
}

/** The SDK as the browser's Stripe.js would use it: confirming intents at the fake server. */
export function fakeStripeClient(): Stripe {
  const base = new URL(inject('stripeUrl'))
  return new Stripe('sk_test_fake', {
    httpClient: Stripe.createFetchHttpClient(),
    host: base.hostname,
    port: base.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  })
}

export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!

export async function fakeStripeRequests(): Promise<FakeStripeRequest[]> {
  return (await fetch(`${inject('stripeUrl')}/__requests`)).json()
}

const subtle = Stripe.createSubtleCryptoProvider()

/** A Stripe event delivery: the raw body and its `Stripe-Signature` header. */
export async function signedEvent(
  event: { id: string; type: string; object: unknown; created?: number },
  opts: { secret?: string; timestamp?: number } = {},
): Promise<{ body: string; signature: string }> {
  const body = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: event.created ?? Math.floor(Date.now() / 1000),
    data: { object: event.object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: event.type,
  })
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload: body,
    secret: opts.secret ?? STRIPE_WEBHOOK_SECRET,
    cryptoProvider: subtle,
    ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
  })
  return { body, signature }
}

/** Delivers an event to the webhook route the way Stripe does. */
export function deliver(delivery: { body: string; signature: string }, overrides: Record<string, unknown> = {}) {
  return callStripe(
    '/api/stripe/webhook',
    {
      method: 'POST',
      body: delivery.body,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': delivery.signature },
    },
    overrides,
  )
}
