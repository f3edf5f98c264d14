/**
 * The quote lifecycle table (schemas/quote-status.ts): every state a quote can be stored in, every
 * move and every actor, answered by the one check (quoteMove), by the guard of the move's UPDATE,
 * and by the API, all as the table says.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { QUOTE_TRANSITIONS, type QuoteActor } from '#schemas/quote-status.ts'
import { QUOTE_STATUS_NAMES, type QuoteStatus } from '#schemas/quote-statuses.ts'
import { getDb } from '#worker/lib/db.ts'
import { prepare } from '#worker/lib/guarded.ts'
import { call, errorOf } from '#worker/test/helpers.ts'
import { makeTool, type ToolFixture } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'
import { quoteMove, statusOf } from './quote-moves'
import { expireQuotes, getQuoteRow, type QuoteRow } from './quotes.service'

const DAY = 24 * 60 * 60 * 1000
const ACTORS: QuoteActor[] = ['admin', 'customer', 'system']

/** The states a quote is stored in, by name: its stored status, when its offer ends (from now), and how it reads. */
const STATES = {
  requested: { status: 'requested', validUntil: null, reads: 'requested' },
  offered: { status: 'offered', validUntil: 7 * DAY, reads: 'offered' },
  'an offer past its end': { status: 'offered', validUntil: -60_000, reads: 'expired' },
  expired: { status: 'expired', validUntil: -DAY, reads: 'expired' },
  accepted: { status: 'accepted', validUntil: 7 * DAY, reads: 'accepted' },
  declined: { status: 'declined', validUntil: null, reads: 'declined' },
} as const satisfies Record<string, { status: QuoteStatus; validUntil: number | null; reads: QuoteStatus }>
type State = keyof typeof STATES
const STATE_NAMES = Object.keys(STATES) as State[]

/**
 * The moves the shop allows, written out here rather than read from QUOTE_TRANSITIONS (the table
 * under test): from which state, to which status, by whom. Every other one is refused.
 */
const ALLOWED: readonly (readonly [from: State, to: QuoteStatus, by: QuoteActor])[] = [
  // An offer, and a revised one.
  ['requested', 'offered', 'admin'],
  ['offered', 'offered', 'admin'],
  ['requested', 'declined', 'customer'],
  ['requested', 'declined', 'admin'],
  ['offered', 'declined', 'customer'],
  ['offered', 'declined', 'admin'],
  ['offered', 'accepted', 'customer'],
  // The scheduled job stores what an offer past its end reads as; a quote stored expired stays as it is.
  ['an offer past its end', 'expired', 'system'],
]
const allowed = (from: State, to: QuoteStatus, by: QuoteActor) =>
  ALLOWED.some(([f, t, b]) => f === from && t === to && b === by)

const BUYER = `quote-moves-${crypto.randomUUID().slice(0, 8)}@example.com`
let buyer: string
let admin: string
let tool: ToolFixture
let quoteNo = 700_000

/** A quote put straight into `state` (one line of 10 tools, offered at 1,000 BDT each and 300 BDT courier once offered). */
async function quoteIn(state: State, now = Date.now()): Promise<QuoteRow> {
  const { status, validUntil } = STATES[state]
  const id = `quote-${crypto.randomUUID()}`
  const offered = validUntil !== null
  await env.DB.batch([
    env.DB.prepare(
      `insert into quotes (id, quote_no, customer, customer_name, status, tool_names, delivery_fee_paisa, valid_until)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      id,
      quoteNo++,
      BUYER,
      'Moves Buyer',
      status,
      tool.name,
      offered ? 30_000 : null,
      offered ? now + validUntil : null,
    ),
    env.DB.prepare(
      `insert into quote_lines (quote_id, position, tool_id, name, quantity, list_unit_price_paisa, unit_price_paisa)
       values (?, 0, ?, ?, 10, ?, ?)`,
    ).bind(id, tool.id, tool.name, tool.pricePaisa, offered ? 100_000 : null),
  ])
  return (await getQuoteRow(getDb(env), id))!
}

beforeAll(async () => {
  buyer = await signIn(BUYER)
  admin = await signIn('admin@example.com')
  tool = await makeTool({ name: 'Moves Drill', pricePaisa: 120_000, quantity: 10_000, min: 1, vatBp: 0 })
})

describe('the quote lifecycle table', () => {
  it('allows exactly the moves listed here, from the statuses as they read', () => {
    const inTable = QUOTE_TRANSITIONS.flatMap((t) =>
      t.from.flatMap((from) => t.by.map((by) => `${from} → ${t.to} by ${by}`)),
    )
    const listed = ALLOWED.map(([from, to, by]) => `${STATES[from].reads} → ${to} by ${by}`)
    expect(inTable.sort()).toEqual([...new Set(listed)].sort())
    for (const t of QUOTE_TRANSITIONS) {
      expect(QUOTE_STATUS_NAMES).toContain(t.to)
      expect(t.from.length).toBeGreaterThan(0)
      expect(t.by.length).toBeGreaterThan(0)
    }
  })

  // The check (in JavaScript, on the quote as read) and the guard (in SQL, on the quote as stored)
  // come from the same table: they must agree on every state, move and actor.
  describe('the check and the guard of every move', () => {
    const now = Date.now()
    const rows = {} as Record<State, QuoteRow>
    beforeAll(async () => {
      for (const state of STATE_NAMES) rows[state] = await quoteIn(state, now)
    })
    for (const state of STATE_NAMES) {
      for (const to of QUOTE_STATUS_NAMES) {
        for (const by of ACTORS) {
          const yes = allowed(state, to, by)
          it(`${state} → ${to} by ${by}: ${yes ? 'allowed' : 'refused'}`, async () => {
            const row = rows[state]
            expect(statusOf(row, now)).toBe(STATES[state].reads)
            let refusal: unknown
            try {
              expect(quoteMove({ to, by }, { row, now }, now)).toMatchObject({ to, by })
            } catch (error) {
              refusal = error
            }
            if (yes) expect(refusal).toBeUndefined()
            else
              expect(refusal).toMatchObject({
                status: 409,
                code: 'INVALID_TRANSITION',
                message: `This quote is ${STATES[state].reads}: it cannot be ${to}.`,
              })
            // The guard of the move, where the table has the move for this actor at all.
            if (!QUOTE_TRANSITIONS.some((t) => t.to === to && t.by.includes(by))) return
            const { guard } = quoteMove({ to, by }, undefined, now)
            const found = await prepare(getDb(env), {
              sql: `select id from quotes where id = ? and ${guard.sql}`,
              values: [row.id, ...guard.values],
            }).all()
            expect(found.results.length, `the guard of ${to} by ${by} finds ${state}`).toBe(yes ? 1 : 0)
          })
        }
      }
    }
  })

  it('the expiry job stores `expired` on an offer past its end, and leaves every other quote as it was', async () => {
    const now = Date.now()
    const before = Object.fromEntries(
      await Promise.all(STATE_NAMES.map(async (state) => [state, await quoteIn(state, now)] as const)),
    ) as Record<State, QuoteRow>
    await expireQuotes(getDb(env), now)
    for (const state of STATE_NAMES) {
      const after = await getQuoteRow(getDb(env), before[state].id)
      if (allowed(state, 'expired', 'system')) expect(after).toMatchObject({ status: 'expired', updatedAt: now })
      else expect(after, state).toEqual(before[state])
    }
  })
})

describe('the API moves a quote as the table says', () => {
  const ACCEPT_BODY = {
    delivery: {
      method: 'courier',
      address: { name: 'Moves Buyer', phone: '01712345678', line1: 'Shop 4, Bangshal Road', district: 'Dhaka' },
    },
    paymentMethod: 'card',
    // 10 × 1,000 BDT and the 300 BDT courier.
    expectedTotal: 10_300,
  }
  const MOVES: {
    name: string
    to: QuoteStatus
    by: QuoteActor
    ok: number
    send: (id: string) => Promise<Response>
  }[] = [
    {
      name: 'an offer by an admin',
      to: 'offered',
      by: 'admin',
      ok: 200,
      send: (id) =>
        call('POST', `/api/quotes/${id}/offer`, {
          as: admin,
          body: {
            lines: [{ serviceId: tool.id, unitPrice: 900 }],
            deliveryFee: 300,
            validUntil: new Date(Date.now() + 7 * DAY).toISOString(),
          },
        }),
    },
    {
      name: 'a decline by its customer',
      to: 'declined',
      by: 'customer',
      ok: 200,
      send: (id) => call('POST', `/api/quotes/${id}/decline`, { as: buyer, body: {} }),
    },
    {
      name: 'a decline by an admin',
      to: 'declined',
      by: 'admin',
      ok: 200,
      send: (id) => call('POST', `/api/quotes/${id}/decline`, { as: admin, body: { reason: 'Moves' } }),
    },
    {
      name: 'an acceptance by its customer',
      to: 'accepted',
      by: 'customer',
      ok: 201,
      send: (id) => call('POST', `/api/quotes/${id}/accept`, { as: buyer, body: ACCEPT_BODY }),
    },
  ]
  for (const state of STATE_NAMES) {
    for (const move of MOVES) {
      const yes = allowed(state, move.to, move.by)
      it(`${move.name} of a quote ${state}: ${yes ? move.ok : 409}`, async () => {
        const row = await quoteIn(state)
        const res = await move.send(row.id)
        const after = await getQuoteRow(getDb(env), row.id)
        if (yes) {
          expect(res.status, await res.clone().text()).toBe(move.ok)
          expect(after?.status).toBe(move.to)
          return
        }
        expect(res.status).toBe(409)
        expect(await errorOf(res)).toMatchObject({
          code: 'INVALID_TRANSITION',
          message: `This quote is ${STATES[state].reads}: it cannot be ${move.to}.`,
        })
        expect(after).toEqual(row)
      })
    }
  }
})
