import { createExecutionContext } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import catalogue from '../../seed/catalogue.json'
import { getConfig } from '../env'
import worker from '../index'
import { invalidatePublic } from '../lib/edge-cache'
import { seedShop } from '../seed'

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
  await seedShop(env, catalogue, async (file) => {
    const bytes = new Uint8Array([...PNG_1X1, ...new TextEncoder().encode(file)])
    return bytes
  })
  await forgetPublicAnswers()
}

/** After a fixture wrote tools or reviews straight to D1: what the edge cache kept is stale. */
export const forgetPublicAnswers = () => invalidatePublic(getConfig(env), ['catalogue', 'reviews'])

/** Calls the real Worker (API and assets) the way a browser or client would. */
export function call(path: string, init?: RequestInit & { json?: unknown; token?: string }) {
  const headers = new Headers(init?.headers)
  if (init?.json !== undefined) headers.set('Content-Type', 'application/json')
  if (init?.token) headers.set('Authorization', `Bearer ${init.token}`)
  const body = init?.json !== undefined ? JSON.stringify(init.json) : init?.body
  return exports.default.fetch(new Request(`http://shop.test${path}`, { ...init, headers, body }))
}

export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T
}

/** Like {@link call}, with some bindings changed for this one request (another configuration). */
export function callWith(
  overrides: Record<string, unknown>,
  path: string,
  init?: RequestInit & { json?: unknown; token?: string },
) {
  const headers = new Headers(init?.headers)
  if (init?.json !== undefined) headers.set('Content-Type', 'application/json')
  if (init?.token) headers.set('Authorization', `Bearer ${init.token}`)
  const body = init?.json !== undefined ? JSON.stringify(init.json) : init?.body
  const request = new Request(`http://shop.test${path}`, { ...init, headers, body }) as Request<
    unknown,
    IncomingRequestCfProperties
  >
  return worker.fetch(request, { ...env, ...overrides } as Env, createExecutionContext())
}
