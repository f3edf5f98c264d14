import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Category } from '#schemas/category-tree.ts'
import type { Tool } from '#schemas/tool.ts'
import { call, errorOf, json, seedDemo } from '#worker/test/helpers.ts'
import { signIn } from '#worker/test/tokens.ts'
import catalogue from '../../../seed/catalogue.json'

let admin: string

beforeAll(async () => {
  await seedDemo()
  admin = await signIn('admin@example.com')
})

const list = async () => json<Category[]>(await call('GET', '/api/category'))
const bySlug = async (slug: string) => (await list()).find((c) => c.slug === slug)

const create = (body: unknown) => call('POST', '/api/category', { as: admin, body })
const patch = (id: string, body: unknown) => call('PATCH', `/api/category/${id}`, { as: admin, body })
const remove = (id: string) => call('DELETE', `/api/category/${id}`, { as: admin })

/** Creates a category and answers its id. */
async function made(body: { name: string; slug?: string; parentId?: string | null }): Promise<string> {
  const res = await create(body)
  expect(res.status, JSON.stringify(body)).toBe(201)
  return (await json<{ insertedId: string }>(res)).insertedId
}

/** Adds a tool through the API, in `categoryId`. */
async function addTool(name: string, categoryId: string | null, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/service', {
    as: admin,
    body: {
      name,
      description: 'A tool for the category tests.',
      price: 100,
      quantity: 10,
      Minimum_quantity: 1,
      img: 'https://example.com/tool.png',
      categoryId,
      ...extra,
    },
  })
  expect(res.status).toBe(201)
  return (await json<{ insertedId: string }>(res)).insertedId
}

const toolsIn = async (slug: string, more = '') => {
  const res = await call('GET', `/api/service?category=${slug}${more}`)
  expect(res.status).toBe(200)
  return { names: (await json<Tool[]>(res)).map((t) => t.name), total: Number(res.headers.get('X-Total-Count')) }
}

describe('GET /api/category', () => {
  it('lists every category with its count (its tools and its children’s), each parent before its children', async () => {
    const res = await call('GET', '/api/category')
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toMatch(/^public/)
    const categories = await json<Category[]>(res)
    expect(categories.map((c) => c.slug)).toEqual([
      'cordless-fastening',
      'impact-wrenches',
      'screwdrivers',
      'cutting-grinding',
      'angle-grinders',
      'saws',
      'drilling',
      'hammer-drills',
      'rotary-hammers',
      'sanding-heat',
      'workshop-site',
    ])
    expect(categories.find((c) => c.slug === 'drilling')).toEqual({
      _id: 'cat-drilling',
      name: 'Drilling',
      slug: 'drilling',
      parentId: null,
      count: 5,
    })
    expect(categories.find((c) => c.slug === 'hammer-drills')).toMatchObject({ parentId: 'cat-drilling', count: 3 })
    // A top-level category with tools of its own and no children.
    expect(categories.find((c) => c.slug === 'sanding-heat')).toMatchObject({ count: 5 })
    const top = categories.filter((c) => c.parentId === null)
    expect(top.reduce((n, c) => n + c.count, 0)).toBe(catalogue.tools.length)
  })
})

describe('POST /api/category', () => {
  it('adds a top-level category with a slug made from its name, and a child inside it (audited)', async () => {
    const res = await create({ name: '  Measuring & Layout Tools ' })
    expect(res.status).toBe(201)
    const { insertedId, acknowledged } = await json<{ insertedId: string; acknowledged: boolean }>(res)
    expect(acknowledged).toBe(true)
    expect(await bySlug('measuring-layout-tools')).toEqual({
      _id: insertedId,
      name: 'Measuring & Layout Tools',
      slug: 'measuring-layout-tools',
      parentId: null,
      count: 0,
    })
    const child = await made({ name: 'Laser levels', slug: 'lasers', parentId: insertedId })
    expect(await bySlug('lasers')).toMatchObject({ _id: child, parentId: insertedId, count: 0 })
    // Accents go, like every other character outside a–z and 0–9.
    await made({ name: 'Scies à métaux' })
    expect(await bySlug('scies-a-metaux')).toBeDefined()

    const audit = await json<{ action: string; target: string; detail: string }[]>(
      await call('GET', '/api/audit', { as: admin }),
    )
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'category.create',
        target: child,
        detail: 'added Laser levels (lasers) inside Measuring & Layout Tools',
      }),
    )
  })

  it('refuses a third level with a 400 naming parentId', async () => {
    const res = await create({ name: 'Cross-line lasers', parentId: 'cat-hammer-drills' })
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.message).toBe(
      'Categories are two levels deep at most: Hammer drills is already inside another category',
    )
    expect(error.fields).toEqual({ parentId: error.message })
    expect(await bySlug('cross-line-lasers')).toBeUndefined()
  })

  it('refuses an unknown parent (400) and a slug another category has (409)', async () => {
    const unknown = await create({ name: 'Orphans', parentId: 'no-such-category' })
    expect(unknown.status).toBe(400)
    expect((await errorOf(unknown)).fields).toEqual({ parentId: 'No category has that id' })

    const twin = await create({ name: 'Saws', parentId: 'cat-drilling' })
    expect(twin.status).toBe(409)
    expect(await errorOf(twin)).toEqual({
      code: 'CONFLICT',
      message: 'Another category has the slug saws',
      fields: { slug: 'Another category has the slug saws' },
    })
    expect((await create({ name: 'Other saws', slug: 'saws' })).status).toBe(409)
  })

  it.each([
    [{}, 'name', 'name is Required'],
    [{ name: '   ' }, 'name', 'name is Required'],
    [{ name: '\u200b' }, 'name', 'name is Required'],
    [{ name: 'x'.repeat(61) }, 'name', 'name must be at most 60 characters'],
    [{ name: 'Bad slug', slug: 'Bad Slug' }, 'slug', 'slug may only have a–z, 0–9 and single hyphens between them'],
    [{ name: 'Bad slug', slug: 'a--b' }, 'slug', 'slug may only have a–z, 0–9 and single hyphens between them'],
    [{ name: 'Bad slug', slug: '-a' }, 'slug', 'slug may only have a–z, 0–9 and single hyphens between them'],
    [{ name: 'Bad slug', slug: 'x'.repeat(61) }, 'slug', 'slug must be at most 60 characters'],
    [
      { name: 'ড্রিল মেশিন' },
      'slug',
      'Give this category a slug (a–z, 0–9, hyphens): its name has none of those characters',
    ],
    [{ name: 'Parent', parentId: 5 }, 'parentId', 'parentId must be a category id or null'],
  ])('refuses %j with a 400 naming %s', async (body, field, message) => {
    const res = await create(body)
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.fields?.[field]).toBe(message)
  })

  it('takes a Bengali name with a slug of its own', async () => {
    const id = await made({ name: 'ড্রিল মেশিন', slug: 'drill-machines-bn' })
    expect(await bySlug('drill-machines-bn')).toMatchObject({ _id: id, name: 'ড্রিল মেশিন' })
  })

  it('is for admins only', async () => {
    const customer = await signIn('category-customer@example.com')
    expect((await call('POST', '/api/category', { as: customer, body: { name: 'Mine' } })).status).toBe(403)
    expect((await call('POST', '/api/category', { body: { name: 'Mine' } })).status).toBe(401)
  })
})

/** The audit log's entries about `target`, newest first. */
const auditFor = async (target: string) =>
  (
    await json<{ action: string; target: string; detail: string }[]>(
      await call('GET', '/api/audit?limit=100', { as: admin }),
    )
  ).filter((e) => e.target === target)

describe('PATCH /api/category/{id}', () => {
  it('renames a category and its slug; the same values again change nothing', async () => {
    const id = await made({ name: 'Clamps' })
    const res = await patch(id, { name: 'Clamps & vices', slug: 'clamps-vices' })
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect(await bySlug('clamps-vices')).toMatchObject({ _id: id, name: 'Clamps & vices' })
    expect(await bySlug('clamps')).toBeUndefined()
    expect(await json(await patch(id, { name: 'Clamps & vices', slug: 'clamps-vices' }))).toEqual({
      acknowledged: true,
      modifiedCount: 0,
    })
    // Audited once: the change, not the request that changed nothing.
    const entries = (await auditFor(id)).filter((e) => e.action === 'category.update')
    expect(entries).toHaveLength(1)
    expect(entries[0]!.detail).toContain('Clamps & vices')
  })

  it('moves a child to the top level and back inside, and its tools count in their new parent', async () => {
    const parent = await made({ name: 'Garden tools' })
    const child = await made({ name: 'Hedge trimmers', parentId: parent })
    await addTool('Hedge Trimmer 600', child)
    expect(await bySlug('garden-tools')).toMatchObject({ count: 1 })

    expect(await json(await patch(child, { parentId: null }))).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect(await bySlug('garden-tools')).toMatchObject({ count: 0 })
    expect(await bySlug('hedge-trimmers')).toMatchObject({ parentId: null, count: 1 })
    expect((await toolsIn('garden-tools')).names).toEqual([])

    expect((await patch(child, { parentId: parent })).status).toBe(200)
    expect(await bySlug('garden-tools')).toMatchObject({ count: 1 })
    expect((await toolsIn('garden-tools')).names).toEqual(['Hedge Trimmer 600'])
  })

  it('keeps two levels: a category with children stays at the top, nothing goes inside a child or itself', async () => {
    const withChildren = await patch('cat-drilling', { parentId: 'cat-sanding-heat' })
    expect(withChildren.status).toBe(400)
    expect(await errorOf(withChildren)).toMatchObject({
      fields: { parentId: 'Drilling has categories inside it, so it stays at the top level' },
    })
    const intoChild = await patch('cat-sanding-heat', { parentId: 'cat-saws' })
    expect(intoChild.status).toBe(400)
    expect((await errorOf(intoChild)).fields?.parentId).toBe(
      'Categories are two levels deep at most: Saws is already inside another category',
    )
    const intoItself = await patch('cat-sanding-heat', { parentId: 'cat-sanding-heat' })
    expect(intoItself.status).toBe(400)
    expect((await errorOf(intoItself)).fields?.parentId).toBe('A category cannot be inside itself')
    const unknown = await patch('cat-sanding-heat', { parentId: 'nowhere' })
    expect(unknown.status).toBe(400)
    expect((await bySlug('sanding-heat'))?.parentId).toBeNull()
  })

  it('refuses a slug another category has (409), nothing to change (400) and an unknown id (404)', async () => {
    const taken = await patch('cat-saws', { slug: 'drilling' })
    expect(taken.status).toBe(409)
    expect((await errorOf(taken)).fields).toEqual({ slug: 'Another category has the slug drilling' })
    const empty = await patch('cat-saws', {})
    expect(empty.status).toBe(400)
    expect((await errorOf(empty)).message).toBe('Send at least one field to change')
    const unknown = await patch('no-such-category', { name: 'Ghost' })
    expect(unknown.status).toBe(404)
    expect(await errorOf(unknown)).toEqual({ code: 'NOT_FOUND', message: 'No such category.' })
  })
})

describe('DELETE /api/category/{id}', () => {
  it('refuses a category that holds tools or categories (409), deletes an empty one, and 404s after', async () => {
    const withTools = await remove('cat-saws')
    expect(withTools.status).toBe(409)
    expect(await errorOf(withTools)).toEqual({
      code: 'CONFLICT',
      message: 'Saws still holds 3 tools: move or delete them first.',
    })
    const withChildren = await remove('cat-cutting-grinding')
    expect(withChildren.status).toBe(409)
    expect((await errorOf(withChildren)).message).toBe(
      'Cutting & grinding still holds 2 categories: move or delete them first.',
    )

    const empty = await made({ name: 'Empty shelf' })
    const res = await remove(empty)
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ acknowledged: true, deletedCount: 1 })
    expect(await bySlug('empty-shelf')).toBeUndefined()
    expect((await remove(empty)).status).toBe(404)
    expect(await auditFor(empty)).toContainEqual(
      expect.objectContaining({ action: 'category.delete', detail: 'deleted Empty shelf (empty-shelf)' }),
    )
    // The refusals changed nothing, so they are not in the log.
    expect((await auditFor('cat-saws')).filter((e) => e.action === 'category.delete')).toEqual([])
  })

  it('deletes a category once its last tool moved out', async () => {
    const id = await made({ name: 'Short-lived' })
    const tool = await addTool('Short-lived Tool', id)
    expect((await remove(id)).status).toBe(409)
    expect((await call('PATCH', `/api/service/${tool}`, { as: admin, body: { categoryId: null } })).status).toBe(200)
    expect((await remove(id)).status).toBe(200)
    expect((await json<Tool>(await call('GET', `/api/service/${tool}`))).categoryId).toBeNull()
  })
})

describe('tools and their category', () => {
  it('assigns a category when a tool is added or edited; an unknown one is a 400', async () => {
    const tool = await addTool('Category Test Saw', 'cat-saws')
    expect((await json<Tool>(await call('GET', `/api/service/${tool}`))).categoryId).toBe('cat-saws')
    const moved = await call('PATCH', `/api/service/${tool}`, { as: admin, body: { categoryId: 'cat-angle-grinders' } })
    expect(await json(moved)).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect((await json<Tool>(await call('GET', `/api/service/${tool}`))).categoryId).toBe('cat-angle-grinders')

    const unknown = await call('PATCH', `/api/service/${tool}`, { as: admin, body: { categoryId: 'nowhere' } })
    expect(unknown.status).toBe(400)
    expect(await errorOf(unknown)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'No category has that id',
      fields: { categoryId: 'No category has that id' },
    })
    const added = await call('POST', '/api/service', {
      as: admin,
      body: {
        name: 'Nowhere Tool',
        description: 'x',
        price: 1,
        quantity: 1,
        Minimum_quantity: 1,
        img: 'https://example.com/x.png',
        categoryId: 'nowhere',
      },
    })
    expect(added.status).toBe(400)
    expect((await errorOf(added)).fields).toEqual({ categoryId: 'No category has that id' })
    expect((await json<Tool[]>(await call('GET', '/api/service?q=Nowhere'))).length).toBe(0)
    // Moving it back out and in again; '' from a form's select means none.
    await call('PATCH', `/api/service/${tool}`, { as: admin, body: { categoryId: '' } })
    expect((await json<Tool>(await call('GET', `/api/service/${tool}`))).categoryId).toBeNull()
    await call('DELETE', `/api/service/${tool}`, { as: admin })
  })

  it('counts follow a tool added, moved and deleted, at once (the kept list is dropped)', async () => {
    const before = await list()
    const count = (list: Category[], slug: string) => list.find((c) => c.slug === slug)?.count
    const tool = await addTool('Counted Grinder', 'cat-angle-grinders')
    let now = await list()
    expect(count(now, 'angle-grinders')).toBe(count(before, 'angle-grinders')! + 1)
    expect(count(now, 'cutting-grinding')).toBe(count(before, 'cutting-grinding')! + 1)

    await call('PATCH', `/api/service/${tool}`, { as: admin, body: { categoryId: 'cat-sanding-heat' } })
    now = await list()
    expect(count(now, 'cutting-grinding')).toBe(count(before, 'cutting-grinding'))
    expect(count(now, 'sanding-heat')).toBe(count(before, 'sanding-heat')! + 1)

    await call('DELETE', `/api/service/${tool}`, { as: admin })
    expect(await list()).toEqual(before)
  })
})

/** The demo tools in Drilling and its children, in creation order. */
const DRILLING = [
  'Drill Machine',
  'Rotary Hammer',
  'Cordless Hammer Drill 18 V',
  'Compact Hammer Drill 550 W',
  'SDS-max Demolition Hammer',
]

describe('GET /api/service?category=', () => {
  it('lists a category with its children, a child alone, with the total, paging and sorting', async () => {
    const drilling = await toolsIn('drilling')
    expect(drilling).toEqual({ names: DRILLING, total: 5 })
    expect(await toolsIn('rotary-hammers')).toEqual({
      names: ['Rotary Hammer', 'SDS-max Demolition Hammer'],
      total: 2,
    })
    expect(await toolsIn('drilling', '&sort=-price&limit=1')).toEqual({
      names: ['SDS-max Demolition Hammer'],
      total: 5,
    })
    expect(await toolsIn('sanding-heat', '&sort=name')).toEqual({
      names: [
        'Digital Heat Gun 2,000 W',
        'Heat Gun',
        'Orbital Sander',
        'Palm Sander 1/4 Sheet',
        'Random Orbit Sander 125 mm',
      ],
      total: 5,
    })
  })

  it('lists nothing for an unknown slug, whatever its form', async () => {
    for (const slug of ['no-such-category', 'DRILLING', '%27%20or%201%3D1', '']) {
      const res = await call('GET', `/api/service?category=${slug}`)
      expect(res.status, slug).toBe(200)
      if (slug === '') continue
      expect(await json(res), slug).toEqual([])
      expect(res.headers.get('X-Total-Count')).toBe('0')
    }
    const long = await call('GET', `/api/service?category=${'x'.repeat(101)}`)
    expect(long.status).toBe(400)
    expect((await errorOf(long)).fields).toHaveProperty('category')
  })

  it('searches within a category', async () => {
    expect(await toolsIn('cutting-grinding', '&q=disc')).toEqual({
      names: ['Mini Angle Grinder 115 mm', 'Large Angle Grinder 230 mm', 'Angle Grinder'],
      total: 3,
    })
    expect(await toolsIn('drilling', '&q=disc')).toEqual({ names: [], total: 0 })
  })
})

describe('the demo seed', () => {
  it('fills in the categories and specifications of demo tools seeded before there were categories, once', async () => {
    // A shop seeded before categories: its demo tools have neither, and no category exists.
    const ids = ['hammer-drills', 'rotary-hammers', 'drilling'].map((s) => `cat-${s}`)
    await env.DB.batch([
      env.DB.prepare(
        "update tools set category_id = null, specs = '[]' where id in ('drill-machine', 'rotary-hammer')",
      ),
      env.DB.prepare(`delete from categories where id in (?, ?, ?)`).bind(...ids),
    ])
    await seedDemo()
    const drill = await json<Tool>(await call('GET', '/api/service/drill-machine'))
    expect(drill.categoryId).toBe('cat-hammer-drills')
    expect(drill.specs[0]).toEqual({ name: 'Power', value: '750 W' })
    expect(await toolsIn('drilling')).toEqual({ names: DRILLING, total: 5 })

    // Once the categories exist, an admin's choice stays: the seed does not put it back.
    await call('PATCH', '/api/service/drill-machine', { as: admin, body: { categoryId: null, specs: [] } })
    await seedDemo()
    const after = await json<Tool>(await call('GET', '/api/service/drill-machine'))
    expect(after).toMatchObject({ categoryId: null, specs: [] })
    await call('PATCH', '/api/service/drill-machine', {
      as: admin,
      body: { categoryId: 'cat-hammer-drills', specs: drill.specs },
    })
  })
})
