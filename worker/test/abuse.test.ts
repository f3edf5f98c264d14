/**
 * The abuse limits of the contract (shared/api.md, "Tokens" and "Abuse limits") that cut
 * across routes: sessions bound to their identity, body limits, visible text, rate-limit keys.
 */
import { env } from 'cloudflare:workers'
import { decodeJwt } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import type { UserProfile } from '#schemas/user.ts'
import { call, errorOf, json, type Method } from './helpers'
import { emulatorIdToken, signIn, signInFull } from './tokens'

const signInWith = (email: string, idToken: string, path = email) =>
  call('PUT', `/api/user/${encodeURIComponent(path)}`, { as: idToken, body: { email } })

let admin: string
beforeAll(async () => {
  admin = await signIn('admin@example.com')
})

describe('sessions', () => {
  it('an access token renews only itself: PUT with it answers a token that ends no later', async () => {
    const { accessToken } = await signInFull('renewer@example.com')
    const presented = decodeJwt(accessToken)
    await new Promise((r) => setTimeout(r, 1100))
    const res = await call('PUT', '/api/user/renewer@example.com', {
      as: accessToken,
      body: { address: 'Road 9, Dhaka' },
    })
    expect(res.status).toBe(200)
    const [, renewed] = await json<[UserProfile, string]>(res)
    expect(decodeJwt(renewed).exp).toBeLessThanOrEqual(presented.exp!)
    // A Firebase ID token starts a fresh 24-hour session.
    const fresh = decodeJwt(await signIn('renewer@example.com'))
    expect(fresh.exp! - fresh.iat!).toBe(24 * 60 * 60)
  })

  it('a verified identity takes over an account an unverified sign-in made: the earlier sessions end', async () => {
    const email = 'victim@example.com'
    const uid = 'uid-shared-by-linking'
    // The attacker signs up with e-mail and password for the victim's address, never verifying it.
    const attacker = await signInWith(email, emulatorIdToken({ email, sub: uid, emailVerified: false }))
    expect(attacker.status).toBe(200)
    const [, attackerToken] = await json<[UserProfile, string]>(attacker)
    expect((await call('GET', `/api/user/${email}`, { as: attackerToken })).status).toBe(200)
    // The owner signs in with Google: Firebase links it under the same uid and verifies the e-mail.
    const owner = await signInWith(email, emulatorIdToken({ email, sub: uid, emailVerified: true }))
    expect(owner.status).toBe(200)
    const [, ownerToken] = await json<[UserProfile, string]>(owner)
    // Every session issued before is over…
    const old = await call('GET', `/api/user/${email}`, { as: attackerToken })
    expect(old.status).toBe(401)
    expect((await errorOf(old)).message).toBe('Your session has ended. Please sign in again.')
    expect((await call('GET', `/api/booking?customer=${email}`, { as: attackerToken })).status).toBe(401)
    // …and the attacker's unverified ID token (valid for up to an hour) gets no new one.
    const again = await signInWith(email, emulatorIdToken({ email, sub: uid, emailVerified: false }))
    expect(again.status).toBe(403)
    expect((await errorOf(again)).code).toBe('EMAIL_NOT_VERIFIED')
    expect((await call('GET', `/api/user/${email}`, { as: ownerToken })).status).toBe(200)
    // The owner signing in again (verified) keeps the session going.
    expect((await signInWith(email, emulatorIdToken({ email, sub: uid, emailVerified: true }))).status).toBe(200)
    expect((await call('GET', `/api/user/${email}`, { as: ownerToken })).status).toBe(200)
  })

  it('an unverified sign-in cannot take an account a verified identity holds', async () => {
    const email = 'verified-first@example.com'
    await signInFull(email, { emailVerified: true, sub: 'uid-google' })
    const res = await signInWith(email, emulatorIdToken({ email, sub: 'uid-password', emailVerified: false }))
    expect(res.status).toBe(403)
    const error = await errorOf(res)
    expect(error.code).toBe('EMAIL_NOT_VERIFIED')
    expect(error.message).toMatch(/verify your e-mail address/i)
    const row = await env.DB.prepare('select firebase_uid from users where email = ?').bind(email).first()
    expect(row).toEqual({ firebase_uid: 'uid-google' })
  })

  it.each([
    ['a trailing space', 'claims@example.com '],
    ['a leading tab', '\tclaims@example.com'],
    ['a no-break space', 'claims@example.com\u00a0'],
    ['a zero-width space', 'claims\u200b@example.com'],
    ['a zero-width joiner', 'claims@exam\u200dple.com'],
    ['a BOM', '\ufeffclaims@example.com'],
    ['a right-to-left mark', 'claims@example.com\u200f'],
  ])('an ID token whose e-mail claim has %s is a 401', async (_, claim) => {
    const res = await signInWith('claims@example.com', emulatorIdToken({ email: claim }), 'claims@example.com')
    expect(res.status).toBe(401)
    expect((await errorOf(res)).code).toBe('UNAUTHENTICATED')
    expect(await env.DB.prepare("select 1 from users where email = 'claims@example.com'").first()).toBeNull()
  })

  it.each([
    ['the Kelvin sign for K', 'kim@example.com', '\u212Aim@example.com'],
    ['a dotted capital I', 'ilse@example.com', '\u0130lse@example.com'],
  ])('an ID token whose e-mail claim lower-cases into another address (%s) is a 401', async (_, owner, claim) => {
    // Another Firebase account, whose address only reads as the owner's once lower-cased.
    const res = await signInWith(owner, emulatorIdToken({ email: claim, sub: 'uid-look-alike' }), owner)
    expect(res.status).toBe(401)
    expect((await errorOf(res)).code).toBe('UNAUTHENTICATED')
    expect(await env.DB.prepare('select 1 from users where email = ?').bind(owner).first()).toBeNull()
  })

  it('compares the claim after lower-casing only', async () => {
    expect(
      (await signInWith('mixed.case@example.com', emulatorIdToken({ email: 'Mixed.Case@Example.com' }))).status,
    ).toBe(200)
  })
})

describe('body limits', () => {
  const big = (bytes: number) => JSON.stringify({ name: 'x'.repeat(bytes) })
  const routes: [Method, string][] = [
    ['POST', '/api/booking'],
    ['PATCH', '/api/booking/anything'],
    ['POST', '/api/booking/anything/status'],
    ['POST', '/api/booking/anything/refund'],
    ['POST', '/api/review'],
    ['POST', '/api/service'],
    ['PATCH', '/api/service/anything'],
    ['PUT', '/api/user/someone@example.com'],
    ['POST', '/api/contact'],
    ['POST', '/api/create-payment-intent'],
    ['POST', '/api/payments/simulated/confirm'],
  ]

  it.each(routes)(
    '%s %s refuses a JSON body over 64 KB by its Content-Length (413), even signed out',
    async (method, path) => {
      const res = await call(method, path, {
        as: admin,
        raw: big(64 * 1024),
        headers: { 'Content-Type': 'application/json' },
      })
      expect(res.status).toBe(413)
      expect((await errorOf(res)).code).toBe('PAYLOAD_TOO_LARGE')
      expect(
        (await call(method, path, { raw: big(64 * 1024), headers: { 'Content-Type': 'application/json' } })).status,
      ).toBe(413)
    },
  )

  it.each(routes)('%s %s cuts a streamed body (no Content-Length) off past 64 KB', async (method, path) => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless body: only a cut-off ends the request.
        sent += chunk.length
        controller.enqueue(chunk)
        if (sent > 4 * 1024 * 1024) controller.close()
      },
    })
    const res = await call(method, path, { as: admin, raw: stream, headers: { 'Content-Type': 'application/json' } })
    expect(res.status).toBe(413)
    expect(sent).toBeLessThan(1024 * 1024)
  })

  it('lets the Stripe webhook take up to 1 MB, and no more', async () => {
    const res = await call('POST', '/api/stripe/webhook', {
      raw: 'x'.repeat(1024 * 1024 + 1),
      headers: { 'Stripe-Signature': 't=1,v1=x' },
    })
    expect(res.status).toBe(413)
    // Under the limit it goes on to the signature check (off in tests: 503).
    expect(
      (
        await call('POST', '/api/stripe/webhook', {
          raw: 'x'.repeat(500 * 1024),
          headers: { 'Stripe-Signature': 't=1,v1=x' },
        })
      ).status,
    ).toBe(503)
  })

  /** A body of `total` bytes without Content-Length, sent as it is pulled; `sent()` is how much was pulled. */
  function streamed(total: number, chunkBytes = 64 * 1024) {
    const chunk = new TextEncoder().encode('x'.repeat(chunkBytes))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close()
        sent += chunk.length
        controller.enqueue(chunk)
      },
    })
    return { body, sent: () => sent }
  }

  it('cuts a streamed Stripe webhook body (no Content-Length) off past 1 MB, long before the end of it', async () => {
    const huge = streamed(16 * 1024 * 1024)
    const res = await call('POST', '/api/stripe/webhook', {
      raw: huge.body,
      headers: { 'Stripe-Signature': 't=1,v1=x' },
    })
    expect(res.status).toBe(413)
    expect(await errorOf(res)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1 MB.' })
    expect(huge.sent()).toBeGreaterThan(1024 * 1024)
    expect(huge.sent()).toBeLessThan(2 * 1024 * 1024)
    // The same with the webhook configured: the cut-off comes before the signature is looked at.
    const toConfiguredWebhook = (body: ReadableStream) =>
      call('POST', '/api/stripe/webhook', {
        raw: body,
        headers: { 'Stripe-Signature': 't=1,v1=x' },
        env: { STRIPE_WEBHOOK_SECRET: 'whsec_test' },
      })
    const configured = streamed(16 * 1024 * 1024)
    expect((await toConfiguredWebhook(configured.body)).status).toBe(413)
    expect(configured.sent()).toBeLessThan(2 * 1024 * 1024)
    // A streamed body under 1 MB (far over the JSON routes' 64 KB) is read whole and goes on to the signature check.
    const small = streamed(960 * 1024)
    expect((await toConfiguredWebhook(small.body)).status).toBe(400)
    expect(small.sent()).toBe(960 * 1024)
  })

  it('is checked before the configuration: a broken production config still answers 413 for a large body', async () => {
    const res = await call('POST', '/api/contact', {
      raw: big(70 * 1024),
      headers: { 'Content-Type': 'application/json' },
      env: { ENVIRONMENT: 'production', ACCESS_TOKEN_SECRET: '' },
    })
    expect(res.status).toBe(413)
    const small = await call('POST', '/api/contact', {
      body: {},
      env: { ENVIRONMENT: 'production', ACCESS_TOKEN_SECRET: '' },
    })
    expect(small.status).toBe(503)
  })
})

describe('required text means visible text', () => {
  const invisible = ['\u200b\u200b', ' \u200d ', '\u00a0\u2060', '\ufeff', '\u202e\u200f']
  it.each(invisible.map((s) => [JSON.stringify(s), s]))(
    'refuses %s as a tool name, a review, a contact name and message',
    async (_, text) => {
      const customer = await signIn(`invisible-${Math.random().toString(36).slice(2)}@example.com`)
      const tool = await call('POST', '/api/service', {
        as: admin,
        body: {
          name: text,
          description: text,
          price: 10,
          quantity: 5,
          Minimum_quantity: 1,
          img: 'https://example.com/a.png',
        },
      })
      expect(tool.status).toBe(400)
      expect((await errorOf(tool)).fields).toMatchObject({
        name: 'name is Required',
        description: 'description is Required',
      })
      const review = await call('POST', '/api/review', {
        as: customer,
        body: { name: text, description: text, img: 'https://example.com/a.png' },
      })
      expect(review.status).toBe(400)
      expect((await errorOf(review)).fields).toMatchObject({
        name: 'name is Required',
        description: 'description is Required',
      })
      const contact = await call('POST', '/api/contact', {
        body: { name: text, email: 'someone@example.com', message: text },
      })
      expect(contact.status).toBe(400)
      expect((await errorOf(contact)).fields).toMatchObject({
        name: 'Name is Required',
        message: 'Message is Required',
      })
    },
  )
})

describe('rate-limit keys', () => {
  const send = (ip: string) =>
    call('POST', '/api/contact', {
      headers: { 'CF-Connecting-IP': ip },
      body: { name: 'Flooder', email: 'flood@example.com', message: 'Hello there, one more message.' },
    })

  it('keys an IPv6 client by its /64: addresses in one /64 share the limit, another /64 does not', async () => {
    for (let i = 1; i <= 5; i++) expect((await send(`2001:db8:aa:1::${i.toString(16)}`)).status).toBe(201)
    expect((await send('2001:db8:aa:1:ffff:ffff:ffff:fffe')).status).toBe(429)
    expect((await send('2001:0DB8:00AA:0001:1234::9')).status).toBe(429)
    expect((await send('2001:db8:aa:2::1')).status).toBe(201)
  })

  it('keys IPv4 by the full address', async () => {
    for (let i = 0; i < 5; i++) expect((await send('203.0.113.7')).status).toBe(201)
    expect((await send('203.0.113.7')).status).toBe(429)
    expect((await send('::ffff:203.0.113.7')).status).toBe(429)
    expect((await send('203.0.113.8')).status).toBe(201)
  })
})
