import { env } from 'cloudflare:workers'
import { describe, expect, inject, it } from 'vitest'
import type { ContactMessage } from '#schemas/contact.ts'
import { getConfig } from '#worker/env.ts'
import { LOCAL_INBOX } from '#worker/features/mail/mail.service.ts'
import { issueAccessToken } from '#worker/lib/access-token.ts'
import { newId } from '#worker/lib/db.ts'
import type { FakeEmailRequest } from '#worker/test/fake-email.ts'
import { type Bindings, call, errorOf, json, PRODUCTION } from '#worker/test/helpers.ts'
import { CONTACT_RATE_LIMIT } from './contact.service'

let ipCounter = 0
/** A distinct client address per call site, so the rate limit of one test never touches another. */
const nextIp = () => `198.51.100.${++ipCounter}`

const valid = {
  name: 'Rahim Uddin',
  email: 'rahim@example.com',
  subject: 'Bulk order of drills',
  message: 'Hello, I would like a quote for 200 drill machines.',
}

/** Sends the contact form; a string body is sent as it is (not JSON-encoded). */
function post(body: unknown, opts: { ip?: string | null; bindings?: Bindings } = {}) {
  const ip = opts.ip === undefined ? nextIp() : opts.ip
  const headers = { 'Content-Type': 'application/json', ...(ip ? { 'CF-Connecting-IP': ip } : {}) }
  return call('POST', '/api/contact', {
    ...(typeof body === 'string' ? { raw: body } : { body }),
    headers,
    env: opts.bindings,
  })
}

const providerBindings = (): Bindings => ({
  EMAIL_API_KEY: 're_test_key',
  EMAIL_API_URL: `${inject('emailUrl')}/emails`,
  EMAIL_FROM: 'Toolhaus <shop@toolhaus.test>',
  CONTACT_INBOX: 'owner@toolhaus.test',
})

type MessageRow = {
  id: string
  name: string
  email: string
  subject: string
  message: string
  client_key: string
  email_status: string
  email_error: string | null
}
type OutboxRow = { id: string; to: string; reply_to: string | null; subject: string; body: string }

const messageRow = (id: string) =>
  env.DB.prepare('select * from contact_messages where id = ?').bind(id).first<MessageRow>()
const countMessages = async () =>
  (await env.DB.prepare('select count(*) as n from contact_messages').first<{ n: number }>())!.n
const countOutbox = async () =>
  (await env.DB.prepare('select count(*) as n from email_outbox').first<{ n: number }>())!.n

async function fakeRequests(): Promise<FakeEmailRequest[]> {
  return json(await fetch(`${inject('emailUrl')}/__requests`))
}

describe('POST /api/contact: validation', () => {
  it.each([
    ['name missing', { ...valid, name: undefined }, 'name', 'Name is Required'],
    ['name blank', { ...valid, name: '   ' }, 'name', 'Name is Required'],
    ['name too long', { ...valid, name: 'x'.repeat(81) }, 'name', 'Name must be 80 characters or fewer'],
    ['email missing', { ...valid, email: undefined }, 'email', 'Email is Required'],
    ['email empty', { ...valid, email: '' }, 'email', 'Email is Required'],
    ['email invalid', { ...valid, email: 'rahim@' }, 'email', 'Provide a valid Email'],
    ['email not a string', { ...valid, email: 42 }, 'email', 'Email is Required'],
    ['subject too long', { ...valid, subject: 's'.repeat(121) }, 'subject', 'Subject must be 120 characters or fewer'],
    ['subject not a string', { ...valid, subject: 5 }, 'subject', 'Subject must be text'],
    ['message missing', { ...valid, message: undefined }, 'message', 'Message is Required'],
    ['message blank', { ...valid, message: ' \n ' }, 'message', 'Message is Required'],
    ['message too short', { ...valid, message: 'Hi there' }, 'message', 'Message must be at least 10 characters'],
    [
      'message too long',
      { ...valid, message: 'm'.repeat(5001) },
      'message',
      'Message must be 5000 characters or fewer',
    ],
  ])('%s: 400 with the message for that field, nothing stored', async (_case, body, field, message) => {
    const before = await countMessages()
    const res = await post(body)
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.fields?.[field]).toBe(message)
    expect(error.message).toBe(message)
    expect(await countMessages()).toBe(before)
  })

  it('accepts the limits exactly, and no subject at all', async () => {
    const res = await post({
      name: 'n'.repeat(80),
      email: 'a@b.co',
      subject: 's'.repeat(120),
      message: 'm'.repeat(5000),
    })
    expect(res.status).toBe(201)
    const { subject: _omit, ...noSubject } = valid
    const res2 = await post({ ...noSubject, message: '1234567890' })
    expect(res2.status).toBe(201)
    expect((await messageRow((await json(res2)).insertedId))!.subject).toBe('')
  })

  it('reports every bad field at once', async () => {
    const res = await post({ name: '', email: 'nope', message: 'short' })
    expect((await errorOf(res)).fields).toEqual({
      name: 'Name is Required',
      email: 'Provide a valid Email',
      message: 'Message must be at least 10 characters',
    })
  })

  it('answers malformed JSON and a non-object with a 400, never a 500', async () => {
    expect((await post('{"name":')).status).toBe(400)
    expect((await post('[]')).status).toBe(400)
    expect((await post('null')).status).toBe(400)
  })

  it('refuses a body far larger than any message with a 413', async () => {
    const res = await post({ ...valid, message: 'm'.repeat(70_000) })
    expect(res.status).toBe(413)
    expect((await errorOf(res)).code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('ignores unknown fields: the e-mail status and client key are the server’s', async () => {
    const res = await post({
      ...valid,
      email_status: 'sent',
      emailStatus: 'sent',
      client_key: 'x',
      id: 'chosen',
      _id: 'chosen',
    })
    expect(res.status).toBe(201)
    const { insertedId } = await json(res)
    expect(insertedId).not.toBe('chosen')
    const row = (await messageRow(insertedId))!
    expect(row.client_key).toMatch(/^[0-9a-f]{64}$/)
    expect(row.client_key).not.toBe('x')
  })
})

describe('POST /api/contact: local outbox (no e-mail key outside production)', () => {
  it('stores the message, writes the e-mail to the outbox and answers 201', async () => {
    const outboxBefore = await countOutbox()
    const res = await post(valid)
    expect(res.status).toBe(201)
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/)
    const body = await json(res)
    expect(body).toEqual({ acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) })

    expect(await messageRow(body.insertedId)).toMatchObject({
      name: valid.name,
      email: valid.email,
      subject: valid.subject,
      message: valid.message,
      email_status: 'sent',
      email_error: null,
    })
    expect(await countOutbox()).toBe(outboxBefore + 1)
    const mail = (await env.DB.prepare(
      'select * from email_outbox order by created_at desc, rowid desc limit 1',
    ).first<OutboxRow>())!
    expect(mail.to).toBe(LOCAL_INBOX)
    expect(mail.reply_to).toBe(valid.email)
    expect(mail.subject).toContain(valid.subject)
    expect(mail.body).toContain(valid.message)
    expect(mail.body).toContain(`${valid.name} <${valid.email}>`)
  })

  it('addresses the outbox e-mail to CONTACT_INBOX when it is set', async () => {
    const res = await post({ ...valid, subject: 'inbox check' }, { bindings: { CONTACT_INBOX: 'owner@toolhaus.test' } })
    expect(res.status).toBe(201)
    const mail = (await env.DB.prepare(
      'select * from email_outbox order by created_at desc, rowid desc limit 1',
    ).first<OutboxRow>())!
    expect(mail.to).toBe('owner@toolhaus.test')
    expect(mail.subject).toContain('inbox check')
  })

  it('keeps the text exactly as given: no HTML processing, no trimming of the message', async () => {
    const message = '  <script>alert("x")</script> & <b>bold</b> \'quotes\' — ünïcödé 🔧\nsecond line  '
    const res = await post({ ...valid, name: '<i>Eve</i>', subject: '<img src=x onerror=alert(1)>', message })
    expect(res.status).toBe(201)
    const row = (await messageRow((await json(res)).insertedId))!
    expect(row.message).toBe(message)
    expect(row.name).toBe('<i>Eve</i>')
    expect(row.subject).toBe('<img src=x onerror=alert(1)>')
    const mail = (await env.DB.prepare(
      'select * from email_outbox order by created_at desc, rowid desc limit 1',
    ).first<OutboxRow>())!
    expect(mail.body).toContain(message)
  })
})

describe('POST /api/contact: e-mail provider over HTTP (fake Resend)', () => {
  it('sends Resend’s JSON with the bearer key, then marks the message sent', async () => {
    const outboxBefore = await countOutbox()
    const subject = `Provider ok ${crypto.randomUUID()}`
    const res = await post({ ...valid, subject }, { bindings: providerBindings() })
    expect(res.status).toBe(201)
    const { insertedId } = await json(res)

    const sent = (await fakeRequests()).filter((r) => JSON.stringify(r.body).includes(subject))
    expect(sent).toHaveLength(1)
    const request = sent[0]!
    expect(request.method).toBe('POST')
    expect(request.path).toBe('/emails')
    expect(request.status).toBe(200)
    expect(request.headers.authorization).toBe('Bearer re_test_key')
    expect(request.headers['content-type']).toMatch(/application\/json/)
    expect(request.body).toEqual({
      from: 'Toolhaus <shop@toolhaus.test>',
      to: ['owner@toolhaus.test'],
      subject: `Contact form: ${subject}`,
      text: expect.stringContaining(valid.message),
      reply_to: valid.email,
    })

    expect(await messageRow(insertedId)).toMatchObject({ email_status: 'sent', email_error: null })
    expect(await countOutbox()).toBe(outboxBefore)
  })

  it('stores the message before sending: a provider failure is a 502 and the message stays, marked failed', async () => {
    const before = await countMessages()
    const subject = `Please FAIL ${crypto.randomUUID()}`
    const res = await post({ ...valid, subject }, { bindings: providerBindings() })
    expect(res.status).toBe(502)
    const error = await errorOf(res)
    expect(error.code).toBe('PROVIDER_FAILED')
    expect(error.message).toMatch(/could not be e-mailed/)
    expect(await countMessages()).toBe(before + 1)

    const row = (await env.DB.prepare('select * from contact_messages where subject = ?')
      .bind(subject)
      .first<MessageRow>())!
    expect(row).toMatchObject({ message: valid.message, email_status: 'failed' })
    expect(row.email_error).toMatch(/500/)
    expect((await fakeRequests()).some((r) => JSON.stringify(r.body).includes(subject) && r.status === 500)).toBe(true)
  })

  it('treats an unreachable provider as a failure (502), keeping the message', async () => {
    const subject = `Unreachable ${crypto.randomUUID()}`
    const res = await post(
      { ...valid, subject },
      { bindings: { ...providerBindings(), EMAIL_API_URL: `${inject('emailUrl')}/__drop` } },
    )
    expect(res.status).toBe(502)
    const row = (await env.DB.prepare('select * from contact_messages where subject = ?')
      .bind(subject)
      .first<MessageRow>())!
    expect(row.email_status).toBe('failed')
    expect(row.email_error).toMatch(/unreachable/)
  })

  it('treats a rejected key (non-2xx) as a failure', async () => {
    const subject = `Bad key ${crypto.randomUUID()}`
    // The fake answers 401 when the Authorization header is not a bearer key.
    const res = await post({ ...valid, subject }, { bindings: { ...providerBindings(), EMAIL_API_KEY: 'has spaces' } })
    expect(res.status).toBe(502)
    const row = (await env.DB.prepare('select * from contact_messages where subject = ?')
      .bind(subject)
      .first<MessageRow>())!
    expect(row.email_error).toMatch(/401/)
  })

  it('is a 503 when a key is set but EMAIL_FROM is not, keeping the message', async () => {
    const subject = `No sender ${crypto.randomUUID()}`
    const res = await post({ ...valid, subject }, { bindings: { ...providerBindings(), EMAIL_FROM: '' } })
    expect(res.status).toBe(503)
    expect((await errorOf(res)).code).toBe('NOT_CONFIGURED')
    expect((await fakeRequests()).some((r) => JSON.stringify(r.body).includes(subject))).toBe(false)
    const row = (await env.DB.prepare('select * from contact_messages where subject = ?')
      .bind(subject)
      .first<MessageRow>())!
    expect(row.email_status).toBe('failed')
  })
})

describe('POST /api/contact: production without an e-mail key', () => {
  it('answers 503 NOT_CONFIGURED, never writes the outbox, and keeps the message', async () => {
    const outboxBefore = await countOutbox()
    const subject = `Prod ${crypto.randomUUID()}`
    const res = await post({ ...valid, subject }, { bindings: PRODUCTION })
    expect(res.status).toBe(503)
    const error = await errorOf(res)
    expect(error.code).toBe('NOT_CONFIGURED')
    // The public message names no setting.
    expect(error.message).not.toMatch(/EMAIL_API_KEY/)
    expect(await countOutbox()).toBe(outboxBefore)
    const row = (await env.DB.prepare('select * from contact_messages where subject = ?')
      .bind(subject)
      .first<MessageRow>())!
    expect(row).toMatchObject({ message: valid.message, email_status: 'failed' })
    expect(row.email_error).toMatch(/EMAIL_API_KEY/)
  })

  it('sends through the provider in production once the key is set', async () => {
    const res = await post(
      { ...valid, subject: `Prod ok ${crypto.randomUUID()}` },
      { bindings: { ...PRODUCTION, ...providerBindings() } },
    )
    expect(res.status).toBe(201)
  })
})

describe('POST /api/contact: rate limit', () => {
  it(`allows ${CONTACT_RATE_LIMIT.max} messages per client in 10 minutes; the next is a 429 with Retry-After`, async () => {
    const ip = '203.0.113.7'
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      const res = await post({ ...valid, subject: `limit ${i}` }, { ip })
      expect(res.status).toBe(201)
    }
    const before = await countMessages()
    const res = await post({ ...valid, subject: 'one too many' }, { ip })
    expect(res.status).toBe(429)
    const retryAfter = Number(res.headers.get('Retry-After'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowMs / 1000)
    const error = await errorOf(res)
    expect(error.code).toBe('RATE_LIMITED')
    expect(error.message).toMatch(/Please wait \d+ minutes? before sending another/)
    expect(await countMessages()).toBe(before)

    // Another client is not affected; the limited one stays limited.
    expect((await post(valid, { ip: '203.0.113.8' })).status).toBe(201)
    expect((await post(valid, { ip })).status).toBe(429)
  })

  it('counts failed sends too (they are stored), and shares one bucket among clients without an address', async () => {
    const ip = '203.0.113.9'
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      const res = await post({ ...valid, subject: `FAIL ${i}` }, { ip, bindings: providerBindings() })
      expect(res.status).toBe(502)
    }
    expect((await post(valid, { ip })).status).toBe(429)

    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) expect((await post(valid, { ip: null })).status).toBe(201)
    expect((await post(valid, { ip: null })).status).toBe(429)
  })

  it('does not count invalid requests', async () => {
    const ip = '203.0.113.10'
    for (let i = 0; i < CONTACT_RATE_LIMIT.max + 2; i++)
      expect((await post({ ...valid, message: 'short' }, { ip })).status).toBe(400)
    expect((await post(valid, { ip })).status).toBe(201)
  })
})

describe('GET /api/contact (admin)', () => {
  /** A token of `email`'s account; `messages`: it holds the role `support` (which reads messages). */
  async function tokenFor(email: string, role: 'messages' | 'customer') {
    const id = newId()
    await env.DB.prepare('insert or ignore into users (id, email, name) values (?, ?, ?)')
      .bind(id, email, email.split('@')[0])
      .run()
    if (role === 'messages')
      await env.DB.prepare(
        "insert or ignore into user_roles (user_id, role) select id, 'support' from users where email = ?",
      )
        .bind(email)
        .run()
    return issueAccessToken(email, 1, getConfig(env))
  }
  const list = (token?: string) => call('GET', '/api/contact', { as: token })

  it('is a 401 without a token', async () => {
    const res = await list()
    expect(res.status).toBe(401)
    expect((await errorOf(res)).code).toBe('UNAUTHENTICATED')
  })

  it('is a 403 for a customer', async () => {
    const res = await list(await tokenFor('customer@example.com', 'customer'))
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('FORBIDDEN')
  })

  it('lists every message to an admin, newest first, with its e-mail status and the text as given', async () => {
    const message = '<b>Not bold</b> & "kept"\n  exactly  '
    const first = (await json(await post({ ...valid, subject: 'older' }))).insertedId
    const failed = `FAIL newest ${crypto.randomUUID()}`
    await post({ ...valid, subject: 'middle', message })
    await post({ ...valid, subject: failed }, { bindings: providerBindings() })

    const res = await list(await tokenFor('support@example.com', 'messages'))
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const messages = await json<ContactMessage[]>(res)
    expect(messages.length).toBe(await countMessages())
    const times = messages.map((m) => m.createdAt)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(messages.slice(0, 3).map((m) => m.subject)).toEqual([failed, 'middle', 'older'])
    expect(messages[0]).toMatchObject({ emailStatus: 'failed', emailError: expect.stringMatching(/500/) })
    expect(messages[1]).toEqual({
      _id: expect.any(String),
      name: valid.name,
      email: valid.email,
      subject: 'middle',
      message,
      emailStatus: 'sent',
      emailError: null,
      createdAt: expect.any(Number),
    })
    expect(messages[2]!._id).toBe(first)
    // The rate-limit key is internal.
    expect(Object.keys(messages[0]!)).not.toContain('clientKey')
  })
})
