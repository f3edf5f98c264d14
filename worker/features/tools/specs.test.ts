import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Tool } from '#schemas/tool.ts'
import { call, errorOf, json, seedDemo } from '#worker/test/helpers.ts'
import { signIn } from '#worker/test/tokens.ts'

let admin: string

beforeAll(async () => {
  await seedDemo()
  admin = await signIn('admin@example.com')
})

const TOOL = {
  name: 'Spec Test Drill',
  description: 'A drill with specifications.',
  price: 4200,
  quantity: 100,
  Minimum_quantity: 10,
  img: 'https://example.com/drill.png',
}

const post = (body: unknown) => call('POST', '/api/service', { as: admin, body })
const patch = (id: string, body: unknown) => call('PATCH', `/api/service/${id}`, { as: admin, body })
const get = async (id: string) => json<Tool>(await call('GET', `/api/service/${id}`))

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Spec ${i + 1}`, value: `Value ${i + 1}` }))

describe('specifications of a tool', () => {
  it('keeps name/value rows in the order sent, trimmed, without other keys', async () => {
    const res = await post({
      ...TOOL,
      specs: [
        { name: ' Power ', value: '750 W ', colour: 'red' },
        { name: 'Chuck', value: '13 mm, keyed' },
        { name: 'শক্তি', value: '৭৫০ ওয়াট' },
      ],
    })
    expect(res.status).toBe(201)
    const { insertedId } = await json<{ insertedId: string }>(res)
    expect((await get(insertedId)).specs).toEqual([
      { name: 'Power', value: '750 W' },
      { name: 'Chuck', value: '13 mm, keyed' },
      { name: 'শক্তি', value: '৭৫০ ওয়াট' },
    ])
  })

  it('reorders, removes and clears them with PATCH; the same rows again change nothing', async () => {
    const { insertedId: id } = await json<{ insertedId: string }>(await post({ ...TOOL, specs: rows(3) }))
    const reordered = [rows(3)[2]!, rows(3)[0]!]
    expect(await json(await patch(id, { specs: reordered }))).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect((await get(id)).specs).toEqual(reordered)
    expect(await json(await patch(id, { specs: reordered }))).toEqual({ acknowledged: true, modifiedCount: 0 })
    // Sending other fields leaves them alone.
    await patch(id, { price: 4300 })
    expect((await get(id)).specs).toEqual(reordered)
    expect(await json(await patch(id, { specs: [] }))).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect((await get(id)).specs).toEqual([])
    const audit = await json<{ action: string; target: string; detail: string }[]>(
      await call('GET', '/api/audit', { as: admin }),
    )
    expect(audit.find((e) => e.target === id && e.action === 'tool.update')?.detail).toBe('specs changed')
  })

  it('takes 30 rows of 60 and 200 characters, the most a tool may have', async () => {
    const full = Array.from({ length: 30 }, (_, i) => ({
      name: `${String(i).padStart(2, '0')}${'n'.repeat(58)}`,
      value: 'ভ'.repeat(200),
    }))
    const res = await post({ ...TOOL, specs: full })
    expect(res.status).toBe(201)
    const { insertedId } = await json<{ insertedId: string }>(res)
    expect((await get(insertedId)).specs).toEqual(full)
  })

  it.each([
    [rows(31), 'specs', 'A tool has at most 30 specifications'],
    [[{ name: 'x'.repeat(61), value: 'v' }], 'specs.0.name', 'Specification name must be at most 60 characters'],
    [
      [{ name: 'Power', value: 'v'.repeat(201) }],
      'specs.0.value',
      'Specification value must be at most 200 characters',
    ],
    [[{ name: '  ', value: '750 W' }], 'specs.0.name', 'Specification name is Required'],
    [[{ name: 'Power', value: '\u200b\u00ad' }], 'specs.0.value', 'Specification value is Required'],
    [[{ name: 'Power' }], 'specs.0.value', 'Specification value is Required'],
    [[{ name: 'Power', value: 750 }], 'specs.0.value', 'Specification value is Required'],
    [
      [
        { name: 'Power', value: '750 W' },
        { name: 'power', value: '800 W' },
      ],
      'specs.1.name',
      'power is listed twice',
    ],
    ['Power: 750 W', 'specs', 'specs must be a list of {name, value}'],
    [{ Power: '750 W' }, 'specs', 'specs must be a list of {name, value}'],
  ])('refuses %j with a 400 naming %s, on POST and PATCH', async (specs, field, message) => {
    const res = await post({ ...TOOL, specs })
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.fields?.[field]).toBe(message)

    const edited = await patch('drill-machine', { specs })
    expect(edited.status).toBe(400)
    expect((await errorOf(edited)).fields?.[field]).toBe(message)
  })

  it('stores them as JSON text, never as markup', async () => {
    const specs = [{ name: '<b>Power</b>', value: '"750 W" </script>' }]
    const { insertedId } = await json<{ insertedId: string }>(await post({ ...TOOL, specs }))
    expect((await get(insertedId)).specs).toEqual(specs)
    const row = await env.DB.prepare('select specs from tools where id = ?').bind(insertedId).first<{ specs: string }>()
    expect(JSON.parse(row!.specs)).toEqual(specs)
  })
})
