/**
 * GET /api/user (admins): paging (`limit`, `offset`, `X-Total-Count`) of the active users and
 * of the removed ones (`removed=1`), alone and with `q`; and restoring a removed user, through HTTP.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { UserProfile } from '#schemas/user.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import { makeTool, placeOrder } from '#worker/test/order-fixtures.ts'
import { emulatorIdToken, signIn } from '#worker/test/tokens.ts'

let admin: string
beforeAll(async () => {
  admin = await signIn('admin@example.com')
})

async function list(query: string) {
  const res = await call('GET', `/api/user?${query}`, { as: admin })
  expect(res.status, query).toBe(200)
  const users = await json<UserProfile[]>(res)
  return { emails: users.map((u) => u.email), total: res.headers.get('X-Total-Count') }
}

const countUsers = async (removed: boolean) =>
  (await env.DB.prepare(`select count(*) as n from users where removed_at is ${removed ? 'not ' : ''}null`).first<{
    n: number
  }>())!.n

/** Signs `n` users in through the API, then dates their creation far ahead, so they are the newest, in this order. */
async function makeUsers(prefix: string, n: number): Promise<string[]> {
  const emails = Array.from({ length: n }, (_, i) => `${prefix}-${i}@example.com`)
  for (const email of emails) await signIn(email, { name: `${prefix} ${email.split('@')[0]}` })
  await env.DB.batch(
    emails.map((email, i) =>
      env.DB.prepare('update users set created_at = ? where email = ?').bind(4_000_000_000_000 + Date.now() + i, email),
    ),
  )
  return emails
}

describe('GET /api/user: paging', () => {
  it('answers `limit` active users from `offset`, oldest first, with the whole count in X-Total-Count', async () => {
    const pagers = await makeUsers('pager', 5)
    const all = await countUsers(false)
    const total = String(all)
    expect(await list(`limit=2&offset=${all - 5}`)).toEqual({ emails: pagers.slice(0, 2), total })
    expect(await list(`limit=2&offset=${all - 3}`)).toEqual({ emails: pagers.slice(2, 4), total })
    expect(await list(`limit=2&offset=${all - 1}`)).toEqual({ emails: pagers.slice(4), total })
    expect(await list(`offset=${all}`)).toEqual({ emails: [], total })
    expect((await list('limit=1')).emails).toEqual(['admin@example.com'])
    // The pages put together are every active user once.
    const pieces: string[] = []
    for (let offset = 0; offset < all; offset += 3) pieces.push(...(await list(`limit=3&offset=${offset}`)).emails)
    expect(pieces).toEqual((await list('limit=100')).emails)
    expect(new Set(pieces).size).toBe(all)
  })

  it('pages the matches of q, X-Total-Count counting only them', async () => {
    const found = await makeUsers('findable', 5)
    expect(await list('q=FINDABLE-')).toEqual({ emails: found, total: '5' })
    expect(await list('q=findable-&limit=2')).toEqual({ emails: found.slice(0, 2), total: '5' })
    expect(await list('q=findable-&limit=2&offset=2')).toEqual({ emails: found.slice(2, 4), total: '5' })
    expect(await list('q=findable-&offset=4')).toEqual({ emails: found.slice(4), total: '5' })
    expect(await list('q=findable-&offset=5')).toEqual({ emails: [], total: '5' })
  })

  it('pages the removed users (removed=1), latest removal first, apart from the active ones', async () => {
    const leaving = await makeUsers('leaver', 4)
    const activeBefore = await countUsers(false)
    for (const email of leaving) expect((await call('DELETE', `/api/user/${email}`, { as: admin })).status).toBe(200)
    // Removals a second apart, the last one latest (the same millisecond would order them by id).
    await env.DB.batch(
      leaving.map((email, i) =>
        env.DB.prepare('update users set removed_at = ? where email = ?').bind(Date.now() - 10_000 + i * 1000, email),
      ),
    )
    const removed = String(await countUsers(true))
    expect(removed).toBe('4')
    const latestFirst = [...leaving].reverse()
    expect(await list('removed=1')).toEqual({ emails: latestFirst, total: removed })
    expect(await list('removed=1&limit=3')).toEqual({ emails: latestFirst.slice(0, 3), total: removed })
    expect(await list('removed=1&limit=3&offset=3')).toEqual({ emails: latestFirst.slice(3), total: removed })
    expect(await list('removed=1&q=leaver-2')).toEqual({ emails: ['leaver-2@example.com'], total: '1' })
    // The active list no longer counts them; removed=0 is the active list.
    const active = await list('limit=100')
    expect(active.total).toBe(String(activeBefore - 4))
    for (const email of leaving) expect(active.emails).not.toContain(email)
    expect(await list('removed=0&limit=100')).toEqual(active)
  })

  it('answers at most 50 without a limit, and at most 100 with one', async () => {
    await env.DB.batch(
      Array.from({ length: 110 }, (_, i) =>
        env.DB.prepare('insert into users (id, email, name, created_at) values (?, ?, ?, ?)').bind(
          `bulk-user-${i}`,
          `bulk-${i}@example.com`,
          `Bulk ${i}`,
          5_000_000_000_000 + i,
        ),
      ),
    )
    const res = await call('GET', '/api/user', { as: admin })
    const users = await json<UserProfile[]>(res)
    expect(users).toHaveLength(50)
    expect(res.headers.get('X-Total-Count')).toBe(String(await countUsers(false)))
    expect((await list('limit=100')).emails).toHaveLength(100)
  })

  it.each([
    ['limit', 'limit=0'],
    ['limit', 'limit=101'],
    ['limit', 'limit=1e2'],
    ['offset', 'offset=-1'],
    ['offset', 'offset=x'],
    ['removed', 'removed=2'],
    ['removed', 'removed=true'],
    ['q', `q=${'q'.repeat(101)}`],
  ])('refuses a bad %s (%s) with a 400 naming it', async (field, query) => {
    const res = await call('GET', `/api/user?${query}`, { as: admin })
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(Object.keys(error.fields ?? {})).toEqual([field])
  })
})

describe('POST /api/user/{email}/restore', () => {
  it('lets a removed user back in with their orders: {acknowledged, modifiedCount} 1, then 0; 404 for nobody', async () => {
    const email = 'returning@example.com'
    const token = await signIn(email)
    const tool = await makeTool({ name: 'Returning Saw', quantity: 100, min: 1 })
    const order = await placeOrder(token, tool, email, { quantity: 2 })
    expect((await call('DELETE', `/api/user/${email}`, { as: admin })).status).toBe(200)
    // While removed, the order stays (the desk sees it) and the person cannot sign in.
    expect((await call('GET', `/api/booking/${order}`, { as: admin })).status).toBe(200)
    expect((await call('PUT', `/api/user/${email}`, { as: emulatorIdToken({ email }), body: { email } })).status).toBe(
      403,
    )

    const restored = await call('POST', `/api/user/${email}/restore`, { as: admin })
    expect(await json(restored)).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect(await json(await call('POST', `/api/user/${email}/restore`, { as: admin }))).toEqual({
      acknowledged: true,
      modifiedCount: 0,
    })
    expect((await call('POST', '/api/user/never-was@example.com/restore', { as: admin })).status).toBe(404)
    expect((await list('q=returning')).emails).toEqual([email])
    expect((await list('q=returning&removed=1')).emails).toEqual([])

    const again = await signIn(email)
    const mine = await call('GET', `/api/booking?customer=${email}`, { as: again })
    expect(mine.status).toBe(200)
    expect((await json<{ _id: string }[]>(mine)).map((b) => b._id)).toEqual([order])
    expect((await json<UserProfile>(await call('GET', `/api/user/${email}`, { as: again }))).removedAt).toBeNull()
  })
})
