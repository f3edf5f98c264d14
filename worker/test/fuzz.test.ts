/**
 * Bad input on every route: each route the app registers (read from the Hono app itself, so
 * a new route is fuzzed without touching this file) × hostile bodies, query strings and path
 * parameters, signed out, as a customer and as an admin (so validation, not the guard, answers).
 * Never a 5xx, always the contract's error shape, and nothing is stored.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import app from '#worker/app.ts'
import { call, type Method } from './helpers'
import { signIn } from './tokens'

/** Every field name any route reads, so a hostile value reaches every validator. */
const FIELDS = [
  'name',
  'email',
  'price',
  'quantity',
  'Minimum_quantity',
  'description',
  'img',
  'serviceId',
  'service',
  'phone',
  'address',
  'customer',
  'customerName',
  'transactionId',
  'appointment',
  'bookingId',
  'clientSecret',
  'card',
  'status',
  'trackingNumber',
  'carrier',
  'note',
  'reason',
  'message',
  'subject',
  'rating',
  'education',
  'social',
  'image',
  'previousQuantity',
  'lines',
  'slug',
  'parentId',
  'categoryId',
  'specs',
]

const HOSTILE_VALUES: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['a negative number', -1],
  ['a huge number', 1e308],
  ['a fraction', 0.001],
  ['an array', ['x', 1]],
  ['an object', { $gt: '' }],
  ['a 10 000-character string', 'x'.repeat(10_000)],
  ['control characters', '\u0000\u0007\u001b[31m'],
  ['a lone surrogate and RTL override', '\ud800\u202eevil'],
  ['SQL', "' or 1=1; drop table bookings; --"],
  ['markup', '<script>alert(1)</script>'],
  ['a numeric string', '12.345'],
]

/** Bodies that are not what any route expects, sent raw. */
const RAW_BODIES: [string, string][] = [
  ['broken JSON', '{"name": '],
  ['a JSON array', '[1, 2, 3]'],
  ['JSON null', 'null'],
  ['a JSON string', '"hello"'],
  [
    'prototype keys',
    '{"__proto__": {"role": "admin", "admin": true}, "constructor": {"prototype": {"polluted": true}}}',
  ],
  ['deep nesting', `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`],
  ['not JSON at all', 'name=x&price=0'],
]

const HOSTILE_PARAMS = ['%00', 'x'.repeat(300), '..%2F..%2Fetc%2Fpasswd', '__proto__', '%F0%9F%92%A5', "'%20or%201%3D1"]
const HOSTILE_QUERY = [
  'limit=-1',
  'limit=1e9',
  'offset=abc',
  `q=${'%E2%80%8B'.repeat(50)}`,
  'status[]=paid',
  'sort=__proto__',
  'customer=%00',
  'removed=yes',
  'to=<x>',
  `q=${'x'.repeat(500)}`,
]

const TABLES = [
  'tools',
  'categories',
  'reviews',
  'users',
  'bookings',
  'order_events',
  'payment_intents',
  'contact_messages',
  'email_outbox',
  'audit_log',
  'cart_lines',
]
const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (t) => [t, (await env.DB.prepare(`select count(*) as n from ${t}`).first<{ n: number }>())!.n]),
    ),
  )

/** The routes the app registers, method and path, without the middleware entries. */
const ROUTES = [
  ...new Map(app.routes.filter((r) => r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, r])).values(),
].map((r) => [r.method as Method, r.path] as const)

let admin: string
let customer: string
beforeAll(async () => {
  admin = await signIn('admin@example.com')
  customer = await signIn('fuzzed-customer@example.com')
})

/** A response to hostile input: no 5xx (but the unconfigured webhook's 503), and the error shape. */
async function expectRefusal(res: Response, what: string, path: string) {
  const allowed503 = path === '/api/stripe/webhook'
  expect(res.status < 500 || (allowed503 && res.status === 503), `${what}: ${res.status}`).toBe(true)
  if (res.status >= 400 && res.headers.get('Content-Type')?.includes('json')) {
    const body = (await res.json()) as { error?: { code?: unknown; message?: unknown } }
    expect(typeof body.error?.code, `${what}: error.code`).toBe('string')
    expect(typeof body.error?.message, `${what}: error.message`).toBe('string')
    expect(JSON.stringify(body), `${what}: no stack trace`).not.toMatch(/at \w+ \(|\.ts:\d+/)
  }
}

describe.each(ROUTES)('%s %s', (method, path) => {
  const withParams = (value: string) => path.replace(/:\w+/g, value)
  const hasBody = method !== 'GET' && method !== 'HEAD'

  it('answers hostile bodies, path parameters and queries without a 5xx, storing nothing', async () => {
    const before = await counts()
    for (const token of [undefined, customer, admin]) {
      const who = token === admin ? 'admin' : token ? 'customer' : 'anonymous'
      // Routes without path parameters are fuzzed once, not once per parameter.
      for (const param of path.includes(':') ? HOSTILE_PARAMS : ['']) {
        const target = withParams(param)
        for (const query of HOSTILE_QUERY) {
          const res = await call(method, `${target}?${query}`, { as: token, ...(hasBody ? { body: {} } : {}) })
          await expectRefusal(res, `${who} ${method} ${target}?${query}`, path)
        }
        if (!hasBody) continue
        for (const [label, value] of HOSTILE_VALUES) {
          const res = await call(method, target, { as: token, body: Object.fromEntries(FIELDS.map((f) => [f, value])) })
          await expectRefusal(res, `${who} ${method} ${target} with ${label} in every field`, path)
        }
        for (const [label, body] of RAW_BODIES) {
          const res = await call(method, target, {
            as: token,
            raw: body,
            headers: { 'Content-Type': 'application/json' },
          })
          await expectRefusal(res, `${who} ${method} ${target} with ${label}`, path)
        }
      }
    }
    expect(await counts()).toEqual(before)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).role).toBeUndefined()
  })
})

it('fuzzes every route of the app (the list is read from the app)', () => {
  expect(ROUTES.length).toBeGreaterThanOrEqual(30)
  expect(ROUTES).toContainEqual(['POST', '/api/booking/:id/refund'])
})
