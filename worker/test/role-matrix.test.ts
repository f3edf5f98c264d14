/**
 * The staff matrix: every route whose Auth is a permission, `self` or `customer` × every role and a
 * customer, written out from contract/operations.md's tables ("Who may call the routes that exist",
 * "Routes", "How a refusal reads") and its Permissions table (./contract-permissions.ts), not read
 * from the code under test. authorization.test.ts keeps the matrix of tokens (anonymous, expired,
 * forged, removed…) over every route.
 *
 * A cell passes the guard when its status is the row's `ok` (the same for every caller allowed);
 * a refusal is the contract's: 403 FORBIDDEN "This needs the {permission} permission (roles: …)."
 * for a missing permission, 404 "No such …" for someone else's record to a caller who may not
 * read it.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Settings } from '#schemas/settings.ts'
import type { Tool } from '#schemas/tool.ts'
import { holds, needsMessage } from './contract-permissions'
import { call, errorOf, json, type Method, seedDemo } from './helpers'
import { makeTool } from './order-fixtures'
import { signIn } from './tokens'

const CALLERS = ['owner', 'manager', 'orders', 'catalogue', 'finance', 'support', 'customer'] as const
type Caller = (typeof CALLERS)[number]

/** Who may call a route, in the contract's words. */
type Rule =
  /** Staff holding the permission. */
  | { need: string; ownerOnly?: string }
  /** Any staff member (the overview). */
  | { staff: true }
  /** The account whose e-mail is in the path or query (never a caller here), or the permission. */
  | { self: string }
  /** The record's own customer (never a caller here), or staff holding `read`; `act` to do more than read. */
  | { read: string; act?: string; notFound: string }
  /** The owner alone, and not a permission (the hand-over). */
  | { owner: string; ownerGets: number }

type Row = {
  method: Method
  /** {target}: a customer's e-mail; {order}, {quote}: that customer's; {tool}; {n}: the cell's number. */
  path: string
  rule: Rule
  /** The status of every caller the rule lets through. */
  ok: number
  /** The JSON body, its placeholders filled; or made from the placeholders' values. */
  body?: unknown | ((values: Record<string, string>) => unknown)
  /** A target of its own per cell (the row changes it). */
  fresh?: boolean
}

const CHECKOUT = {
  delivery: {
    method: 'courier',
    address: { name: 'Matrix', phone: '01712345678', line1: 'Matrix Road 1', district: 'Dhaka' },
  },
  paymentMethod: 'card',
}

const ROWS: Row[] = [
  // Accounts.
  { method: 'GET', path: '/api/user', rule: { need: 'customers.read' }, ok: 200 },
  { method: 'GET', path: '/api/user/{target}', rule: { self: 'customers.read' }, ok: 200 },
  {
    method: 'PUT',
    path: '/api/user/{target}',
    rule: { self: 'customers.manage' },
    ok: 200,
    body: { address: 'Desk 1' },
  },
  { method: 'GET', path: '/api/admin/{target}', rule: { self: 'customers.read' }, ok: 200 },
  {
    method: 'PUT',
    path: '/api/user/admin/{target}',
    rule: { need: 'staff.manage', ownerOnly: 'Only the owner can make a manager.' },
    ok: 200,
    fresh: true,
  },
  // A customer's removal needs customers.manage (the route lets staff.manage in too; every holder of it has both).
  { method: 'DELETE', path: '/api/user/{target}', rule: { need: 'customers.manage' }, ok: 200, fresh: true },
  { method: 'POST', path: '/api/user/{target}/restore', rule: { need: 'customers.manage' }, ok: 200 },
  // The catalogue.
  {
    method: 'POST',
    path: '/api/service',
    rule: { need: 'catalogue.edit' },
    ok: 201,
    body: {
      name: 'Matrix {n}',
      price: 10,
      quantity: 5,
      Minimum_quantity: 1,
      description: 'Role matrix.',
      img: 'https://example.com/m.png',
    },
  },
  {
    method: 'PATCH',
    path: '/api/service/{tool}',
    rule: { need: 'catalogue.edit' },
    ok: 200,
    body: { name: 'Role Matrix Tool' },
  },
  // The stock field is the store's (stock.adjust); the figure sent is the one stored, so nothing changes.
  {
    method: 'PATCH',
    path: '/api/service/{tool}',
    rule: { need: 'stock.adjust' },
    ok: 200,
    body: { quantity: 500, previousQuantity: 500 },
  },
  { method: 'DELETE', path: '/api/service/no-such-tool', rule: { need: 'catalogue.edit' }, ok: 404 },
  { method: 'GET', path: '/api/service/{tool}/orders', rule: { need: 'catalogue.edit' }, ok: 200 },
  { method: 'POST', path: '/api/category', rule: { need: 'catalogue.edit' }, ok: 201, body: { name: 'Matrix {n}' } },
  {
    method: 'PATCH',
    path: '/api/category/cat-saws',
    rule: { need: 'catalogue.edit' },
    ok: 200,
    body: { name: 'Saws' },
  },
  { method: 'DELETE', path: '/api/category/no-such-category', rule: { need: 'catalogue.edit' }, ok: 404 },
  // Reviews.
  { method: 'DELETE', path: '/api/review/no-such-review', rule: { need: 'reviews.moderate' }, ok: 404 },
  { method: 'DELETE', path: '/api/service/{tool}/reviews/no-such-review', rule: { need: 'reviews.moderate' }, ok: 404 },
  { method: 'GET', path: '/api/tool-reviews', rule: { need: 'reviews.moderate' }, ok: 200 },
  // Orders: the desk, and a customer's unpaid card order ({order}).
  { method: 'GET', path: '/api/booking', rule: { need: 'orders.read' }, ok: 200 },
  // The desk's permission comes before its query is read.
  { method: 'GET', path: '/api/booking?status=lost', rule: { need: 'orders.read' }, ok: 400 },
  { method: 'GET', path: '/api/booking?customer={target}', rule: { self: 'orders.read' }, ok: 200 },
  { method: 'GET', path: '/api/booking/{order}', rule: { read: 'orders.read', notFound: 'No such order.' }, ok: 200 },
  {
    method: 'GET',
    path: '/api/booking/{order}/invoice',
    rule: { read: 'orders.read', notFound: 'No such order.' },
    ok: 409,
  },
  {
    method: 'GET',
    path: '/api/booking/{order}/credit-note',
    rule: { read: 'orders.read', notFound: 'No such order.' },
    ok: 404,
  },
  {
    method: 'POST',
    path: '/api/booking/{order}/cancel',
    rule: { read: 'orders.read', act: 'orders.fulfil', notFound: 'No such order.' },
    ok: 200,
    fresh: true,
  },
  {
    method: 'PATCH',
    path: '/api/booking/{order}',
    rule: { read: 'orders.read', act: 'payments.record', notFound: 'No such order.' },
    ok: 400,
    body: { transactionId: 'pi_sim_madeup' },
  },
  {
    method: 'POST',
    path: '/api/booking/{order}/status',
    rule: { need: 'orders.fulfil' },
    ok: 409,
    body: { status: 'processing' },
  },
  {
    method: 'POST',
    path: '/api/booking/{order}/payment',
    rule: { need: 'payments.record' },
    ok: 409,
    body: { reference: 'FT-MATRIX', amount: 1 },
  },
  {
    method: 'POST',
    path: '/api/booking/{order}/refund',
    rule: { need: 'refunds.issue' },
    ok: 409,
    body: { reason: 'Matrix' },
  },
  // The desk's other pages.
  { method: 'GET', path: '/api/admin/summary', rule: { staff: true }, ok: 200 },
  { method: 'GET', path: '/api/audit', rule: { need: 'audit.read' }, ok: 200 },
  { method: 'GET', path: '/api/outbox', rule: { need: 'settings.manage' }, ok: 200 },
  { method: 'GET', path: '/api/outbox/deliveries', rule: { need: 'settings.manage' }, ok: 200 },
  { method: 'GET', path: '/api/contact', rule: { need: 'messages.read' }, ok: 200 },
  {
    method: 'PATCH',
    path: '/api/settings',
    rule: { need: 'settings.manage' },
    ok: 200,
    body: { cod: { enabled: false, maxTotal: 20_000 } },
  },
  // Where customers send money: the owner's alone ({bank}: the section as stored, so nothing changes).
  {
    method: 'PATCH',
    path: '/api/settings',
    rule: { need: 'settings.bank' },
    ok: 200,
    body: (v: Record<string, string>) => ({ bank: JSON.parse(v.bank!) }),
  },
  { method: 'GET', path: '/api/admin/vat?month=2026-11', rule: { need: 'vat.read' }, ok: 200 },
  { method: 'GET', path: '/api/admin/vat?month=2026-13', rule: { need: 'vat.read' }, ok: 400 },
  // Quotes: the desk, and a customer's requested quote ({quote}).
  { method: 'GET', path: '/api/quotes', rule: { need: 'quotes.manage' }, ok: 200 },
  { method: 'GET', path: '/api/quotes?customer={target}', rule: { self: 'quotes.manage' }, ok: 200 },
  { method: 'GET', path: '/api/quotes/{quote}', rule: { read: 'quotes.manage', notFound: 'No such quote.' }, ok: 200 },
  {
    method: 'GET',
    path: '/api/quotes/{quote}/messages',
    rule: { read: 'quotes.manage', notFound: 'No such quote.' },
    ok: 200,
  },
  {
    method: 'POST',
    path: '/api/quotes/{quote}/messages',
    rule: { read: 'quotes.manage', notFound: 'No such quote.' },
    ok: 200,
    body: { text: 'From the desk.' },
  },
  {
    method: 'POST',
    path: '/api/quotes/{quote}/decline',
    rule: { read: 'quotes.manage', notFound: 'No such quote.' },
    ok: 200,
    body: {},
    fresh: true,
  },
  {
    method: 'POST',
    path: '/api/quotes/{quote}/offer',
    rule: { need: 'quotes.manage' },
    ok: 400,
    body: { lines: [], deliveryFee: 0, validUntil: 'soon' },
  },
  // Accepting stays the customer's own: staff of the desk are told so, anyone else does not see it.
  // (Not a permission row: see the test below.)
  // Staff.
  { method: 'GET', path: '/api/staff', rule: { need: 'staff.manage' }, ok: 200 },
  {
    method: 'PUT',
    path: '/api/staff/{target}/roles',
    rule: { need: 'staff.manage' },
    ok: 200,
    body: { roles: ['support'], expectedRoles: [] },
    fresh: true,
  },
  {
    method: 'POST',
    path: '/api/staff/owner',
    rule: { owner: 'Only the owner can hand over the shop.', ownerGets: 403 },
    ok: 403,
    body: { email: '{target}' },
  },
]

const tokens = {} as Record<Caller, string>
let shared: Record<string, string>
let toolId: string
let orderToolId: string
let cell = 0

/** A customer with an unpaid card order and a requested quote: the records of the rows. */
async function customerWithRecords(email: string): Promise<Record<string, string>> {
  const token = await signIn(email)
  const order = await call('POST', '/api/booking', {
    as: token,
    body: {
      serviceId: orderToolId,
      quantity: 1,
      phone: '01712345678',
      address: 'Matrix Road 1, Dhaka',
      customer: email,
    },
  })
  expect(order.status, 'placing the customer’s order').toBe(201)
  const quote = await call('POST', '/api/quotes', {
    as: token,
    body: { lines: [{ serviceId: toolId, quantity: 1_000_000 }] },
  })
  expect(quote.status, 'asking for the customer’s quote').toBe(201)
  return {
    target: email,
    order: (await json<{ insertedId: string }>(order)).insertedId,
    quote: (await json<{ insertedId: string }>(quote)).insertedId,
  }
}

beforeAll(async () => {
  await seedDemo()
  toolId = (await makeTool({ quantity: 500, min: 1 })).id
  orderToolId = (await makeTool({ quantity: 1_000_000, min: 1 })).id
  tokens.owner = await signIn('admin@example.com')
  for (const role of ['manager', 'orders', 'catalogue', 'finance', 'support'] as const) {
    const email = `staff-${role}@example.com`
    tokens[role] = await signIn(email)
    const res = await call('PUT', `/api/staff/${email}/roles`, {
      as: tokens.owner,
      body: { roles: [role], expectedRoles: [] },
    })
    expect(res.status, `giving ${email} the role ${role}`).toBe(200)
  }
  tokens.customer = await signIn('matrix-customer@example.com')
  shared = await customerWithRecords('matrix-target@example.com')
  const settings = await json<Settings>(await call('GET', '/api/settings'))
  shared.bank = JSON.stringify(settings.bank)
})

/** What `caller` gets from `rule`: the row's `ok`, or the refusal's status and message. */
function expected(rule: Rule, row: Row, caller: Caller): { status: number; message?: string; code?: string } {
  const ok = { status: row.ok }
  if ('staff' in rule) return caller === 'customer' ? { status: 403, code: 'FORBIDDEN' } : ok
  if ('owner' in rule)
    return caller === 'owner'
      ? { status: rule.ownerGets, code: 'REAUTH_REQUIRED' }
      : { status: 403, message: rule.owner }
  if ('need' in rule) {
    if (!holds(caller, rule.need)) return { status: 403, message: needsMessage(rule.need) }
    if (rule.ownerOnly && caller !== 'owner') return { status: 403, message: rule.ownerOnly }
    return ok
  }
  if ('self' in rule) {
    if (holds(caller, rule.self)) return ok
    // A customer hears that the account is someone else's; staff, which permission it takes.
    return caller === 'customer'
      ? { status: 403, code: 'FORBIDDEN' }
      : { status: 403, message: needsMessage(rule.self) }
  }
  if (!holds(caller, rule.read)) return { status: 404, message: rule.notFound }
  if (rule.act && !holds(caller, rule.act)) return { status: 403, message: needsMessage(rule.act) }
  return ok
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (m, key: string) => values[key] ?? m)

describe.each(
  ROWS.map(
    (row) =>
      [
        `${row.method} ${row.path}${row.body ? ` ${JSON.stringify(row.body) ?? '(from the settings)'}` : ''}`,
        row,
      ] as const,
  ),
)('%s', (_, row) => {
  it.each(CALLERS)('as %s', async (caller) => {
    const n = ++cell
    const values = {
      ...shared,
      ...(row.fresh ? await customerWithRecords(`fresh-${n}@example.com`) : {}),
      tool: toolId,
      n: String(n),
    }
    const body =
      typeof row.body === 'function'
        ? row.body(values)
        : row.body === undefined
          ? undefined
          : JSON.parse(fill(JSON.stringify(row.body), values))
    const res = await call(row.method, fill(row.path, values), {
      as: tokens[caller],
      body,
      headers: { 'CF-Connecting-IP': `203.0.113.${n % 250}` },
    })
    const want = expected(row.rule, row, caller)
    expect(res.status, `${row.method} ${row.path} as ${caller}`).toBe(want.status)
    if (want.message !== undefined || want.code !== undefined) {
      const error = await errorOf(res)
      if (want.message !== undefined) expect(error.message).toBe(want.message)
      expect(error.code).toBe(want.code ?? (want.status === 404 ? 'NOT_FOUND' : 'FORBIDDEN'))
    }
  })
})

describe('what the matrix cannot show', () => {
  it('lets only a quote’s customer accept it: the desk hears so, anyone else gets 404', async () => {
    const body = { ...CHECKOUT, expectedTotal: 0 }
    const path = `/api/quotes/${shared.quote}/accept`
    const desk = await call('POST', path, { as: tokens.orders, body })
    expect(desk.status).toBe(403)
    expect((await errorOf(desk)).message).toBe('Only the customer who asked for this quote can accept it.')
    expect((await call('POST', path, { as: tokens.catalogue, body })).status).toBe(404)
  })

  it('gives the overview only the parts of the caller’s permissions', async () => {
    const parts = async (caller: Caller) =>
      Object.entries(
        await json<Record<string, unknown>>(await call('GET', '/api/admin/summary', { as: tokens[caller] })),
      )
        .filter(([, v]) => v !== null)
        .map(([k]) => k)
        .sort()
    expect(await parts('owner')).toEqual(['codToCollect', 'lowStock', 'orders', 'quotes', 'revenue'])
    expect(await parts('catalogue')).toEqual(['lowStock'])
    expect(await parts('support')).toEqual(['orders'])
    expect(await parts('orders')).toEqual(['lowStock', 'orders', 'quotes'])
    expect(await parts('finance')).toEqual(['codToCollect', 'lowStock', 'orders', 'revenue'])
  })

  it('refuses before the body is read: a bad body is still the 403, nothing stored', async () => {
    const audited = async () => (await env.DB.prepare('select count(*) as n from audit_log').first<{ n: number }>())?.n
    const before = await audited()
    const res = await call('POST', '/api/service', { as: tokens.support, body: { name: '' } })
    expect(res.status).toBe(403)
    const settings = await call('PATCH', '/api/settings', { as: tokens.manager, body: { bank: { bankName: 42 } } })
    expect(settings.status).toBe(403)
    expect((await errorOf(settings)).message).toBe(needsMessage('settings.bank'))
    expect(await audited()).toBe(before)
  })

  it('reads each tool’s stock as the store’s: a body with both kinds of field needs both permissions', async () => {
    const tool = await json<Tool>(await call('GET', `/api/service/${toolId}`))
    const both = { name: 'Renamed', quantity: tool.quantity, previousQuantity: tool.quantity }
    for (const caller of ['orders', 'support', 'finance'] as const) {
      const res = await call('PATCH', `/api/service/${toolId}`, { as: tokens[caller], body: both })
      expect((await errorOf(res)).message, caller).toBe(needsMessage('catalogue.edit'))
    }
    expect((await call('PATCH', `/api/service/${toolId}`, { as: tokens.catalogue, body: both })).status).toBe(200)
    expect((await call('PATCH', `/api/service/${toolId}`, { as: tokens.manager, body: both })).status).toBe(200)
  })
})
