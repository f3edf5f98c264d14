/**
 * Migration 0019 on a shop with several admins, removed ones among them (contract/operations.md
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

describe('migration 0019: staff roles from the admins', () => {
  it('makes the earliest admin the owner, every other admin a manager, and gives nothing else', async () => {
    await applyD1Migrations(db, env.TEST_MIGRATIONS)
    expect(await roles()).toEqual([
      ['second@example.com', 'manager'],
      ['tie-high@example.com', 'manager'],
      ['tie-low@example.com', 'owner'],
    ])
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
