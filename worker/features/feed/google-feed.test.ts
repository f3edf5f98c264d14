import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Inserted } from '#schemas/ack.ts'
import { call, forgetPublicAnswers, json } from '#worker/test/helpers.ts'
import { makeTool } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'
import { feedPrice, xmlText } from './google-feed'

let admin: string

beforeAll(async () => {
  admin = await signIn('admin@example.com')
})

const feed = async () => {
  const res = await call('GET', '/feeds/google.xml')
  expect(res.status).toBe(200)
  return { res, xml: await res.text() }
}
/** The `<item>` whose g:id is `id`. */
const itemOf = (xml: string, id: string) =>
  [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!).find((item) => item.includes(`<g:id>${id}</g:id>`))
const field = (item: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(item)?.[1]

describe('GET /feeds/google.xml', () => {
  it('is RSS 2.0 with the g: namespace and an item per tool with every field', async () => {
    const top = await json<Inserted>(await call('POST', '/api/category', { as: admin, body: { name: 'Feed Saws' } }))
    const child = await json<Inserted>(
      await call('POST', '/api/category', {
        as: admin,
        body: { name: 'Feed Circular & Co', parentId: top.insertedId },
      }),
    )
    const tool = await makeTool({ name: 'Feed Saw', pricePaisa: 125_000, quantity: 40, min: 5 })
    await env.DB.prepare('update tools set category_id = ? where id = ?').bind(child.insertedId, tool.id).run()
    await forgetPublicAnswers()

    const { res, xml } = await feed()
    expect(res.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8')
    expect(res.headers.get('Cache-Control')).toMatch(/^public/)
    expect(res.headers.get('ETag')).toBeTruthy()
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
      ),
    ).toBe(true)
    const item = itemOf(xml, tool.id)!
    expect(item).toBeDefined()
    expect(field(item, 'title')).toBe('Feed Saw')
    expect(field(item, 'description')).toBe('A tool for tests.')
    expect(field(item, 'link')).toBe(`http://shop.test/service/${tool.id}`)
    expect(field(item, 'g:image_link')).toBe('http://shop.test/api/images/test.png')
    expect(field(item, 'g:price')).toBe('1250.00 BDT')
    expect(field(item, 'g:availability')).toBe('in_stock')
    expect(field(item, 'g:condition')).toBe('new')
    expect(field(item, 'g:brand')).toBe('Toolhaus')
    expect(field(item, 'g:product_type')).toBe('Feed Saws &gt; Feed Circular &amp; Co')
    // One photo: no additional image.
    expect(item).not.toContain('g:additional_image_link')
  })

  it('gives a gallery’s other photos as additional images, the main one as the image', async () => {
    const tool = await makeTool({ name: 'Feed Gallery Drill' })
    const photos = ['/api/images/main.png', '/api/images/side.png', '/api/images/box.png']
    await env.DB.prepare('update tools set img = ?, images = ? where id = ?')
      .bind(photos[0], JSON.stringify(photos), tool.id)
      .run()
    await forgetPublicAnswers()
    const item = itemOf((await feed()).xml, tool.id)!
    expect(field(item, 'g:image_link')).toBe('http://shop.test/api/images/main.png')
    expect([...item.matchAll(/<g:additional_image_link>([^<]*)</g)].map((m) => m[1])).toEqual([
      'http://shop.test/api/images/side.png',
      'http://shop.test/api/images/box.png',
    ])
  })

  it('escapes &, <, > and quotes in names and descriptions, and drops characters XML cannot carry', async () => {
    const tool = await makeTool({ name: `Bosch & "Makita" <Pro> 'Saw'\u0001` })
    await env.DB.prepare('update tools set description = ? where id = ?')
      .bind('<b>Bold</b> & "quoted" \'single\' ]]> \u0008done', tool.id)
      .run()
    await forgetPublicAnswers()
    const { xml } = await feed()
    const item = itemOf(xml, tool.id)!
    expect(field(item, 'title')).toBe('Bosch &amp; &quot;Makita&quot; &lt;Pro&gt; &apos;Saw&apos;')
    expect(field(item, 'description')).toBe(
      '&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot; &apos;single&apos; ]]&gt; done',
    )
    // Every & in the whole feed starts an entity.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may be left.
    expect(xml).not.toMatch(/[\u0000-\u0008]/)
  })

  it('says out_of_stock when fewer than the minimum order are left', async () => {
    const low = await makeTool({ name: 'Feed Low', quantity: 3, min: 5 })
    const none = await makeTool({ name: 'Feed None', quantity: 0, min: 1 })
    const exact = await makeTool({ name: 'Feed Exact', quantity: 5, min: 5 })
    const { xml } = await feed()
    expect(field(itemOf(xml, low.id)!, 'g:availability')).toBe('out_of_stock')
    expect(field(itemOf(xml, none.id)!, 'g:availability')).toBe('out_of_stock')
    expect(field(itemOf(xml, exact.id)!, 'g:availability')).toBe('in_stock')
  })

  it('writes prices with two decimals and the currency', () => {
    expect(feedPrice(125_000)).toBe('1250.00 BDT')
    expect(feedPrice(125_050)).toBe('1250.50 BDT')
    expect(feedPrice(5)).toBe('0.05 BDT')
    expect(feedPrice(0)).toBe('0.00 BDT')
    expect(xmlText('\ud800a\udc00')).toBe('a')
  })

  it('is kept at the edge and dropped when a tool changes', async () => {
    const tool = await makeTool({ name: 'Feed Before' })
    const first = await feed()
    expect(first.xml).toContain('<title>Feed Before</title>')
    const etag = first.res.headers.get('ETag')!
    expect((await call('GET', '/feeds/google.xml', { headers: { 'If-None-Match': etag } })).status).toBe(304)
    const patched = await call('PATCH', `/api/service/${tool.id}`, { as: admin, body: { name: 'Feed After' } })
    expect(patched.status).toBe(200)
    const { xml } = await feed()
    expect(xml).toContain('<title>Feed After</title>')
    expect(xml).not.toContain('<title>Feed Before</title>')
  })
})
