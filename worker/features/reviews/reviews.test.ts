import { describe, expect, it } from 'vitest'
import { call, json, seedDemo } from '../../test/helpers'
import type { Review } from '../../schemas/review'
import catalogue from '../../../seed/catalogue.json'

describe('GET /api/review', () => {
  it('is an empty array before any review exists', async () => {
    const res = await call('/api/review')
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual([])
  })

  it('lists reviews newest first', async () => {
    await seedDemo()
    const reviews = await json<Review[]>(await call('/api/review'))
    expect(reviews.map((r) => r._id)).toEqual(catalogue.reviews.map((r) => r.id).reverse())
    expect(reviews[0]).toMatchObject({ name: catalogue.reviews.at(-1)!.name, rating: catalogue.reviews.at(-1)!.rating })
  })

  it('seeding again changes nothing', async () => {
    const before = await json(await call('/api/review'))
    await seedDemo()
    expect(await json(await call('/api/review'))).toEqual(before)
    expect((await call('/api/service')).headers.get('X-Total-Count')).toBe(String(catalogue.tools.length))
  })
})
