/**
 * SHOP_URL is the one source of the shop's absolute links (README, docs/api-extensions.md): the
 * links in e-mails, /sitemap.xml, /robots.txt and the merchant feed start with it, whatever Host
 * a request came with. A request that says `Host: evil.example` once put that host in the link of
 * a quote request's e-mail.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { QuoteCreated } from '#schemas/quote.ts'
import { call, errorOf, forgetPublicAnswers, json } from './helpers'
import { makeTool, type OutboxRow, placeOrder, readOrder, type ToolFixture } from './order-fixtures'
import { signIn } from './tokens'

const EVIL = 'http://evil.example'
const ADMIN = 'admin@example.com'
const BUYER = 'shop-url-buyer@example.com'
let admin: string
let buyer: string
let tool: ToolFixture

beforeAll(async () => {
  ;[admin, buyer] = await Promise.all([signIn(ADMIN), signIn(BUYER)])
  tool = await makeTool({ name: 'Host Proof Drill', quantity: 1000, min: 1 })
})

const mailsWith = async (text: string) =>
  (
    await env.DB.prepare(
      `select * from email_outbox where instr(body, ?1) > 0 or instr(coalesce(html, ''), ?1) > 0 or instr(subject, ?1) > 0`,
    )
      .bind(text)
      .all<OutboxRow>()
  ).results

describe('SHOP_URL must be an origin', () => {
  it.each([
    ['missing', '', 'SHOP_URL is required'],
    ['with a path', 'https://shop.test/store', 'SHOP_URL must be an origin'],
    ['not a URL', 'shop.test', 'SHOP_URL must be an origin'],
    ['another scheme', 'ftp://shop.test', 'SHOP_URL must be an origin'],
  ])('%s: every call answers 503 NOT_CONFIGURED naming it', async (_, value, message) => {
    const res = await call('GET', '/api/health', { env: { SHOP_URL: value } })
    expect(res.status).toBe(503)
    const error = await errorOf(res)
    expect(error.code).toBe('NOT_CONFIGURED')
    expect(error.message).toContain(message)
  })

  it('production needs https://', async () => {
    const res = await call('GET', '/api/health', { env: { ENVIRONMENT: 'production', SHOP_URL: 'http://shop.test' } })
    expect(res.status).toBe(503)
    expect((await errorOf(res)).message).toContain('SHOP_URL must be an https:// address in production')
  })

  it('a trailing slash is the same origin', async () => {
    const res = await call('GET', '/robots.txt', { env: { SHOP_URL: 'https://tools.example/' } })
    expect(await res.text()).toContain('Sitemap: https://tools.example/sitemap.xml')
  })
})

describe('a forged Host never reaches a link', () => {
  it('the sitemap, robots.txt and the merchant feed are built from SHOP_URL', async () => {
    await forgetPublicAnswers()
    for (const path of ['/sitemap.xml', '/robots.txt', '/feeds/google.xml']) {
      const res = await call('GET', path, { origin: EVIL })
      expect(res.status, path).toBe(200)
      const text = await res.text()
      expect(text, path).not.toContain('evil.example')
      expect(text, path).toContain('http://shop.test/')
    }
    // Another SHOP_URL, the same request: the configuration decides, not the address asked.
    await forgetPublicAnswers()
    const sitemap = await (await call('GET', '/sitemap.xml', { env: { SHOP_URL: 'https://tools.example' } })).text()
    expect(sitemap).toContain(`<loc>https://tools.example/service/${tool.id}</loc>`)
    expect(sitemap).not.toContain('shop.test')
    await forgetPublicAnswers()
  })

  it("an order's e-mails link to SHOP_URL", async () => {
    const id = await placeOrder(buyer, tool, BUYER, { quantity: 1 }, { origin: EVIL })
    const no = (await readOrder(id, admin)).orderNumber
    const cancel = await call('POST', `/api/booking/${id}/cancel`, { as: buyer, body: {}, origin: EVIL })
    expect(cancel.status).toBe(200)
    const mails = (await mailsWith(no)).map((m) => `${m.body}${m.html}`)
    expect(mails.length).toBeGreaterThanOrEqual(2)
    for (const mail of mails) expect(mail).toContain(`http://shop.test/dashboard/order/${id}`)
  })

  it("a quote request's e-mail to the shop links to the quote's page at SHOP_URL", async () => {
    const res = await call('POST', '/api/quotes', {
      as: buyer,
      body: { lines: [{ serviceId: tool.id, quantity: 50 }] },
      origin: EVIL,
    })
    expect(res.status).toBe(201)
    const { quoteNumber, insertedId } = await json<QuoteCreated>(res)
    const [mail] = await mailsWith(quoteNumber)
    expect(mail?.to).toBe(ADMIN)
    expect(mail?.body).toContain(`http://shop.test/dashboard/quote/${insertedId}`)
  })

  it('no e-mail anyone was sent carries the forged host', async () => {
    expect(await mailsWith('evil.example')).toEqual([])
  })
})
