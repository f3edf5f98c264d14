/**
 * The admins' e-mail lists through HTTP: GET /api/outbox (the local outbox, with the texts) and
 * GET /api/outbox/deliveries (every e-mail's status), paged (`limit`, `offset`, `X-Total-Count`,
 * alone and with `to`, newest first); and the local outbox's delivery of queued e-mails.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { MailDelivery, OutboxMail } from '#schemas/mail.ts'
import { getConfig } from '#worker/env.ts'
import { getDb } from '#worker/lib/db.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import { mailsTo, makeTool, paidOrder, placeOrder, readOrder, type ToolFixture } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'
import { deliverQueuedMail } from './mail.service'

const BUYER = 'outbox-pager@example.com'
let admin: string
let buyer: string
let tool: ToolFixture
/** The subjects of the buyer's e-mails, newest first. */
let newestFirst: string[]

beforeAll(async () => {
  ;[admin, buyer] = await Promise.all([signIn('admin@example.com'), signIn(BUYER)])
  tool = await makeTool({ name: 'Outbox Drill', quantity: 1000, min: 1 })
  const numbers: string[] = []
  for (let i = 0; i < 5; i++) {
    const id = await placeOrder(buyer, tool, BUYER, { quantity: 1 })
    // Each a second apart, so "newest first" has one answer.
    await env.DB.prepare('update email_outbox set created_at = ? where dedupe_key like ?')
      .bind(Date.now() - 60_000 + i * 1000, `order:${id}:%`)
      .run()
    numbers.push(
      (await json<{ orderNumber: string }>(await call('GET', `/api/booking/${id}`, { as: buyer }))).orderNumber,
    )
  }
  newestFirst = numbers.map((no) => `Order ${no} placed — Toolhaus`).reverse()
})

const stored = async (to?: string) =>
  (await (to
    ? env.DB.prepare('select count(*) as n from email_outbox where "to" = ?').bind(to)
    : env.DB.prepare('select count(*) as n from email_outbox')
  ).first<{ n: number }>())!.n

describe.each([
  ['/api/outbox', 'the local outbox'],
  ['/api/outbox/deliveries', 'the deliveries'],
])('GET %s (%s): paging', (path) => {
  async function list(query: string) {
    const res = await call('GET', `${path}?${query}`, { as: admin })
    expect(res.status, query).toBe(200)
    const mails = await json<(OutboxMail | MailDelivery)[]>(res)
    return { subjects: mails.map((m) => m.subject), total: res.headers.get('X-Total-Count') }
  }

  it('pages one recipient’s e-mails, newest first, X-Total-Count counting them', async () => {
    expect(await list(`to=${BUYER}`)).toEqual({ subjects: newestFirst, total: '5' })
    expect(await list(`to=${BUYER}&limit=2`)).toEqual({ subjects: newestFirst.slice(0, 2), total: '5' })
    expect(await list(`to=${BUYER}&limit=2&offset=2`)).toEqual({ subjects: newestFirst.slice(2, 4), total: '5' })
    expect(await list(`to=${BUYER}&limit=2&offset=4`)).toEqual({ subjects: newestFirst.slice(4), total: '5' })
    expect(await list(`to=${BUYER}&offset=5`)).toEqual({ subjects: [], total: '5' })
  })

  it('pages every e-mail with the whole count; 50 by default, at most 100', async () => {
    // Enough old e-mails for more than one page of 100.
    await env.DB.batch(
      Array.from({ length: 120 }, (_, i) =>
        env.DB.prepare(
          'insert or ignore into email_outbox (id, "to", subject, body, status, created_at) values (?, ?, ?, ?, ?, ?)',
        ).bind(`old-mail-${i}`, 'archive@example.com', `Old mail ${i}`, 'An old e-mail.', 'sent', 1_000_000 + i),
      ),
    )
    const all = await stored()
    expect(all).toBeGreaterThan(100)
    const first = await list('')
    expect(first.subjects).toHaveLength(50)
    expect(first.total).toBe(String(all))
    expect((await list('limit=100')).subjects).toHaveLength(100)
    expect((await list(`offset=${all - 2}`)).subjects).toEqual(['Old mail 1', 'Old mail 0'])
    expect(await list(`offset=${all}`)).toEqual({ subjects: [], total: String(all) })
    expect(await stored(BUYER)).toBe(5)
  })

  it.each(['limit=0', 'limit=101', 'limit=x', 'offset=-1', 'offset=2.5'])(
    'refuses %s with a 400 naming the field',
    async (query) => {
      const res = await call('GET', `${path}?${query}`, { as: admin })
      expect(res.status).toBe(400)
      const error = await errorOf(res)
      expect(error.code).toBe('VALIDATION_FAILED')
      expect(Object.keys(error.fields ?? {})).toEqual([query.split('=')[0]])
    },
  )
})

describe('the local outbox: delivery', () => {
  it('delivers queued e-mails once: the local outbox marks them sent; the outbox lists them to admins', async () => {
    const email = 'outbox-delivery@example.com'
    const buyer = await signIn(email)
    const id = await paidOrder(buyer, tool, email)
    const no = (await readOrder(id, admin)).orderNumber
    await deliverQueuedMail(getDb(env), getConfig(env))
    await deliverQueuedMail(getDb(env), getConfig(env))
    const mine = (await mailsTo(email)).filter((m) => m.subject.includes(no))
    expect(mine.map((m) => m.status)).toEqual(['sent', 'sent'])
    const listed = await call('GET', `/api/outbox?to=${email}&limit=100`, { as: admin })
    expect(listed.status).toBe(200)
    const outbox = await json<OutboxMail[]>(listed)
    expect(outbox.filter((m) => m.subject.includes(no)).map((m) => m.subject)).toEqual([
      `Receipt for order ${no} — Toolhaus`,
      `Order ${no} placed — Toolhaus`,
    ])
    expect(outbox[0]).toMatchObject({
      to: email,
      text: expect.stringContaining(no),
      html: expect.stringContaining('<table'),
    })
    // With a mail provider configured (or in production) there is no local outbox.
    expect((await call('GET', '/api/outbox', { as: admin, env: { EMAIL_API_KEY: 're_test' } })).status).toBe(404)
  })
})
