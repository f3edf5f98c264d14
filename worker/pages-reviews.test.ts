import { beforeAll, describe, expect, it } from 'vitest'
import { call, seedDemo } from './test/helpers'
import { makeTool } from './test/order-fixtures'

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, any>,
  )
const product = (html: string) => jsonLd(html).find((d) => d['@type'] === 'Product')!

beforeAll(async () => {
  await seedDemo()
})

describe("a tool page with buyers' reviews (server-rendered)", () => {
  it('shows Customer reviews with the average, the count and Verified buyer, and related tools', async () => {
    const res = await call('GET', '/service/electric-saw')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('>Customer reviews</h2>')
    expect(html).toContain('4.5 out of 5 stars')
    expect(html).toContain('>2<!-- --> <!-- -->reviews</span>')
    expect(html.match(/Verified buyer/g)?.length).toBe(2)
    expect(html).toContain('Straight cuts all day')
    // The demo's other cutting tool is related (same top-level category).
    expect(html).toContain('>Related tools</h2>')
    expect(html).toMatch(/<h3 class="[^"]*"><a [^>]*href="\/service\/angle-grinder"/)
  })

  it('carries aggregateRating and the latest reviews in its Product data', async () => {
    const html = await (await call('GET', '/service/electric-saw')).text()
    const data = product(html)
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    })
    expect(data.review).toHaveLength(2)
    expect(data.review[0]).toEqual({
      '@type': 'Review',
      name: 'Strong, a little heavy',
      reviewBody: expect.stringContaining('framing timber'),
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: 'Kamal H.' },
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    })
  })

  it('has no rating in the Product data of a tool without reviews, and says so on the page', async () => {
    const tool = await makeTool({ name: 'Unreviewed Tool' })
    const html = await (await call('GET', `/service/${tool.id}`)).text()
    const data = product(html)
    expect(data).not.toHaveProperty('aggregateRating')
    expect(data).not.toHaveProperty('review')
    expect(html).toContain('No reviews yet.')
    // No category: no related tools.
    expect(html).not.toContain('Related tools')
  })
})
