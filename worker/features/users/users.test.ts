import { env } from 'cloudflare:workers'
import { decodeJwt } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import type { UserProfile } from '#schemas/user.ts'
import { call, errorOf, json, rolesOf } from '#worker/test/helpers.ts'
import { auditOf } from '#worker/test/order-fixtures.ts'
import { emulatorIdToken, fakeGoogle, signedIdToken, signIn, signInFull } from '#worker/test/tokens.ts'

let adminToken: string

beforeAll(async () => {
  adminToken = await signIn('admin@example.com')
})

const putProfile = (email: string, token: string, body: unknown) =>
  call('PUT', `/api/user/${email}`, { as: token, body })

describe('PUT /api/user/{email} with a Firebase ID token (sign-in)', () => {
  it('creates the user on first sign-in and answers [profile, accessToken]', async () => {
    const res = await putProfile(
      'first@example.com',
      emulatorIdToken({ email: 'first@example.com', name: 'First Person', sub: 'uid-first' }),
      {
        email: 'first@example.com',
      },
    )
    expect(res.status).toBe(200)
    const [profile, accessToken] = await json<[UserProfile, string]>(res)
    expect(profile).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      email: 'first@example.com',
      name: 'First Person',
      role: 'user',
      roles: [],
      education: '',
      address: '',
      phone: '',
      social: '',
      image: '',
      removedAt: null,
      company: null,
    })
    const claims = decodeJwt(accessToken)
    expect(claims.sub).toBe('first@example.com')
    expect(claims.sv).toBe(1)
    expect(claims.iss).toBe('toolhaus')
    expect(claims.exp! - claims.iat!).toBe(24 * 60 * 60)
    const row = await env.DB.prepare('select firebase_uid from users where email = ?').bind('first@example.com').first()
    expect(row).toEqual({ firebase_uid: 'uid-first' })
  })

  it('signs the same user in again without changing its id, name or profile', async () => {
    const first = await signInFull('again@example.com', { name: 'Original Name' })
    await putProfile('again@example.com', first.accessToken, { address: 'Road 1, Dhaka' })
    const second = await signInFull('again@example.com', { name: 'Name From Google' })
    expect(second.profile._id).toBe(first.profile._id)
    expect(second.profile.name).toBe('Original Name')
    expect(second.profile.address).toBe('Road 1, Dhaka')
  })

  it('takes the name from the body over the token, and a picture from the token', async () => {
    const res = await putProfile(
      'pictured@example.com',
      emulatorIdToken({
        email: 'pictured@example.com',
        name: 'Token Name',
        picture: 'https://lh3.googleusercontent.com/a/photo',
      }),
      { email: 'pictured@example.com', name: 'Body Name' },
    )
    const [profile] = await json<[UserProfile, string]>(res)
    expect(profile.name).toBe('Body Name')
    expect(profile.image).toBe('https://lh3.googleusercontent.com/a/photo')
  })

  it('fills an empty name from the token when signing in again, verified or not, and keeps one it has', async () => {
    for (const [email, emailVerified] of [
      ['nameless-verified@example.com', true],
      ['nameless-unverified@example.com', false],
    ] as const) {
      const first = await putProfile(email, emulatorIdToken({ email, emailVerified }), { email })
      expect((await json<[UserProfile, string]>(first))[0].name, email).toBe('')
      // The same person later signs in with a provider that knows their name (Google).
      const named = await putProfile(email, emulatorIdToken({ email, emailVerified, name: 'Rahim Uddin' }), { email })
      expect((await json<[UserProfile, string]>(named))[0].name, email).toBe('Rahim Uddin')
      const renamed = await putProfile(email, emulatorIdToken({ email, emailVerified, name: 'Another Name' }), {
        email,
      })
      expect((await json<[UserProfile, string]>(renamed))[0].name, email).toBe('Rahim Uddin')
    }
  })

  it('refuses a token for another e-mail with 403', async () => {
    const res = await putProfile('victim@example.com', emulatorIdToken({ email: 'attacker@example.com' }), {
      email: 'victim@example.com',
    })
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('FORBIDDEN')
    const missing = await call('GET', '/api/user/victim@example.com', { as: adminToken })
    expect(missing.status).toBe(404)
  })

  it('refuses a body e-mail that differs from the path', async () => {
    const res = await putProfile('body@example.com', emulatorIdToken({ email: 'body@example.com' }), {
      email: 'other@example.com',
    })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).fields).toHaveProperty('email')
  })

  it.each([
    ['no email claim', { email: '' }],
    ['another project (aud)', { aud: 'other-project' }],
    ['another issuer', { iss: 'https://securetoken.google.com/other-project' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 10 }],
    ['no subject', { sub: '' }],
  ])('refuses an emulator token with %s (401)', async (_, claims) => {
    const token = emulatorIdToken({ email: 'claims@example.com', ...claims })
    const res = await putProfile('claims@example.com', token, { email: 'claims@example.com' })
    expect(res.status).toBe(401)
    const body = await json(res)
    expect(body.error.code).toBe('UNAUTHENTICATED')
    expect(body.error.message).toMatch(/sign-in/i)
  })

  it('makes an ADMIN_EMAILS address the owner only when verified, and only while the shop has none', async () => {
    const adminEmails = { ADMIN_EMAILS: 'admin@example.com, Boss@Example.com, second@example.com' }
    // A shop whose owner is not there yet (admin@example.com signed in first in this file).
    await env.DB.prepare(`delete from user_roles where role = 'owner'`).run()
    const unverified = await call('PUT', '/api/user/boss@example.com', {
      as: emulatorIdToken({ email: 'boss@example.com', emailVerified: false }),
      body: { email: 'boss@example.com' },
      env: adminEmails,
    })
    expect((await json<[UserProfile, string]>(unverified))[0].role).toBe('user')
    const verified = await call('PUT', '/api/user/boss@example.com', {
      as: emulatorIdToken({ email: 'boss@example.com' }),
      body: { email: 'boss@example.com' },
      env: adminEmails,
    })
    expect((await json<[UserProfile, string]>(verified))[0].role).toBe('admin')
    expect(await rolesOf('boss@example.com')).toEqual(['owner'])
    // Once there is an owner, ADMIN_EMAILS gives nothing: the owner gives roles on the Staff page.
    const second = await call('PUT', '/api/user/second@example.com', {
      as: emulatorIdToken({ email: 'second@example.com' }),
      body: { email: 'second@example.com' },
      env: adminEmails,
    })
    expect((await json<[UserProfile, string]>(second))[0].role).toBe('user')
    expect(await rolesOf('second@example.com')).toEqual([])
    // And the owner's later sign-ins keep it the owner, once.
    await call('PUT', '/api/user/boss@example.com', {
      as: emulatorIdToken({ email: 'boss@example.com' }),
      body: { email: 'boss@example.com' },
      env: adminEmails,
    })
    expect(await rolesOf('boss@example.com')).toEqual(['owner'])
    expect(
      (await env.DB.prepare(`select count(*) as n from user_roles where role = 'owner'`).first<{ n: number }>())!.n,
    ).toBe(1)
    // The file's admin is the owner again for the tests after this one.
    await env.DB.batch([
      env.DB.prepare(`delete from user_roles where role = 'owner'`),
      env.DB.prepare(
        `insert into user_roles (user_id, role) select id, 'owner' from users where email = 'admin@example.com'`,
      ),
    ])
  })

  it('accepts a real RS256 token from Google keys', async () => {
    const token = await signedIdToken({ email: 'rs256@example.com', name: 'Signed User' })
    const res = await call('PUT', '/api/user/rs256@example.com', {
      as: token,
      body: { email: 'rs256@example.com' },
      env: fakeGoogle(),
    })
    expect(res.status).toBe(200)
    expect((await json<[UserProfile, string]>(res))[0].name).toBe('Signed User')
  })
})

describe('PUT /api/user/{email} with an access token (profile update)', () => {
  it('updates the profile fields sent, and answers [profile, fresh accessToken]', async () => {
    const token = await signIn('edit@example.com', { name: 'Edit Me' })
    const res = await putProfile('edit@example.com', token, {
      education: 'BSc, BUET',
      address: 'House 5, Road 2, Dhaka',
      phone: '+880 1711-000000',
      social: 'https://linkedin.com/in/edit',
      image: `/api/images/${'a'.repeat(64)}.png`,
    })
    expect(res.status).toBe(200)
    const [profile, fresh] = await json<[UserProfile, string]>(res)
    expect(profile).toMatchObject({
      email: 'edit@example.com',
      name: 'Edit Me',
      role: 'user',
      education: 'BSc, BUET',
      address: 'House 5, Road 2, Dhaka',
      phone: '+880 1711-000000',
      social: 'https://linkedin.com/in/edit',
    })
    expect(decodeJwt(fresh).sub).toBe('edit@example.com')
    const again = await json<UserProfile>(await call('GET', '/api/user/edit@example.com', { as: fresh }))
    expect(again).toEqual(profile)
    const cleared = await json<[UserProfile, string]>(await putProfile('edit@example.com', token, { phone: '' }))
    expect(cleared[0].phone).toBe('')
    expect(cleared[0].education).toBe('BSc, BUET')
  })

  it.each([
    [{ name: 'x'.repeat(81) }, 'name', 'Name must be 80 characters or fewer.'],
    [
      { phone: 'call me' },
      'phone',
      'Enter a phone number of 6 to 20 digits; spaces, dashes, dots, brackets and a leading + are fine.',
    ],
    [
      { phone: '12345' },
      'phone',
      'Enter a phone number of 6 to 20 digits; spaces, dashes, dots, brackets and a leading + are fine.',
    ],
    [{ social: 'javascript:alert(1)' }, 'social', 'Enter a link that starts with http:// or https://.'],
    [
      { image: 'http://insecure.example/x.png' },
      'image',
      'Upload a photo, or enter a link to one that starts with https://.',
    ],
    [{ image: '/etc/passwd' }, 'image', 'Upload a photo, or enter a link to one that starts with https://.'],
    [{ address: 7 }, 'address', 'Address must be text.'],
  ])('rejects %j with a 400 naming %s in plain words', async (body, field, message) => {
    const token = await signIn('invalid@example.com')
    const res = await putProfile('invalid@example.com', token, body)
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.fields?.[field]).toBe(message)
  })

  it('never stores a role (or any unknown key) from the body', async () => {
    const token = await signIn('sneaky@example.com')
    const res = await putProfile('sneaky@example.com', token, { role: 'admin', _id: 'x', name: 'Sneaky' })
    expect(res.status).toBe(200)
    const [profile] = await json<[UserProfile, string]>(res)
    expect(profile.role).toBe('user')
    expect(profile._id).not.toBe('x')
  })

  it('cuts a long name from the sign-in by whole characters, never half an emoji', async () => {
    const email = `long-name-${crypto.randomUUID().slice(0, 8)}@example.com`
    const res = await call('PUT', `/api/user/${email}`, {
      as: emulatorIdToken({ email, name: `${'a'.repeat(79)}😀 tail` }),
      body: { email },
    })
    const [profile] = await json<[UserProfile, string]>(res)
    expect(profile.name).toBe(`${'a'.repeat(79)}😀`)
  })

  it('lets an admin update another profile; the fresh token is the admin’s own', async () => {
    await signIn('helped@example.com')
    const res = await putProfile('helped@example.com', adminToken, { address: 'Set by admin' })
    expect(res.status).toBe(200)
    const [profile, token] = await json<[UserProfile, string]>(res)
    expect(profile.address).toBe('Set by admin')
    expect(decodeJwt(token).sub).toBe('admin@example.com')
    const missing = await putProfile('nobody@example.com', adminToken, { address: 'x' })
    expect(missing.status).toBe(404)
    // Audited, naming what changed (a company and BIN print on tax invoices); editing oneself is not.
    expect(await auditOf('helped@example.com', adminToken)).toEqual([
      expect.objectContaining({ actor: 'admin@example.com', action: 'user.update', detail: 'changed address' }),
    ])
    expect((await putProfile('admin@example.com', adminToken, { address: 'Head office' })).status).toBe(200)
    expect(await auditOf('admin@example.com', adminToken)).toEqual([])
  })
})

describe('GET /api/user/{email} and GET /api/admin/{email}', () => {
  it('answers the caller’s profile and admin flag', async () => {
    const token = await signIn('reader@example.com', { name: 'Reader' })
    const profile = await json<UserProfile>(await call('GET', '/api/user/reader@example.com', { as: token }))
    expect(profile).toMatchObject({ email: 'reader@example.com', name: 'Reader', role: 'user' })
    expect(await json(await call('GET', '/api/admin/reader@example.com', { as: token }))).toEqual({
      admin: false,
      roles: [],
      permissions: [],
    })
    // The first ADMIN_EMAILS sign-in made the owner: every permission.
    expect(await json(await call('GET', '/api/admin/admin@example.com', { as: adminToken }))).toMatchObject({
      admin: true,
      roles: ['owner'],
      permissions: expect.arrayContaining(['settings.bank', 'staff.manage']),
    })
  })

  it('finds the user whatever the case of the path', async () => {
    const token = await signIn('cased@example.com')
    const res = await call('GET', '/api/user/CASED@Example.com', { as: token })
    expect(res.status).toBe(200)
    expect((await json<UserProfile>(res)).email).toBe('cased@example.com')
  })

  it('answers 404 for an admin asking about nobody, and 400 for a non-e-mail path', async () => {
    expect((await call('GET', '/api/user/ghost@example.com', { as: adminToken })).status).toBe(404)
    expect(await json(await call('GET', '/api/admin/ghost@example.com', { as: adminToken }))).toEqual({
      admin: false,
      roles: [],
      permissions: [],
    })
    const bad = await call('GET', '/api/user/not-an-email', { as: adminToken })
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).fields).toHaveProperty('email')
    expect((await call('GET', '/api/admin/not-an-email', { as: adminToken })).status).toBe(400)
  })
})

describe('GET /api/user', () => {
  it('lists every user in creation order', async () => {
    await signIn('list-1@example.com')
    await signIn('list-2@example.com')
    const res = await call('GET', '/api/user', { as: adminToken })
    expect(res.status).toBe(200)
    const users = await json<UserProfile[]>(res)
    const emails = users.map((u) => u.email)
    expect(emails[0]).toBe('admin@example.com')
    expect(emails.indexOf('list-1@example.com')).toBeLessThan(emails.indexOf('list-2@example.com'))
    expect(users.find((u) => u.email === 'admin@example.com')!.role).toBe('admin')
    expect(Object.keys(users[0]!).sort()).toEqual([
      '_id',
      'address',
      'company',
      'education',
      'email',
      'image',
      'name',
      'phone',
      'removedAt',
      'role',
      'roles',
      'social',
    ])
    expect(users.find((u) => u.email === 'admin@example.com')!.roles).toEqual(['owner'])
    expect(Number(res.headers.get('X-Total-Count'))).toBeGreaterThanOrEqual(3)
  })
})

describe('PUT /api/user/admin/{email}', () => {
  it('promotes once; again changes nothing; nobody is a 404', async () => {
    await signIn('promote@example.com')
    const first = await call('PUT', '/api/user/admin/promote@example.com', { as: adminToken })
    expect(first.status).toBe(200)
    expect(await json(first)).toEqual({ acknowledged: true, modifiedCount: 1 })
    const again = await call('PUT', '/api/user/admin/Promote@Example.com', { as: adminToken })
    expect(await json(again)).toEqual({ acknowledged: true, modifiedCount: 0 })
    const nobody = await call('PUT', '/api/user/admin/nobody@example.com', { as: adminToken })
    expect(nobody.status).toBe(404)
    expect((await errorOf(nobody)).code).toBe('NOT_FOUND')
  })

  it('does not make a removed account an admin (409): restored, it would come back as one', async () => {
    await signIn('removed-promote@example.com')
    expect((await call('DELETE', '/api/user/removed-promote@example.com', { as: adminToken })).status).toBe(200)
    const res = await call('PUT', '/api/user/admin/removed-promote@example.com', { as: adminToken })
    expect(res.status).toBe(409)
    expect(await errorOf(res)).toMatchObject({
      code: 'CONFLICT',
      message: 'This account is removed. Restore it before making it an admin.',
    })
    const row = await env.DB.prepare('select role from users where email = ?')
      .bind('removed-promote@example.com')
      .first()
    expect(row).toEqual({ role: 'user' })
  })
})

describe('DELETE /api/user/{email}', () => {
  it('removes (blocks) the user but keeps the account and its orders', async () => {
    await signIn('leaving@example.com')
    await env.DB.prepare(
      `insert into bookings (id, service_id, service, unit_price_paisa, quantity, price_paisa, customer, customer_name, phone, address)
       values ('b-leaving', 't1', 'Drill', 100, 1, 100, 'leaving@example.com', 'Leaving', '01700000000', 'Dhaka')`,
    ).run()
    const res = await call('DELETE', '/api/user/leaving@example.com', { as: adminToken })
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ acknowledged: true, deletedCount: 1 })
    const kept = await json<UserProfile>(await call('GET', '/api/user/leaving@example.com', { as: adminToken }))
    expect(kept.removedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    const order = await env.DB.prepare('select customer from bookings where id = ?').bind('b-leaving').first()
    expect(order).toEqual({ customer: 'leaving@example.com' })
    // Listed apart: not among the users, among the removed ones.
    expect(
      (await json<UserProfile[]>(await call('GET', '/api/user?q=leaving', { as: adminToken }))).map((u) => u.email),
    ).toEqual([])
    expect(
      (await json<UserProfile[]>(await call('GET', '/api/user?q=leaving&removed=1', { as: adminToken }))).map(
        (u) => u.email,
      ),
    ).toEqual(['leaving@example.com'])
    const again = await call('DELETE', '/api/user/leaving@example.com', { as: adminToken })
    expect(await json(again)).toEqual({ acknowledged: true, deletedCount: 0 })
    expect((await call('DELETE', '/api/user/nobody-here@example.com', { as: adminToken })).status).toBe(404)
  })

  it('never removes the owner (409 OWNER_PROTECTED): nothing changes, nothing is audited', async () => {
    await signIn('co-admin@example.com')
    expect((await call('PUT', '/api/user/admin/co-admin@example.com', { as: adminToken })).status).toBe(200)
    const manager = await signIn('co-admin@example.com')
    const before = await auditOf('admin@example.com', adminToken)
    const res = await call('DELETE', '/api/user/admin@example.com', { as: manager })
    expect(res.status).toBe(409)
    expect(await errorOf(res)).toMatchObject({ code: 'OWNER_PROTECTED' })
    expect(await rolesOf('admin@example.com')).toEqual(['owner'])
    expect((await call('GET', '/api/user/admin@example.com', { as: adminToken })).status).toBe(200)
    expect(await auditOf('admin@example.com', adminToken)).toEqual(before)
  })

  it('takes a removed staff member’s roles: restored, it comes back a customer', async () => {
    await signIn('ex-staff@example.com')
    expect((await call('PUT', '/api/user/admin/ex-staff@example.com', { as: adminToken })).status).toBe(200)
    expect(await rolesOf('ex-staff@example.com')).toEqual(['manager'])
    expect((await call('DELETE', '/api/user/ex-staff@example.com', { as: adminToken })).status).toBe(200)
    expect(await rolesOf('ex-staff@example.com')).toEqual([])
    expect((await call('POST', '/api/user/ex-staff@example.com/restore', { as: adminToken })).status).toBe(200)
    const back = await signIn('ex-staff@example.com')
    expect(await json(await call('GET', '/api/admin/ex-staff@example.com', { as: back }))).toEqual({
      admin: false,
      roles: [],
      permissions: [],
    })
  })

  it('does not let an admin remove itself (409)', async () => {
    const res = await call('DELETE', '/api/user/ADMIN@example.com', { as: adminToken })
    expect(res.status).toBe(409)
    expect((await errorOf(res)).code).toBe('CONFLICT')
    expect((await call('GET', '/api/user/admin@example.com', { as: adminToken })).status).toBe(200)
  })
})
