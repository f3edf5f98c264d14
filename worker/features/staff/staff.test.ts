/**
 * Staff and the owner (contract/operations.md "Who can grant what", "The owner", "Routes"): the
 * Staff page's list and role changes with their checks in the contract's order, Make Admin, removing
 * staff, the hand-over with a fresh sign-in, and the races that must end with one owner.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { StaffMember } from '#schemas/staff.ts'
import type { UserProfile } from '#schemas/user.ts'
import { call, errorOf, json, rolesOf, seedDemo } from '#worker/test/helpers.ts'
import { emulatorIdToken, signIn } from '#worker/test/tokens.ts'

let owner: string

const putRoles = (as: string, email: string, roles: unknown, expectedRoles: unknown) =>
  call('PUT', `/api/staff/${email}/roles`, { as, body: { roles, expectedRoles } })

/** A signed-in account holding `roles` (given by the owner); its token. */
async function staff(email: string, roles: string[]): Promise<string> {
  const token = await signIn(email)
  if (roles.length) expect((await putRoles(owner, email, roles, [])).status, `roles of ${email}`).toBe(200)
  return token
}

const now = () => Math.floor(Date.now() / 1000)
/** The owner's fresh sign-in for `X-Reauth`: a Firebase ID token signed in `ago` seconds back. */
const reauth = (email: string, ago = 10, claims: { emailVerified?: boolean } = {}) =>
  emulatorIdToken({ email, authTime: now() - ago, ...claims })

const handOver = (as: string, email: string, reauthToken?: string) =>
  call('POST', '/api/staff/owner', {
    as,
    body: { email },
    ...(reauthToken ? { headers: { 'X-Reauth': reauthToken } } : {}),
  })

beforeAll(async () => {
  await seedDemo()
  owner = await signIn('admin@example.com')
})

describe('GET /api/staff', () => {
  it('lists every account holding a role, the owner first, then by e-mail, with permissions', async () => {
    await staff('zed-support@example.com', ['support'])
    await staff('amy-both@example.com', ['catalogue', 'orders'])
    const res = await call('GET', '/api/staff', { as: owner })
    expect(res.status).toBe(200)
    const list = await json<StaffMember[]>(res)
    expect(list[0]).toMatchObject({ email: 'admin@example.com', roles: ['owner'] })
    const emails = list.map((s) => s.email)
    expect(emails.indexOf('amy-both@example.com')).toBeLessThan(emails.indexOf('zed-support@example.com'))
    expect(list.find((s) => s.email === 'amy-both@example.com')).toEqual({
      email: 'amy-both@example.com',
      name: expect.any(String),
      roles: ['orders', 'catalogue'],
      permissions: [
        'orders.read',
        'orders.fulfil',
        'quotes.manage',
        'catalogue.edit',
        'stock.read',
        'stock.adjust',
        'customers.read',
        'messages.read',
      ],
    })
    expect(Number(res.headers.get('X-Total-Count'))).toBe(list.length)
    expect(emails).not.toContain('customer@example.com')
  })
})

describe('PUT /api/staff/{email}/roles', () => {
  it('gives and takes roles, answers 0 when nothing changes, shows them on the profile, and audits each', async () => {
    await signIn('keeper@example.com')
    const give = await putRoles(owner, 'keeper@example.com', ['catalogue'], [])
    expect(await json(give)).toEqual({ acknowledged: true, modifiedCount: 1 })
    const profile = await json<UserProfile>(await call('GET', '/api/user/keeper@example.com', { as: owner }))
    expect(profile).toMatchObject({ role: 'admin', roles: ['catalogue'] })
    expect(await json(await putRoles(owner, 'keeper@example.com', ['catalogue'], ['catalogue']))).toEqual({
      acknowledged: true,
      modifiedCount: 0,
    })
    expect((await putRoles(owner, 'keeper@example.com', ['finance', 'orders'], ['catalogue'])).status).toBe(200)
    expect(await rolesOf('keeper@example.com')).toEqual(['finance', 'orders'])
    expect((await putRoles(owner, 'keeper@example.com', [], ['orders', 'finance'])).status).toBe(200)
    const after = await json<UserProfile>(await call('GET', '/api/user/keeper@example.com', { as: owner }))
    expect(after).toMatchObject({ role: 'user', roles: [] })
    const audit = await json<{ action: string; detail: string }[]>(
      await call('GET', '/api/audit?action=staff.&actor=admin@example.com', { as: owner }),
    )
    const details = audit.filter((e) => e.action === 'staff.roles').map((e) => e.detail)
    expect(details).toEqual(
      expect.arrayContaining(['customer → catalogue', 'catalogue → orders, finance', 'orders, finance → customer']),
    )
  })

  it.each([
    ['an unknown role', ['admin'], [], 'roles.0'],
    ['the owner role (it is handed over)', ['owner'], [], 'roles.0'],
    ['six roles', ['manager', 'orders', 'catalogue', 'finance', 'support', 'support'], [], 'roles'],
    ['a role twice', ['orders', 'orders'], [], 'roles'],
    ['not a list', 'orders', [], 'roles'],
    ['an unknown expected role', ['orders'], ['boss'], 'expectedRoles.0'],
    ['no expectedRoles', ['orders'], undefined, 'expectedRoles'],
  ])('refuses %s with a 400 naming the field, changing nothing', async (_, roles, expectedRoles, field) => {
    await signIn('target-400@example.com')
    const res = await putRoles(owner, 'target-400@example.com', roles, expectedRoles)
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(Object.keys(error.fields ?? {})).toContain(field)
    expect(await rolesOf('target-400@example.com')).toEqual([])
  })

  it('refuses your own roles, the owner’s, an unknown or removed account, each as the contract says', async () => {
    const manager = await staff('mgr-self@example.com', ['manager'])
    const own = await putRoles(manager, 'mgr-self@example.com', ['orders'], ['manager'])
    expect(own.status).toBe(409)
    expect((await errorOf(own)).code).toBe('OWN_ROLES')
    const ofOwner = await putRoles(manager, 'admin@example.com', ['orders'], ['owner'])
    expect(ofOwner.status).toBe(409)
    expect((await errorOf(ofOwner)).code).toBe('OWNER_PROTECTED')
    const unknown = await putRoles(owner, 'nobody-yet@example.com', ['orders'], [])
    expect(unknown.status).toBe(404)
    expect((await errorOf(unknown)).message).toBe('No account has this e-mail. Ask them to sign in once first.')
    await signIn('removed-staff@example.com')
    expect((await call('DELETE', '/api/user/removed-staff@example.com', { as: owner })).status).toBe(200)
    const removed = await putRoles(owner, 'removed-staff@example.com', ['orders'], [])
    expect(removed.status).toBe(409)
    expect(await errorOf(removed)).toEqual({ code: 'CONFLICT', message: 'Restore this account first.' })
    expect(await rolesOf('admin@example.com')).toEqual(['owner'])
  })

  it('lets a manager give the four roles below it, but not manager, and not touch another manager', async () => {
    const manager = await staff('mgr-grant@example.com', ['manager'])
    await signIn('hire@example.com')
    expect((await putRoles(manager, 'hire@example.com', ['support'], [])).status).toBe(200)
    const promote = await putRoles(manager, 'hire@example.com', ['manager', 'support'], ['support'])
    expect(promote.status).toBe(403)
    expect((await errorOf(promote)).message).toBe('You cannot give or take the role manager.')
    await staff('mgr-other@example.com', ['manager'])
    const other = await putRoles(manager, 'mgr-other@example.com', ['manager', 'orders'], ['manager'])
    expect(other.status).toBe(403)
    expect((await errorOf(other)).message).toBe('Only the owner can change a manager’s roles.')
    expect(await rolesOf('hire@example.com')).toEqual(['support'])
    expect(await rolesOf('mgr-other@example.com')).toEqual(['manager'])
  })

  it('gives roles only to a verified account (400 naming email); taking them needs no verification', async () => {
    await signIn('unverified-hire@example.com', { emailVerified: false })
    const res = await putRoles(owner, 'unverified-hire@example.com', ['orders'], [])
    expect(res.status).toBe(400)
    expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(['email'])
    expect(await rolesOf('unverified-hire@example.com')).toEqual([])
  })

  it('refuses a stale expectedRoles with 409 naming the roles held now, changing nothing', async () => {
    await staff('stale@example.com', ['orders'])
    const res = await putRoles(owner, 'stale@example.com', ['finance'], [])
    expect(res.status).toBe(409)
    expect(await errorOf(res)).toMatchObject({
      code: 'CONFLICT',
      message: 'Their roles changed meanwhile: orders. Check and save again.',
    })
    expect(await rolesOf('stale@example.com')).toEqual(['orders'])
  })

  it('of two changes sent with the same expectedRoles, lets one through and answers the other 409', async () => {
    await staff('raced@example.com', ['orders'])
    const manager = await staff('mgr-race@example.com', ['manager'])
    const [a, b] = await Promise.all([
      putRoles(owner, 'raced@example.com', ['finance'], ['orders']),
      putRoles(manager, 'raced@example.com', ['support'], ['orders']),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const held = await rolesOf('raced@example.com')
    expect([['finance'], ['support']]).toContainEqual(held)
    const audited = await env.DB.prepare(
      "select count(*) as n from audit_log where action = 'staff.roles' and target = 'raced@example.com'",
    ).first<{ n: number }>()
    expect(audited?.n).toBe(2) // the grant of 'orders', and the one change that won
  })

  it('takes effect at the next request: a role taken refuses the person’s next call', async () => {
    const keeper = await staff('taken@example.com', ['catalogue'])
    expect((await call('GET', '/api/service/no-such/orders', { as: keeper })).status).toBe(200)
    expect((await putRoles(owner, 'taken@example.com', [], ['catalogue'])).status).toBe(200)
    const res = await call('GET', '/api/service/no-such/orders', { as: keeper })
    expect(res.status).toBe(403)
    expect((await errorOf(res)).message).toBe(
      'This needs the catalogue.edit permission (roles: owner, manager, catalogue).',
    )
  })
})

describe('Make Admin (PUT /api/user/admin/{email})', () => {
  it('gives manager for the owner only; 1 the first time, 0 after; audited "made a manager"', async () => {
    const manager = await staff('mgr-make@example.com', ['manager'])
    await signIn('to-manage@example.com')
    const byManager = await call('PUT', '/api/user/admin/to-manage@example.com', { as: manager })
    expect(byManager.status).toBe(403)
    expect((await errorOf(byManager)).message).toBe('Only the owner can make a manager.')
    expect(await json(await call('PUT', '/api/user/admin/to-manage@example.com', { as: owner }))).toEqual({
      acknowledged: true,
      modifiedCount: 1,
    })
    expect(await json(await call('PUT', '/api/user/admin/to-manage@example.com', { as: owner }))).toEqual({
      acknowledged: true,
      modifiedCount: 0,
    })
    expect(await rolesOf('to-manage@example.com')).toEqual(['manager'])
    const entry = await env.DB.prepare(
      "select detail from audit_log where action = 'user.promote' and target = 'to-manage@example.com'",
    ).all<{ detail: string }>()
    expect(entry.results).toEqual([{ detail: 'made a manager' }])
  })

  it('refuses an unverified account with 400 naming email', async () => {
    await signIn('make-unverified@example.com', { emailVerified: false })
    const res = await call('PUT', '/api/user/admin/make-unverified@example.com', { as: owner })
    expect(res.status).toBe(400)
    expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(['email'])
  })
})

describe('removing staff (DELETE /api/user/{email})', () => {
  it('needs the right to take every role the account holds; removing takes them, restoring leaves a customer', async () => {
    const support = await staff('sup-remove@example.com', ['support'])
    const manager = await staff('mgr-remove@example.com', ['manager'])
    await staff('packer@example.com', ['orders'])
    const bySupport = await call('DELETE', '/api/user/packer@example.com', { as: support })
    expect(bySupport.status).toBe(403)
    expect((await errorOf(bySupport)).message).toBe('You cannot give or take the role orders.')
    expect((await call('DELETE', '/api/user/packer@example.com', { as: manager })).status).toBe(200)
    expect(await rolesOf('packer@example.com')).toEqual([])
    expect((await call('POST', '/api/user/packer@example.com/restore', { as: manager })).status).toBe(200)
    const back = await json<UserProfile>(await call('GET', '/api/user/packer@example.com', { as: owner }))
    expect(back).toMatchObject({ role: 'user', roles: [], removedAt: null })
    // A customer is support's to remove.
    await signIn('spam-buyer@example.com')
    expect((await call('DELETE', '/api/user/spam-buyer@example.com', { as: support })).status).toBe(200)
  })

  it('refuses the owner to everyone (409 OWNER_PROTECTED), and keeps it', async () => {
    const manager = await staff('mgr-owner@example.com', ['manager'])
    const res = await call('DELETE', '/api/user/admin@example.com', { as: manager })
    expect(res.status).toBe(409)
    expect((await errorOf(res)).code).toBe('OWNER_PROTECTED')
    expect(await rolesOf('admin@example.com')).toEqual(['owner'])
  })

  it('two managers removing each other at once: both refused, both stay', async () => {
    const a = await staff('mgr-a@example.com', ['manager'])
    const b = await staff('mgr-b@example.com', ['manager'])
    const [ra, rb] = await Promise.all([
      call('DELETE', '/api/user/mgr-b@example.com', { as: a }),
      call('DELETE', '/api/user/mgr-a@example.com', { as: b }),
    ])
    expect([ra.status, rb.status]).toEqual([403, 403])
    expect(await rolesOf('mgr-a@example.com')).toEqual(['manager'])
    expect(await rolesOf('mgr-b@example.com')).toEqual(['manager'])
    // The owner can remove a manager; the shop keeps its owner whatever happens.
    expect((await call('DELETE', '/api/user/mgr-b@example.com', { as: owner })).status).toBe(200)
  })
})

describe('handing over the shop (POST /api/staff/owner)', () => {
  it('refuses without a fresh sign-in of the owner’s own verified e-mail (403 REAUTH_REQUIRED)', async () => {
    await staff('heir-refused@example.com', ['manager'])
    for (const token of [
      undefined,
      'not-a-token',
      reauth('admin@example.com', 301),
      reauth('heir-refused@example.com'),
      reauth('admin@example.com', 10, { emailVerified: false }),
    ]) {
      const res = await handOver(owner, 'heir-refused@example.com', token)
      expect(res.status, String(token)).toBe(403)
      expect(await errorOf(res)).toEqual({ code: 'REAUTH_REQUIRED', message: 'Sign in again to hand over the shop.' })
    }
    const byManager = await handOver(
      await signIn('heir-refused@example.com'),
      'heir-refused@example.com',
      reauth('heir-refused@example.com'),
    )
    expect(byManager.status).toBe(403)
    expect((await errorOf(byManager)).message).toBe('Only the owner can hand over the shop.')
    expect(await rolesOf('admin@example.com')).toEqual(['owner'])
  })

  it.each([
    ['a customer', 'heir-customer@example.com', false],
    ['yourself', 'admin@example.com', false],
    ['an account nobody has', 'heir-nobody@example.com', null],
  ])('refuses %s as the new owner with 400 naming email', async (_, email, sign) => {
    if (sign === false) await signIn(email)
    const res = await handOver(owner, email, reauth('admin@example.com'))
    expect(res.status).toBe(400)
    expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(['email'])
    expect(await rolesOf('admin@example.com')).toEqual(['owner'])
  })

  it('makes the target the owner (keeping its roles), the former owner a manager; e-mails both; audits it', async () => {
    const heir = await staff('heir@example.com', ['finance'])
    const res = await handOver(owner, 'heir@example.com', reauth('admin@example.com'))
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ acknowledged: true, modifiedCount: 1 })
    expect(await rolesOf('heir@example.com')).toEqual(['finance', 'owner'])
    expect(await rolesOf('admin@example.com')).toEqual(['manager'])
    const mail = await env.DB.prepare(
      'select "to", subject from email_outbox where dedupe_key like \'staff-owner:%\' order by "to"',
    ).all()
    expect(mail.results).toEqual([
      { to: 'admin@example.com', subject: 'heir@example.com is now the owner of Toolhaus' },
      { to: 'heir@example.com', subject: 'You are now the owner of Toolhaus' },
    ])
    const audit = await env.DB.prepare("select actor, detail from audit_log where action = 'staff.owner'").all()
    expect(audit.results).toEqual([{ actor: 'admin@example.com', detail: 'admin@example.com → heir@example.com' }])
    // The former owner is now a manager: no hand-over, no bank; the new owner hands it back.
    const again = await handOver(owner, 'heir@example.com', reauth('admin@example.com'))
    expect(again.status).toBe(403)
    expect((await errorOf(again)).message).toBe('Only the owner can hand over the shop.')
    expect((await handOver(heir, 'admin@example.com', reauth('heir@example.com'))).status).toBe(200)
    expect(await rolesOf('admin@example.com')).toEqual(['manager', 'owner'])
    expect(await rolesOf('heir@example.com')).toEqual(['finance', 'manager'])
    await env.DB.prepare(
      "delete from user_roles where role = 'manager' and user_id = (select id from users where email = 'admin@example.com')",
    ).run()
  })

  it('two hand-overs at once end with exactly one owner', async () => {
    await staff('heir-1@example.com', ['orders'])
    await staff('heir-2@example.com', ['support'])
    const [a, b] = await Promise.all([
      handOver(owner, 'heir-1@example.com', reauth('admin@example.com')),
      handOver(owner, 'heir-2@example.com', reauth('admin@example.com')),
    ])
    const statuses = [a.status, b.status].sort()
    expect(statuses[0]).toBe(200)
    expect([403, 409]).toContain(statuses[1])
    const owners = await env.DB.prepare("select count(*) as n from user_roles where role = 'owner'").first<{
      n: number
    }>()
    expect(owners?.n).toBe(1)
  })
})
