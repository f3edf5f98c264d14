import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { hc } from 'hono/client'
import { expect } from 'vitest'
import type { OrderSummary } from '#schemas/order.ts'
import type { AppType } from '#worker/app.ts'
import { getConfig } from '#worker/env.ts'
import worker from '#worker/index.ts'
import { invalidatePublic } from '#worker/lib/edge-cache.ts'
import type { ErrorBody } from '#worker/lib/errors.ts'
import { seedShop } from '#worker/seed.ts'
import catalogue from '../../seed/catalogue.json'

/** A valid 1x1 PNG (and so an accepted image) for tests that need image bytes. */
export const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)

/**
 * Seeds the demo catalogue with each image file replaced by distinct tiny PNG bytes. Like any
 * write to D1 behind the API's back, it then drops the public answers kept in memory.
 */
export async function seedDemo() {
  // Without the demo's bank account and cash on delivery: the tests start from a shop that has
  // set up neither (the defaults), and turn them on where they test them.
  const { bank: _bank, cod: _cod, ...shop } = catalogue.shop
  await seedShop(env, { ...catalogue, shop }, async (file) => {
    const bytes = new Uint8Array([...PNG_1X1, ...new TextEncoder().encode(file)])
    return bytes
  })
  await forgetPublicAnswers()
}

/** After a fixture wrote tools or reviews straight to D1: what the edge cache kept is stale. */
export const forgetPublicAnswers = () => invalidatePublic(getConfig(env), ['catalogue', 'reviews'])

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'

/** Bindings that differ from wrangler.toml's `[env.test]` (another configuration, another database). */
export type Bindings = Record<string, unknown>

/** An access-token secret a production configuration accepts (the test one is published in wrangler.toml). */
export const PRODUCTION_SECRET = 'a-production-secret-of-at-least-32-characters'

/** A production configuration that passes the configuration checks (no e-mail provider, no Stripe keys). */
export const PRODUCTION: Bindings = {
  ENVIRONMENT: 'production',
  ACCESS_TOKEN_SECRET: PRODUCTION_SECRET,
  FIREBASE_API_KEY: 'production-api-key',
  FIREBASE_AUTH_EMULATOR_HOST: '',
  // The tests' address (wrangler.toml's [env.test]) over TLS, as production needs.
  SHOP_URL: 'https://shop.test',
}

export type CallOptions = {
  /** Who calls: the token sent as `Authorization: Bearer …` (an access token, a Firebase ID token, junk); none for anonymous. */
  as?: string | undefined
  /** A JSON body, sent with `Content-Type: application/json`. */
  body?: unknown
  /** A body sent as it is (form data, bytes, a stream, text that is not JSON), with the headers given. */
  raw?: BodyInit
  headers?: HeadersInit
  /** Bindings changed for this one request: the Worker runs with another configuration. */
  env?: Bindings
  /** Wait for what the request runs after its answer (`ctx.waitUntil`: the e-mails it queued go out then). */
  settle?: boolean
  /**
   * The origin the request is addressed to (what its Host header says); wrangler.toml's SHOP_URL
   * (`http://shop.test`) unless given. Another one is a forged Host.
   */
  origin?: string
}

/**
 * The one way worker tests call the app: `method` on `path` (the API, a page or a file) as a
 * client would, through the Worker's own fetch handler (worker/index.ts) with the test bindings
 * (real D1 and R2), or with `env` changed for this request.
 *
 * NOTE: the handler is called in-process, not through the runtime's `exports.default.fetch`:
 * that one cannot take other bindings, and thousands of requests through it (fuzz.test.ts)
 * slow down quadratically in the test pool. The handler sees the same request either way.
 */
export async function call(method: Method, path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers)
  if (options.as) headers.set('Authorization', `Bearer ${options.as}`)
  if (options.body !== undefined && options.raw !== undefined) throw new Error('call(): a JSON body or a raw one')
  let body = options.raw
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(options.body)
  }
  const request = new Request(`${options.origin ?? 'http://shop.test'}${path}`, {
    method,
    headers,
    body,
    // A streamed body (no Content-Length) goes out as it is pulled.
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)
  return dispatch(request, options)
}

/** Hands a request to the Worker's fetch handler, with the test bindings or `env` changed. */
async function dispatch(request: Request, options: Pick<CallOptions, 'env' | 'settle'>) {
  const ctx = createExecutionContext()
  const res = await worker.fetch(
    request as Request<unknown, IncomingRequestCfProperties>,
    (options.env ? { ...env, ...options.env } : env) as Env,
    ctx,
  )
  if (options.settle) await waitOnExecutionContext(ctx)
  return res
}

/**
 * The typed client for API tests: the app's routes, their inputs and their answers' bodies as the
 * web app's client sees them (`(await api(token).api.service.$get()).json()` is typed), through the
 * same handler as {@link call}. `call` stays for pages, raw bodies and what the types forbid.
 */
export const api = (as?: string, options: Pick<CallOptions, 'env' | 'settle'> = {}) =>
  hc<AppType>('http://shop.test', {
    headers: as ? { Authorization: `Bearer ${as}` } : {},
    fetch: (input: RequestInfo | URL, init?: RequestInit) => dispatch(new Request(input, init), options),
  })

export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T
}

/** The `error` of an error answer, which must be in the API's one shape: `{ error: { code, message, fields? } }`. */
export async function errorOf(res: Response): Promise<ErrorBody['error']> {
  const body = await json<ErrorBody>(res)
  expect(body, `the error shape (${res.status})`).toMatchObject({
    error: { code: expect.any(String), message: expect.any(String) },
  })
  return body.error
}

/** The overview as the owner reads it: every part there (none is null without its permission). */
export type OwnerSummary = { [K in keyof OrderSummary]: NonNullable<OrderSummary[K]> }

/** The staff roles D1 holds for `email`'s account, by name (none: a customer). */
export const rolesOf = async (email: string): Promise<string[]> =>
  (
    await env.DB.prepare(
      'select r.role from user_roles r join users u on u.id = r.user_id where u.email = ? order by r.role',
    )
      .bind(email)
      .all<{ role: string }>()
  ).results.map((r) => r.role)
