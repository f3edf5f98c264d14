import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Inserted } from '#schemas/ack.ts'
import type { Tool } from '#schemas/tool.ts'
import { call, forgetPublicAnswers, json } from '#worker/test/helpers.ts'
import { makeTool } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

let admin: string

beforeAll(async () => {
  admin = await signIn('admin@example.com')
})

async function category(name: string, parentId?: string): Promise<string> {
  const res = await call('POST', '/api/category', { as: admin, body: { name, ...(parentId ? { parentId } : {}) } })
  expect(res.status).toBe(201)
  return (await json<Inserted>(res)).insertedId
}

/** A tool in `categoryId` (straight in D1), `quantity` in stock with a minimum order of 5; created in call order. */
async function toolIn(name: string, categoryId: string | null, quantity = 50): Promise<string> {
  const tool = await makeTool({ name, quantity, min: 5 })
  await env.DB.prepare('update tools set category_id = ?, created_at = ? where id = ?')
    .bind(categoryId, Date.now() + (order += 1), tool.id)
    .run()
  await forgetPublicAnswers()
  return tool.id
}
let order = 0

const related = async (id: string) => {
  const res = await call('GET', `/api/service/${id}/related`)
  expect(res.status).toBe(200)
  return (await json<Tool[]>(res)).map((t) => t.name)
}

describe('GET /api/service/{id}/related', () => {
  it('answers up to 4 tools of the category family: orderable first, then the same category, then catalogue order', async () => {
    const top = await category('Related Top')
    const child = await category('Related Child', top)
    const elsewhere = await category('Related Elsewhere')
    const a = await toolIn('A child', child)
    await toolIn('B child, fewer than the minimum left', child, 3)
    await toolIn('C top', top)
    await toolIn('D child', child)
    await toolIn('E child', child)
    await toolIn('G elsewhere', elsewhere)
    expect(await related(a)).toEqual(['D child', 'E child', 'C top', 'B child, fewer than the minimum left'])

    // At most 4: an out-of-stock tool gives way to an orderable one.
    await toolIn('F child', child)
    expect(await related(a)).toEqual(['D child', 'E child', 'F child', 'C top'])

    // From the top-level category: its children's tools are its family too.
    const c = (await json<Tool[]>(await call('GET', '/api/service?category=related-top&sort=name'))).find(
      (t) => t.name === 'C top',
    )!
    expect(await related(c._id)).toEqual(['A child', 'D child', 'E child', 'F child'])
  })

  it("answers [] for a tool without a category, 404 for an unknown tool, and carries the tools' rating", async () => {
    const loose = await toolIn('Loose tool', null)
    expect(await related(loose)).toEqual([])
    expect((await call('GET', '/api/service/no-such-tool/related')).status).toBe(404)
    const top = await category('Rated Top')
    const x = await toolIn('X rated', top)
    await toolIn('Y rated', top)
    const [y] = await json<Tool[]>(await call('GET', `/api/service/${x}/related`))
    expect(y).toMatchObject({ name: 'Y rated', rating: { average: null, count: 0 } })
  })

  it('is public and kept at the edge: an ETag and a 304', async () => {
    const top = await category('Etag Top')
    const x = await toolIn('Etag tool', top)
    const first = await call('GET', `/api/service/${x}/related`)
    const etag = first.headers.get('ETag')
    expect(etag).toBeTruthy()
    expect(first.headers.get('Cache-Control')).toMatch(/^public/)
    expect((await call('GET', `/api/service/${x}/related`, { headers: { 'If-None-Match': etag! } })).status).toBe(304)
  })
})
