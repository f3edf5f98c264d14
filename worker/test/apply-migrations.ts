/**
 * Runs before every test file. The files share one workerd per vitest worker (`isolate: false`
 * in vitest.config.ts: loading the Worker's module graph took about 10 s a file), so each file
 * starts here from the database as the migrations leave it, an empty bucket and no kept public
 * answers, as if it had a runtime of its own.
 */
import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { getConfig } from '#worker/env.ts'
import { invalidatePublic } from '#worker/lib/edge-cache.ts'

type Row = Record<string, unknown>
/** The rows the migrations themselves leave (the first file to run sees the database untouched). */
type Baseline = { tables: string[]; virtual: { name: string; external: boolean }[]; rows: Map<string, Row[]> }
const KEY = Symbol.for('toolhaus.test.baseline')
const store = globalThis as { [KEY]?: Baseline }

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
store[KEY] ??= await baselineOf(env.DB)
await restore(env.DB, store[KEY])
await emptyDatabase(env.MIGRATIONS_DB)
await emptyBucket(env.IMAGES)
await invalidatePublic(getConfig(env), ['catalogue', 'reviews', 'settings'])

async function tablesOf(db: D1Database) {
  const { results } = await db
    .prepare(
      `SELECT l.name, l.type, m.sql FROM pragma_table_list AS l JOIN sqlite_master AS m ON m.name = l.name
       WHERE l.schema = 'main' AND l.name NOT LIKE 'sqlite_%' AND l.name NOT LIKE '_cf_%'`,
    )
    .all<{ name: string; type: 'table' | 'view' | 'virtual' | 'shadow'; sql: string }>()
  return {
    tables: results.filter((t) => t.type === 'table' && t.name !== 'd1_migrations').map((t) => t.name),
    // An index over another table's rows (content=…) is emptied with its 'delete-all' command.
    virtual: results
      .filter((t) => t.type === 'virtual')
      .map((t) => ({ name: t.name, external: /\bcontent\s*=/i.test(t.sql) })),
  }
}

async function baselineOf(db: D1Database): Promise<Baseline> {
  const { tables, virtual } = await tablesOf(db)
  const rows = new Map<string, Row[]>()
  for (const table of tables) {
    const { results } = await db.prepare(`SELECT * FROM "${table}"`).all<Row>()
    if (results.length) rows.set(table, results)
  }
  return { tables, virtual, rows }
}

/**
 * Deletes every row, then puts the baseline back. Twice over, tables before search indexes: a
 * delete's triggers keep the indexes and write to tables (the summary counters) already emptied.
 */
async function restore(db: D1Database, { tables, virtual, rows }: Baseline) {
  const wipe = [
    ...tables.map((t) => db.prepare(`DELETE FROM "${t}"`)),
    ...virtual.map(({ name, external }) =>
      db.prepare(external ? `INSERT INTO "${name}"("${name}") VALUES ('delete-all')` : `DELETE FROM "${name}"`),
    ),
  ]
  const refill = [...rows].flatMap(([table, list]) =>
    list.map((row) => {
      const columns = Object.keys(row)
      const sql = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`
      return db.prepare(sql).bind(...columns.map((c) => row[c]))
    }),
  )
  await db.batch([db.prepare('PRAGMA defer_foreign_keys = ON'), ...wipe, ...wipe, ...refill])
}

/** The migration tests' database: no tables at all. */
async function emptyDatabase(db: D1Database) {
  const { results } = await db
    .prepare(
      "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    )
    .all<{ name: string; type: string }>()
  if (!results.length) return
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = ON'),
    ...results.map((t) => db.prepare(`DROP ${t.type === 'view' ? 'VIEW' : 'TABLE'} IF EXISTS "${t.name}"`)),
  ])
}

async function emptyBucket(bucket: R2Bucket) {
  for (;;) {
    const { objects } = await bucket.list({ limit: 1000 })
    if (!objects.length) return
    await bucket.delete(objects.map((o) => o.key))
  }
}
