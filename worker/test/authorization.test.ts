/**
 * The authorization matrix: every API route × every kind of caller → the expected status.
 *
 * NOTE: every new route gets a row in MATRIX (public ones too), with a status for each
 * principal. A path may use {owner} (a user created fresh for each cell, whom "self" is),
 * {tool} and {imageKey}; a route that needs another record of the owner (an order, say)
 * adds a placeholder in `placeholdersFor`, created through the API with the owner's token.
 *
 * Below the matrix: the sign-in rules that a table cannot show (production refusing
 * emulator tokens, real RS256 tokens, roles that cannot be self-assigned, twins by case,
 * ADMIN_EMAILS, promotion and removal taking effect at once).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Tool } from '#schemas/tool.ts'
import type { UserProfile } from '#schemas/user.ts'
import app from '#worker/app.ts'
import { type Bindings, call, errorOf, json, type Method, PRODUCTION, seedDemo } from './helpers'
import { makeTool, type ToolFixture } from './order-fixtures'
import { accessTokenFor, emulatorIdToken, fakeGoogle, signedIdToken, signIn, signInFull } from './tokens'

const PRINCIPALS = [
  'anonymous', //       no Authorization header
  'malformed', //       "Bearer not-a-jwt"
  'expired', //         the owner's access token, expired
  'badSignature', //    the owner's access token, signed with another secret
  'algNone', //         the owner's access token, unsigned (alg: none)
  'removedUser', //     a valid access token of a user an admin has removed
  'otherCustomer', //   another signed-in customer
  'self', //            the owner ({owner} in the path)
  'admin', //           an admin
  'firebaseIdToken', // the owner's Firebase ID token where an access token belongs
] as const
type Principal = (typeof PRINCIPALS)[number]
/** One status per principal, in the order of PRINCIPALS. */
type Statuses = readonly [number, number, number, number, number, number, number, number, number, number]
type Row = [method: Method, path: string, expected: Statuses, body?: unknown]

const CHECKOUT = {
  delivery: {
    method: 'courier',
    address: { name: 'Matrix', phone: '01712345678', line1: 'Matrix Road 1', district: 'Dhaka' },
  },
  paymentMethod: 'card',
}
const CONTACT = { name: 'Matrix', email: 'matrix@example.com', message: 'Hello from the authorization matrix.' }

// prettier-ignore
const MATRIX: Row[] = [
  //                                           anon  junk  exp   sig   none  gone  other self  admin idTok
  ['GET', '/api/health', [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ['GET', '/api/config', [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  // For bench/ only: public outside production, where it does not exist (below).
  ['GET', '/api/bench/baseline', [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ['GET', '/api/service', [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ['GET', '/api/service/{tool}', [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  // What deleting a tool would touch (the Manage page's confirmation): admins only.
  ['GET', '/api/service/{tool}/orders', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  // Catalogue writes: admins only. The PATCH sends the seeded name (changes nothing); DELETE names an unknown
  // tool, so the admin passes the guard to a 404 while the others never learn whether it exists.
  [
    'POST',
    '/api/service',
    [401, 401, 401, 401, 401, 401, 403, 403, 201, 401],
    {
      name: 'Matrix Tool',
      price: 10,
      quantity: 5,
      Minimum_quantity: 1,
      description: 'Added by the matrix.',
      img: 'https://example.com/matrix.png',
    },
  ],
  ['PATCH', '/api/service/{tool}', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401], { name: 'Electric Saw' }],
  ['DELETE', '/api/service/no-such-tool', [401, 401, 401, 401, 401, 401, 403, 403, 404, 401]],
  // Categories: anyone reads them; admins change them (the PATCH sends the seeded name: nothing changes;
  // DELETE names an unknown category, so the admin passes the guard to a 404).
  ['GET', '/api/category', [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ['POST', '/api/category', [401, 401, 401, 401, 401, 401, 403, 403, 201, 401], { name: 'Matrix Category' }],
  ['PATCH', '/api/category/cat-saws', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401], { name: 'Saws' }],
  ['DELETE', '/api/category/no-such-category', [401, 401, 401, 401, 401, 401, 403, 403, 404, 401]],
  // A tool's reviews by its buyers: anyone reads them; the POST sends a rating of 0, so signed-in callers
  // pass the guards to a 400 (the buyer rules: tool-reviews.test.ts); admins delete them (unknown: 404).
  ['GET', '/api/service/{tool}/reviews', [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  [
    'POST',
    '/api/service/{tool}/reviews',
    [401, 401, 401, 401, 401, 401, 400, 400, 400, 401],
    { rating: 0, body: 'A review from the matrix.' },
  ],
  ['DELETE', '/api/service/{tool}/reviews/no-such-review', [401, 401, 401, 401, 401, 401, 403, 403, 404, 401]],
  ['GET', '/api/service/{tool}/related', [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ['GET', '/api/tool-reviews', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  ['GET', '/api/tool-reviews/mine', [401, 401, 401, 401, 401, 401, 200, 200, 200, 401]],
  ['GET', '/api/review', [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  [
    'POST',
    '/api/review',
    [401, 401, 401, 401, 401, 401, 201, 201, 201, 401],
    { name: 'Matrix', description: 'A review from the matrix.', img: 'https://example.com/me.png', rating: 4 },
  ],
  ['DELETE', '/api/review/no-such-review', [401, 401, 401, 401, 401, 401, 403, 403, 404, 401]],
  ['GET', '/api/images/{imageKey}', [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  // The matrix sends no multipart body: signed-in callers pass the guard to a 400 (uploads: images.test.ts).
  ['POST', '/api/images', [401, 401, 401, 401, 401, 401, 400, 400, 400, 401]],
  ['POST', '/api/contact', [201, 201, 201, 201, 201, 201, 201, 201, 201, 201], CONTACT],
  ['GET', '/api/contact', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  // The sign-in route: a Firebase ID token of the owner is the one token that works here.
  ['PUT', '/api/user/{owner}', [401, 401, 401, 401, 401, 401, 403, 200, 200, 200], { address: 'Matrix Road 1' }],
  ['GET', '/api/user/{owner}', [401, 401, 401, 401, 401, 401, 403, 200, 200, 401]],
  ['GET', '/api/admin/{owner}', [401, 401, 401, 401, 401, 401, 403, 200, 200, 401]],
  ['GET', '/api/user', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  ['PUT', '/api/user/admin/{owner}', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  ['DELETE', '/api/user/{owner}', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  // Admins only; the owner is not removed, so the admin's restore changes nothing (modifiedCount 0).
  ['POST', '/api/user/{owner}/restore', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  // Staff (contract/operations.md): the owner (the matrix's admin) gives the owner of the cell a role; the
  // hand-over needs a fresh sign-in in X-Reauth, which the matrix does not send (403 REAUTH_REQUIRED).
  ['GET', '/api/staff', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  [
    'PUT',
    '/api/staff/{owner}/roles',
    [401, 401, 401, 401, 401, 401, 403, 403, 200, 401],
    { roles: ['support'], expectedRoles: [] },
  ],
  ['POST', '/api/staff/owner', [401, 401, 401, 401, 401, 401, 403, 403, 403, 401], { email: '{owner}' }],
  // The checkout works on the caller's own cart (empty here: a preview of nothing, a 400 to place it).
  ['POST', '/api/checkout/preview', [401, 401, 401, 401, 401, 401, 200, 200, 200, 401], CHECKOUT],
  ['POST', '/api/checkout', [401, 401, 401, 401, 401, 401, 400, 400, 400, 401], { ...CHECKOUT, expectedTotal: 0 }],
  // Orders: only for yourself (the body names other-customer@example.com, so only that caller may place it).
  [
    'POST',
    '/api/booking',
    [401, 401, 401, 401, 401, 401, 201, 403, 403, 401],
    {
      serviceId: 'heat-gun',
      quantity: 60,
      phone: '01712345678',
      address: 'Matrix Road 1, Dhaka',
      customer: 'other-customer@example.com',
    },
  ],
  ['GET', '/api/booking?customer={owner}', [401, 401, 401, 401, 401, 401, 403, 200, 200, 401]],
  // Without `customer`: the order desk, orders.read, checked before the query (so a bad one is a 403 to a
  // customer). A customer's own list reads the account with the orders, after the query: a 400 first.
  ['GET', '/api/booking', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  ['GET', '/api/booking?status=lost', [401, 401, 401, 401, 401, 401, 403, 403, 400, 401]],
  ['GET', '/api/booking?customer={owner}&status=lost', [401, 401, 401, 401, 401, 400, 400, 400, 400, 401]],
  // {order} is an unpaid order of the owner's; someone else's order answers 404, not 403.
  ['GET', '/api/booking/{order}', [401, 401, 401, 401, 401, 401, 404, 200, 200, 401]],
  [
    'PATCH',
    '/api/booking/{order}',
    [401, 401, 401, 401, 401, 401, 404, 400, 400, 401],
    { transactionId: 'pi_sim_madeup' },
  ],
  ['POST', '/api/booking/{order}/cancel', [401, 401, 401, 401, 401, 401, 404, 200, 200, 401]],
  // The order desk's moves: admins only; {order} is unpaid, so the admin passes the guard to a 409.
  ['POST', '/api/booking/{order}/status', [401, 401, 401, 401, 401, 401, 403, 403, 409, 401], { status: 'processing' }],
  ['POST', '/api/booking/{order}/refund', [401, 401, 401, 401, 401, 401, 403, 403, 409, 401], { reason: 'Matrix' }],
  // Recording a bank transfer: admins only; {order} is a card order, so the admin gets 409 WRONG_PAYMENT_METHOD.
  [
    'POST',
    '/api/booking/{order}/payment',
    [401, 401, 401, 401, 401, 401, 403, 403, 409, 401],
    { reference: 'FT-MATRIX', amount: 1 },
  ],
  // The receipt: owner or admin; an unpaid order has none yet (409).
  ['GET', '/api/booking/{order}/invoice', [401, 401, 401, 401, 401, 401, 404, 409, 409, 401]],
  // The cart: any signed-in user's own (no verified e-mail needed). Quantity 0 of a real tool takes it out.
  ['GET', '/api/cart', [401, 401, 401, 401, 401, 401, 200, 200, 200, 401]],
  ['PUT', '/api/cart/{tool}', [401, 401, 401, 401, 401, 401, 200, 200, 200, 401], { quantity: 0 }],
  ['DELETE', '/api/cart/{tool}', [401, 401, 401, 401, 401, 401, 200, 200, 200, 401]],
  ['POST', '/api/cart/merge', [401, 401, 401, 401, 401, 401, 200, 200, 200, 401], { lines: [] }],
  // The credit note: owner or admin; an unpaid order was never refunded, so it has none (404).
  ['GET', '/api/booking/{order}/credit-note', [401, 401, 401, 401, 401, 401, 404, 404, 404, 401]],
  ['GET', '/api/admin/summary', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  // The VAT register, JSON or CSV: admins only; the guard comes before the month is read.
  ['GET', '/api/admin/vat?month=2026-11', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  ['GET', '/api/admin/vat?month=2026-11&format=csv', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  ['GET', '/api/admin/vat?month=2026-13', [401, 401, 401, 401, 401, 401, 403, 403, 400, 401]],
  ['GET', '/api/audit', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  ['GET', '/api/outbox', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  ['GET', '/api/outbox/deliveries', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  // The shop's settings: anyone reads them; admins change them (the body is the default, so nothing changes).
  ['GET', '/api/settings', [200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  [
    'PATCH',
    '/api/settings',
    [401, 401, 401, 401, 401, 401, 403, 403, 200, 401],
    { cod: { enabled: false, maxTotal: 20_000 } },
  ],
  // Payments: unknown orders and client secrets are 404 to every signed-in caller (owners are covered in payments.test.ts).
  [
    'POST',
    '/api/create-payment-intent',
    [401, 401, 401, 401, 401, 401, 404, 404, 404, 401],
    { bookingId: 'no-such-order' },
  ],
  [
    'POST',
    '/api/payments/simulated/confirm',
    [401, 401, 401, 401, 401, 401, 404, 404, 404, 401],
    {
      clientSecret: 'pi_sim_none_secret_none',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
  ],
  // Quotes: a verified user asks; the owner or an admin reads, writes and declines; an admin offers
  // (the matrix's offer is invalid: past the guard, a 400); only the owner accepts (a requested
  // quote: 409), an admin who is not the owner is refused.
  [
    'POST',
    '/api/quotes',
    [401, 401, 401, 401, 401, 401, 201, 201, 201, 401],
    { lines: [{ serviceId: '{tool}', quantity: 1_000_000 }] },
  ],
  ['GET', '/api/quotes?customer={owner}', [401, 401, 401, 401, 401, 401, 403, 200, 200, 401]],
  ['GET', '/api/quotes', [401, 401, 401, 401, 401, 401, 403, 403, 200, 401]],
  ['GET', '/api/quotes/{quote}', [401, 401, 401, 401, 401, 401, 404, 200, 200, 401]],
  [
    'POST',
    '/api/quotes/{quote}/offer',
    [401, 401, 401, 401, 401, 401, 403, 403, 400, 401],
    { lines: [], deliveryFee: 0, validUntil: 'soon' },
  ],
  ['GET', '/api/quotes/{quote}/messages', [401, 401, 401, 401, 401, 401, 404, 200, 200, 401]],
  ['POST', '/api/quotes/{quote}/messages', [401, 401, 401, 401, 401, 401, 404, 200, 200, 401], { text: 'Matrix' }],
  [
    'POST',
    '/api/quotes/{quote}/accept',
    [401, 401, 401, 401, 401, 401, 404, 409, 403, 401],
    { ...CHECKOUT, expectedTotal: 0 },
  ],
  ['POST', '/api/quotes/{quote}/decline', [401, 401, 401, 401, 401, 401, 404, 200, 200, 401], {}],
  // Authenticated by Stripe's signature, never a bearer token; without STRIPE_WEBHOOK_SECRET (tests) it is off.
  ['POST', '/api/stripe/webhook', [503, 503, 503, 503, 503, 503, 503, 503, 503, 503]],
  // SSLCommerz posts these, never with a bearer token: the return route marks nothing (a 303 for anyone),
  // and the IPN believes only the gateway's validation API (an empty one is a 400 for anyone).
  ['POST', '/api/sslcommerz/return/{order}', [303, 303, 303, 303, 303, 303, 303, 303, 303, 303]],
  ['POST', '/api/sslcommerz/ipn', [400, 400, 400, 400, 400, 400, 400, 400, 400, 400], {}],
]

/** A route's path as the app registers it (`/api/user/:email`) as a pattern for concrete paths. */
const routePattern = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  )

/** Every route the app registers, method and path, in the order the router tries them. */
const ROUTES = [
  ...new Map(
    app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path, pattern: routePattern(r.path) }]),
  ).values(),
]

/** The registered route a matrix row reaches: the first that matches, as in the router (summary before /admin/:email). */
function routeOf([method, pathTemplate]: Row) {
  const path = pathTemplate.split('?')[0]!.replace(/\{\w+\}/g, 'placeholder')
  return ROUTES.find((r) => r.method === method && r.pattern.test(path))
}

describe('the matrix itself', () => {
  it('has a row for every route the app registers (a new route needs one)', () => {
    const covered = new Set(MATRIX.map(routeOf).filter((r) => r !== undefined))
    const missing = ROUTES.filter((r) => !covered.has(r)).map((r) => `${r.method} ${r.path}`)
    expect(missing).toEqual([])
    expect(ROUTES.length).toBeGreaterThan(30)
  })

  it('has no row for a route the app does not have', () => {
    const stray = MATRIX.filter((row) => !routeOf(row)).map(([method, path]) => `${method} ${path}`)
    expect(stray).toEqual([])
  })
})

let adminToken: string
let otherToken: string
let removedToken: string
let toolId: string
let imageKey: string
let cellCount = 0
/** A tool with stock enough for an order in every cell. */
let orderTool: ToolFixture

beforeAll(async () => {
  await seedDemo()
  const tool = (await json<Tool[]>(await call('GET', '/api/service?limit=1')))[0]!
  toolId = tool._id
  orderTool = await makeTool({ quantity: 1_000_000, min: 1 })
  imageKey = tool.img.split('/').pop()!
  adminToken = await signIn('admin@example.com')
  otherToken = await signIn('other-customer@example.com')
  removedToken = await signIn('removed@example.com')
  const removal = await call('DELETE', '/api/user/removed@example.com', { as: adminToken })
  expect(removal.status).toBe(200)
})

async function tokenOf(principal: Principal, owner: string): Promise<string | undefined> {
  switch (principal) {
    case 'anonymous':
      return undefined
    case 'malformed':
      return 'not-a-jwt'
    case 'expired':
      return accessTokenFor(owner, { variant: 'expired' })
    case 'badSignature':
      return accessTokenFor(owner, { variant: 'wrongSecret' })
    case 'algNone':
      return accessTokenFor(owner, { variant: 'algNone' })
    case 'removedUser':
      return removedToken
    case 'otherCustomer':
      return otherToken
    case 'self':
      return signIn(owner)
    case 'admin':
      return adminToken
    case 'firebaseIdToken':
      return emulatorIdToken({ email: owner })
  }
}

async function placeholdersFor(owner: string, pathTemplate: string): Promise<Record<string, string>> {
  const values: Record<string, string> = { owner, tool: toolId, imageKey }
  if (pathTemplate.includes('{order}')) {
    const order = {
      serviceId: orderTool.id,
      quantity: 1,
      phone: '01712345678',
      address: 'Matrix Road 1, Dhaka',
      customer: owner,
    }
    const res = await call('POST', '/api/booking', { as: await accessTokenFor(owner), body: order })
    expect(res.status, 'placing the {order} of the owner').toBe(201)
    values.order = (await json<{ insertedId: string }>(res)).insertedId
  }
  if (pathTemplate.includes('{quote}')) {
    const lines = [{ serviceId: toolId, quantity: 1_000_000 }]
    const res = await call('POST', '/api/quotes', { as: await accessTokenFor(owner), body: { lines } })
    expect(res.status, 'asking for the {quote} of the owner').toBe(201)
    values.quote = (await json<{ insertedId: string }>(res)).insertedId
  }
  return values
}

describe.each(MATRIX)('%s %s', (method, pathTemplate, expected, body) => {
  it.each(PRINCIPALS.map((principal, i) => [principal, expected[i]!] as const))(
    'as %s → %i',
    async (principal, status) => {
      const n = ++cellCount
      // A fresh owner per cell: rows that remove or promote the owner do not affect others.
      const owner = `owner-${n}@example.com`
      await signIn(owner)
      const values = await placeholdersFor(owner, pathTemplate)
      const path = pathTemplate.replace(/\{(\w+)\}/g, (_, key: string) => {
        if (!(key in values)) throw new Error(`No placeholder {${key}}: add it to placeholdersFor()`)
        return values[key]!
      })
      const token = await tokenOf(principal, owner)
      const res = await call(method, path, {
        as: token,
        // Placeholders in a body too (a tool's id).
        body:
          body === undefined
            ? undefined
            : JSON.parse(JSON.stringify(body).replace(/\{(\w+)\}/g, (m, key: string) => values[key] ?? m)),
        headers: { 'CF-Connecting-IP': `198.51.100.${n % 250}`, 'X-Matrix-Cell': String(n) },
      })
      expect(res.status, `${method} ${path} as ${principal}`).toBe(status)
      if (status === 401 || status === 403) {
        const error = await errorOf(res)
        // The hand-over without a fresh sign-in is the one 403 of its own code.
        const code = path === '/api/staff/owner' && principal === 'admin' ? 'REAUTH_REQUIRED' : 'FORBIDDEN'
        expect(error.code).toBe(status === 401 ? 'UNAUTHENTICATED' : code)
        expect(error.message).toBeTruthy()
      }
    },
  )
})

describe('a production configuration', () => {
  const production = { ...PRODUCTION, ACCESS_TOKEN_SECRET: 'a-production-secret-of-at-least-32-characters' }

  it('refuses the emulator’s unsigned ID tokens with 401', async () => {
    const res = await call('PUT', '/api/user/prod@example.com', {
      as: emulatorIdToken({ email: 'prod@example.com' }),
      body: { email: 'prod@example.com' },
      env: production,
    })
    expect(res.status).toBe(401)
    const error = await errorOf(res)
    expect(error.code).toBe('UNAUTHENTICATED')
    expect(error.message).toMatch(/not signed/)
    const nobody = await call('GET', '/api/user/prod@example.com', { as: adminToken })
    expect(nobody.status).toBe(404)
  })

  it('refuses them too in development without the emulator configured', async () => {
    const dev = { ENVIRONMENT: 'development', FIREBASE_AUTH_EMULATOR_HOST: '' }
    const res = await call('PUT', '/api/user/dev@example.com', {
      as: emulatorIdToken({ email: 'dev@example.com' }),
      body: {},
      env: dev,
    })
    expect(res.status).toBe(401)
  })

  it('has no bench baseline route', async () => {
    const res = await call('GET', '/api/bench/baseline', { env: production })
    expect(res.status).toBe(404)
    expect((await errorOf(res)).code).toBe('NOT_FOUND')
  })

  it('does not take access tokens signed with another secret (the test one)', async () => {
    const res = await call('GET', '/api/user/admin@example.com', { as: adminToken, env: production })
    expect(res.status).toBe(401)
  })
})

describe('real RS256 Firebase ID tokens (fake Google key server)', () => {
  const put = async (email: string, token: string, overrides: Bindings = {}) =>
    call('PUT', `/api/user/${email}`, { as: token, body: { email }, env: fakeGoogle(overrides) })

  it('accepts a token signed with a published key, also without the emulator configured', async () => {
    const res = await put('signed@example.com', await signedIdToken({ email: 'signed@example.com' }))
    expect(res.status).toBe(200)
    const [profile, accessToken] = await json<[UserProfile, string]>(res)
    expect(profile).toMatchObject({ email: 'signed@example.com', role: 'user' })
    expect((await call('GET', '/api/user/signed@example.com', { as: accessToken })).status).toBe(200)

    const dev = { ENVIRONMENT: 'development', FIREBASE_AUTH_EMULATOR_HOST: '' }
    expect((await put('signed@example.com', await signedIdToken({ email: 'signed@example.com' }), dev)).status).toBe(
      200,
    )
  })

  it.each([
    ['another audience', { aud: 'someone-elses-project' }, 401],
    ['another issuer', { iss: 'https://securetoken.google.com/someone-elses-project' }, 401],
    [
      'an expiry in the past',
      { exp: Math.floor(Date.now() / 1000) - 5, iat: Math.floor(Date.now() / 1000) - 3605 },
      401,
    ],
    [
      'an issue time in the future',
      { iat: Math.floor(Date.now() / 1000) + 3600, exp: Math.floor(Date.now() / 1000) + 7200 },
      401,
    ],
    ['an empty subject', { sub: '' }, 401],
    ['another e-mail than the path’s', { email: 'someone-else@example.com' }, 403],
  ])('refuses a token with %s', async (_, claims, status) => {
    const token = await signedIdToken({ email: 'refused@example.com', ...claims })
    const res = await put('refused@example.com', token)
    expect(res.status).toBe(status)
    expect((await call('GET', '/api/user/refused@example.com', { as: adminToken })).status).toBe(404)
  })

  it('refuses a token signed with a key Google does not publish, or an unknown kid', async () => {
    expect(
      (await put('forged@example.com', await signedIdToken({ email: 'forged@example.com' }, { key: 'other' }))).status,
    ).toBe(401)
    expect(
      (await put('forged@example.com', await signedIdToken({ email: 'forged@example.com' }, { kid: 'unknown-kid' })))
        .status,
    ).toBe(401)
  })

  it('is not an access token: other routes refuse it', async () => {
    const token = await signedIdToken({ email: 'signed@example.com' })
    const res = await call('GET', '/api/user/signed@example.com', { as: token, env: fakeGoogle() })
    expect(res.status).toBe(401)
  })
})

describe('roles', () => {
  it('ignores role: "admin" in the profile body, at sign-in and when updating', async () => {
    const atSignIn = await call('PUT', '/api/user/wannabe@example.com', {
      as: emulatorIdToken({ email: 'wannabe@example.com' }),
      body: { email: 'wannabe@example.com', role: 'admin' },
    })
    const [profile, token] = await json<[UserProfile, string]>(atSignIn)
    expect(profile.role).toBe('user')
    const update = await call('PUT', '/api/user/wannabe@example.com', {
      as: token,
      body: { role: 'admin', name: 'Wannabe' },
    })
    expect(update.status).toBe(200)
    expect((await json<[UserProfile, string]>(update))[0]).toMatchObject({ role: 'user', name: 'Wannabe' })
    expect(await json(await call('GET', '/api/admin/wannabe@example.com', { as: token }))).toMatchObject({
      admin: false,
    })
    expect((await call('GET', '/api/user', { as: token })).status).toBe(403)
  })

  it('does not make a twin user from an upper-case e-mail', async () => {
    const lower = await signInFull('twin@example.com')
    const upper = await call('PUT', '/api/user/Twin@Example.COM', {
      as: emulatorIdToken({ email: 'TWIN@EXAMPLE.COM' }),
      body: { email: 'TWIN@example.com' },
    })
    expect(upper.status).toBe(200)
    const [profile] = await json<[UserProfile, string]>(upper)
    expect(profile._id).toBe(lower.profile._id)
    expect(profile.email).toBe('twin@example.com')
    const all = await json<UserProfile[]>(await call('GET', '/api/user?q=twin', { as: adminToken }))
    expect(all.filter((u) => u.email.toLowerCase() === 'twin@example.com')).toHaveLength(1)
  })

  it('makes admin@example.com (in ADMIN_EMAILS) the owner at sign-in, and nobody else', async () => {
    const admin = await signInFull('admin@example.com')
    expect(admin.profile.role).toBe('admin')
    expect(await json(await call('GET', '/api/admin/admin@example.com', { as: admin.accessToken }))).toMatchObject({
      admin: true,
      roles: ['owner'],
    })
    const customer = await signInFull('customer@example.com')
    expect(customer.profile.role).toBe('user')
  })

  it('lets a promotion take effect at once for a token issued before it', async () => {
    const token = await signIn('rising@example.com')
    expect((await call('GET', '/api/user', { as: token })).status).toBe(403)
    expect((await call('PUT', '/api/user/admin/rising@example.com', { as: adminToken })).status).toBe(200)
    expect((await call('GET', '/api/user', { as: token })).status).toBe(200)
    expect(await json(await call('GET', '/api/admin/rising@example.com', { as: token }))).toEqual({
      admin: true,
      roles: ['manager'],
      permissions: expect.not.arrayContaining(['settings.bank']),
    })
  })

  it('answers 401 to a removed user’s token at once, everywhere', async () => {
    const token = await signIn('gone@example.com')
    expect((await call('GET', '/api/user/gone@example.com', { as: token })).status).toBe(200)
    expect((await call('DELETE', '/api/user/gone@example.com', { as: adminToken })).status).toBe(200)
    for (const [method, path] of [
      ['GET', '/api/user/gone@example.com'],
      ['GET', '/api/admin/gone@example.com'],
      ['PUT', '/api/user/gone@example.com'],
    ] as const) {
      const res = await call(method, path, { as: token, ...(method === 'PUT' ? { body: { name: 'Back' } } : {}) })
      expect(res.status, `${method} ${path}`).toBe(401)
    }
    // Removal blocks: signing in again with Firebase gets no session…
    const again = await call('PUT', '/api/user/gone@example.com', {
      as: emulatorIdToken({ email: 'gone@example.com' }),
      body: { email: 'gone@example.com' },
    })
    expect(again.status).toBe(403)
    expect(await errorOf(again)).toEqual({
      code: 'ACCOUNT_REMOVED',
      message: 'This account has been removed. Contact us if you think this is a mistake.',
    })
    // …and the old token stays dead after a restore; a new sign-in gets the same account back.
    const before = (
      await json<UserProfile[]>(await call('GET', '/api/user?removed=1&q=gone', { as: adminToken }))
    ).find((u) => u.email === 'gone@example.com')
    expect(before?.removedAt).toMatch(/^\d{4}-/)
    expect((await call('POST', '/api/user/gone@example.com/restore', { as: adminToken })).status).toBe(200)
    expect((await call('GET', '/api/user/gone@example.com', { as: token })).status).toBe(401)
    const back = await signInFull('gone@example.com')
    expect(back.profile._id).toBe(before?._id)
  })
})
