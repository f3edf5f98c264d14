/**
 * GET /api/audit: the entries of the admin actions outside the order desk (review deletion,
 * user promotion, removal and restore: who, what, which record, what changed), that only a
 * change writes one, in the same batch (an action whose entry cannot be written is not done),
 * that nothing changes or deletes an entry, and the paging, through HTTP.
 * and the order desk's moves, refunds and cancellations. (Tool changes: tools.test.ts.)
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '#schemas/audit.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import { makeTool, paidOrder, placeOrder } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

const ADMIN = 'admin@example.com'
let admin: string
beforeAll(async () => {
  admin = await signIn(ADMIN)
})

/** Every entry, newest first, page by page. */
async function everyEntry(): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = []
  for (;;) {
    const res = await call('GET', `/api/audit?limit=100&offset=${entries.length}`, { as: admin })
    expect(res.status).toBe(200)
    const page = await json<AuditEntry[]>(res)
    entries.push(...page)
    if (page.length < 100) return entries
  }
}

const total = async () => Number((await call('GET', '/api/audit?limit=1', { as: admin })).headers.get('X-Total-Count'))

/** Runs `action` and answers the entries it added (newest first), checking their time. */
async function entriesOf(action: () => Promise<unknown>): Promise<AuditEntry[]> {
  const before = new Set((await everyEntry()).map((e) => e._id))
  const started = Date.now()
  await action()
  const added = (await everyEntry()).filter((e) => !before.has(e._id))
  for (const entry of added) {
    expect(entry._id).toMatch(/^[0-9a-f]{24}$/)
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(started - 1000)
    expect(Date.parse(entry.at)).toBeLessThanOrEqual(Date.now() + 1000)
    expect(new Date(entry.at).toISOString()).toBe(entry.at)
    // Not an order's or a quote's: no number to read.
    if (!/^(order|quote)\./.test(entry.action)) expect(entry.label).toBeNull()
  }
  return added
}

const fields = (entries: AuditEntry[]) =>
  entries.map(({ actor, action, target, detail }) => ({ actor, action, target, detail }))

describe('GET /api/audit: review deletion and user changes', () => {
  it('review.delete: who deleted which review, and whose it was; a refused or missing delete writes nothing', async () => {
    const customer = await signIn('audited-reviewer@example.com')
    const posted = await call('POST', '/api/review', {
      as: customer,
      body: {
        name: 'Audited Reviewer',
        description: 'Good drills, fast delivery.',
        img: 'https://example.com/me.png',
        rating: 4,
      },
    })
    const { insertedId } = await json<{ insertedId: string }>(posted)
    expect(
      await entriesOf(async () =>
        expect((await call('DELETE', `/api/review/${insertedId}`, { as: customer })).status).toBe(403),
      ),
    ).toEqual([])
    const added = await entriesOf(async () =>
      expect((await call('DELETE', `/api/review/${insertedId}`, { as: admin })).status).toBe(200),
    )
    expect(fields(added)).toEqual([
      { actor: ADMIN, action: 'review.delete', target: insertedId, detail: 'deleted the review by Audited Reviewer' },
    ])
    expect(
      await entriesOf(async () =>
        expect((await call('DELETE', `/api/review/${insertedId}`, { as: admin })).status).toBe(404),
      ),
    ).toEqual([])
  })

  it('user.promote: the acting admin, the user’s e-mail, “made a manager”; promoting again or nobody writes nothing', async () => {
    await signIn('promoted@example.com')
    const added = await entriesOf(async () =>
      expect((await call('PUT', '/api/user/admin/Promoted@Example.com', { as: admin })).status).toBe(200),
    )
    expect(fields(added)).toEqual([
      { actor: ADMIN, action: 'user.promote', target: 'promoted@example.com', detail: 'made a manager' },
    ])
    expect(await entriesOf(() => call('PUT', '/api/user/admin/promoted@example.com', { as: admin }))).toEqual([])
    expect(await entriesOf(() => call('PUT', '/api/user/admin/nobody-at-all@example.com', { as: admin }))).toEqual([])
    // Only the owner makes managers: a manager's try is refused and writes nothing.
    const promoted = await signIn('promoted@example.com')
    await signIn('promoted-by-promoted@example.com')
    expect(
      await entriesOf(() => call('PUT', '/api/user/admin/promoted-by-promoted@example.com', { as: promoted })),
    ).toEqual([])
  })

  it('user.remove and user.restore: who, whom, what; repeating either, or removing oneself, writes nothing', async () => {
    await signIn('audited-leaver@example.com')
    const removed = await entriesOf(async () =>
      expect((await call('DELETE', '/api/user/Audited-Leaver@example.com', { as: admin })).status).toBe(200),
    )
    expect(fields(removed)).toEqual([
      {
        actor: ADMIN,
        action: 'user.remove',
        target: 'audited-leaver@example.com',
        detail: 'removed; their sessions ended',
      },
    ])
    expect(
      await entriesOf(async () =>
        expect(await json(await call('DELETE', '/api/user/audited-leaver@example.com', { as: admin }))).toMatchObject({
          deletedCount: 0,
        }),
      ),
    ).toEqual([])
    expect(
      await entriesOf(async () => expect((await call('DELETE', `/api/user/${ADMIN}`, { as: admin })).status).toBe(409)),
    ).toEqual([])

    const restored = await entriesOf(async () =>
      expect((await call('POST', '/api/user/audited-leaver@example.com/restore', { as: admin })).status).toBe(200),
    )
    expect(fields(restored)).toEqual([
      {
        actor: ADMIN,
        action: 'user.restore',
        target: 'audited-leaver@example.com',
        detail: 'restored; can sign in again',
      },
    ])
    expect(
      await entriesOf(async () =>
        expect(
          await json(await call('POST', '/api/user/audited-leaver@example.com/restore', { as: admin })),
        ).toMatchObject({ modifiedCount: 0 }),
      ),
    ).toEqual([])
    expect(
      await entriesOf(async () =>
        expect((await call('POST', '/api/user/never-here@example.com/restore', { as: admin })).status).toBe(404),
      ),
    ).toEqual([])
  })
})

describe('GET /api/audit: written with the change, in one batch', () => {
  /** Runs `action` while the audit log refuses every entry (a trigger aborts the insert). */
  async function whileTheLogRefuses(action: () => Promise<void>) {
    await env.DB.prepare(
      `create trigger audit_log_refuses before insert on audit_log
       begin select raise(abort, 'the audit log refuses entries'); end`,
    ).run()
    try {
      await action()
    } finally {
      await env.DB.prepare('drop trigger audit_log_refuses').run()
    }
  }
  const role = async (email: string) =>
    (await env.DB.prepare('select role from users where email = ?').bind(email).first<{ role: string }>())?.role
  const price = async (id: string) =>
    (await env.DB.prepare('select price_paisa from tools where id = ?').bind(id).first<{ price_paisa: number }>())
      ?.price_paisa

  it('an action whose entry cannot be written is not done either; once it can, both are', async () => {
    await signIn('all-or-nothing@example.com')
    const tool = await makeTool({ name: 'All or Nothing Saw', pricePaisa: 10_000 })
    const category = await json<{ insertedId: string }>(
      await call('POST', '/api/category', { as: admin, body: { name: 'All or nothing' } }),
    )
    await whileTheLogRefuses(async () => {
      const promote = await call('PUT', '/api/user/admin/all-or-nothing@example.com', { as: admin })
      expect(promote.status).toBe(500)
      const patched = await call('PATCH', `/api/service/${tool.id}`, { as: admin, body: { price: 150 } })
      expect(patched.status).toBe(500)
      const deleted = await call('DELETE', `/api/category/${category.insertedId}`, { as: admin })
      expect(deleted.status).toBe(500)
      expect((await call('DELETE', `/api/service/${tool.id}`, { as: admin })).status).toBe(500)
      // A change that does nothing writes no entry, so it is answered as ever.
      expect(await json(await call('PATCH', `/api/service/${tool.id}`, { as: admin, body: { price: 100 } }))).toEqual({
        acknowledged: true,
        modifiedCount: 0,
      })
    })
    expect(await role('all-or-nothing@example.com')).toBe('user')
    expect(await price(tool.id)).toBe(10_000)
    expect((await json<{ _id: string }[]>(await call('GET', '/api/category'))).map((c) => c._id)).toContain(
      category.insertedId,
    )

    const added = await entriesOf(async () => {
      expect((await call('PUT', '/api/user/admin/all-or-nothing@example.com', { as: admin })).status).toBe(200)
      expect((await call('PATCH', `/api/service/${tool.id}`, { as: admin, body: { price: 150 } })).status).toBe(200)
      expect((await call('DELETE', `/api/category/${category.insertedId}`, { as: admin })).status).toBe(200)
    })
    expect(await role('all-or-nothing@example.com')).toBe('admin')
    expect(await price(tool.id)).toBe(15_000)
    expect(fields(added)).toEqual([
      {
        actor: ADMIN,
        action: 'category.delete',
        target: category.insertedId,
        detail: 'deleted All or nothing (all-or-nothing)',
      },
      { actor: ADMIN, action: 'tool.update', target: tool.id, detail: 'price → 150' },
      { actor: ADMIN, action: 'user.promote', target: 'all-or-nothing@example.com', detail: 'made a manager' },
    ])
  })

  it('a refused action writes no entry: refused by its own write, in the batch, or before it', async () => {
    // The promotion's UPDATE leaves a removed account alone: the entry after it is not written.
    await signIn('removed-not-promoted@example.com')
    expect((await call('DELETE', '/api/user/removed-not-promoted@example.com', { as: admin })).status).toBe(200)
    expect(
      await entriesOf(async () =>
        expect((await call('PUT', '/api/user/admin/removed-not-promoted@example.com', { as: admin })).status).toBe(409),
      ),
    ).toEqual([])
    expect(await role('removed-not-promoted@example.com')).toBe('user')
    // A tool's stock that changed since the admin read it: the edit is refused, unaudited.
    const tool = await makeTool({ name: 'Refused Edit Drill', quantity: 40 })
    const refused = await entriesOf(async () => {
      const res = await call('PATCH', `/api/service/${tool.id}`, {
        as: admin,
        body: { quantity: 45, previousQuantity: 39 },
      })
      expect(res.status).toBe(409)
    })
    expect(refused).toEqual([])
    // A category whose slug another has: refused, unaudited.
    const twin = { name: 'Twin slug', slug: 'twin-slug' }
    expect((await call('POST', '/api/category', { as: admin, body: twin })).status).toBe(201)
    expect(
      await entriesOf(async () =>
        expect((await call('POST', '/api/category', { as: admin, body: twin })).status).toBe(409),
      ),
    ).toEqual([])
  })
})

describe('GET /api/audit: append-only', () => {
  it('no route changes or deletes an entry, not even removing the admin who acted or deleting what an entry names', async () => {
    // An admin acts, leaving entries behind…
    await signIn('passing-admin@example.com')
    await call('PUT', '/api/user/admin/passing-admin@example.com', { as: admin })
    const passing = await signIn('passing-admin@example.com')
    const tool = await makeTool({ name: 'Audited Saw' })
    expect((await call('PATCH', `/api/service/${tool.id}`, { as: passing, body: { price: 321 } })).status).toBe(200)
    const before = await everyEntry()
    const mine = before.filter((e) => e.actor === 'passing-admin@example.com')
    expect(fields(mine)).toEqual([
      { actor: 'passing-admin@example.com', action: 'tool.update', target: tool.id, detail: 'price → 321' },
    ])

    // …every way of writing to the log is refused…
    const [newest] = before
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const path of ['/api/audit', `/api/audit/${newest!._id}`, `/api/audit?id=${newest!._id}`]) {
        const res = await call(method, path, { as: admin, body: { detail: 'rewritten', action: 'nothing.happened' } })
        expect(res.status, `${method} ${path}`).toBe(404)
      }
    }
    // …the tool it names is deleted, and the admin who acted is removed.
    expect((await call('DELETE', `/api/service/${tool.id}`, { as: admin })).status).toBe(200)
    expect((await call('DELETE', '/api/user/passing-admin@example.com', { as: admin })).status).toBe(200)

    const after = await everyEntry()
    // Every earlier entry is still there, unchanged; only the two new actions were added, newest first.
    expect(after.slice(2)).toEqual(before)
    expect(fields(after.slice(0, 2)).sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { actor: ADMIN, action: 'tool.delete', target: tool.id, detail: 'deleted Audited Saw' },
      {
        actor: ADMIN,
        action: 'user.remove',
        target: 'passing-admin@example.com',
        detail: 'removed; their sessions ended',
      },
    ])
    expect(await total()).toBe(before.length + 2)
  })
})

describe('GET /api/audit: paging', () => {
  it('answers `limit` entries from `offset`, newest first, with X-Total-Count; 50 by default', async () => {
    // Old entries straight in D1 (no route writes one on demand), a second apart.
    await env.DB.batch(
      Array.from({ length: 60 }, (_, i) =>
        env.DB.prepare('insert into audit_log (id, at, actor, action, target, detail) values (?, ?, ?, ?, ?, ?)').bind(
          `old-entry-${String(i).padStart(2, '0')}`,
          1_000_000_000 + i * 1000,
          'old-admin@example.com',
          'tool.update',
          `tool-${i}`,
          `price → ${i}`,
        ),
      ),
    )
    const all = await total()
    expect(all).toBeGreaterThan(60)
    const first = await call('GET', '/api/audit', { as: admin })
    expect(await json<AuditEntry[]>(first)).toHaveLength(50)
    expect(first.headers.get('X-Total-Count')).toBe(String(all))
    const page = async (query: string) => {
      const res = await call('GET', `/api/audit?${query}`, { as: admin })
      expect(res.headers.get('X-Total-Count')).toBe(String(all))
      return (await json<AuditEntry[]>(res)).map((e) => e.target)
    }
    expect(await page(`limit=3&offset=${all - 3}`)).toEqual(['tool-2', 'tool-1', 'tool-0'])
    expect(await page(`limit=2&offset=${all - 4}`)).toEqual(['tool-3', 'tool-2'])
    expect(await page(`offset=${all}`)).toEqual([])
    const whole = await everyEntry()
    expect(whole).toHaveLength(all)
    const times = whole.map((e) => Date.parse(e.at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it.each(['limit=0', 'limit=101', 'limit=two', 'offset=-1', 'offset=1.5'])(
    'refuses %s with a 400 naming the field',
    async (query) => {
      const res = await call('GET', `/api/audit?${query}`, { as: admin })
      expect(res.status).toBe(400)
      const error = await errorOf(res)
      expect(error.code).toBe('VALIDATION_FAILED')
      expect(Object.keys(error.fields ?? {})).toEqual([query.split('=')[0]])
    },
  )
})

describe('GET /api/audit: the order desk', () => {
  it('records every admin action, newest first, with who, what and the record; nothing can change it', async () => {
    const email = 'audit-buyer@example.com'
    const buyer = await signIn(email)
    const tool = await makeTool({ name: 'Audit Drill', quantity: 1000, min: 1 })
    const id = await paidOrder(buyer, tool, email)
    const moved = await call('POST', `/api/booking/${id}/status`, { as: admin, body: { status: 'processing' } })
    expect(moved.status).toBe(200)
    const reason = 'Out of stock at the warehouse'
    expect((await call('POST', `/api/booking/${id}/refund`, { as: admin, body: { reason } })).status).toBe(200)
    const unpaid = await placeOrder(buyer, tool, email)
    expect((await call('POST', `/api/booking/${unpaid}/cancel`, { as: admin })).status).toBe(200)
    const res = await call('GET', '/api/audit?limit=3', { as: admin })
    expect(res.status).toBe(200)
    expect(Number(res.headers.get('X-Total-Count'))).toBeGreaterThanOrEqual(3)
    const entries = await json<AuditEntry[]>(res)
    expect(entries.map((e) => [e.action, e.target, e.actor])).toEqual([
      ['order.cancel', unpaid, ADMIN],
      ['order.refund', id, ADMIN],
      ['order.status', id, ADMIN],
    ])
    expect(entries[1]!.detail).toBe('processing → refunded: Out of stock at the warehouse')
    // Each reads with the number people know the order by.
    const numberOf = async (order: string) =>
      (await json<{ orderNumber: string }>(await call('GET', `/api/booking/${order}`, { as: admin }))).orderNumber
    expect(entries.map((e) => e.label)).toEqual([await numberOf(unpaid), await numberOf(id), await numberOf(id)])
    expect(entries[0]!.label).toMatch(/^TH-\d+$/)
    for (const method of ['DELETE', 'PUT', 'PATCH', 'POST'] as const) {
      expect((await call(method, `/api/audit/${entries[0]!._id}`, { as: admin, body: {} })).status).toBe(404)
    }
    expect((await call('POST', '/api/audit', { as: admin, body: {} })).status).toBe(404)
  })
})
