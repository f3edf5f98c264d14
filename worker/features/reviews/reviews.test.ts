import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Review } from '#schemas/review.ts'
import { call, errorOf, forgetPublicAnswers, json, PNG_1X1, seedDemo } from '#worker/test/helpers.ts'
import { accessTokenFor, signIn } from '#worker/test/tokens.ts'
import catalogue from '../../../seed/catalogue.json'

describe('GET /api/review', () => {
  it('is an empty array before any review exists', async () => {
    const res = await call('GET', '/api/review')
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual([])
  })

  it('lists reviews newest first', async () => {
    await seedDemo()
    const reviews = await json<Review[]>(await call('GET', '/api/review'))
    expect(reviews.map((r) => r._id)).toEqual(catalogue.reviews.map((r) => r.id).reverse())
    expect(reviews[0]).toMatchObject({ name: catalogue.reviews.at(-1)!.name, rating: catalogue.reviews.at(-1)!.rating })
  })

  it('seeding again changes nothing', async () => {
    const before = await json(await call('GET', '/api/review'))
    await seedDemo()
    expect(await json(await call('GET', '/api/review'))).toEqual(before)
    expect((await call('GET', '/api/service')).headers.get('X-Total-Count')).toBe(String(catalogue.tools.length))
  })
})

// ─── Writes ─────────────────────────────────────────────────────────────────────────────

const REVIEW = {
  name: 'Rahim Uddin',
  description: 'The drills arrived on time and work well.',
  img: 'https://lh3.googleusercontent.com/a/rahim',
  rating: 5,
}

describe('POST /api/review', () => {
  let customer: string
  beforeAll(async () => {
    customer = await signIn('reviewer@example.com')
  })
  // A reviewer of its own per post by default: a user may post only 5 reviews a day.
  let reviewers = 0
  const post = async (body: unknown, token?: string) =>
    call('POST', '/api/review', { as: token ?? (await signIn(`reviewer-${++reviewers}@example.com`)), body })

  it('adds a review by the signed-in user and answers 201 {acknowledged, insertedId}', async () => {
    const res = await post(REVIEW)
    expect(res.status).toBe(201)
    const { acknowledged, insertedId } = await json(res)
    expect(acknowledged).toBe(true)
    expect(insertedId).toMatch(/^[0-9a-f]{24}$/)
    const [newest] = await json<Review[]>(await call('GET', '/api/review'))
    expect(newest).toEqual({ _id: insertedId, ...REVIEW, createdAt: expect.any(Number) })
    const row = await env.DB.prepare('select user_email from reviews where id = ?').bind(insertedId).first()
    expect(row).toEqual({ user_email: `reviewer-${reviewers}@example.com` })
  })

  it('takes at most 5 reviews per user in 24 hours: the 6th is a 429 with Retry-After, nothing stored', async () => {
    const token = await signIn('prolific@example.com')
    for (let i = 0; i < 5; i++)
      expect((await post({ ...REVIEW, description: `Review number ${i + 1} of five.` }, token)).status).toBe(201)
    const count = async () =>
      (await env.DB.prepare("select count(*) as n from reviews where user_email = 'prolific@example.com'").first<{
        n: number
      }>())!.n
    const sixth = await post(REVIEW, token)
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('Retry-After'))).toBeGreaterThan(23 * 3600)
    expect(await errorOf(sixth)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You have posted 5 reviews in the last 24 hours. Please wait 24 hours before posting another.',
    })
    expect(await count()).toBe(5)
    // A day later the oldest has left the window.
    await env.DB.prepare(
      "update reviews set created_at = created_at - 86400001 where user_email = 'prolific@example.com' and description like 'Review number 1 %'",
    ).run()
    expect((await post(REVIEW, token)).status).toBe(201)
    // Parallel posts cannot slip past the limit.
    const burst = await Promise.all(Array.from({ length: 4 }, () => post(REVIEW, token)))
    expect(burst.map((r) => r.status).sort()).toEqual([429, 429, 429, 429])
    expect(await count()).toBe(6)
  })

  it('keeps the text as text: markup is stored and answered verbatim, as JSON', async () => {
    const description = '<img src=x onerror="alert(1)"> <script>alert("hi")</script> & “quotes”'
    const res = await post({ ...REVIEW, name: '<b>Bold</b>', description })
    const { insertedId } = await json(res)
    const list = await call('GET', '/api/review')
    expect(list.headers.get('Content-Type')).toMatch(/^application\/json/)
    const review = (await json<Review[]>(list)).find((r) => r._id === insertedId)!
    expect(review.description).toBe(description)
    expect(review.name).toBe('<b>Bold</b>')
  })

  it('takes no rating, an empty one or a numeric string', async () => {
    const { rating: _, ...unrated } = REVIEW
    for (const [body, rating] of [
      [unrated, null],
      [{ ...REVIEW, rating: '' }, null],
      [{ ...REVIEW, rating: null }, null],
      [{ ...REVIEW, rating: '4' }, 4],
      [{ ...REVIEW, rating: 1 }, 1],
    ] as const) {
      const res = await post(body)
      expect(res.status).toBe(201)
      const { insertedId } = await json(res)
      const review = (await json<Review[]>(await call('GET', '/api/review'))).find((r) => r._id === insertedId)!
      expect(review.rating).toBe(rating)
    }
  })

  it('takes an uploaded photo, but not the address of one that was never uploaded', async () => {
    const fd = new FormData()
    fd.append('image', new File([new Uint8Array([...PNG_1X1, 9, 9])], 'me.png'))
    const { url } = (await json(await call('POST', '/api/images', { as: customer, raw: fd }))).data
    expect((await post({ ...REVIEW, img: url })).status).toBe(201)
    const missing = await post({ ...REVIEW, img: `/api/images/${'1'.repeat(64)}.png` })
    expect(missing.status).toBe(400)
    expect((await errorOf(missing)).fields).toEqual({
      img: 'No uploaded image has that address. Upload the photo first.',
    })
  })

  it.each([
    ['description', 'description is Required', undefined],
    ['description', 'description is Required', '   '],
    ['img', 'Photo is Required', undefined],
    ['img', 'Photo is Required', ''],
    ['name', 'name is Required', undefined],
    ['name', 'name is Required', ''],
    ['img', 'Photo must be an uploaded image or an https:// address', 'javascript:alert(1)'],
    ['img', 'Photo must be an uploaded image or an https:// address', 'http://example.com/me.png'],
    ['rating', 'rating must be 1 to 5', 0],
    ['rating', 'rating must be 1 to 5', 6],
    ['rating', 'rating must be 1 to 5', 2.5],
    ['rating', 'rating must be 1 to 5', 'five'],
    ['name', 'name is too long', 'x'.repeat(81)],
    ['description', 'description is too long', 'x'.repeat(1001)],
  ])('refuses a bad %s: “%s”', async (field, message, value) => {
    const before = (await json<Review[]>(await call('GET', '/api/review'))).length
    const res = await post({ ...REVIEW, [field]: value })
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error).toEqual({ code: 'VALIDATION_FAILED', message, fields: { [field]: message } })
    expect((await json<Review[]>(await call('GET', '/api/review'))).length).toBe(before)
  })

  it('refuses anonymous and broken tokens with 401', async () => {
    expect((await call('POST', '/api/review', { body: REVIEW })).status).toBe(401)
    expect((await post(REVIEW, await accessTokenFor('reviewer@example.com', { variant: 'expired' }))).status).toBe(401)
  })

  it('refuses an oversized body with 413', async () => {
    const res = await post({ ...REVIEW, description: 'x'.repeat(20_000) })
    expect(res.status).toBe(413)
    expect((await errorOf(res)).code).toBe('PAYLOAD_TOO_LARGE')
  })
})

describe('DELETE /api/review/{id}', () => {
  it('lets an admin remove a review: {acknowledged, deletedCount}, then 404', async () => {
    const customer = await signIn('removed-review@example.com')
    const admin = await signIn('admin@example.com')
    const { insertedId } = await json(await call('POST', '/api/review', { as: customer, body: REVIEW }))

    for (const [token, status] of [
      [undefined, 401],
      [customer, 403],
    ] as const) {
      const res = await call('DELETE', `/api/review/${insertedId}`, { as: token })
      expect(res.status).toBe(status)
    }
    const res = await call('DELETE', `/api/review/${insertedId}`, { as: admin })
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ acknowledged: true, deletedCount: 1 })
    expect((await json<Review[]>(await call('GET', '/api/review'))).some((r) => r._id === insertedId)).toBe(false)
    const again = await call('DELETE', `/api/review/${insertedId}`, { as: admin })
    expect(again.status).toBe(404)
    expect(await errorOf(again)).toEqual({ code: 'NOT_FOUND', message: 'No such review.' })
    expect((await call('DELETE', `/api/review/${'a'.repeat(65)}`, { as: admin })).status).toBe(400)
  })
})

// ─── Paging ─────────────────────────────────────────────────────────────────────────────

describe('GET /api/review: paging (limit, offset, X-Total-Count)', () => {
  /** Reviews straight in D1 (past the 5-a-day limit), `created_at` = `at(i)`; the edge cache forgets the list. */
  async function insertReviews(prefix: string, n: number, at: (i: number) => number) {
    const statements = Array.from({ length: n }, (_, i) =>
      env.DB.prepare(
        'insert into reviews (id, name, description, img, rating, user_email, created_at) values (?, ?, ?, ?, ?, ?, ?)',
      ).bind(
        `${prefix}-${String(i).padStart(3, '0')}`,
        `${prefix} ${i}`,
        'A review for the paging tests.',
        'https://example.com/me.png',
        5,
        `${prefix}@example.com`,
        at(i),
      ),
    )
    await env.DB.batch(statements)
    await forgetPublicAnswers()
  }
  const total = async () => (await env.DB.prepare('select count(*) as n from reviews').first<{ n: number }>())!.n
  const page = async (query: string) => {
    const res = await call('GET', `/api/review?${query}`)
    expect(res.status, query).toBe(200)
    const reviews = await json<Review[]>(res)
    return {
      names: reviews.map((r) => r.name),
      count: res.headers.get('X-Total-Count'),
      ids: reviews.map((r) => r._id),
    }
  }

  it('answers `limit` reviews from `offset`, newest first, with the whole count in X-Total-Count', async () => {
    // The seven newest reviews of all: 6 is the newest.
    const soon = Date.now() + 60_000
    await insertReviews('Pager', 7, (i) => soon + i)
    const all = String(await total())
    expect(await page('limit=3')).toMatchObject({ names: ['Pager 6', 'Pager 5', 'Pager 4'], count: all })
    expect(await page('limit=3&offset=3')).toMatchObject({ names: ['Pager 3', 'Pager 2', 'Pager 1'], count: all })
    const third = await page('offset=6&limit=3')
    expect(third.names[0]).toBe('Pager 0')
    expect(third.names).toHaveLength(Math.min(3, Number(all) - 6))
    expect(third.count).toBe(all)
    // Past the end: an empty page, the count all the same.
    expect(await page(`offset=${all}`)).toMatchObject({ names: [], count: all })
    // The pages put together are the whole list, each review once.
    const whole = (await page('limit=100')).ids
    const pieces: string[] = []
    for (let offset = 0; offset < Number(all); offset += 4) pieces.push(...(await page(`limit=4&offset=${offset}`)).ids)
    expect(pieces).toEqual(whole)
    expect(new Set(pieces).size).toBe(Number(all))
  })

  it('answers at most 50 without a limit, and at most 100 with one', async () => {
    // Old reviews, at the end of the list.
    await insertReviews('Archive', 110, (i) => 1_000_000 + i)
    const all = await total()
    expect(all).toBeGreaterThan(100)
    const first = await call('GET', '/api/review')
    expect((await json<Review[]>(first)).length).toBe(50)
    expect(first.headers.get('X-Total-Count')).toBe(String(all))
    expect((await page('limit=100')).names).toHaveLength(100)
    const last = await page(`offset=${all - 2}&limit=100`)
    expect(last.names).toEqual(['Archive 1', 'Archive 0'])
  })

  it.each([
    ['limit', 'limit=0'],
    ['limit', 'limit=101'],
    ['limit', 'limit=-1'],
    ['limit', 'limit=abc'],
    ['limit', 'limit=2.5'],
    ['limit', 'limit='],
    ['offset', 'offset=-1'],
    ['offset', 'offset=1.5'],
    ['offset', 'offset=ten'],
    ['offset', 'offset=1000001'],
  ])('refuses a bad %s (%s) with a 400 naming it', async (field, query) => {
    const res = await call('GET', `/api/review?${query}`)
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(Object.keys(error.fields ?? {})).toEqual([field])
    expect(error.fields?.[field]).toMatch(new RegExp(`^${field} must be`))
  })
})
