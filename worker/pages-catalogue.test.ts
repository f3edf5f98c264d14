import { beforeAll, describe, expect, it } from 'vitest'
import { call, json, seedDemo } from './test/helpers'
import { signIn } from './test/tokens'

/** A page as a browser or crawler gets it: status and the HTML. */
async function page(path: string) {
  const res = await call('GET', path)
  return { res, html: await res.text() }
}

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1]
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, any>,
  )
/** The tool names of the cards a /service page lists, in order. */
const cardNames = (html: string) =>
  [...html.matchAll(/<h2 class="[^"]*"><a [^>]*>([^<]+)<\/a><\/h2>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))

let admin: string

beforeAll(async () => {
  await seedDemo()
  admin = await signIn('admin@example.com')
})

describe('/service by category (server-rendered)', () => {
  it('has links a search engine can follow to every category with tools, with counts', async () => {
    const { res, html } = await page('/service')
    expect(res.status).toBe(200)
    for (const slug of ['drilling', 'cordless-fastening', 'cutting-grinding', 'sanding-heat'])
      expect(html).toContain(`href="/service?category=${slug}"`)
    // Children appear once their parent is chosen.
    expect(html).not.toContain('href="/service?category=hammer-drills"')
  })

  it('lists a category with its children, with its own title, description, canonical and breadcrumbs', async () => {
    const { res, html } = await page('/service?category=drilling')
    expect(res.status).toBe(200)
    expect(cardNames(html)).toEqual([
      'Drill Machine',
      'Rotary Hammer',
      'Cordless Hammer Drill 18 V',
      'Compact Hammer Drill 550 W',
      'SDS-max Demolition Hammer',
    ])
    expect(html).toContain('<h1 class="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Drilling</h1>')
    expect(title(html)).toBe('Drilling · Toolhaus')
    expect(meta(html, 'description')).toMatch(/^Drilling: 5 Toolhaus power tools/)
    expect(canonical(html)).toBe('http://shop.test/service?category=drilling')
    // Its children are links now.
    expect(html).toContain('href="/service?category=hammer-drills"')
    expect(html).toContain('href="/service?category=rotary-hammers"')
    expect(jsonLd(html)).toContainEqual(
      expect.objectContaining({
        '@type': 'BreadcrumbList',
        itemListElement: [
          expect.objectContaining({ name: 'Service', item: 'http://shop.test/service' }),
          expect.objectContaining({ name: 'Drilling', item: 'http://shop.test/service?category=drilling' }),
        ],
      }),
    )
  })

  it('names a child with its parent; a search and a sort keep the category', async () => {
    const child = await page('/service?category=hammer-drills')
    expect(title(child.html)).toBe('Hammer drills · Drilling · Toolhaus')
    expect(cardNames(child.html)).toEqual(['Drill Machine', 'Cordless Hammer Drill 18 V', 'Compact Hammer Drill 550 W'])
    const searched = await page('/service?category=drilling&q=sds&sort=name')
    expect(cardNames(searched.html)).toEqual(['Rotary Hammer', 'SDS-max Demolition Hammer'])
    expect(canonical(searched.html)).toBe('http://shop.test/service?category=drilling')
    // Without JavaScript the search form sends the category along.
    expect(searched.html).toContain('<input type="hidden" name="category" value="drilling"/>')
  })

  it('answers 404 for a category that does not exist; a malformed slug is the whole list', async () => {
    expect((await page('/service?category=no-such-category')).res.status).toBe(404)
    const malformed = await page('/service?category=DRILLING')
    expect(malformed.res.status).toBe(200)
    expect(canonical(malformed.html)).toBe('http://shop.test/service')
  })

  it('shows a rename at once (the kept page is dropped)', async () => {
    expect(title((await page('/service?category=sanding-heat')).html)).toBe('Sanding &amp; heat · Toolhaus')
    const res = await call('PATCH', '/api/category/cat-sanding-heat', { as: admin, body: { name: 'Sanding and heat' } })
    expect(res.status).toBe(200)
    expect(title((await page('/service?category=sanding-heat')).html)).toBe('Sanding and heat · Toolhaus')
    await call('PATCH', '/api/category/cat-sanding-heat', { as: admin, body: { name: 'Sanding & heat' } })
  })

  it('is in the sitemap, for every category that lists a tool', async () => {
    const empty = await call('POST', '/api/category', { as: admin, body: { name: 'Empty for now' } })
    expect(empty.status).toBe(201)
    const xml = await (await call('GET', '/sitemap.xml')).text()
    for (const slug of ['drilling', 'hammer-drills', 'rotary-hammers', 'sanding-heat', 'saws'])
      expect(xml).toContain(`<loc>http://shop.test/service?category=${slug}</loc>`)
    expect(xml).not.toContain('category=empty-for-now')
  })
})

describe('a tool page with a category and specifications', () => {
  it('has breadcrumbs through its category, a specifications table, and both in its JSON-LD', async () => {
    const { res, html } = await page('/service/drill-machine')
    expect(res.status).toBe(200)
    const crumbs = /<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? ''
    expect(crumbs).toContain('href="/service"')
    expect(crumbs).toContain('href="/service?category=drilling">Drilling</a>')
    expect(crumbs).toContain('href="/service?category=hammer-drills">Hammer drills</a>')
    expect(crumbs).toContain('Drill Machine')

    const table = /<table[^>]*data-testid="specifications"[\s\S]*?<\/table>/.exec(html)?.[0] ?? ''
    expect(table).toContain('<th scope="row"')
    expect(table).toMatch(/>Power<\/th><td[^>]*>750 W<\/td>/)
    expect(table).toMatch(/>Chuck<\/th><td[^>]*>13 mm, keyed<\/td>/)

    const [product, breadcrumbs] = jsonLd(html)
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Drill Machine',
      category: 'Drilling > Hammer drills',
      offers: { priceCurrency: 'BDT', availability: 'https://schema.org/InStock' },
    })
    expect(product!.additionalProperty).toEqual([
      { '@type': 'PropertyValue', name: 'Power', value: '750 W' },
      { '@type': 'PropertyValue', name: 'Chuck', value: '13 mm, keyed' },
      { '@type': 'PropertyValue', name: 'No-load speed', value: '0–2,800 rpm' },
      { '@type': 'PropertyValue', name: 'Capacity in steel', value: '13 mm' },
      { '@type': 'PropertyValue', name: 'Capacity in masonry', value: '16 mm' },
      { '@type': 'PropertyValue', name: 'Capacity in wood', value: '30 mm' },
    ])
    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Service', item: 'http://shop.test/service' },
        { '@type': 'ListItem', position: 2, name: 'Drilling', item: 'http://shop.test/service?category=drilling' },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Hammer drills',
          item: 'http://shop.test/service?category=hammer-drills',
        },
        { '@type': 'ListItem', position: 4, name: 'Drill Machine', item: 'http://shop.test/service/drill-machine' },
      ],
    })
  })

  it('has neither for a tool without them, and escapes what an admin typed', async () => {
    const res = await call('POST', '/api/service', {
      as: admin,
      body: {
        name: 'Plain Tool',
        description: 'No category, no specifications.',
        price: 10,
        quantity: 5,
        Minimum_quantity: 1,
        img: 'https://example.com/plain.png',
      },
    })
    const { insertedId } = await json<{ insertedId: string }>(res)
    const plain = await page(`/service/${insertedId}`)
    expect(plain.html).not.toContain('data-testid="specifications"')
    const [product, crumbs] = jsonLd(plain.html)
    expect(product).not.toHaveProperty('additionalProperty')
    expect(product).not.toHaveProperty('category')
    expect(crumbs!.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Service', 'Plain Tool'])

    const specs = [{ name: '<script>alert(1)</script>', value: '</script><b>bold</b>' }]
    await call('PATCH', `/api/service/${insertedId}`, { as: admin, body: { specs } })
    const hostile = await page(`/service/${insertedId}`)
    expect(hostile.html).not.toContain('<script>alert(1)')
    expect(hostile.html).not.toContain('<b>bold</b>')
    expect(jsonLd(hostile.html)[0]!.additionalProperty).toEqual([
      { '@type': 'PropertyValue', name: specs[0]!.name, value: specs[0]!.value },
    ])
  })
})
