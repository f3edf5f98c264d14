/**
 * Migrations 0019 and 0020 on a shop with several admins, removed ones among them (contract/operations.md
 * "Migration"): the admin created first (then the lowest id) becomes the owner, every other admin
 * a manager, removed admins and customers nothing; the database then refuses a second owner.
 * Runs on MIGRATIONS_DB, empty at the start of the file (worker/test/apply-migrations.ts).
 */
import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'

const db = env.MIGRATIONS_DB
const split = env.TEST_MIGRATIONS.findIndex((m) => m.name.startsWith('0019'))
const T = 1_700_000_000_000

/** [id, email, role, created_at, removed_at] */
const USERS: [string, string, 'admin' | 'user', number, number | null][] = [
  ['u-c', 'second@example.com', 'admin', T + 10, null],
  // The earliest admin, removed: it gets nothing, and is not the owner.
  ['u-a', 'gone@example.com', 'admin', T, T + 100],
  // Two admins created in the same millisecond: the lower id is the owner.
  ['u-b2', 'tie-high@example.com', 'admin', T + 5, null],
  ['u-b1', 'tie-low@example.com', 'admin', T + 5, null],
  ['u-d', 'buyer@example.com', 'user', T + 1, null],
  ['u-e', 'removed-buyer@example.com', 'user', T + 2, T + 50],
]

const roles = async () =>
  (
    await db
      .prepare('select u.email, r.role from user_roles r join users u on u.id = r.user_id order by u.email')
      .all<{ email: string; role: string }>()
  ).results.map((r) => [r.email, r.role])

beforeAll(async () => {
  expect(split).toBeGreaterThan(0)
  await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, split))
  await db.batch(
    USERS.map(([id, email, role, createdAt, removedAt]) =>
      db
        .prepare('insert into users (id, email, role, created_at, updated_at, removed_at) values (?, ?, ?, ?, ?, ?)')
        .bind(id, email, role, createdAt, createdAt, removedAt),
    ),
  )
})

const wireRoles = async () =>
  (await db.prepare('select email, role from users order by email').all<{ email: string; role: string }>()).results.map(
    (r) => [r.email, r.role],
  )

describe('migrations 0019 and 0020: staff roles from the admins', () => {
  it('makes the earliest admin the owner, every other admin a manager, and gives nothing else', async () => {
    await applyD1Migrations(db, env.TEST_MIGRATIONS)
    expect(await roles()).toEqual([
      ['second@example.com', 'manager'],
      ['tie-high@example.com', 'manager'],
      ['tie-low@example.com', 'owner'],
    ])
    // The wire's role follows the roles: a removed admin came back a customer if restored.
    expect(await wireRoles()).toEqual([
      ['buyer@example.com', 'user'],
      ['gone@example.com', 'user'],
      ['removed-buyer@example.com', 'user'],
      ['second@example.com', 'admin'],
      ['tie-high@example.com', 'admin'],
      ['tie-low@example.com', 'admin'],
    ])
  })

  it('keeps users.role in step with the roles, whoever writes them (0020’s triggers)', async () => {
    const roleOf = async (id: string) =>
      (await db.prepare('select role from users where id = ?').bind(id).first<{ role: string }>())?.role
    await db.prepare(`insert into user_roles (user_id, role) values ('u-d', 'support')`).run()
    expect(await roleOf('u-d')).toBe('admin')
    await db.prepare(`insert into user_roles (user_id, role) values ('u-d', 'orders')`).run()
    await db.prepare(`delete from user_roles where user_id = 'u-d' and role = 'support'`).run()
    expect(await roleOf('u-d')).toBe('admin')
    await db.prepare(`delete from user_roles where user_id = 'u-d'`).run()
    expect(await roleOf('u-d')).toBe('user')
  })

  it('refuses a second owner, and a role the contract does not name', async () => {
    await expect(db.prepare(`insert into user_roles (user_id, role) values ('u-c', 'owner')`).run()).rejects.toThrow(
      /UNIQUE/,
    )
    await expect(db.prepare(`insert into user_roles (user_id, role) values ('u-d', 'admin')`).run()).rejects.toThrow(
      /CHECK/,
    )
    // Several roles for one account are fine; the same one twice is not.
    await db.prepare(`insert into user_roles (user_id, role) values ('u-c', 'finance')`).run()
    await expect(db.prepare(`insert into user_roles (user_id, role) values ('u-c', 'finance')`).run()).rejects.toThrow(
      /UNIQUE|PRIMARY/,
    )
  })
})
