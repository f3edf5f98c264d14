import { env } from 'cloudflare:workers'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { reviews } from '#worker/db/schema.ts'
import { getDb, newId } from '#worker/lib/db.ts'
import { ApiError } from '#worker/lib/errors.ts'
import { clientNetwork, insertWithinLimit, type RateLimit, rateLimitKey } from '#worker/lib/rate-limit.ts'

describe('clientNetwork', () => {
  it('takes an IPv4 address as it is', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7')
    expect(clientNetwork(' 203.0.113.7 ')).toBe('203.0.113.7')
  })

  it('takes an IPv6 address by its /64, however it is written', () => {
    const network = '2001:0db8:00aa:0001::/64'
    for (const ip of ['2001:db8:aa:1::1', '2001:0DB8:00AA:0001:1234::9', '2001:db8:aa:1:ffff:ffff:ffff:fffe'])
      expect(clientNetwork(ip)).toBe(network)
    expect(clientNetwork('2001:db8:aa:2::1')).toBe('2001:0db8:00aa:0002::/64')
    expect(clientNetwork('::1')).toBe('0000:0000:0000:0000::/64')
  })

  it('takes an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(clientNetwork('::ffff:cb00:7107')).toBe('203.0.113.7')
  })

  it("counts clients without an address as one, 'unknown', and keeps what is not an address as it is", () => {
    expect(clientNetwork(undefined)).toBe('unknown')
    expect(clientNetwork('  ')).toBe('unknown')
    expect(clientNetwork('Not-An-Address')).toBe('not-an-address')
    expect(clientNetwork('010.1')).toBe('010.1')
  })
})

describe('rateLimitKey', () => {
  it('is an HMAC that one /64 shares, another network and another scope do not', async () => {
    const key = await rateLimitKey('test', '2001:db8:aa:1::1', 'secret')
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    expect(await rateLimitKey('test', '2001:db8:aa:1::2', 'secret')).toBe(key)
    expect(await rateLimitKey('test', '2001:db8:aa:2::1', 'secret')).not.toBe(key)
    expect(await rateLimitKey('other', '2001:db8:aa:1::1', 'secret')).not.toBe(key)
    expect(await rateLimitKey('test', '2001:db8:aa:1::1', 'another secret')).not.toBe(key)
  })
})

describe('insertWithinLimit', () => {
  const seen: number[] = []
  const limit: RateLimit = {
    max: 2,
    windowMs: 60 * 60 * 1000,
    rows: { table: reviews, key: reviews.userEmail, createdAt: reviews.createdAt },
    message: (retryAfterSeconds) => {
      seen.push(retryAfterSeconds)
      return `Wait ${retryAfterSeconds} s.`
    },
  }
  const db = getDb(env)
  const add = (userEmail: string) =>
    insertWithinLimit(
      db,
      limit,
      userEmail,
      (withinLimit) => sql`
        insert into reviews (id, name, description, img, rating, user_email)
        select ${newId()}, 'Limiter', 'A review of the limiter.', 'img', null, ${userEmail}
        where ${withinLimit}`,
    )
  const count = async (userEmail: string) =>
    (await env.DB.prepare('select count(*) as n from reviews where user_email = ?')
      .bind(userEmail)
      .first<{ n: number }>())!.n

  it('inserts up to max rows per key in the window, then throws a 429 with Retry-After and inserts nothing', async () => {
    await add('limited@example.com')
    await add('limited@example.com')
    const refused = await add('limited@example.com').catch((err: unknown) => err)
    expect(refused).toBeInstanceOf(ApiError)
    const error = refused as ApiError
    expect(error.status).toBe(429)
    expect(error.code).toBe('RATE_LIMITED')
    const retryAfter = Number(error.headers?.['Retry-After'])
    expect(retryAfter).toBeGreaterThan(3500)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(error.message).toBe(`Wait ${retryAfter} s.`)
    expect(seen).toEqual([retryAfter])
    expect(await count('limited@example.com')).toBe(2)

    // Another key has its own count.
    await add('other@example.com')
    expect(await count('other@example.com')).toBe(1)
  })

  it('counts only the rows inside the window', async () => {
    await add('aged@example.com')
    await add('aged@example.com')
    await env.DB.prepare('update reviews set created_at = created_at - ? where user_email = ?')
      .bind(limit.windowMs + 1, 'aged@example.com')
      .run()
    await add('aged@example.com')
    expect(await count('aged@example.com')).toBe(3)
  })
})
