/**
 * Public answers and their edge cache (worker/lib/edge-cache.ts, decision 010), the private
 * answers' Cache-Control, and D1 bookmarks, through the HTTP surface. The tests run in
 * `memory` mode (ENVIRONMENT=test) unless they pass the purge settings; a write straight to D1
 * behind the API's back shows whether an answer came from a kept copy.
 */
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Review } from '#schemas/review.ts'
import type { Tool } from '#schemas/tool.ts'
import { runScheduled } from '#worker/scheduled.ts'
import {
  type CallOptions,
  call,
  errorOf,
  forgetPublicAnswers,
  json,
  type Method,
  PRODUCTION,
  seedDemo,
} from '#worker/test/helpers.ts'
import { makeTool, payOrder, placeOrder, type ToolFixture } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

const ADMIN = 'admin@example.com'
const BUYER = 'cache-buyer@example.com'
const PUBLIC = 'public, max-age=0, must-revalidate, s-maxage=60'
const BOOKMARK = /^[0-9a-f]+(?:-[0-9a-f]+)+$/

let admin: string
let buyer: string
let tool: ToolFixture

beforeAll(async () => {
  await seedDemo()
  ;[admin, buyer] = await Promise.all([signIn(ADMIN), signIn(BUYER, { name: 'Cache Buyer' })])
  tool = await makeTool({ name: 'Cache Saw', pricePaisa: 50_000, quantity: 1_000, min: 5 })
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

const etagOf = async (path: string) => (await call('GET', path)).headers.get('ETag')
const toolInList = async (id: string) =>
  (await json<Tool[]>(await call('GET', '/api/service'))).find((t) => t._id === id)
/** Changes a tool straight in D1, as nothing in the shop would: only what was not kept shows it. */
const sneakStock = (id: string, quantity: number) =>
  env.DB.prepare('update tools set quantity = ? where id = ?').bind(quantity, id).run()

describe('public answers: ETag, 304, Cache-Control', () => {
  const paths = () => [
    '/api/service',
    '/api/service?limit=4&offset=2&sort=price',
    `/api/service/${tool.id}`,
    '/api/review',
    '/api/config',
  ]

  it('carry a strong ETag that stays the same while nothing changes, and the public Cache-Control', async () => {
    for (const path of paths()) {
      const first = await call('GET', path)
      expect(first.status, path).toBe(200)
      expect(first.headers.get('ETag'), path).toMatch(/^"[0-9a-f]{32}"$/)
      expect(first.headers.get('Cache-Control'), path).toBe(PUBLIC)
      expect(first.headers.get('Content-Type'), path).toMatch(/^application\/json/)
      const second = await call('GET', path)
      expect(second.headers.get('ETag'), path).toBe(first.headers.get('ETag'))
      expect(await second.text(), path).toBe(await first.text())
    }
  })

  it('answer 304 without a body to a matching If-None-Match (a list, weak or *), 200 to another', async () => {
    for (const path of paths()) {
      const etag = (await etagOf(path))!
      for (const ifNoneMatch of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
        const res = await call('GET', path, { headers: { 'If-None-Match': ifNoneMatch } })
        expect(res.status, `${path} ${ifNoneMatch}`).toBe(304)
        expect(await res.text()).toBe('')
        expect(res.headers.get('ETag')).toBe(etag)
        expect(res.headers.get('Cache-Control')).toBe(PUBLIC)
      }
      const other = await call('GET', path, { headers: { 'If-None-Match': '"0000"' } })
      expect(other.status).toBe(200)
    }
  })

  it('keep X-Total-Count on kept copies and on 304s; the ETag changes with the total even when the page does not', async () => {
    const path = '/api/service?limit=1'
    const first = await call('GET', path)
    const total = first.headers.get('X-Total-Count')
    expect(Number(total)).toBeGreaterThan(1)
    expect((await call('GET', path)).headers.get('X-Total-Count')).toBe(total)
    const notModified = await call('GET', path, { headers: { 'If-None-Match': first.headers.get('ETag')! } })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('X-Total-Count')).toBe(total)
    // A tool added at the end of the catalogue: page 1 is the same, the total is not.
    const added = await call('POST', '/api/service', {
      as: admin,
      body: {
        name: 'Total Tester',
        price: 10,
        quantity: 10,
        Minimum_quantity: 1,
        description: 'Counts.',
        img: 'https://i.ibb.co/abc/total.png',
      },
    })
    expect(added.status).toBe(201)
    const after = await call('GET', path)
    expect(after.headers.get('X-Total-Count')).toBe(String(Number(total) + 1))
    expect(after.headers.get('ETag')).not.toBe(first.headers.get('ETag'))
    expect(await after.text()).toBe(await first.text())
  })

  it('answer HEAD with the headers and no body', async () => {
    const res = await call('HEAD', '/api/service')
    expect(res.status).toBe(200)
    expect(res.headers.get('ETag')).toBe(await etagOf('/api/service'))
    expect(await res.text()).toBe('')
  })

  it('are kept: a change made behind the back of the API does not show until the data is invalidated', async () => {
    const before = (await toolInList(tool.id))!.quantity
    await call('GET', `/api/service/${tool.id}`)
    await sneakStock(tool.id, before + 7)
    expect((await toolInList(tool.id))!.quantity).toBe(before)
    expect((await json<Tool>(await call('GET', `/api/service/${tool.id}`))).quantity).toBe(before)
    await forgetPublicAnswers()
    expect((await toolInList(tool.id))!.quantity).toBe(before + 7)
  })

  it('keep no error: an unknown tool is a 404 every time, then the tool once it exists', async () => {
    const res = await call('GET', '/api/service/not-yet-a-tool')
    expect(res.status).toBe(404)
    expect(res.headers.get('ETag')).toBeNull()
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    await env.DB.prepare(
      `insert into tools (id, name, description, price_paisa, quantity, minimum_quantity, img) values ('not-yet-a-tool', 'Late', 'Late.', 100, 5, 1, '/api/images/x.png')`,
    ).run()
    expect((await call('GET', '/api/service/not-yet-a-tool')).status).toBe(200)
  })
})

describe('every change that shows in a public answer is seen by the very next request', () => {
  /** Reads `path` twice (so a kept copy exists), runs `write`, and checks the next read is fresh. */
  async function expectFreshAfter(
    path: string,
    write: () => Promise<void>,
    check: (before: unknown, after: unknown) => void,
  ) {
    const before = await call('GET', path)
    const etag = before.headers.get('ETag')
    expect((await call('GET', path)).headers.get('ETag')).toBe(etag)
    const body = await before.json()
    await write()
    const after = await call('GET', path, { headers: { 'If-None-Match': etag! } })
    expect(after.status, `${path} after the change`).not.toBe(304)
    if (after.status === 200) expect(after.headers.get('ETag')).not.toBe(etag)
    check(body, after.status === 200 ? await after.json() : after.status)
  }
  const quantityIn = (list: unknown, id: string) => (list as Tool[]).find((t) => t._id === id)?.quantity

  it('a tool created by an admin', async () => {
    let id = ''
    await expectFreshAfter(
      '/api/service',
      async () => {
        const res = await call('POST', '/api/service', {
          as: admin,
          body: {
            name: 'Fresh Planer',
            price: 99,
            quantity: 40,
            Minimum_quantity: 4,
            description: 'New.',
            img: 'https://i.ibb.co/abc/planer.png',
          },
        })
        expect(res.status).toBe(201)
        id = (await json<{ insertedId: string }>(res)).insertedId
      },
      (_, after) => expect((after as Tool[]).some((t) => t._id === id)).toBe(true),
    )
  })

  it('a tool edited by an admin: the list and the tool', async () => {
    // A different price each time: the same price twice would be no change at all.
    for (const [i, path] of ['/api/service', `/api/service/${tool.id}`].entries()) {
      const price = 600 + i + Math.floor(Math.random() * 50) * 2
      await expectFreshAfter(
        path,
        async () =>
          expect((await call('PATCH', `/api/service/${tool.id}`, { as: admin, body: { price } })).status).toBe(200),
        (_, after) =>
          expect(
            Array.isArray(after) ? (after as Tool[]).find((t) => t._id === tool.id)?.price : (after as Tool).price,
          ).toBe(price),
      )
    }
  })

  it('a tool deleted by an admin: gone from the list, a 404 on its own', async () => {
    const doomed = await makeTool({ name: 'Doomed Drill' })
    await expectFreshAfter(
      `/api/service/${doomed.id}`,
      async () => expect((await call('DELETE', `/api/service/${doomed.id}`, { as: admin })).status).toBe(200),
      (_, after) => expect(after).toBe(404),
    )
    expect(await toolInList(doomed.id)).toBeUndefined()
  })

  it('a review posted, and one deleted by an admin', async () => {
    let id = ''
    await expectFreshAfter(
      '/api/review',
      async () => {
        const res = await call('POST', '/api/review', {
          as: buyer,
          body: { name: 'Cache Buyer', description: 'Quick delivery.', img: 'https://i.ibb.co/abc/me.png', rating: 4 },
        })
        expect(res.status).toBe(201)
        id = (await json<{ insertedId: string }>(res)).insertedId
      },
      (_, after) => expect((after as Review[])[0]?._id).toBe(id),
    )
    await expectFreshAfter(
      '/api/review',
      async () => expect((await call('DELETE', `/api/review/${id}`, { as: admin })).status).toBe(200),
      (_, after) => expect((after as Review[]).some((r) => r._id === id)).toBe(false),
    )
  })

  it('an order placed takes stock, and cancelling it gives it back', async () => {
    let order = ''
    await expectFreshAfter(
      `/api/service/${tool.id}`,
      async () => {
        order = await placeOrder(buyer, tool, BUYER, { quantity: 5 })
      },
      (before, after) => expect((after as Tool).quantity).toBe((before as Tool).quantity - 5),
    )
    await expectFreshAfter(
      '/api/service',
      async () => expect((await call('POST', `/api/booking/${order}/cancel`, { as: buyer })).status).toBe(200),
      (before, after) => expect(quantityIn(after, tool.id)).toBe(quantityIn(before, tool.id)! + 5),
    )
  })

  it('an order refunded by an admin gives its stock back', async () => {
    const order = await placeOrder(buyer, tool, BUYER, { quantity: 6 })
    await payOrder(buyer, order)
    await expectFreshAfter(
      '/api/service',
      async () =>
        expect(
          (await call('POST', `/api/booking/${order}/refund`, { as: admin, body: { reason: 'changed mind' } })).status,
        ).toBe(200),
      (before, after) => expect(quantityIn(after, tool.id)).toBe(quantityIn(before, tool.id)! + 6),
    )
  })

  it('an unpaid order expired by the scheduled job gives its stock back', async () => {
    await placeOrder(buyer, tool, BUYER, { quantity: 7 })
    await expectFreshAfter(
      `/api/service/${tool.id}`,
      async () => {
        const report = await runScheduled(env, Date.now() + 3 * 60 * 60 * 1000)
        expect(report.cancelled).toBeGreaterThan(0)
      },
      (before, after) => expect((after as Tool).quantity).toBe((before as Tool).quantity + 7),
    )
  })

  it('a status change that moves no stock keeps the copies', async () => {
    const order = await placeOrder(buyer, tool, BUYER)
    await payOrder(buyer, order)
    const etag = await etagOf('/api/service')
    expect(
      (await call('POST', `/api/booking/${order}/status`, { as: admin, body: { status: 'processing' } })).status,
    ).toBe(200)
    expect((await call('GET', '/api/service', { headers: { 'If-None-Match': etag! } })).status).toBe(304)
  })
})

describe('stale-while-revalidate inside the cache', () => {
  it('serves a copy older than a minute once while refreshing it, and never one older than 90 s', async () => {
    const path = `/api/service/${tool.id}`
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.now()
    const quantity = (await json<Tool>(await call('GET', path))).quantity
    await sneakStock(tool.id, quantity + 1)
    vi.setSystemTime(start + 61_000)
    // Stale: served as it was, refreshed in the background (the request's waitUntil).
    expect((await json<Tool>(await call('GET', path))).quantity).toBe(quantity)
    await vi.waitFor(async () => expect((await json<Tool>(await call('GET', path))).quantity).toBe(quantity + 1))
    await sneakStock(tool.id, quantity + 2)
    vi.setSystemTime(Date.now() + 91_000)
    expect((await json<Tool>(await call('GET', path))).quantity).toBe(quantity + 2)
    // Copies made on the fake clock would look fresh for a while on the real one.
    await forgetPublicAnswers()
  })
})

describe('in production without purge settings nothing is kept', () => {
  it('reads D1 every time, with an ETag and 304 all the same', async () => {
    const path = `/api/service/${tool.id}`
    const first = await call('GET', path, { env: PRODUCTION })
    const body = await json<Tool>(first)
    await sneakStock(tool.id, body.quantity + 3)
    const second = await call('GET', path, { env: PRODUCTION })
    expect((await json<Tool>(second)).quantity).toBe(body.quantity + 3)
    expect(second.headers.get('ETag')).not.toBe(first.headers.get('ETag'))
    expect(second.headers.get('Cache-Control')).toBe(PUBLIC)
    expect(
      (await call('GET', path, { headers: { 'If-None-Match': second.headers.get('ETag')! }, env: PRODUCTION })).status,
    ).toBe(304)
    await forgetPublicAnswers()
  })
})

describe('with purge settings: the Cache API and Cloudflare purge by tag', () => {
  const PURGE = {
    CACHE_ZONE_ID: 'zone-123',
    CACHE_PURGE_TOKEN: 'purge-token',
    CACHE_PURGE_API_BASE: 'https://cloudflare-api.test/client/v4',
  }

  /** Cloudflare's API stand-in: records each purge, answers like the real one. */
  function fakeCloudflare(
    answer = () => Response.json({ success: true, errors: [], messages: [], result: { id: 'zone-123' } }),
  ) {
    const purges: { url: string; auth: string | null; body: unknown }[] = []
    const realFetch = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init)
      if (!request.url.startsWith(PURGE.CACHE_PURGE_API_BASE)) return realFetch(input as RequestInfo, init)
      purges.push({ url: request.url, auth: request.headers.get('Authorization'), body: await request.json() })
      return answer()
    })
    return purges
  }

  it('keeps copies in the Cache API, purges the tag everywhere on a change, and reads fresh next', async () => {
    const purges = fakeCloudflare()
    const path = '/api/service?sort=name'
    const first = await call('GET', path, { env: PURGE })
    expect(first.headers.get('Cache-Control')).toBe(PUBLIC)
    const quantity = quantityOf(await json<Tool[]>(first))
    await sneakStock(tool.id, quantity + 11)
    // From the Cache API: the change behind the API's back does not show.
    const kept = await call('GET', path, { env: PURGE })
    expect(quantityOf(await json<Tool[]>(kept))).toBe(quantity)
    expect(kept.headers.get('ETag')).toBe(first.headers.get('ETag'))
    expect(
      (await call('GET', path, { headers: { 'If-None-Match': first.headers.get('ETag')! }, env: PURGE })).status,
    ).toBe(304)
    expect(purges).toEqual([])

    const edit = await call('PATCH', `/api/service/${tool.id}`, {
      as: admin,
      body: { name: 'Cache Saw II' },
      env: PURGE,
    })
    expect(edit.status).toBe(200)
    expect(purges).toEqual([
      {
        url: 'https://cloudflare-api.test/client/v4/zones/zone-123/purge_cache',
        auth: 'Bearer purge-token',
        body: { tags: ['storefront-catalogue'] },
      },
    ])
    const fresh = await json<Tool[]>(await call('GET', path, { env: PURGE }))
    expect(fresh.find((t) => t._id === tool.id)).toMatchObject({ name: 'Cache Saw II', quantity: quantity + 11 })
  })

  it('purges the reviews tag for a review, the catalogue tag for an order', async () => {
    const purges = fakeCloudflare()
    const review = await call('POST', '/api/review', {
      as: buyer,
      body: { name: 'Cache Buyer', description: 'Again.', img: 'https://i.ibb.co/abc/me.png' },
      env: PURGE,
    })
    expect(review.status).toBe(201)
    const order = await call('POST', '/api/booking', {
      as: buyer,
      body: {
        serviceId: tool.id,
        quantity: 5,
        phone: '01712345678',
        address: 'House 12, Road 5, Dhaka',
        customer: BUYER,
        customerName: 'Cache Buyer',
      },
      env: PURGE,
    })
    expect(order.status).toBe(201)
    expect(purges.map((p) => p.body)).toEqual([{ tags: ['storefront-reviews'] }, { tags: ['storefront-catalogue'] }])
  })

  it('a purge that Cloudflare refuses or that fails is logged; the change still succeeds', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeCloudflare(() =>
      Response.json({ success: false, errors: [{ code: 1134, message: 'rate limited' }] }, { status: 429 }),
    )
    expect(
      (await call('PATCH', `/api/service/${tool.id}`, { as: admin, body: { name: 'Cache Saw III' }, env: PURGE }))
        .status,
    ).toBe(200)
    expect(errors).toHaveBeenCalledWith(
      'Cache purge refused',
      429,
      ['catalogue'],
      [{ code: 1134, message: 'rate limited' }],
    )
    // This data center forgot its own copies all the same.
    expect((await json<Tool>(await call('GET', `/api/service/${tool.id}`, { env: PURGE }))).name).toBe('Cache Saw III')
  })

  it('refuses half a setting and a test-only API address in production', async () => {
    for (const [overrides, variable] of [
      [{ CACHE_PURGE_TOKEN: 'token' }, 'CACHE_ZONE_ID'],
      [{ CACHE_ZONE_ID: 'zone' }, 'CACHE_PURGE_TOKEN'],
      [{ ...PURGE, ...PRODUCTION }, 'CACHE_PURGE_API_BASE'],
    ] as const) {
      const res = await call('GET', '/api/config', { env: overrides })
      expect(res.status).toBe(503)
      expect((await errorOf(res)).message).toContain(variable)
    }
  })

  const quantityOf = (list: Tool[]) => list.find((t) => t._id === tool.id)!.quantity
})

describe('private answers', () => {
  it('carry Cache-Control: private, no-store, errors included, on every kind of route', async () => {
    const order = await placeOrder(buyer, tool, BUYER)
    const requests: [Method, string, CallOptions][] = [
      ['GET', `/api/user/${BUYER}`, { as: buyer }],
      ['GET', `/api/admin/${BUYER}`, { as: buyer }],
      ['GET', `/api/booking?customer=${BUYER}`, { as: buyer }],
      ['GET', `/api/booking/${order}`, { as: buyer }],
      ['GET', `/api/booking/${order}/invoice`, { as: buyer }],
      ['GET', '/api/booking', { as: admin }],
      ['GET', '/api/admin/summary', { as: admin }],
      ['GET', '/api/user', { as: admin }],
      ['GET', '/api/audit', { as: admin }],
      ['GET', '/api/contact', { as: admin }],
      ['GET', '/api/outbox', { as: admin }],
      ['GET', `/api/service/${tool.id}/orders`, { as: admin }],
      ['GET', `/api/booking?customer=${BUYER}`, {}],
      ['GET', '/api/admin/summary', { as: buyer }],
      ['POST', `/api/booking/${order}/cancel`, { as: admin }],
      ['POST', '/api/review', { as: buyer, body: {} }],
      ['POST', '/api/service', { as: admin, body: {} }],
      ['GET', '/api/health', {}],
      ['GET', '/api/nope', {}],
    ]
    for (const [method, path, options] of requests) {
      const res = await call(method, path, options)
      expect(res.headers.get('Cache-Control'), `${method} ${path} (${res.status})`).toBe('private, no-store')
      expect(res.headers.get('ETag'), path).toBeNull()
    }
  })

  it('a public route called with a token is still the public answer', async () => {
    const res = await call('GET', '/api/service', { as: admin })
    expect(res.headers.get('Cache-Control')).toBe(PUBLIC)
    expect(res.headers.get('ETag')).toBe(await etagOf('/api/service'))
  })
})

describe('D1 bookmarks (x-d1-bookmark)', () => {
  it('a write answers the bookmark of its session; sending it back reads at least that new, and the answer carries one again', async () => {
    const created = await call('POST', '/api/service', {
      as: admin,
      body: {
        name: 'Bookmark Bender',
        price: 5,
        quantity: 20,
        Minimum_quantity: 2,
        description: 'Bends.',
        img: 'https://i.ibb.co/abc/bend.png',
      },
    })
    expect(created.status).toBe(201)
    const bookmark = created.headers.get('x-d1-bookmark')!
    expect(bookmark).toMatch(BOOKMARK)
    const { insertedId } = await json<{ insertedId: string }>(created)
    const read = await call('GET', `/api/service/${insertedId}`, { headers: { 'x-d1-bookmark': bookmark } })
    expect(read.status).toBe(200)
    expect(read.headers.get('x-d1-bookmark')).toMatch(BOOKMARK)
    const mine = await call('GET', `/api/booking?customer=${BUYER}`, {
      as: buyer,
      headers: { 'x-d1-bookmark': bookmark },
    })
    expect(mine.status).toBe(200)
    expect(mine.headers.get('x-d1-bookmark')! >= bookmark).toBe(true)
  })

  it('every answer that read D1 carries one, errors included; a cached answer gives back the one sent', async () => {
    expect((await call('GET', `/api/booking?customer=${BUYER}`, { as: buyer })).headers.get('x-d1-bookmark')).toMatch(
      BOOKMARK,
    )
    expect((await call('GET', '/api/booking/nope', { as: buyer })).headers.get('x-d1-bookmark')).toMatch(BOOKMARK)
    const sent = (await call('GET', '/api/health')).headers.get('x-d1-bookmark')!
    await call('GET', '/api/review')
    expect(
      (await call('GET', '/api/review', { headers: { 'x-d1-bookmark': sent } })).headers.get('x-d1-bookmark'),
    ).toBe(sent)
  })

  it('a malformed bookmark is a 400 in the error shape, never a 500; an empty one is none', async () => {
    for (const bad of ['garbage', '../../etc', '00000000-zzzz', `${'0'.repeat(200)}-1`, '1-2-3-4-5-6-7-8-9']) {
      for (const [method, path, options] of [
        ['GET', '/api/service', {}],
        ['POST', '/api/review', { as: buyer, body: {} }],
      ] as const) {
        const res = await call(method, path, { ...options, headers: { 'x-d1-bookmark': bad } })
        expect(res.status, bad).toBe(400)
        const error = await errorOf(res)
        expect(error.code).toBe('VALIDATION_FAILED')
        expect(Object.keys(error.fields ?? {})).toEqual(['x-d1-bookmark'])
      }
    }
    expect((await call('GET', '/api/service', { headers: { 'x-d1-bookmark': '' } })).status).toBe(200)
  })

  it('CORS lets another allowed origin send the bookmark and read it, ETag and X-Total-Count', async () => {
    const origin = 'https://partner.example'
    const preflight = await call('OPTIONS', '/api/service', {
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-d1-bookmark',
      },
    })
    expect(preflight.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('x-d1-bookmark')
    const res = await call('GET', '/api/service', { headers: { Origin: origin } })
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe(origin)
    const exposed = res.headers.get('Access-Control-Expose-Headers')!.toLowerCase().split(',')
    expect(exposed).toEqual(expect.arrayContaining(['x-total-count', 'etag', 'x-d1-bookmark']))
    // The copy kept for one origin is the same answer for another, with that origin's CORS headers.
    const plain = await call('GET', '/api/service')
    expect(plain.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(plain.headers.get('ETag')).toBe(res.headers.get('ETag'))
  })
})
