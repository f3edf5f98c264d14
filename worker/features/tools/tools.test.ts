import { beforeAll, describe, expect, it } from 'vitest'
import { call, json, seedDemo } from '../../test/helpers'
import type { Tool } from '../../schemas/tool'
import catalogue from '../../../seed/catalogue.json'

beforeAll(async () => {
  await seedDemo()
})

describe('GET /api/service', () => {
  it('lists every tool in creation order with the total count', async () => {
    const res = await call('/api/service')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/)
    expect(res.headers.get('X-Total-Count')).toBe(String(catalogue.tools.length))
    const tools = await json<Tool[]>(res)
    expect(tools.map((t) => t.name)).toEqual(catalogue.tools.map((t) => t.name))
    const saw = tools[0]!
    const seeded = catalogue.tools[0]!
    expect(saw).toEqual({
      _id: seeded.id,
      name: 'Electric Saw',
      description: seeded.description,
      img: expect.stringMatching(/^\/api\/images\/[0-9a-f]{64}\.png$/),
      price: seeded.pricePaisa / 100,
      quantity: seeded.quantity,
      Minimum_quantity: seeded.minimumQuantity,
    })
  })

  it('pages with limit and offset, keeping the total', async () => {
    const res = await call('/api/service?limit=5')
    expect((await json<Tool[]>(res)).map((t) => t._id)).toEqual(catalogue.tools.slice(0, 5).map((t) => t.id))
    expect(res.headers.get('X-Total-Count')).toBe(String(catalogue.tools.length))
    const next = await json<Tool[]>(await call('/api/service?limit=5&offset=5'))
    expect(next.map((t) => t._id)).toEqual(catalogue.tools.slice(5, 10).map((t) => t.id))
    expect(await json(await call('/api/service?offset=500'))).toEqual([])
  })

  it('searches by name, case-insensitively, with wildcards taken literally', async () => {
    const res = await call('/api/service?q=drill')
    expect((await json<Tool[]>(res)).map((t) => t.name)).toEqual(['Drill Machine'])
    expect(res.headers.get('X-Total-Count')).toBe('1')
    const none = await call('/api/service?q=%25')
    expect(await json(none)).toEqual([])
    expect(none.headers.get('X-Total-Count')).toBe('0')
  })

  it('sorts by price both ways, by name and by newest', async () => {
    const prices = (await json<Tool[]>(await call('/api/service?sort=price'))).map((t) => t.price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const desc = (await json<Tool[]>(await call('/api/service?sort=-price'))).map((t) => t.price)
    expect(desc).toEqual([...prices].reverse())
    const names = (await json<Tool[]>(await call('/api/service?sort=name'))).map((t) => t.name)
    expect(names).toEqual([...names].sort())
    const newest = (await json<Tool[]>(await call('/api/service?sort=newest'))).map((t) => t._id)
    expect(newest).toEqual(catalogue.tools.map((t) => t.id).reverse())
  })

  it.each([
    ['limit=-1', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=1.5', 'limit'],
    ['offset=-3', 'offset'],
    ['sort=evil', 'sort'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    const res = await call(`/api/service?${query}`)
    expect(res.status).toBe(400)
    const body = await json(res)
    expect(body.error.code).toBe('VALIDATION_FAILED')
    expect(body.error.fields).toHaveProperty(field)
    expect(body.error.message).toMatch(new RegExp(field))
  })
})

describe('GET /api/service/{id}', () => {
  it('answers one tool', async () => {
    const res = await call('/api/service/drill-machine')
    expect(res.status).toBe(200)
    expect(await json<Tool>(res)).toMatchObject({ _id: 'drill-machine', name: 'Drill Machine' })
  })

  it('is a 404 in the error shape for an unknown id', async () => {
    const res = await call('/api/service/no-such-tool')
    expect(res.status).toBe(404)
    expect(await json(res)).toEqual({ error: { code: 'NOT_FOUND', message: 'No such tool.' } })
  })

  it('is a 400 for an id that cannot exist', async () => {
    const res = await call(`/api/service/${'a'.repeat(65)}`)
    expect(res.status).toBe(400)
  })
})
