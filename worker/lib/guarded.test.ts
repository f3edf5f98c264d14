import { env } from 'cloudflare:workers'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { users } from '../db/schema'
import { getDb, newId } from './db'
import {
  CHANGED_ONE_ROW,
  drizzleSql,
  happened,
  insertIfChanged,
  insertWhere,
  joinParts,
  queryPart,
  returnedRow,
  runBatch,
  sqlPart,
  sqlText,
} from './guarded'

describe('sqlPart: one way to write the SQL of a batch', () => {
  it('turns each value into a ? placeholder, in order, and splices parts in with their values', () => {
    const guard = sqlPart`exists (select 1 from marks where id = ${'m1'})`
    expect(sqlPart`update things set n = n + ${2} where id = ${'t1'} and ${guard} returning id`).toEqual({
      sql: 'update things set n = n + ? where id = ? and exists (select 1 from marks where id = ?) returning id',
      values: [2, 't1', 'm1'],
    })
  })

  it('takes fixed text (names from the code) as it is, and joins parts', () => {
    const sets = [sqlPart`${sqlText('status')} = ${'paid'}`, sqlPart`note = ${null}`]
    expect(joinParts(sets, ', ')).toEqual({ sql: 'status = ?, note = ?', values: ['paid', null] })
  })

  it('writes an insert of one row, guarded or not', () => {
    expect(insertWhere('marks', { id: 'm1', thing: 't1' })).toEqual({
      sql: 'insert into marks (id, thing) select ?, ?',
      values: ['m1', 't1'],
    })
    expect(insertWhere('marks', { id: 'm1', at: sqlText('42') }, happened('events', 'e1'))).toEqual({
      sql: 'insert into marks (id, at) select ?, 42 where exists (select 1 from events where id = ?)',
      values: ['m1', 'e1'],
    })
    expect(insertIfChanged('marks', { id: 'm1' })).toEqual({
      statement: { sql: 'insert into marks (id) select ? where changes() = 1 returning id', values: ['m1'] },
      happened: { sql: 'exists (select 1 from marks where id = ?)', values: ['m1'] },
    })
    expect(CHANGED_ONE_ROW).toEqual({ sql: 'changes() = 1', values: [] })
  })

  it('gives a part to drizzle as the same SQL and values, and refuses a ? that is not a placeholder', () => {
    const where = drizzleSql(sqlPart`(status = ${'offered'} and valid_until > ${42})`)
    const query = getDb(env).select({ id: users.id }).from(users).where(where).toSQL()
    expect(query.sql).toMatch(/ where \(status = \? and valid_until > \?\)$/)
    expect(query.params).toEqual(['offered', 42])
    expect(() => drizzleSql(sqlText("note = '?'"))).toThrow('Not a part of placeholders only')
  })
})

describe('a guarded batch in D1', () => {
  beforeAll(async () => {
    await env.DB.batch([
      env.DB.prepare('create table if not exists guarded_things (id text primary key, n integer not null)'),
      env.DB.prepare('create table if not exists guarded_marks (id text primary key, thing text not null)'),
      env.DB.prepare('create table if not exists guarded_log (id text primary key, mark text not null)'),
      // A trigger, like the search index's and the kept figures': D1's meta.changes counts its rows too.
      env.DB.prepare(
        `create trigger if not exists guarded_marks_logged after insert on guarded_marks
         begin insert into guarded_log (id, mark) values (new.id || '-log', new.id); end`,
      ),
    ])
  })

  /** A thing with `n`, then a batch that takes 1 from it only while n > 0, and what follows only if it did. */
  async function takeOne(n: number) {
    const db = getDb(env)
    const thing = `thing-${newId()}`
    await env.DB.prepare('insert into guarded_things (id, n) values (?, ?)').bind(thing, n).run()
    const mark = insertIfChanged('guarded_marks', { id: `mark-${newId()}`, thing })
    const results = await runBatch(db, [
      sqlPart`update guarded_things set n = n - ${1} where id = ${thing} and n > ${0}`,
      mark.statement,
      sqlPart`update guarded_things set n = n + ${100} where id = ${thing} and ${mark.happened} returning id`,
    ])
    const row = await env.DB.prepare('select n from guarded_things where id = ?').bind(thing).first<{ n: number }>()
    return { results, n: row?.n, marked: returnedRow(results[1]), followed: returnedRow(results[2]) }
  }

  it('runs the statements after the marker when the first one changed a row', async () => {
    const { results, n, marked, followed } = await takeOne(1)
    expect({ n, marked, followed }).toEqual({ n: 100, marked: true, followed: true })
    // The marker's trigger wrote a row too: meta.changes says 2, its RETURNING one row.
    expect(results[1]?.meta.changes).toBe(2)
  })

  it('runs nothing after it when the first one changed nothing', async () => {
    const { n, marked, followed } = await takeOne(0)
    expect({ n, marked, followed }).toEqual({ n: 0, marked: false, followed: false })
  })

  it('binds undefined as NULL and runs prepared statements beside parts', async () => {
    const db = getDb(env)
    const id = `thing-${newId()}`
    const [, , read] = await runBatch(db, [
      env.DB.prepare('insert into guarded_things (id, n) values (?, ?)').bind(id, 5),
      sqlPart`update guarded_things set n = coalesce(${undefined}, n + ${1}) where id = ${id}`,
      sqlPart`select n from guarded_things where id = ${id}`,
    ])
    expect(read?.results).toEqual([{ n: 6 }])
  })

  it('takes writes drizzle built (its values mapped for the driver), the statements after them guarded by them', async () => {
    const db = getDb(env)
    const email = `guarded-${newId()}@example.com`
    const logged = (id: string) => insertWhere('guarded_log', { id, mark: email }, CHANGED_ONE_ROW)
    const write = (name: string) =>
      runBatch(db, [
        queryPart(db.update(users).set({ name }).where(eq(users.email, email)).returning({ id: users.id })),
        logged(`${email}-${name}`),
      ])
    // Nobody has that e-mail yet: the update changes nothing, and nothing follows it.
    const [missed] = await write('Nobody')
    expect(returnedRow(missed)).toBe(false)
    const [inserted, , raw, rawLog] = await runBatch(db, [
      queryPart(db.insert(users).values({ id: newId(), email, identityVerified: true }).returning({ id: users.id })),
      logged(`${email}-inserted`),
      queryPart(db.run(sql`update ${users} set name = ${'Raw'} where email = ${email}`)),
      logged(`${email}-raw`),
    ])
    expect([returnedRow(inserted), raw?.meta.changes]).toEqual([true, 1])
    expect(rawLog?.meta.changes).toBe(1)
    const [renamed] = await write('Named')
    expect(returnedRow(renamed)).toBe(true)
    const row = await db.select().from(users).where(eq(users.email, email)).get()
    expect(row).toMatchObject({ name: 'Named', identityVerified: true })
    const log = await env.DB.prepare('select id from guarded_log where mark = ? order by id').bind(email).all()
    expect(log.results.map((r) => r.id)).toEqual([`${email}-Named`, `${email}-inserted`, `${email}-raw`])
  })
})
