/**
 * Migration 0018 on a database whose reviews were signed with the buyer's e-mail (an order without
 * a name took the e-mail as its name, the review the order's): those read "Customer", as do the
 * ones signed with the address's local part; every other review keeps its name. Runs on
 * MIGRATIONS_DB, empty at the start of the file (worker/test/apply-migrations.ts).
 */
import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'

const db = env.MIGRATIONS_DB
const split = env.TEST_MIGRATIONS.findIndex((m) => m.name.startsWith('0018'))
const LONG = `${'x'.repeat(45)}@example.com`

/** [customer, the name stored, the name after the migration] */
const REVIEWS: [string, string, string][] = [
  ['buyer@example.com', 'buyer@example.com', 'Customer'],
  ['mixed.case@example.com', 'Mixed.Case@Example.com', 'Customer'],
  ['farhana.akter@example.com', 'farhana.akter', 'Customer'],
  ['upper@example.com', 'UPPER', 'Customer'],
  [LONG, 'x'.repeat(40), 'Customer'],
  ['kamal@example.com', 'Kamal H.', 'Kamal H.'],
  ['farhana.k@example.com', 'Farhana', 'Farhana'],
  ['rahim@example.com', 'Rahim K.', 'Rahim K.'],
  ['nameless@example.com', 'Customer', 'Customer'],
  ['bangla@example.com', 'মোঃ উ.', 'মোঃ উ.'],
]

const names = async () =>
  (
    await db
      .prepare('select customer, name, rating from tool_reviews order by rowid')
      .all<{ customer: string; name: string; rating: number }>()
  ).results

beforeAll(async () => {
  expect(split).toBeGreaterThan(0)
  await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, split))
  await db.batch(
    REVIEWS.map(([customer, name], i) =>
      db
        .prepare(
          `insert into tool_reviews (id, tool_id, customer, name, rating, title, body, order_id, created_at)
           values (?, 'old-drill', ?, ?, ?, null, 'Old review.', ?, ?)`,
        )
        .bind(`r-${i}`, customer, name, 1 + (i % 5), `o-${i}`, 1_700_000_000_000 + i),
    ),
  )
})

describe('migration 0018: reviewers are never named by an e-mail', () => {
  it('renames the reviews signed with an e-mail or its local part, and only those', async () => {
    await applyD1Migrations(db, env.TEST_MIGRATIONS)
    const after = await names()
    expect(after.map((r) => [r.customer, r.name])).toEqual(REVIEWS.map(([customer, , name]) => [customer, name]))
    // Nothing else changes: the ratings stay.
    expect(after.map((r) => r.rating)).toEqual(REVIEWS.map((_, i) => 1 + (i % 5)))
  })

  it('leaves no review whose name shows its e-mail', async () => {
    const { results } = await db
      .prepare(
        `select count(*) as n from tool_reviews
         where instr(name, '@') > 0 or lower(name) = substr(customer, 1, instr(customer, '@') - 1)`,
      )
      .all<{ n: number }>()
    expect(results[0]?.n).toBe(0)
  })
})
