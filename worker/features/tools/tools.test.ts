import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Tool } from '#schemas/tool.ts'
import { call, errorOf, json, PNG_1X1, seedDemo } from '#worker/test/helpers.ts'
import { mailsTo, payOrder } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'
import catalogue from '../../../seed/catalogue.json'

beforeAll(async () => {
  await seedDemo()
})

/** SQLite's NOCASE order: the names with A–Z lowered, then byte by byte. */
const byNameWhateverCase = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()]
  return x < y ? -1 : x > y ? 1 : 0
}

describe('GET /api/service', () => {
  it('lists every tool in creation order with the total count', async () => {
    const res = await call('GET', '/api/service')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/)
    expect(res.headers.get('X-Total-Count')).toBe(String(catalogue.tools.length))
    const tools = await json<Tool[]>(res)
    expect(tools.map((t) => t.name)).toEqual(catalogue.tools.map((t) => t.name))
    const saw = tools[0]!
    const seeded = catalogue.tools[0]!
    expect(saw).toEqual({
      _id: seeded.id,
      name: 'Electric Saw',
      description: seeded.description,
      img: saw.images[0],
      images: seeded.images.map(() => expect.stringMatching(/^\/api\/images\/[0-9a-f]{64}\.png$/)),
      price: seeded.pricePaisa / 100,
      quantity: seeded.quantity,
      Minimum_quantity: seeded.minimumQuantity,
      weight: seeded.weightHundredths / 100,
      vatRate: seeded.vatRateBp / 100,
      categoryId: seeded.categoryId,
      specs: seeded.specs,
      priceTiers: [],
      packSize: 1,
      // The demo's buyers' reviews (worker/seed.ts) are counted with the tool.
      rating: { average: expect.any(Number), count: expect.any(Number) },
    })
  })

  it('pages with limit and offset, keeping the total', async () => {
    const res = await call('GET', '/api/service?limit=5')
    expect((await json<Tool[]>(res)).map((t) => t._id)).toEqual(catalogue.tools.slice(0, 5).map((t) => t.id))
    expect(res.headers.get('X-Total-Count')).toBe(String(catalogue.tools.length))
    const next = await json<Tool[]>(await call('GET', '/api/service?limit=5&offset=5'))
    expect(next.map((t) => t._id)).toEqual(catalogue.tools.slice(5, 10).map((t) => t.id))
    expect(await json(await call('GET', '/api/service?offset=500'))).toEqual([])
  })

  it('searches names and descriptions by words, case-insensitively, with wildcards taken literally', async () => {
    // Best match first: the word in the name, then in the category, then in the description.
    const drills = [
      'Compact Hammer Drill 550 W',
      'Cordless Hammer Drill 18 V',
      'Drill Machine',
      'Rotary Hammer',
      'SDS-max Demolition Hammer',
      'Cordless Impact Driver 18 V',
    ]
    const res = await call('GET', '/api/service?q=drill')
    expect((await json<Tool[]>(res)).map((t) => t.name)).toEqual(drills)
    expect(res.headers.get('X-Total-Count')).toBe(String(drills.length))
    const byDescription = await json<Tool[]>(await call('GET', '/api/service?q=KEYED%20CHUCK'))
    expect(byDescription.map((t) => t.name)).toEqual(['Drill Machine'])
    // Long searches are fine: every word must match, the same word many times over too.
    const long = await call('GET', `/api/service?q=${'drill '.repeat(16)}`)
    expect(long.status).toBe(200)
    expect((await json<Tool[]>(long)).map((t) => t.name)).toEqual(drills)
    const longer = await call('GET', `/api/service?q=${'drill '.repeat(15)}saw`)
    expect(await json(longer)).toEqual([])
    const none = await call('GET', '/api/service?q=%25')
    expect(await json(none)).toEqual([])
    expect(none.headers.get('X-Total-Count')).toBe('0')
  })

  it('sorts by price both ways, by name and by newest', async () => {
    const prices = (await json<Tool[]>(await call('GET', '/api/service?sort=price'))).map((t) => t.price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const desc = (await json<Tool[]>(await call('GET', '/api/service?sort=-price'))).map((t) => t.price)
    expect(desc).toEqual([...prices].reverse())
    const names = (await json<Tool[]>(await call('GET', '/api/service?sort=name'))).map((t) => t.name)
    expect(names).toEqual([...names].sort(byNameWhateverCase))
    const newest = (await json<Tool[]>(await call('GET', '/api/service?sort=newest'))).map((t) => t._id)
    expect(newest).toEqual(catalogue.tools.map((t) => t.id).reverse())
  })

  it('sorts by name whatever the case: a lower-case name among the capitals', async () => {
    const admin = await signIn('admin@example.com')
    const created = await call('POST', '/api/service', {
      as: admin,
      body: {
        name: 'angle grinder, lower case',
        description: 'A name typed in lower case.',
        price: 10,
        quantity: 5,
        Minimum_quantity: 1,
        img: 'https://example.com/g.png',
      },
    })
    const { insertedId } = await json<{ insertedId: string }>(created)
    const names = (await json<Tool[]>(await call('GET', '/api/service?sort=name&limit=100'))).map((t) => t.name)
    expect(names).toEqual([...names].sort(byNameWhateverCase))
    expect(names.indexOf('angle grinder, lower case')).toBeLessThan(names.length - 1)
    expect((await call('DELETE', `/api/service/${insertedId}`, { as: admin })).status).toBe(200)
  })

  it.each([
    ['limit=-1', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=1.5', 'limit'],
    ['offset=-3', 'offset'],
    ['sort=evil', 'sort'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    const res = await call('GET', `/api/service?${query}`)
    expect(res.status).toBe(400)
    const body = await json(res)
    expect(body.error.code).toBe('VALIDATION_FAILED')
    expect(body.error.fields).toHaveProperty(field)
    expect(body.error.message).toMatch(new RegExp(field))
  })
})

describe('GET /api/service/{id}', () => {
  it('answers one tool', async () => {
    const res = await call('GET', '/api/service/drill-machine')
    expect(res.status).toBe(200)
    expect(await json<Tool>(res)).toMatchObject({ _id: 'drill-machine', name: 'Drill Machine' })
  })

  it('is a 404 in the error shape for an unknown id', async () => {
    const res = await call('GET', '/api/service/no-such-tool')
    expect(res.status).toBe(404)
    expect(await json(res)).toEqual({ error: { code: 'NOT_FOUND', message: 'No such tool.' } })
  })

  it('is a 400 for an id that cannot exist', async () => {
    const res = await call('GET', `/api/service/${'a'.repeat(65)}`)
    expect(res.status).toBe(400)
  })
})

// ─── Writes (admin) ─────────────────────────────────────────────────────────────────────

const NEW_TOOL = {
  name: 'Bench Vice',
  email: 'admin@example.com',
  price: 1250.5,
  quantity: 300,
  Minimum_quantity: 20,
  description: 'A 150 mm cast-iron bench vice with a swivel base.',
  img: 'https://i.ibb.co/abc123/bench-vice.png',
}

describe('tool writes', () => {
  let admin: string
  let customer: string
  let uploadedImg: string

  beforeAll(async () => {
    admin = await signIn('admin@example.com')
    customer = await signIn('customer@example.com')
    const fd = new FormData()
    fd.append('image', new File([new Uint8Array([...PNG_1X1, 1, 2, 3])], 'vice.png'))
    uploadedImg = (await json(await call('POST', '/api/images', { as: admin, raw: fd }))).data.url
  })

  const post = (body: unknown, token = admin) => call('POST', '/api/service', { as: token, body })
  const patch = (id: string, body: unknown, token = admin) => call('PATCH', `/api/service/${id}`, { as: token, body })
  const del = (id: string, token = admin) => call('DELETE', `/api/service/${id}`, { as: token })
  const addTool = async (over: Record<string, unknown> = {}) => {
    const res = await post({ ...NEW_TOOL, ...over })
    expect(res.status).toBe(201)
    return (await json(res)).insertedId as string
  }

  async function expect400(res: Response, field: string, message: string) {
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.fields?.[field]).toBe(message)
  }

  describe('POST /api/service', () => {
    it('adds a tool and answers 201 {acknowledged, insertedId}', async () => {
      const res = await post(NEW_TOOL)
      expect(res.status).toBe(201)
      const body = await json(res)
      expect(body).toEqual({ acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) })
      const tool = await json<Tool>(await call('GET', `/api/service/${body.insertedId}`))
      expect(tool).toEqual({
        _id: body.insertedId,
        name: NEW_TOOL.name,
        description: NEW_TOOL.description,
        img: NEW_TOOL.img,
        images: [NEW_TOOL.img],
        price: 1250.5,
        quantity: 300,
        Minimum_quantity: 20,
        // Not sent: 1 kg and 15% VAT, no category, no specifications.
        weight: 1,
        vatRate: 15,
        categoryId: null,
        specs: [],
        priceTiers: [],
        packSize: 1,
        rating: { average: null, count: 0 },
      })
      const row = await env.DB.prepare('select price_paisa, created_by from tools where id = ?')
        .bind(body.insertedId)
        .first()
      expect(row).toEqual({ price_paisa: 125050, created_by: 'admin@example.com' })
      const list = await json<Tool[]>(await call('GET', '/api/service?sort=newest&limit=1'))
      expect(list[0]!._id).toBe(body.insertedId)
    })

    it('takes form-style counts (numeric strings) and an uploaded image, without email; money only as a JSON number', async () => {
      const { email: _, ...rest } = NEW_TOOL
      for (const price of ['99', '0x63', '9.9e1', ' 99 ']) {
        await expect400(
          await post({ ...rest, price, quantity: '10', Minimum_quantity: '2', img: uploadedImg }),
          'price',
          'price must be a number',
        )
      }
      // A price that would round to 0 paisa, or to a fraction of one, is refused.
      await expect400(await post({ ...rest, price: 0.0000001 }), 'price', 'price can have at most 2 decimals')
      await expect400(await post({ ...rest, price: 1e-7 }), 'price', 'price can have at most 2 decimals')
      const id = await addTool({
        ...rest,
        email: undefined,
        price: 99,
        quantity: '10',
        Minimum_quantity: '2',
        img: uploadedImg,
      })
      expect(await json(await call('GET', `/api/service/${id}`))).toMatchObject({
        price: 99,
        quantity: 10,
        Minimum_quantity: 2,
        img: uploadedImg,
      })
      const row = await env.DB.prepare('select created_by from tools where id = ?').bind(id).first()
      expect(row).toEqual({ created_by: 'admin@example.com' })
    })

    it('accepts the caller’s own e-mail in any case, and refuses another one', async () => {
      await addTool({ email: 'Admin@Example.COM' })
      await expect400(
        await post({ ...NEW_TOOL, email: 'someone@example.com' }),
        'email',
        'email must be your own e-mail address',
      )
    })

    it.each([
      ['name', 'name is Required'],
      ['description', 'description is Required'],
      ['price', 'price is Required'],
      ['quantity', 'quantity is Required'],
      ['Minimum_quantity', 'Minimum order quantity is Required'],
      ['img', 'Photo is Required'],
    ])('requires %s: “%s”', async (field, message) => {
      const { [field as keyof typeof NEW_TOOL]: _, ...missing } = NEW_TOOL
      await expect400(await post(missing), field, message)
      await expect400(await post({ ...NEW_TOOL, [field]: '' }), field, message)
      await expect400(await post({ ...NEW_TOOL, [field]: null }), field, message)
    })

    it('lists every missing field at once, the first as the message', async () => {
      const res = await post({})
      expect(res.status).toBe(400)
      const error = await errorOf(res)
      expect(error.message).toBe('name is Required')
      expect(error.fields).toEqual({
        name: 'name is Required',
        description: 'description is Required',
        price: 'price is Required',
        quantity: 'quantity is Required',
        Minimum_quantity: 'Minimum order quantity is Required',
        img: 'Photo is Required',
      })
    })

    it.each([
      ['price', 'price must be more than 0', 0],
      ['price', 'price must be more than 0', -5],
      ['price', 'price can have at most 2 decimals', 10.005],
      ['price', 'price must be a number', 'abc'],
      ['price', 'price must be a number', true],
      ['price', 'price is too large', 10_000_001],
      ['quantity', 'quantity must be at least 1', 0],
      ['quantity', 'quantity must be at least 1', -1],
      ['quantity', 'quantity must be a whole number', 2.5],
      ['quantity', 'quantity is too large', 1_000_001],
      ['Minimum_quantity', 'Minimum order quantity must be at least 1', 0],
      ['Minimum_quantity', 'Minimum order quantity cannot be more than the quantity', 301],
      ['name', 'name is too long', 'x'.repeat(121)],
      ['description', 'description is too long', 'x'.repeat(2001)],
      ['email', 'email must be an e-mail address', 'not-an-email'],
      ['img', 'Photo must be an uploaded image or an https:// address', 'javascript:alert(1)'],
      ['img', 'Photo must be an uploaded image or an https:// address', 'http://example.com/a.png'],
      ['img', 'Photo must be an uploaded image or an https:// address', 'data:image/png;base64,AAAA'],
      ['img', 'Photo must be an uploaded image or an https:// address', '/api/images/abc.png'],
      ['img', 'No uploaded image has that address. Upload the photo first.', `/api/images/${'0'.repeat(64)}.png`],
    ])('refuses a bad %s: “%s”', async (field, message, value) => {
      await expect400(await post({ ...NEW_TOOL, [field]: value }), field, message)
    })

    it('allows the minimum to equal the quantity', async () => {
      await addTool({ quantity: 50, Minimum_quantity: 50 })
    })

    it('ignores unknown fields, never storing them', async () => {
      const id = await addTool({ _id: 'chosen-id', createdBy: 'mallory@example.com', pricePaisa: 1 })
      expect(id).not.toBe('chosen-id')
      const row = await env.DB.prepare('select price_paisa, created_by from tools where id = ?').bind(id).first()
      expect(row).toEqual({ price_paisa: 125050, created_by: 'admin@example.com' })
    })

    it('refuses a body that is not JSON with 400', async () => {
      const res = await call('POST', '/api/service', {
        as: admin,
        raw: '{oops',
        headers: { 'Content-Type': 'application/json' },
      })
      expect(res.status).toBe(400)
    })
  })

  describe('PATCH /api/service/{id}', () => {
    it('edits the price and restocks, answering {acknowledged, modifiedCount}', async () => {
      const id = await addTool()
      const res = await patch(id, { price: 1400, quantity: 1000 })
      expect(res.status).toBe(200)
      expect(await json(res)).toEqual({ acknowledged: true, modifiedCount: 1 })
      expect(await json(await call('GET', `/api/service/${id}`))).toMatchObject({
        name: NEW_TOOL.name,
        Minimum_quantity: 20,
        price: 1400,
        quantity: 1000,
      })
    })

    it('changes every other field too, and nothing it was not sent', async () => {
      const id = await addTool()
      const res = await patch(id, {
        name: 'Bench Vice XL',
        description: 'Bigger.',
        img: uploadedImg,
        Minimum_quantity: 25,
        weight: 12.35,
        vatRate: 7.5,
      })
      expect(res.status).toBe(200)
      expect(await json(await call('GET', `/api/service/${id}`))).toEqual({
        _id: id,
        name: 'Bench Vice XL',
        description: 'Bigger.',
        img: uploadedImg,
        images: [uploadedImg],
        price: NEW_TOOL.price,
        quantity: NEW_TOOL.quantity,
        Minimum_quantity: 25,
        weight: 12.35,
        vatRate: 7.5,
        categoryId: null,
        specs: [],
        priceTiers: [],
        packSize: 1,
        rating: { average: null, count: 0 },
      })
      const row = await env.DB.prepare('select weight_hundredths, vat_rate_bp from tools where id = ?').bind(id).first()
      expect(row).toEqual({ weight_hundredths: 1235, vat_rate_bp: 750 })
    })

    it('refuses a weight or VAT rate outside the contract, with plain messages', async () => {
      const id = await addTool()
      for (const [body, field, message] of [
        [{ weight: -1 }, 'weight', 'weight must be at least 0'],
        [{ weight: 1000.01 }, 'weight', 'weight must be at most 1000 kg'],
        [{ weight: 1.005 }, 'weight', 'weight can have at most 2 decimals'],
        [{ weight: 'heavy' }, 'weight', 'weight must be a number of kg'],
        [{ vatRate: 12 }, 'vatRate', 'vatRate must be one of 0, 5, 7.5, 10, 15'],
      ] as const) {
        const res = await patch(id, body)
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect((await errorOf(res)).fields?.[field]).toBe(message)
      }
    })

    it('answers modifiedCount 0 when the values are already the stored ones', async () => {
      const id = await addTool()
      expect(await json(await patch(id, { price: NEW_TOOL.price, name: NEW_TOOL.name }))).toEqual({
        acknowledged: true,
        modifiedCount: 0,
      })
    })

    it('keeps the minimum at or below the quantity, checked against the stored values', async () => {
      const id = await addTool() // quantity 300, minimum 20
      await expect400(
        await patch(id, { Minimum_quantity: 301 }),
        'Minimum_quantity',
        'Minimum order quantity cannot be more than the quantity (300)',
      )
      await expect400(
        await patch(id, { quantity: 19 }),
        'quantity',
        'quantity cannot be less than the minimum order quantity (20)',
      )
      await expect400(
        await patch(id, { quantity: 10, Minimum_quantity: 11 }),
        'Minimum_quantity',
        'Minimum order quantity cannot be more than the quantity',
      )
      expect((await patch(id, { quantity: 10, Minimum_quantity: 10 })).status).toBe(200)
      expect((await patch(id, { Minimum_quantity: 10 })).status).toBe(200)
      expect(await json(await call('GET', `/api/service/${id}`))).toMatchObject({ quantity: 10, Minimum_quantity: 10 })
    })

    it('still edits the price of a tool that sold below its minimum', async () => {
      const id = await addTool()
      await env.DB.prepare('update tools set quantity = 5 where id = ?').bind(id).run()
      expect((await patch(id, { price: 999 })).status).toBe(200)
      await expect400(
        await patch(id, { Minimum_quantity: 6 }),
        'Minimum_quantity',
        'Minimum order quantity cannot be more than the quantity (5)',
      )
    })

    it('with previousQuantity, restocks only if no order took stock meanwhile (409 with today’s figure)', async () => {
      const id = await addTool() // quantity 300
      // An order takes 20 while the admin's form still shows 300.
      await env.DB.prepare('update tools set quantity = quantity - 20 where id = ?').bind(id).run()
      const stale = await patch(id, { quantity: 500, previousQuantity: 300, price: 1 })
      expect(stale.status).toBe(409)
      const message = 'The stock changed to 280 while you were editing. Check it and save again.'
      expect(await errorOf(stale)).toEqual({ code: 'CONFLICT', message, fields: { quantity: message } })
      // Nothing of that edit is stored, the price included.
      expect(await json(await call('GET', `/api/service/${id}`))).toMatchObject({
        quantity: 280,
        price: NEW_TOOL.price,
      })

      expect(await json(await patch(id, { quantity: 500, previousQuantity: 280 }))).toEqual({
        acknowledged: true,
        modifiedCount: 1,
      })
      expect(await json(await call('GET', `/api/service/${id}`))).toMatchObject({ quantity: 500 })
    })

    it.each([
      [{}, 'json', 'Send at least one field to change'],
      [{ previousQuantity: 300 }, 'json', 'Send at least one field to change'],
      [{ price: 10, previousQuantity: 300 }, 'previousQuantity', 'previousQuantity goes with a new quantity'],
      [{ email: 'admin@example.com', _id: 'x' }, 'json', 'Send at least one field to change'],
      [{ price: -1 }, 'price', 'price must be more than 0'],
      [{ price: '' }, 'price', 'price is Required'],
      [{ quantity: -1 }, 'quantity', 'quantity must be at least 0'],
      [{ quantity: 1.5 }, 'quantity', 'quantity must be a whole number'],
      [{ name: '  ' }, 'name', 'name is Required'],
      [{ description: '' }, 'description', 'description is Required'],
      [{ img: '' }, 'img', 'Photo is Required'],
      [{ img: 'ftp://example.com/a.png' }, 'img', 'Photo must be an uploaded image or an https:// address'],
      [{ Minimum_quantity: 0 }, 'Minimum_quantity', 'Minimum order quantity must be at least 1'],
    ])('refuses %j (%s)', async (body, field, message) => {
      const id = await addTool()
      await expect400(await patch(id, body), field, message)
      expect(await json(await call('GET', `/api/service/${id}`))).toMatchObject({
        name: NEW_TOOL.name,
        price: NEW_TOOL.price,
        quantity: 300,
      })
    })

    it('takes a stock of 0 (out of stock: nobody can order it), whatever the minimum order', async () => {
      const id = await addTool()
      expect(await json(await patch(id, { quantity: 0, previousQuantity: 300 }))).toEqual({
        acknowledged: true,
        modifiedCount: 1,
      })
      expect(await json(await call('GET', `/api/service/${id}`))).toMatchObject({ quantity: 0 })
      const customer = await signIn('out-of-stock@example.com')
      const order = await call('POST', '/api/booking', {
        as: customer,
        body: {
          serviceId: id,
          quantity: NEW_TOOL.Minimum_quantity,
          phone: '01712345678',
          address: 'House 1, Road 2, Dhaka',
          customer: 'out-of-stock@example.com',
        },
      })
      expect(order.status).toBe(400)
      expect((await errorOf(order)).message).toBe('Please Order Less Then : 0')
    })

    it('is a 404 for an unknown id', async () => {
      const res = await patch('no-such-tool', { price: 10 })
      expect(res.status).toBe(404)
      expect(await errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'No such tool.' })
    })
  })

  describe('DELETE /api/service/{id}', () => {
    it('withdraws the tool: its unpaid orders are cancelled (stock back, customers told why), paid ones go on; audited', async () => {
      const id = await addTool()
      const email = 'withdrawn-buyer@example.com'
      const customer = await signIn(email)
      const order = (json: Record<string, unknown> = {}) =>
        call('POST', '/api/booking', {
          as: customer,
          body: {
            serviceId: id,
            quantity: 20,
            phone: '01712345678',
            address: 'House 1, Road 2, Dhaka',
            customer: email,
            ...json,
          },
        }).then((r) => r.json() as Promise<{ insertedId: string }>)
      const unpaid = (await order()).insertedId
      const paid = (await order()).insertedId
      await payOrder(customer, paid)
      expect(await json(await call('GET', `/api/service/${id}/orders`, { as: admin }))).toEqual({
        unpaid: 1,
        toFulfil: 1,
      })
      expect((await call('GET', `/api/service/${id}/orders`, { as: customer })).status).toBe(403)

      expect((await del(id)).status).toBe(200)
      const status = (orderId: string) =>
        env.DB.prepare('select status from bookings where id = ?').bind(orderId).first<{ status: string }>()
      expect(await status(unpaid)).toEqual({ status: 'cancelled' })
      expect(await status(paid)).toEqual({ status: 'paid' })
      const mails = await mailsTo(email)
      const cancelled = mails.filter((m) => m.subject.includes('cancelled'))
      expect(cancelled).toHaveLength(1)
      expect(cancelled[0]!.body).toContain('The tool was withdrawn from our catalogue')
      // Paying the cancelled order is no longer possible.
      expect(
        (await call('POST', '/api/create-payment-intent', { as: customer, body: { bookingId: unpaid } })).status,
      ).toBe(409)
      const audit = await json<{ action: string; target: string; detail: string }[]>(
        await call('GET', '/api/audit?limit=1', { as: admin }),
      )
      expect(audit[0]).toMatchObject({
        action: 'tool.delete',
        target: id,
        detail: 'deleted Bench Vice; 1 unpaid order cancelled',
      })
    })

    it('audits creating and editing a tool', async () => {
      const id = await addTool()
      await patch(id, { price: 99, description: 'New words.' })
      const audit = await json<{ action: string; target: string; detail: string; actor: string }[]>(
        await call('GET', '/api/audit?limit=2', { as: admin }),
      )
      expect(audit.map((a) => [a.action, a.target, a.detail, a.actor])).toEqual([
        ['tool.update', id, 'description changed, price → 99', 'admin@example.com'],
        ['tool.create', id, 'added Bench Vice', 'admin@example.com'],
      ])
    })

    it('says that the volume prices changed, not what a list prints as text', async () => {
      const id = await addTool()
      await patch(id, { priceTiers: [{ minQuantity: 50, price: 42 }], packSize: 5 })
      const [entry] = await json<{ action: string; detail: string }[]>(
        await call('GET', '/api/audit?limit=1', { as: admin }),
      )
      expect(entry).toMatchObject({ action: 'tool.update', detail: 'priceTiers changed, packSize → 5' })
    })

    it('removes the tool and answers {acknowledged, deletedCount}', async () => {
      const id = await addTool()
      const res = await del(id)
      expect(res.status).toBe(200)
      expect(await json(res)).toEqual({ acknowledged: true, deletedCount: 1 })
      expect((await call('GET', `/api/service/${id}`)).status).toBe(404)
      const again = await del(id)
      expect(again.status).toBe(404)
      expect((await errorOf(again)).code).toBe('NOT_FOUND')
    })

    it('leaves past orders intact, with the tool’s name and price as ordered', async () => {
      const id = await addTool()
      await env.DB.prepare(
        `insert into bookings (id, service_id, service, unit_price_paisa, quantity, price_paisa, customer, customer_name, phone, address, status)
         values ('past-order', ?, ?, 125050, 20, 2501000, 'customer@example.com', 'Customer', '01700000000', 'Dhaka', 'paid')`,
      )
        .bind(id, NEW_TOOL.name)
        .run()
      expect((await del(id)).status).toBe(200)
      const order = await env.DB.prepare(
        'select service_id, service, unit_price_paisa, price_paisa, status from bookings where id = ?',
      )
        .bind('past-order')
        .first()
      expect(order).toEqual({
        service_id: id,
        service: NEW_TOOL.name,
        unit_price_paisa: 125050,
        price_paisa: 2501000,
        status: 'paid',
      })
    })
  })

  describe('non-admins', () => {
    it.each([
      ['anonymous', undefined, 401, 'UNAUTHENTICATED'],
      ['a customer', 'customer', 403, 'FORBIDDEN'],
    ])('are refused every write as %s', async (_, who, status, code) => {
      const id = await addTool()
      const token = who ? customer : undefined
      for (const res of [
        await call('POST', '/api/service', { as: token, body: NEW_TOOL }),
        await call('PATCH', `/api/service/${id}`, { as: token, body: { price: 1 } }),
        await call('DELETE', `/api/service/${id}`, { as: token }),
        // An unknown id does not turn a refusal into a 404.
        await call('DELETE', '/api/service/no-such-tool', { as: token }),
      ]) {
        expect(res.status).toBe(status)
        expect((await errorOf(res)).code).toBe(code)
      }
      expect(await json(await call('GET', `/api/service/${id}`))).toMatchObject({ price: NEW_TOOL.price })
    })
  })
})
