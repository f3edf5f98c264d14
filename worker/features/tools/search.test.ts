import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Tool } from '#schemas/tool.ts'
import { call, errorOf, json, seedDemo } from '#worker/test/helpers.ts'
import { makeTool } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

let admin: string

beforeAll(async () => {
  await seedDemo()
  admin = await signIn('admin@example.com')
})

/** The names `GET /api/service?q=…` lists, in its order, and its total. */
async function search(q: string, more = '') {
  const res = await call('GET', `/api/service?q=${encodeURIComponent(q)}${more}`)
  expect(res.status, q).toBe(200)
  return { names: (await json<Tool[]>(res)).map((t) => t.name), total: Number(res.headers.get('X-Total-Count')) }
}
const names = async (q: string, more = '') => (await search(q, more)).names

async function addTool(body: Record<string, unknown>) {
  const res = await call('POST', '/api/service', {
    as: admin,
    body: {
      description: 'A tool for the search tests.',
      price: 100,
      quantity: 10,
      Minimum_quantity: 1,
      img: 'https://example.com/tool.png',
      ...body,
    },
  })
  expect(res.status).toBe(201)
  return (await json<{ insertedId: string }>(res)).insertedId
}

describe('search (GET /api/service?q=)', () => {
  it('matches every word as a prefix, in any order', async () => {
    expect(await names('cordless screwdriver')).toEqual(['Cordless Screwdriver', 'Drywall Screwdriver 520 W'])
    // "cord" starts the drywall screwdriver's "cord" too, "scr" the impact driver's "screws".
    const cordScr = ['Drywall Screwdriver 520 W', 'Cordless Screwdriver', 'Cordless Impact Driver 18 V']
    expect(await names('cord scr')).toEqual(cordScr)
    expect(await names('SCR CORD')).toEqual(cordScr)
    expect(await names('rot ham')).toEqual(['Rotary Hammer', 'SDS-max Demolition Hammer'])
    // Every word must match: "saw" is no drill's.
    expect(await names('drill saw')).toEqual([])
    // A prefix, not any substring: "rill" starts no word.
    expect(await names('rill')).toEqual([])
  })

  it('searches specifications and the category path too', async () => {
    // Specifications: the impact wrench's "Square drive 1/2"" and the sander's "Micro-filter box".
    expect(await names('square drive')).toEqual(['Heavy-Duty Impact Wrench 3/4"', 'Impact Wrench'])
    expect(await names('micro filt')).toEqual(['Orbital Sander'])
    // Its category ("Impact wrenches") and the parent's ("Cordless fastening").
    expect(await names('fastening')).toEqual(expect.arrayContaining(['Impact Wrench', 'Cordless Screwdriver']))
    expect((await search('fastening')).total).toBe(5)
    expect(await names('sanding heat')).toEqual(expect.arrayContaining(['Heat Gun', 'Orbital Sander']))
  })

  it('ranks the best match first: a word in the name before one in the description', async () => {
    const inName = await addTool({ name: 'Zyxwrench Deluxe', description: 'A plain tool.' })
    const inText = await addTool({ name: 'Plain Spanner', description: 'Works like a zyxwrench, only smaller.' })
    const inSpecs = await addTool({ name: 'Plain Socket', specs: [{ name: 'Fits', value: 'zyxwrench sockets' }] })
    expect(await names('zyxw')).toEqual(['Zyxwrench Deluxe', 'Plain Socket', 'Plain Spanner'])
    // A sort given wins over the rank.
    expect(await names('zyxw', '&sort=name')).toEqual(['Plain Socket', 'Plain Spanner', 'Zyxwrench Deluxe'])
    // Paging keeps the total.
    expect(await search('zyxw', '&limit=1&offset=1')).toEqual({ names: ['Plain Socket'], total: 3 })
    for (const id of [inName, inText, inSpecs]) await call('DELETE', `/api/service/${id}`, { as: admin })
  })

  it('folds case and accents, and finds Bengali words', async () => {
    await addTool({ name: 'Établi Pliant', specs: [{ name: 'উপাদান', value: 'ইস্পাত কাঠামো' }] })
    expect(await names('etab')).toEqual(['Établi Pliant'])
    expect(await names('ÉTABLI')).toEqual(['Établi Pliant'])
    expect(await names('ইস্পা')).toEqual(['Établi Pliant'])
  })

  // Best match first: "drill" in the name, then in the category ("Drilling"), then in the description.
  const DRILLS = [
    'Compact Hammer Drill 550 W',
    'Cordless Hammer Drill 18 V',
    'Drill Machine',
    'Rotary Hammer',
    'SDS-max Demolition Hammer',
    'Cordless Impact Driver 18 V',
  ]
  it.each([
    ['"', []],
    ['""', []],
    ['"drill', DRILLS],
    ['drill"*', DRILLS],
    ['-drill', DRILLS],
    // Words all: "name" is in no drill's text.
    ['name:drill', []],
    ['{name}: drill', []],
    ['drill NEAR saw', []],
    ['NEAR(drill saw)', []],
    ['drill OR saw', []],
    ['drill AND NOT saw', []],
    ['(drill', DRILLS],
    ['^drill', DRILLS],
    ['drill*', DRILLS],
    ['dr*ll', []],
    ['*', []],
    [
      'drill +hammer',
      [
        'Compact Hammer Drill 550 W',
        'Cordless Hammer Drill 18 V',
        'Rotary Hammer',
        'SDS-max Demolition Hammer',
        'Drill Machine',
      ],
    ],
    ["'; drop table tools; --", []],
    ['\\', []],
    ['%', []],
    ['_', []],
    ['\u200b', []],
    // Marks alone (a combining accent) are no word: the tokenizer strips them to an empty prefix.
    ['\u0301', []],
    ['\u0301 \u0308', []],
  ])('takes %j as plain text, never as search syntax', async (q, expected) => {
    expect(await names(q as string)).toEqual(expected)
  })

  it('keeps the existing answers: substrings of a word’s start, with the total', async () => {
    expect(await search('drill')).toEqual({ names: DRILLS, total: DRILLS.length })
    expect(await names('keyed chuck')).toEqual(['Drill Machine'])
    expect(await search('')).toMatchObject({ total: expect.any(Number) })
    expect((await search('   ')).names.length).toBeGreaterThan(2)
    const long = await call('GET', `/api/service?q=${'x'.repeat(101)}`)
    expect(long.status).toBe(400)
    expect((await errorOf(long)).fields).toHaveProperty('q')
  })
})

describe('the search index follows the tools (triggers)', () => {
  it('finds a tool added by the API and straight in D1', async () => {
    await addTool({ name: 'Quillon Riveter' })
    expect(await names('quill')).toEqual(['Quillon Riveter'])
    await makeTool({ name: 'Vortexa Blower' })
    expect(await names('vortexa')).toEqual(['Vortexa Blower'])
  })

  it('follows a new name, description and specifications, and forgets the old ones', async () => {
    const id = await addTool({ name: 'Marlinspike Punch', specs: [{ name: 'Tip', value: 'Tungsten' }] })
    expect(await names('tungst')).toEqual(['Marlinspike Punch'])
    await call('PATCH', `/api/service/${id}`, {
      as: admin,
      body: { name: 'Fidlock Punch', description: 'Now with a hardened gorbel tip.', specs: [] },
    })
    expect(await names('marlin')).toEqual([])
    expect(await names('tungst')).toEqual([])
    expect(await names('fidlo')).toEqual(['Fidlock Punch'])
    expect(await names('gorbel')).toEqual(['Fidlock Punch'])
    // A stock change (an order, a restock) leaves the index alone and the tool findable.
    await call('PATCH', `/api/service/${id}`, { as: admin, body: { quantity: 55, previousQuantity: 10 } })
    expect(await names('fidlo')).toEqual(['Fidlock Punch'])
  })

  it('follows the category: assigned, renamed, moved under another parent, removed', async () => {
    const parent = await call('POST', '/api/category', { as: admin, body: { name: 'Quarrying' } })
    const parentId = (await json<{ insertedId: string }>(parent)).insertedId
    const child = await call('POST', '/api/category', { as: admin, body: { name: 'Feathers', parentId } })
    const childId = (await json<{ insertedId: string }>(child)).insertedId
    const id = await addTool({ name: 'Wedge Set', categoryId: childId })
    expect(await names('quarry')).toEqual(['Wedge Set'])
    expect(await names('feath wedge')).toEqual(['Wedge Set'])

    await call('PATCH', `/api/category/${childId}`, { as: admin, body: { name: 'Plugs' } })
    expect(await names('feath')).toEqual([])
    expect(await names('plugs')).toEqual(['Wedge Set'])
    await call('PATCH', `/api/category/${parentId}`, { as: admin, body: { name: 'Stonework' } })
    expect(await names('quarry')).toEqual([])
    expect(await names('stonew plug')).toEqual(['Wedge Set'])

    await call('PATCH', `/api/category/${childId}`, { as: admin, body: { parentId: null } })
    expect(await names('stonew')).toEqual([])
    expect(await names('plugs')).toEqual(['Wedge Set'])

    await call('PATCH', `/api/service/${id}`, { as: admin, body: { categoryId: null } })
    expect(await names('plugs')).toEqual([])
    expect(await names('wedge')).toEqual(['Wedge Set'])
  })

  it('forgets a deleted tool, and keeps one index row per tool', async () => {
    const id = await addTool({ name: 'Ephemeral Gouge' })
    expect(await names('ephem')).toEqual(['Ephemeral Gouge'])
    expect((await call('DELETE', `/api/service/${id}`, { as: admin })).status).toBe(200)
    expect(await search('ephem')).toEqual({ names: [], total: 0 })
    const counts = await env.DB.prepare(
      'select (select count(*) from tools) as tools, (select count(*) from tool_search) as indexed',
    ).first<{ tools: number; indexed: number }>()
    expect(counts!.indexed).toBe(counts!.tools)
  })
})
