import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Tool } from '#schemas/tool.ts'
import { call, errorOf, json, PNG_1X1, seedDemo } from '#worker/test/helpers.ts'
import { signIn } from '#worker/test/tokens.ts'
import catalogue from '../../../seed/catalogue.json'

let admin: string
/** Nine distinct photos uploaded through POST /api/images. */
let photos: string[]

/** Uploads a distinct 1×1 PNG as the admin: its address. */
async function uploadPhoto(): Promise<string> {
  const bytes = new Uint8Array([...PNG_1X1, ...crypto.getRandomValues(new Uint8Array(16))])
  const fd = new FormData()
  fd.append('image', new File([bytes], 'photo.png', { type: 'image/png' }))
  const res = await call('POST', '/api/images', { as: admin, raw: fd })
  expect(res.ok).toBe(true)
  return (await json<{ data: { url: string } }>(res)).data.url
}

beforeAll(async () => {
  await seedDemo()
  admin = await signIn('admin@example.com')
  photos = []
  for (let i = 0; i < 9; i++) photos.push(await uploadPhoto())
})

const TOOL = {
  name: 'Gallery Test Grinder',
  description: 'A grinder with several photos.',
  price: 3600,
  quantity: 100,
  Minimum_quantity: 10,
}

const post = (body: unknown) => call('POST', '/api/service', { as: admin, body })
const patch = (id: string, body: unknown) => call('PATCH', `/api/service/${id}`, { as: admin, body })
const get = async (id: string) => json<Tool>(await call('GET', `/api/service/${id}`))
const created = async (body: unknown) => {
  const res = await post(body)
  expect(res.status).toBe(201)
  return (await json<{ insertedId: string }>(res)).insertedId
}

/** A 400 with the contract's error shape and the given message on `field`. */
async function expectRefused(res: Response, field: string, message: string | RegExp) {
  expect(res.status).toBe(400)
  const error = await errorOf(res)
  expect(error.code).toBe('VALIDATION_FAILED')
  expect(error.fields?.[field]).toMatch(message)
}

describe('a tool’s gallery (images)', () => {
  it('keeps 1 to 8 photos in the order sent; img is the first', async () => {
    const one = await get(await created({ ...TOOL, images: [photos[0]] }))
    expect(one.images).toEqual([photos[0]])
    expect(one.img).toBe(photos[0])

    const eight = await get(await created({ ...TOOL, images: photos.slice(0, 8) }))
    expect(eight.images).toEqual(photos.slice(0, 8))
    expect(eight.img).toBe(photos[0])
  })

  it('refuses none, nine, the same photo twice and an address outside the shop, with plain messages', async () => {
    await expectRefused(await post({ ...TOOL, images: [] }), 'images', 'Photo is Required')
    await expectRefused(await post({ ...TOOL, images: photos }), 'images', 'A tool has at most 8 photos')
    await expectRefused(
      await post({ ...TOOL, images: [photos[0], photos[1], photos[0]] }),
      'images.2',
      'Photo 3 is the same as photo 1',
    )
    await expectRefused(
      await post({ ...TOOL, images: [photos[0], 'https://example.com/drill.png'] }),
      'images.1',
      'Photos must be images uploaded to the shop (/api/images/…)',
    )
    for (const foreign of ['javascript:alert(1)', '/api/images/../secret.png', '//evil.example/x.png', 42])
      await expectRefused(await post({ ...TOOL, images: [foreign] }), 'images.0', /uploaded to the shop/)
    await expectRefused(
      await post({ ...TOOL, images: 'not a list' }),
      'images',
      'images must be a list of photo addresses',
    )
    // Neither img nor images: the spec's message.
    await expectRefused(await post(TOOL), 'img', 'Photo is Required')
    // Both, disagreeing on the main photo.
    await expectRefused(
      await post({ ...TOOL, img: photos[1], images: [photos[0], photos[1]] }),
      'img',
      'img must be the first of images (the main photo)',
    )
    // A well-formed address of an image nobody uploaded.
    await expectRefused(
      await post({ ...TOOL, images: [photos[0], `/api/images/${'a'.repeat(64)}.png`] }),
      'images.1',
      'No uploaded image has that address. Upload the photo first.',
    )
  })

  it('refuses the same on PATCH and leaves the gallery as it was', async () => {
    const id = await created({ ...TOOL, images: photos.slice(0, 2) })
    await expectRefused(await patch(id, { images: [] }), 'images', 'Photo is Required')
    await expectRefused(await patch(id, { images: photos }), 'images', 'A tool has at most 8 photos')
    await expectRefused(await patch(id, { images: [photos[3], photos[3]] }), 'images.1', /same as photo 1/)
    await expectRefused(await patch(id, { images: ['https://example.com/a.png'] }), 'images.0', /uploaded to the shop/)
    expect((await get(id)).images).toEqual(photos.slice(0, 2))
  })

  it('reorders, adds and removes photos with PATCH; the same list again changes nothing', async () => {
    const id = await created({ ...TOOL, images: photos.slice(0, 3) })
    const reordered = [photos[2]!, photos[0]!, photos[1]!]
    expect(await json(await patch(id, { images: reordered }))).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect(await get(id)).toMatchObject({ images: reordered, img: photos[2] })
    expect(await json(await patch(id, { images: reordered }))).toEqual({ acknowledged: true, modifiedCount: 0 })
    expect(await json(await patch(id, { images: [photos[1]!, photos[4]!] }))).toEqual({
      acknowledged: true,
      modifiedCount: 1,
    })
    expect(await get(id)).toMatchObject({ images: [photos[1], photos[4]], img: photos[1] })
    // Other fields leave it alone.
    await patch(id, { price: 3700 })
    expect((await get(id)).images).toEqual([photos[1], photos[4]])
    const audit = await json<{ action: string; target: string; detail: string }[]>(
      await call('GET', '/api/audit', { as: admin }),
    )
    expect(audit.find((e) => e.target === id && e.detail.includes('images'))?.detail).toBe('images changed')
  })

  it('writing img alone (as before: an upload or an https address) sets the gallery to that one photo', async () => {
    const byImg = await get(await created({ ...TOOL, img: photos[5] }))
    expect(byImg).toMatchObject({ img: photos[5], images: [photos[5]] })
    // An https address is still accepted for img, as it was.
    const https = await get(await created({ ...TOOL, img: 'https://example.com/grinder.png' }))
    expect(https).toMatchObject({ img: 'https://example.com/grinder.png', images: ['https://example.com/grinder.png'] })

    const id = await created({ ...TOOL, images: photos.slice(0, 4) })
    expect(await json(await patch(id, { img: photos[6] }))).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect(await get(id)).toMatchObject({ img: photos[6], images: [photos[6]] })
    // img and images together, agreeing.
    expect(await json(await patch(id, { img: photos[7], images: [photos[7], photos[8]] }))).toMatchObject({
      modifiedCount: 1,
    })
    expect(await get(id)).toMatchObject({ img: photos[7], images: [photos[7], photos[8]] })
    // What img refused before it still refuses, on img.
    await expectRefused(await patch(id, { img: 'http://example.com/a.png' }), 'img', /uploaded image or an https/)
    await expectRefused(
      await patch(id, { img: `/api/images/${'b'.repeat(64)}.png` }),
      'img',
      'No uploaded image has that address. Upload the photo first.',
    )
  })

  it('shows a tool written without a gallery (a row from before it) with its one photo', async () => {
    await env.DB.prepare(
      `insert into tools (id, name, description, price_paisa, quantity, minimum_quantity, img)
       values ('gallery-old-row', 'Old Row', 'From before galleries.', 100, 5, 1, ?)`,
    )
      .bind(photos[0])
      .run()
    expect(await get('gallery-old-row')).toMatchObject({ img: photos[0], images: [photos[0]] })
  })

  it('lists every photo in the tool page’s Product JSON-LD, the main one first', async () => {
    const id = await created({ ...TOOL, images: [photos[2], photos[3], photos[4]] })
    const html = await (await call('GET', `/service/${id}`)).text()
    const product = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((data) => data['@type'] === 'Product')
    expect(product?.image).toEqual([photos[2], photos[3], photos[4]].map((p) => `http://shop.test${p}`))
  })
})

describe('the demo catalogue', () => {
  it('has about 24 tools in 5 top-level categories, each tool with specifications and 2 to 4 photos', async () => {
    expect(catalogue.tools).toHaveLength(24)
    const top = catalogue.categories.filter((c) => c.parentId === null)
    expect(top).toHaveLength(5)
    const ids = new Set(catalogue.categories.map((c) => c.id))
    for (const c of catalogue.categories) if (c.parentId) expect(ids.has(c.parentId), c.id).toBe(true)
    const demo = new Set(catalogue.tools.map((t) => t.id))
    const tools = (await json<Tool[]>(await call('GET', '/api/service?limit=100'))).filter((t) => demo.has(t._id))
    expect(tools).toHaveLength(24)
    for (const tool of tools) {
      expect(tool.images.length, tool.name).toBeGreaterThanOrEqual(2)
      expect(tool.images.length, tool.name).toBeLessThanOrEqual(4)
      expect(new Set(tool.images).size, tool.name).toBe(tool.images.length)
      expect(tool.img).toBe(tool.images[0])
      expect(tool.specs.length, tool.name).toBeGreaterThanOrEqual(4)
      expect(tool.categoryId, tool.name).not.toBeNull()
      // Every photo is stored.
      for (const src of tool.images) expect((await call('GET', src)).status, src).toBe(200)
    }
    // Every top-level category holds tools (with its children).
    const counts = await json<{ _id: string; parentId: string | null; count: number }[]>(
      await call('GET', '/api/category'),
    )
    for (const c of counts.filter((k) => k.parentId === null)) expect(c.count, c._id).toBeGreaterThan(0)
  })

  it('gives a demo tool seeded before galleries (its one photo the seed’s main one) the other photos; an admin’s stay', async () => {
    const seeded = await get('heat-gun')
    const main = seeded.images[0]!
    // A shop seeded before galleries: the tool has its one photo (migration 0013's backfill).
    await env.DB.prepare('update tools set images = json_array(img) where id = ?').bind('heat-gun').run()
    await seedDemo()
    expect((await get('heat-gun')).images).toEqual(seeded.images)

    // An admin's gallery is left as it is (one photo of their own, or several).
    await patch('heat-gun', { images: [photos[0]] })
    await seedDemo()
    expect((await get('heat-gun')).images).toEqual([photos[0]])
    await patch('heat-gun', { images: [main, photos[0]] })
    await seedDemo()
    expect((await get('heat-gun')).images).toEqual([main, photos[0]])
    await patch('heat-gun', { images: seeded.images })
  })
})
