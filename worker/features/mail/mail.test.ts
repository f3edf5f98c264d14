/**
 * Order e-mails through a real provider: the queue (`email_outbox`), delivery after the
 * response and by the scheduled job, retries with backoff, giving up, and what admins see.
 * The provider is the local Resend-compatible server (worker/test/fake-email.ts): `/emails`
 * sends, `/down/emails` answers 503 to everything.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { MailDelivery } from '#schemas/mail.ts'
import type { Booking } from '#schemas/order.ts'
import { getConfig } from '#worker/env.ts'
import { getDb } from '#worker/lib/db.ts'
import { runScheduled } from '#worker/scheduled.ts'
import type { FakeEmailRequest } from '#worker/test/fake-email.ts'
import { type Bindings, call, errorOf, json } from '#worker/test/helpers.ts'
import { mailsTo, makeTool, paidOrder, placeOrder, type ToolFixture } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'
import { deliverQueuedMail, MAX_MAIL_ATTEMPTS } from './mail.service'

const ADMIN = 'admin@example.com'
/** The shop's own address for this file, so its notices are told apart on the shared fake server. */
const SHOP = 'mail-test-shop@example.com'
const FROM = 'Toolhaus <orders@toolhaus.test>'

/** The provider, up (`/emails`) or down (`/down/emails`: every send a 503). */
const provider = (state: 'up' | 'down') => ({
  EMAIL_API_KEY: 're_test_key',
  EMAIL_API_URL: `${inject('emailUrl')}${state === 'up' ? '' : '/down'}/emails`,
  EMAIL_FROM: FROM,
  SHOP_EMAIL: SHOP,
})
const envWith = (bindings: Bindings) => ({ ...env, ...bindings }) as unknown as Env

/** An order placed and paid (simulated card) with this provider, each step's e-mails tried before the next; answers its number. */
async function paidOrderWith(bindings: Bindings, buyer: { email: string; token: string }) {
  const via = { env: bindings, settle: true }
  const id = await paidOrder(buyer.token, tool, buyer.email, { customerName: 'Mail Buyer' }, via)
  return (await json<Booking>(await call('GET', `/api/booking/${id}`, { as: buyer.token }))).orderNumber
}

/** What the fake provider received for an order: its sends to the customer and to the shop. */
async function sendsFor(no: string, recipients: string[]) {
  const all = await json<FakeEmailRequest[]>(await fetch(`${inject('emailUrl')}/__requests`))
  return all.filter((r) => {
    const body = r.body as { to?: string[]; subject?: string }
    return recipients.includes(body.to?.[0] ?? '') && body.subject?.includes(no)
  })
}

type MailRow = {
  id: string
  to: string
  subject: string
  status: string
  attempts: number
  next_attempt_at: number | null
  last_error: string | null
  sent_at: number | null
}

/** The queued e-mails of one order (by its number in the subject), per recipient, oldest first. */
const queuedFor = async (no: string, recipients: string[]) =>
  (await Promise.all(recipients.map(mailsTo))).flat().filter((m) => m.subject.includes(no)) as unknown as MailRow[]

const mailRow = (id: string) => env.DB.prepare('select * from email_outbox where id = ?').bind(id).first<MailRow>()
/** Time passes: the e-mail is due now. */
const makeDue = (id: string) =>
  env.DB.prepare('update email_outbox set next_attempt_at = ? where id = ?')
    .bind(Date.now() - 1, id)
    .run()

let admin: string
let tool: ToolFixture
let buyerCount = 0
/** A customer of their own per test, so each test's e-mails are told apart. */
async function newBuyer() {
  const email = `mail-buyer-${++buyerCount}@example.com`
  return { email, token: await signIn(email, { name: 'Mail Buyer' }) }
}

beforeAll(async () => {
  admin = await signIn(ADMIN)
  tool = await makeTool({ name: 'Mail Drill', pricePaisa: 10_000, quantity: 100_000, min: 2 })
})

describe('order e-mails through the provider', () => {
  it('tells the customers of a withdrawn tool at once, not at the next scheduled run', async () => {
    const buyer = await newBuyer()
    const withdrawn = await makeTool({ name: 'Mail Withdrawn Saw', pricePaisa: 10_000, quantity: 50, min: 1 })
    const id = await placeOrder(buyer.token, withdrawn, buyer.email, {}, { env: provider('up'), settle: true })
    const no = (await json<Booking>(await call('GET', `/api/booking/${id}`, { as: buyer.token }))).orderNumber
    const res = await call('DELETE', `/api/service/${withdrawn.id}`, { as: admin, env: provider('up'), settle: true })
    expect(res.status).toBe(200)
    const cancelled = (await queuedFor(no, [buyer.email])).filter((m) => m.subject.includes('cancelled'))
    expect(cancelled.map((m) => m.status)).toEqual(['sent'])
  })

  it('posts each e-mail once, with text and HTML and the order number in the subject; the scheduled job sends nothing again', async () => {
    const buyer = await newBuyer()
    const no = await paidOrderWith(provider('up'), buyer)
    const recipients = [buyer.email, SHOP]

    const rows = await queuedFor(no, recipients)
    expect(rows.map((m) => [m.to, m.status])).toEqual([
      [buyer.email, 'sent'],
      [buyer.email, 'sent'],
      [SHOP, 'sent'],
    ])
    await runScheduled(envWith(provider('up')), Date.now())
    await deliverQueuedMail(getDb(env), getConfig(envWith(provider('up'))))

    const sends = await sendsFor(no, recipients)
    expect(sends.map((r) => (r.body as { subject: string }).subject).sort()).toEqual(
      [`New paid order ${no} — Toolhaus`, `Order ${no} placed — Toolhaus`, `Receipt for order ${no} — Toolhaus`].sort(),
    )
    for (const send of sends) {
      expect(send.status).toBe(200)
      expect(send.headers.authorization).toBe('Bearer re_test_key')
      const body = send.body as { from: string; to: string[]; subject: string; text: string; html: string }
      expect(body.from).toBe(FROM)
      expect(body.to).toHaveLength(1)
      expect(body.text).toContain(no)
      expect(body.html).toMatch(/^<!doctype html>/)
      expect(body.html).toContain(no)
    }
    const receipt = sends.find((r) => (r.body as { subject: string }).subject.startsWith('Receipt'))!.body as {
      to: string[]
      text: string
    }
    expect(receipt.to).toEqual([buyer.email])
    expect(receipt.text).toContain('Hello Mail Buyer,')
  })

  it('a failing provider: each e-mail stays pending, retried later each time, then marked failed', async () => {
    const buyer = await newBuyer()
    const before = Date.now()
    const no = await paidOrderWith(provider('down'), buyer)
    const [placed] = await queuedFor(no, [buyer.email])
    expect(placed!.subject).toBe(`Order ${no} placed — Toolhaus`)

    // Tried once right after the order, refused by the provider.
    let row = (await mailRow(placed!.id))!
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      sent_at: null,
      last_error: expect.stringContaining('503'),
    })
    expect(row.next_attempt_at! - before).toBeGreaterThanOrEqual(60_000 - 1_000)
    expect(row.next_attempt_at! - Date.now()).toBeLessThanOrEqual(60_000 + 1_000)

    // Not due yet: the scheduled job leaves it alone.
    await runScheduled(envWith(provider('down')), Date.now())
    expect((await mailRow(placed!.id))!.attempts).toBe(1)

    // Each later failure waits longer: 5 min, 30 min, 2 h, 12 h.
    const waits: number[] = []
    for (let attempt = 2; attempt < MAX_MAIL_ATTEMPTS; attempt++) {
      await makeDue(placed!.id)
      const at = Date.now()
      await runScheduled(envWith(provider('down')), at)
      row = (await mailRow(placed!.id))!
      expect(row).toMatchObject({ status: 'pending', attempts: attempt })
      waits.push(Math.round((row.next_attempt_at! - at) / 60_000))
    }
    expect(waits).toEqual([5, 30, 120, 720])

    // The last attempt fails too: given up, left for a person, never sent again.
    await makeDue(placed!.id)
    await runScheduled(envWith(provider('down')), Date.now())
    row = (await mailRow(placed!.id))!
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAX_MAIL_ATTEMPTS,
      sent_at: null,
      last_error: expect.stringContaining('503'),
    })
    await makeDue(placed!.id)
    await runScheduled(envWith(provider('up')), Date.now())
    expect((await mailRow(placed!.id))!.status).toBe('failed')

    const tries = (await sendsFor(no, [buyer.email])).filter(
      (r) => (r.body as { subject: string }).subject === placed!.subject,
    )
    expect(tries.map((r) => [r.path, r.status])).toEqual(
      Array.from({ length: MAX_MAIL_ATTEMPTS }, () => ['/down/emails', 503]),
    )
  })

  it('e-mails that failed once go out when the provider is back, once each, even with two deliveries at the same time', async () => {
    const buyer = await newBuyer()
    const no = await paidOrderWith(provider('down'), buyer)
    const recipients = [buyer.email, SHOP]
    const queued = await queuedFor(no, recipients)
    expect(queued.map((m) => [m.status, m.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
      ['pending', 1],
    ])
    for (const mail of queued) await makeDue(mail.id)

    // The cron job and a request's after-response delivery at once: each e-mail is claimed by one.
    const up = envWith(provider('up'))
    await Promise.all([runScheduled(up, Date.now()), deliverQueuedMail(getDb(up), getConfig(up))])
    await runScheduled(up, Date.now())

    const rows = await queuedFor(no, recipients)
    expect(rows.map((m) => m.status)).toEqual(['sent', 'sent', 'sent'])
    const delivered = (await sendsFor(no, recipients)).filter((r) => r.path === '/emails')
    expect(delivered.map((r) => [(r.body as { subject: string }).subject, r.status]).sort()).toEqual(
      [
        [`New paid order ${no} — Toolhaus`, 200],
        [`Order ${no} placed — Toolhaus`, 200],
        [`Receipt for order ${no} — Toolhaus`, 200],
      ].sort(),
    )
  })
})

describe('GET /api/outbox/deliveries: what admins see of the e-mail', () => {
  it('lists each e-mail’s status, attempts and last error (never its text), by status and recipient', async () => {
    const ok = await newBuyer()
    const sentNo = await paidOrderWith(provider('up'), ok)
    const stuck = await newBuyer()
    const stuckNo = await paidOrderWith(provider('down'), stuck)
    const [gaveUp] = await queuedFor(stuckNo, [stuck.email])
    await env.DB.prepare("update email_outbox set status = 'failed', attempts = ? where id = ?")
      .bind(MAX_MAIL_ATTEMPTS, gaveUp!.id)
      .run()

    // With a provider configured the local outbox (with the texts) is gone; the deliveries stay.
    expect((await call('GET', '/api/outbox', { as: admin, env: provider('up'), settle: true })).status).toBe(404)
    const res = await call('GET', `/api/outbox/deliveries?to=${stuck.email}`, {
      as: admin,
      env: provider('up'),
      settle: true,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(res.headers.get('X-Total-Count')).toBe('2')
    const stuckMail = await json<MailDelivery[]>(res)
    expect(stuckMail).toEqual([
      {
        _id: expect.any(String),
        to: stuck.email,
        subject: `Receipt for order ${stuckNo} — Toolhaus`,
        status: 'pending',
        attempts: 1,
        lastError: expect.stringContaining('503'),
        createdAt: expect.stringMatching(/^\d{4}-/),
        sentAt: null,
        nextAttemptAt: expect.stringMatching(/^\d{4}-/),
      },
      {
        _id: gaveUp!.id,
        to: stuck.email,
        subject: `Order ${stuckNo} placed — Toolhaus`,
        status: 'failed',
        attempts: MAX_MAIL_ATTEMPTS,
        lastError: expect.stringContaining('503'),
        createdAt: expect.stringMatching(/^\d{4}-/),
        sentAt: null,
        nextAttemptAt: null,
      },
    ])

    const failed = await json<MailDelivery[]>(
      await call('GET', '/api/outbox/deliveries?status=failed&limit=100', {
        as: admin,
        env: provider('up'),
        settle: true,
      }),
    )
    expect(failed.map((m) => m._id)).toContain(gaveUp!.id)
    expect(failed.every((m) => m.status === 'failed')).toBe(true)
    const sent = await json<MailDelivery[]>(
      await call('GET', `/api/outbox/deliveries?status=sent&to=${ok.email}`, {
        as: admin,
        env: provider('up'),
        settle: true,
      }),
    )
    expect(sent.map((m) => [m.subject, m.status, m.attempts, m.lastError])).toEqual([
      [`Receipt for order ${sentNo} — Toolhaus`, 'sent', 1, null],
      [`Order ${sentNo} placed — Toolhaus`, 'sent', 1, null],
    ])
    expect(sent[0]!.sentAt).toMatch(/^\d{4}-/)

    // The local outbox lists the same e-mails' deliveries too; customers and bad filters are refused.
    expect((await call('GET', `/api/outbox/deliveries?to=${ok.email}`, { as: admin })).status).toBe(200)
    expect((await call('GET', '/api/outbox/deliveries', { as: ok.token })).status).toBe(403)
    expect((await call('GET', '/api/outbox/deliveries')).status).toBe(401)
    const bad = await call('GET', '/api/outbox/deliveries?status=lost', { as: admin })
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).fields).toHaveProperty('status')
  })
})
