/**
 * GET /api/contact (admins): search (`q` over name, e-mail, subject and message, any part,
 * any case, taken literally) and paging (`limit`, `offset`, `X-Total-Count`), through HTTP.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ContactMessage } from '#schemas/contact.ts'
import { newId } from '#worker/lib/db.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import { signIn } from '#worker/test/tokens.ts'

let admin: string
beforeAll(async () => {
  admin = await signIn('admin@example.com')
})

let ip = 0
/** Sends a message from an address of its own (5 a client per 10 minutes). @returns its id. */
async function send(fields: { name?: string; email?: string; subject?: string; message?: string }): Promise<string> {
  const body = {
    name: 'Plain Sender',
    email: 'plain.sender@example.com',
    subject: 'A question',
    message: 'Hello, a plain question about tools.',
    ...fields,
  }
  const res = await call('POST', '/api/contact', { headers: { 'CF-Connecting-IP': `192.0.2.${++ip}` }, body })
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
  return (await json<{ insertedId: string }>(res)).insertedId
}

async function list(query: string) {
  const res = await call('GET', `/api/contact?${query}`, { as: admin })
  expect(res.status, query).toBe(200)
  const messages = await json<ContactMessage[]>(res)
  return { ids: messages.map((m) => m._id), messages, total: res.headers.get('X-Total-Count') }
}

const stored = async () =>
  (await env.DB.prepare('select count(*) as n from contact_messages').first<{ n: number }>())!.n

describe('GET /api/contact: q', () => {
  // One rare word per field, each in one message only.
  let byName: string, byEmail: string, bySubject: string, byMessage: string
  beforeAll(async () => {
    byName = await send({ name: 'Zephyrine Quartz' })
    byEmail = await send({ email: 'xylo.marker@example.com' })
    bySubject = await send({ subject: 'Quokka order for the workshop' })
    byMessage = await send({ message: 'Do you still sell the Wombatron 3000 drill press?' })
  })

  it.each([
    ['the name', 'zephyrine', () => byName],
    ['the name, in another case', 'ZEPHYRINE QUA', () => byName],
    ['the e-mail', 'xylo.marker', () => byEmail],
    ['the e-mail, any part of it', 'O.MARKER@EXA', () => byEmail],
    ['the subject', 'quokka ORDER', () => bySubject],
    ['the message', 'wombatron 3000', () => byMessage],
  ])('matches any part of %s (“%s”), case-insensitively', async (_, q, id) => {
    const found = await list(`q=${encodeURIComponent(q)}`)
    expect(found.ids).toEqual([id()])
    expect(found.total).toBe('1')
  })

  it('answers every match newest first, paged, with the count of the matches in X-Total-Count', async () => {
    const tag = `tag${newId().slice(0, 8)}`
    const ids = [
      await send({ name: `Sender ${tag}` }),
      await send({ email: `${tag}@example.com` }),
      await send({ subject: `About ${tag}` }),
      await send({ message: `My message mentions ${tag.toUpperCase()} in passing.` }),
      await send({ message: `Another one about ${tag}.` }),
    ].reverse()
    expect(await list(`q=${tag}`)).toMatchObject({ ids, total: '5' })
    expect(await list(`q=${tag}&limit=2`)).toMatchObject({ ids: ids.slice(0, 2), total: '5' })
    expect(await list(`q=${tag}&limit=2&offset=2`)).toMatchObject({ ids: ids.slice(2, 4), total: '5' })
    expect(await list(`q=${tag}&limit=2&offset=4`)).toMatchObject({ ids: ids.slice(4), total: '5' })
    expect(await list(`q=${tag}&offset=5`)).toMatchObject({ ids: [], total: '5' })
  })

  it('takes q literally: % and _ are no wildcards, quotes are text', async () => {
    const percent = await send({ message: 'We are 100% sure about the order.' })
    const underscore = await send({ subject: 'order_number 42' })
    const percents = await list('q=%25')
    expect(percents.ids).toContain(percent)
    expect(percents.ids).not.toContain(underscore)
    for (const m of percents.messages) expect(`${m.name}${m.email}${m.subject}${m.message}`).toContain('%')
    const underscores = await list('q=_')
    expect(underscores.ids).toContain(underscore)
    for (const m of underscores.messages) expect(`${m.name}${m.email}${m.subject}${m.message}`).toContain('_')
    expect((await list(`q=${encodeURIComponent("'; drop table contact_messages; --")}`)).ids).toEqual([])
    expect((await list('q=no-such-words-anywhere-here')).total).toBe('0')
    expect(await stored()).toBeGreaterThan(0)
  })

  it('matches nothing but those four fields (not the delivery status or the client key)', async () => {
    const row = await env.DB.prepare('select client_key from contact_messages where id = ?')
      .bind(byName)
      .first<{ client_key: string }>()
    expect((await list(`q=${row!.client_key.slice(0, 40)}`)).ids).toEqual([])
    const sent = await list('q=sent')
    for (const m of sent.messages) expect(`${m.name}${m.email}${m.subject}${m.message}`.toLowerCase()).toContain('sent')
  })

  it('treats an empty or blank q as none, and refuses one over 100 characters', async () => {
    const all = String(await stored())
    expect((await list('q=')).total).toBe(all)
    expect((await list('q=%20%20')).total).toBe(all)
    expect((await list(`q=${'x'.repeat(100)}`)).total).toBe('0')
    const res = await call('GET', `/api/contact?q=${'x'.repeat(101)}`, { as: admin })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { q: 'q must be at most 100 characters' },
    })
  })
})

describe('GET /api/contact: paging', () => {
  it('answers `limit` messages from `offset`, newest first; X-Total-Count is every message; 50 by default', async () => {
    // Enough old messages for more than one default page (straight in D1: the rate limit is not what is tested).
    await env.DB.batch(
      Array.from({ length: 60 }, (_, i) =>
        env.DB.prepare(
          'insert into contact_messages (id, name, email, subject, message, client_key, email_status, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
        ).bind(
          `old-message-${String(i).padStart(2, '0')}`,
          'Old Sender',
          'old@example.com',
          `Old ${i}`,
          'An old message from the archive.',
          'archive',
          'sent',
          1_000_000 + i,
        ),
      ),
    )
    const newest = [
      await send({ subject: 'Page one' }),
      await send({ subject: 'Page two' }),
      await send({ subject: 'Page three' }),
    ].reverse()
    const all = await stored()
    expect(all).toBeGreaterThan(63)

    const first = await call('GET', '/api/contact', { as: admin })
    const firstPage = await json<ContactMessage[]>(first)
    expect(firstPage).toHaveLength(50)
    expect(first.headers.get('X-Total-Count')).toBe(String(all))
    expect(firstPage.slice(0, 3).map((m) => m._id)).toEqual(newest)

    expect(await list('limit=2')).toMatchObject({ ids: newest.slice(0, 2), total: String(all) })
    expect(await list('limit=2&offset=1')).toMatchObject({ ids: newest.slice(1, 3), total: String(all) })
    expect((await list('limit=100')).ids).toHaveLength(Math.min(100, all))
    const tail = await list(`offset=${all - 3}`)
    expect(tail.messages.map((m) => m.subject)).toEqual(['Old 2', 'Old 1', 'Old 0'])
    expect(await list(`offset=${all}`)).toMatchObject({ ids: [], total: String(all) })

    // The pages put together are every message once, newest first.
    const pieces: string[] = []
    for (let offset = 0; offset < all; offset += 30) pieces.push(...(await list(`limit=30&offset=${offset}`)).ids)
    expect(new Set(pieces).size).toBe(all)
    const times = (await list('limit=100')).messages.map((m) => m.createdAt)
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it.each([
    ['limit', 'limit=0'],
    ['limit', 'limit=101'],
    ['limit', 'limit=-5'],
    ['limit', 'limit=ten'],
    ['offset', 'offset=-1'],
    ['offset', 'offset=0.5'],
  ])('refuses a bad %s (%s) with a 400 naming it', async (field, query) => {
    const res = await call('GET', `/api/contact?${query}`, { as: admin })
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(Object.keys(error.fields ?? {})).toEqual([field])
  })
})
