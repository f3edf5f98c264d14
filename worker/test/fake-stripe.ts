/**
 * vitest globalSetup (runs in Node, not in workerd): a small stand-in for Stripe's
 * PaymentIntents API, so the real `stripe` SDK inside the Worker is tested over a real
 * socket. It speaks Stripe's form-encoded requests, JSON objects and error shape:
 *
 * - `POST /v1/payment_intents` creates (`amount`, `currency` required; `metadata[…]`,
 *   `description`, `allowed_payment_method_types[]` kept). An `Idempotency-Key` seen before
 *   answers the first answer again (`Idempotent-Replayed: true`), or a 400
 *   `idempotency_error` when the parameters differ.
 * - `GET /v1/payment_intents/:id`, 404 `resource_missing` for an unknown id.
 * - `POST /v1/payment_intents/:id/confirm` with `payment_method`: `pm_card_visa` (and
 *   `pm_card_mastercard`) succeed; `pm_card_chargeDeclined`,
 *   `pm_card_visa_chargeDeclinedInsufficientFunds` fail with a 402 `card_error` and leave
 *   the intent in `requires_payment_method` with `last_payment_error`.
 * - `POST /v1/payment_intents/:id/cancel` (used before an order is cancelled or expires).
 * - `POST /v1/refunds` with `payment_intent` (and `amount`, at most what is left): refunds a
 *   succeeded intent (`amount_refunded` on it grows); 400 `charge_already_refunded` when
 *   nothing is left, 400 for an intent that has not succeeded. Idempotency keys as above.
 *   A refund of an intent whose `metadata[fail_refund]` is set answers 500.
 * - Every request needs `Authorization: Bearer sk_…` (401 otherwise); the key
 *   `sk_test_unavailable` gets a 500 `api_error` (Stripe being down); `sk_test_slow` gets its
 *   answer 1.5 s after it was made (an event sent meanwhile overtakes it).
 * - `GET /__requests` lists every `/v1` request received ({method, path, headers, body}).
 *
 * Tests read its base URL with `inject('stripeUrl')` and pass it as STRIPE_API_BASE.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { TestProject } from 'vitest/node'
import { listenOnLoopback, readBody } from './local-server'

/** How late `sk_test_slow`'s answers come. */
const SLOW_MS = 1_500

declare module 'vitest' {
  export interface ProvidedContext {
    stripeUrl: string
  }
}

export type FakeStripeRequest = {
  method: string
  path: string
  headers: Record<string, string>
  body: Record<string, unknown>
}

type Intent = {
  id: string
  object: 'payment_intent'
  amount: number
  amount_capturable: number
  amount_received: number
  /** Not a PaymentIntent field in Stripe (it lives on the charge); kept here to refuse over-refunds. */
  amount_refunded?: number
  canceled_at: number | null
  cancellation_reason: string | null
  capture_method: 'automatic'
  client_secret: string
  confirmation_method: 'automatic'
  created: number
  currency: string
  customer: null
  description: string | null
  last_payment_error: unknown
  latest_charge: string | null
  livemode: false
  metadata: Record<string, string>
  payment_method: string | null
  payment_method_types: string[]
  receipt_email: string | null
  status: string
}

type Answer = [number, unknown]

const CARD_DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  pm_card_chargeDeclined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
}
const CARD_SUCCESSES = new Set(['pm_card_visa', 'pm_card_mastercard'])
const CANCELABLE = new Set([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
])

const stripeError = (status: number, error: Record<string, unknown>): Answer => [status, { error: { ...error } }]
const invalid = (message: string, extra: Record<string, unknown> = {}) =>
  stripeError(400, { type: 'invalid_request_error', message, ...extra })
const now = () => Math.floor(Date.now() / 1000)
const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`

/**
 * Turns Stripe's form encoding (`metadata[bookingId]=…`, `payment_method_types[0]=card`)
 * into an object.
 */
function parseForm(raw: string): Record<string, unknown> {
  const out: Record<string, any> = {}
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/[[\]]+/).filter(Boolean)
    let node = out
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value
      else node = node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {}
    })
  }
  return out
}

export default async function setup(project: TestProject) {
  const intents = new Map<string, Intent>()
  const idempotent = new Map<string, { params: string; answer: Answer }>()
  const received: FakeStripeRequest[] = []

  function create(body: Record<string, any>): Answer {
    if (body.amount === undefined)
      return invalid('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' })
    if (body.currency === undefined)
      return invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' })
    const amount = Number(body.amount)
    if (!Number.isInteger(amount) || amount < 1)
      return invalid('This value must be greater than or equal to 1.', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      })
    const id = randomId('pi')
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: String(body.currency).toLowerCase(),
      customer: null,
      description: body.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: body.metadata ?? {},
      payment_method: null,
      payment_method_types: body.allowed_payment_method_types ?? body.payment_method_types ?? ['card'],
      receipt_email: body.receipt_email ?? null,
      status: 'requires_payment_method',
    }
    intents.set(id, intent)
    return [200, intent]
  }

  const missing = (id: string) =>
    stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'intent',
      message: `No such payment_intent: '${id}'`,
    })

  function confirm(intent: Intent, body: Record<string, any>): Answer {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return invalid(`You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`, {
        code: 'payment_intent_unexpected_state',
        payment_intent: intent,
      })
    }
    const pm = body.payment_method
    if (typeof pm !== 'string') {
      return invalid('You cannot confirm this PaymentIntent because it\u2019s missing a payment method.', {
        code: 'payment_intent_unexpected_state',
        payment_intent: intent,
      })
    }
    const decline = CARD_DECLINES[pm]
    if (decline) {
      const error = { type: 'card_error', ...decline, charge: randomId('ch'), payment_method: { id: randomId('pm') } }
      intent.status = 'requires_payment_method'
      intent.last_payment_error = error
      intent.payment_method = null
      return stripeError(402, { ...error, payment_intent: intent })
    }
    if (!CARD_SUCCESSES.has(pm))
      return invalid(`No such PaymentMethod: '${pm}'`, { code: 'resource_missing', param: 'payment_method' })
    intent.status = 'succeeded'
    intent.amount_received = intent.amount
    intent.payment_method = randomId('pm')
    intent.latest_charge = randomId('ch')
    intent.last_payment_error = null
    return [200, intent]
  }

  function cancel(intent: Intent): Answer {
    if (!CANCELABLE.has(intent.status)) {
      return invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${[...CANCELABLE].join(', ')}.`,
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      )
    }
    intent.status = 'canceled'
    intent.canceled_at = now()
    intent.cancellation_reason = 'requested_by_customer'
    return [200, intent]
  }

  function refund(body: Record<string, any>): Answer {
    const intent = intents.get(String(body.payment_intent ?? ''))
    if (!intent) return missing(String(body.payment_intent ?? ''))
    if (intent.metadata?.fail_refund)
      return stripeError(500, { type: 'api_error', message: 'An unknown error occurred.' })
    if (intent.status !== 'succeeded')
      return invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      })
    const left = intent.amount_received - (intent.amount_refunded ?? 0)
    const amount = body.amount === undefined ? left : Number(body.amount)
    if (left <= 0)
      return invalid(`Charge ${intent.latest_charge} has already been refunded.`, { code: 'charge_already_refunded' })
    if (!Number.isInteger(amount) || amount < 1 || amount > left)
      return invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
        code: 'amount_too_large',
        param: 'amount',
      })
    intent.amount_refunded = (intent.amount_refunded ?? 0) + amount
    const id = randomId('re')
    return [
      200,
      {
        id,
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        metadata: body.metadata ?? {},
        reason: body.reason ?? null,
        status: 'succeeded',
        created: now(),
      },
    ]
  }

  function route(req: IncomingMessage, path: string, body: Record<string, any>): Answer {
    const auth = req.headers.authorization ?? ''
    const key = /^Bearer (sk_\S+)$/.exec(auth)?.[1]
    if (!key) {
      return stripeError(401, {
        type: 'invalid_request_error',
        message:
          'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
      })
    }
    if (key === 'sk_test_unavailable')
      return stripeError(500, { type: 'api_error', message: 'An unknown error occurred.' })

    const creates: Record<string, (body: Record<string, any>) => Answer> = {
      '/v1/payment_intents': create,
      '/v1/refunds': refund,
    }
    const creator = req.method === 'POST' ? creates[path] : undefined
    if (creator) {
      const idemKey = req.headers['idempotency-key']
      if (typeof idemKey !== 'string') return creator(body)
      const scoped = `${key}\n${idemKey}`
      const params = JSON.stringify(body)
      const seen = idempotent.get(scoped)
      if (seen) {
        if (seen.params !== params) {
          return stripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
          })
        }
        return seen.answer
      }
      const answer = creator(body)
      idempotent.set(scoped, { params, answer })
      return answer
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/.exec(path)
    if (!match)
      return stripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${path}).`,
      })
    const [, id, action] = match
    const intent = intents.get(decodeURIComponent(id!))
    if (!intent) return missing(decodeURIComponent(id!))
    if (req.method === 'GET' && !action) return [200, intent]
    if (req.method === 'POST' && action === 'confirm') return confirm(intent, body)
    if (req.method === 'POST' && action === 'cancel') return cancel(intent)
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${req.method}: ${path}).`,
    })
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const raw = await readBody(req)
      if (url.pathname === '/__requests' && req.method === 'GET') return send(res, 200, received)
      const body = parseForm(req.method === 'GET' ? url.search.slice(1) : raw)
      received.push({
        method: req.method ?? '',
        path: url.pathname,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body,
      })
      const idemKey = req.headers['idempotency-key']
      const replay =
        req.method === 'POST' &&
        ['/v1/payment_intents', '/v1/refunds'].includes(url.pathname) &&
        typeof idemKey === 'string'
          ? [...idempotent.keys()].some((k) => k.endsWith(`\n${idemKey}`))
          : false
      const [status, answer] = route(req, url.pathname, body)
      // A slow Stripe: the answer is ready, sent a moment later (a webhook can overtake it).
      if (req.headers.authorization === 'Bearer sk_test_slow') await new Promise((r) => setTimeout(r, SLOW_MS))
      return send(res, status, answer, replay ? { 'Idempotent-Replayed': 'true' } : {})
    } catch (err) {
      return send(res, 500, { error: { type: 'api_error', message: String(err) } })
    }
  })

  const { url, close } = await listenOnLoopback(server)
  project.provide('stripeUrl', url)

  return close
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': `req_${randomBytes(8).toString('hex')}`,
    ...headers,
  })
  res.end(JSON.stringify(body))
}
