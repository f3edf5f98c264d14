import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Cart, TOOL_NOT_SOLD, WITHDRAWN_TOOL_NAME } from '#schemas/cart.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import { makeTool, type ToolFixture } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

// Storage lasts for the whole file: each test shops as a customer of its own.
let customers = 0
const newCustomer = (claims: { emailVerified?: boolean } = {}) => signIn(`cart-${++customers}@example.com`, claims)

const getCart = (as: string) => call('GET', '/api/cart', { as })
const put = (as: string, serviceId: string, body: unknown) =>
  call('PUT', `/api/cart/${encodeURIComponent(serviceId)}`, { as, body })
const remove = (as: string, serviceId: string) => call('DELETE', `/api/cart/${encodeURIComponent(serviceId)}`, { as })
const merge = (as: string, body: unknown) => call('POST', '/api/cart/merge', { as, body })

/** The cart of a 200 answer (the test fails on any other status, showing the answer). */
async function cartOf(res: Response): Promise<Cart> {
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
  return json<Cart>(res)
}
const quantities = (cart: Cart) => cart.lines.map((l) => [l.serviceId, l.quantity])

let drill: ToolFixture
let saw: ToolFixture
let admin: string
beforeAll(async () => {
  drill = await makeTool({ name: 'Cart Drill', pricePaisa: 125_050, quantity: 40, min: 5 })
  saw = await makeTool({ name: 'Cart Saw', pricePaisa: 99_900, quantity: 500, min: 10 })
  admin = await signIn('admin@example.com')
})

describe('GET /api/cart', () => {
  it('answers an empty cart to a new customer, private and never stored by a cache', async () => {
    const res = await getCart(await newCustomer())
    expect(await cartOf(res)).toEqual({ lines: [], price: 0, count: 0 })
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('needs a signed-in user, but not a verified e-mail', async () => {
    const anonymous = await call('GET', '/api/cart')
    expect(anonymous.status).toBe(401)
    expect((await errorOf(anonymous)).code).toBe('UNAUTHENTICATED')
    const unverified = await newCustomer({ emailVerified: false })
    await cartOf(await put(unverified, drill.id, { quantity: 5 }))
    expect((await cartOf(await getCart(unverified))).count).toBe(1)
  })

  it('is each customer’s own', async () => {
    const [one, two] = [await newCustomer(), await newCustomer()]
    await cartOf(await put(one, drill.id, { quantity: 6 }))
    expect(await cartOf(await getCart(two))).toEqual({ lines: [], price: 0, count: 0 })
    expect(quantities(await cartOf(await getCart(one)))).toEqual([[drill.id, 6]])
  })
})

describe('PUT /api/cart/{serviceId}', () => {
  it('adds a tool and answers the cart: every line priced from the tool as it is now', async () => {
    const token = await newCustomer()
    const res = await put(token, drill.id, { quantity: 5 })
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const cart = await cartOf(res)
    expect(cart).toEqual({
      lines: [
        {
          serviceId: drill.id,
          service: 'Cart Drill',
          img: '/api/images/test.png',
          quantity: 5,
          unitPrice: 1250.5,
          listUnitPrice: 1250.5,
          price: 6252.5,
          available: 40,
          Minimum_quantity: 5,
          packSize: 1,
          error: null,
        },
      ],
      price: 6252.5,
      count: 1,
    })
    expect(await cartOf(await getCart(token))).toEqual(cart)
  })

  it('keeps the lines in the order they were added; a new quantity keeps a line in its place', async () => {
    const token = await newCustomer()
    await cartOf(await put(token, saw.id, { quantity: 10 }))
    await cartOf(await put(token, drill.id, { quantity: 5 }))
    const cart = await cartOf(await put(token, saw.id, { quantity: 12 }))
    expect(quantities(cart)).toEqual([
      [saw.id, 12],
      [drill.id, 5],
    ])
    expect(cart.price).toBe(12 * 999 + 5 * 1250.5)
    expect(cart.count).toBe(2)
  })

  it('refuses a quantity below the minimum or above the stock with the spec’s messages, changing nothing', async () => {
    const token = await newCustomer()
    await cartOf(await put(token, drill.id, { quantity: 7 }))
    for (const [quantity, message] of [
      [4, 'Please Order Minimum : 5'],
      [1, 'Please Order Minimum : 5'],
      [41, 'Please Order Less Then : 40'],
    ] as const) {
      const res = await put(token, drill.id, { quantity })
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toEqual({ code: 'VALIDATION_FAILED', message, fields: { quantity: message } })
    }
    // A tool not yet in the cart is not added either.
    expect((await put(token, saw.id, { quantity: 9 })).status).toBe(400)
    expect(quantities(await cartOf(await getCart(token)))).toEqual([[drill.id, 7]])
  })

  it('takes a tool out at 0', async () => {
    const token = await newCustomer()
    await cartOf(await put(token, drill.id, { quantity: 5 }))
    await cartOf(await put(token, saw.id, { quantity: 10 }))
    expect(quantities(await cartOf(await put(token, drill.id, { quantity: 0 })))).toEqual([[saw.id, 10]])
    // 0 for a tool the cart does not hold changes nothing.
    expect(quantities(await cartOf(await put(token, drill.id, { quantity: 0 })))).toEqual([[saw.id, 10]])
  })

  it('answers 404 for a tool the shop does not have', async () => {
    const token = await newCustomer()
    for (const quantity of [5, 0]) {
      const res = await put(token, 'no-such-tool', { quantity })
      expect(res.status).toBe(404)
      expect((await errorOf(res)).code).toBe('NOT_FOUND')
    }
    expect((await cartOf(await getCart(token))).count).toBe(0)
  })

  it('holds at most 50 tools: the 51st is a 409 CART_FULL, while the 50 can still change', async () => {
    const token = await newCustomer()
    const tools = await Promise.all(Array.from({ length: 51 }, (_, i) => makeTool({ name: `Bulk ${i}`, min: 1 })))
    for (const tool of tools.slice(0, 50)) await cartOf(await put(token, tool.id, { quantity: 1 }))
    const res = await put(token, tools[50]!.id, { quantity: 1 })
    expect(res.status).toBe(409)
    const error = await errorOf(res)
    expect(error.code).toBe('CART_FULL')
    expect(error.message).toMatch(/50/)
    const cart = await cartOf(await put(token, tools[0]!.id, { quantity: 3 }))
    expect(cart.count).toBe(50)
    expect(cart.lines[0]).toMatchObject({ serviceId: tools[0]!.id, quantity: 3 })
    expect(cart.lines.map((l) => l.serviceId)).toEqual(tools.slice(0, 50).map((t) => t.id))
  })

  it('lets no burst of requests at once pass 50 tools', async () => {
    const token = await newCustomer()
    const tools = await Promise.all(Array.from({ length: 56 }, (_, i) => makeTool({ name: `Burst ${i}`, min: 1 })))
    for (const tool of tools.slice(0, 45)) await cartOf(await put(token, tool.id, { quantity: 1 }))
    const burst = await Promise.all(tools.slice(45).map((tool) => put(token, tool.id, { quantity: 1 })))
    expect(burst.filter((r) => r.status === 200)).toHaveLength(5)
    expect(burst.filter((r) => r.status === 409)).toHaveLength(6)
    expect((await cartOf(await getCart(token))).count).toBe(50)
  })

  it('answers 400 in the error shape for every body that is not {quantity: a whole number ≥ 0}', async () => {
    const token = await newCustomer()
    for (const body of [
      {},
      { quantity: null },
      { quantity: '5' },
      { quantity: 2.5 },
      { quantity: -1 },
      { quantity: 1e9 },
      { quantity: true },
      [5],
      'five',
      null,
    ]) {
      const res = await put(token, drill.id, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
    }
    for (const raw of ['{"quantity": 5', '', 'quantity=5']) {
      const res = await call('PUT', `/api/cart/${drill.id}`, {
        as: token,
        raw,
        headers: { 'Content-Type': 'application/json' },
      })
      expect(res.status, raw).toBe(400)
      await errorOf(res)
    }
    const missing = await put(token, drill.id, {})
    expect((await errorOf(missing)).fields).toEqual({ quantity: 'Enter how many you want to order.' })
    const longId = await put(token, 'x'.repeat(65), { quantity: 5 })
    expect(longId.status).toBe(400)
    await errorOf(longId)
    expect((await cartOf(await getCart(token))).count).toBe(0)
  })
})

describe('DELETE /api/cart/{serviceId}', () => {
  it('takes the tool out and answers the cart; again, or for a tool never there, changes nothing', async () => {
    const token = await newCustomer()
    await cartOf(await put(token, drill.id, { quantity: 5 }))
    await cartOf(await put(token, saw.id, { quantity: 10 }))
    const cart = await cartOf(await remove(token, drill.id))
    expect(quantities(cart)).toEqual([[saw.id, 10]])
    expect(cart.price).toBe(9990)
    expect(quantities(await cartOf(await remove(token, drill.id)))).toEqual([[saw.id, 10]])
    expect(quantities(await cartOf(await remove(token, 'no-such-tool')))).toEqual([[saw.id, 10]])
    expect((await remove(token, 'x'.repeat(65))).status).toBe(400)
    expect((await call('DELETE', `/api/cart/${saw.id}`)).status).toBe(401)
  })
})

describe('POST /api/cart/merge', () => {
  it('adds a visitor’s lines after the customer’s, the larger quantity winning for a tool in both', async () => {
    const token = await newCustomer()
    const grinder = await makeTool({ name: 'Cart Grinder', min: 2 })
    await cartOf(await put(token, drill.id, { quantity: 8 }))
    await cartOf(await put(token, saw.id, { quantity: 20 }))
    const cart = await cartOf(
      await merge(token, {
        lines: [
          { serviceId: grinder.id, quantity: 3 },
          { serviceId: saw.id, quantity: 15 },
          { serviceId: drill.id, quantity: 9 },
        ],
      }),
    )
    expect(quantities(cart)).toEqual([
      [drill.id, 9],
      [saw.id, 20],
      [grinder.id, 3],
    ])
    expect(await cartOf(await getCart(token))).toEqual(cart)
  })

  it('keeps a line that no longer fits its tool, with its error, and drops tools the shop does not have', async () => {
    const token = await newCustomer()
    const cart = await cartOf(
      await merge(token, {
        lines: [
          { serviceId: 'no-such-tool', quantity: 5 },
          { serviceId: drill.id, quantity: 2 },
          { serviceId: saw.id, quantity: 501 },
        ],
      }),
    )
    expect(cart.lines.map((l) => [l.serviceId, l.quantity, l.error])).toEqual([
      [drill.id, 2, 'Please Order Minimum : 5'],
      [saw.id, 501, 'Please Order Less Then : 500'],
    ])
    // Such a line still counts in the goods: it is what the customer asked for.
    expect(cart.price).toBe(2 * 1250.5 + 501 * 999)
  })

  it('takes the same tool twice as one line with the larger quantity', async () => {
    const token = await newCustomer()
    const cart = await cartOf(
      await merge(token, {
        lines: [
          { serviceId: saw.id, quantity: 11 },
          { serviceId: drill.id, quantity: 5 },
          { serviceId: saw.id, quantity: 14 },
        ],
      }),
    )
    expect(quantities(cart)).toEqual([
      [saw.id, 14],
      [drill.id, 5],
    ])
  })

  it('drops the new lines past the 50th, in the browser’s order, and still raises the ones it has', async () => {
    const token = await newCustomer()
    const tools = await Promise.all(Array.from({ length: 52 }, (_, i) => makeTool({ name: `Merge ${i}`, min: 1 })))
    for (const tool of tools.slice(0, 48)) await cartOf(await put(token, tool.id, { quantity: 1 }))
    const cart = await cartOf(
      await merge(token, {
        lines: [
          { serviceId: tools[48]!.id, quantity: 2 },
          { serviceId: tools[49]!.id, quantity: 2 },
          { serviceId: tools[50]!.id, quantity: 2 },
          { serviceId: tools[0]!.id, quantity: 7 },
          { serviceId: tools[51]!.id, quantity: 2 },
        ],
      }),
    )
    expect(cart.count).toBe(50)
    expect(cart.lines.map((l) => l.serviceId)).toEqual(tools.slice(0, 50).map((t) => t.id))
    expect(cart.lines[0]!.quantity).toBe(7)
  })

  it('answers the cart as it is for an empty browser cart', async () => {
    const token = await newCustomer()
    await cartOf(await put(token, drill.id, { quantity: 5 }))
    expect(quantities(await cartOf(await merge(token, { lines: [] })))).toEqual([[drill.id, 5]])
  })

  it('answers 400 in the error shape for a body that is not {lines: [{serviceId, quantity}]} of at most 50', async () => {
    const token = await newCustomer()
    const line = { serviceId: drill.id, quantity: 5 }
    for (const body of [
      {},
      { lines: null },
      { lines: line },
      { lines: [{ serviceId: drill.id }] },
      { lines: [{ quantity: 5 }] },
      { lines: [{ serviceId: '', quantity: 5 }] },
      { lines: [{ serviceId: 7, quantity: 5 }] },
      { lines: [{ ...line, quantity: 0 }] },
      { lines: [{ ...line, quantity: -3 }] },
      { lines: [{ ...line, quantity: 1.5 }] },
      { lines: [{ ...line, quantity: '5' }] },
      { lines: Array.from({ length: 51 }, () => line) },
      [line],
      null,
    ]) {
      const res = await merge(token, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
    }
    const named = await errorOf(await merge(token, { lines: [line, { ...line, quantity: 0 }] }))
    expect(named.fields).toEqual({ 'lines.1.quantity': 'quantity must be at least 1' })
    expect((await cartOf(await getCart(token))).count).toBe(0)
    expect((await call('POST', '/api/cart/merge', { body: { lines: [line] } })).status).toBe(401)
  })
})

describe('a cart whose tools change', () => {
  it('shows a line whose stock or minimum moved past it with the spec’s message', async () => {
    const token = await newCustomer()
    const tool = await makeTool({ name: 'Moving Tool', quantity: 30, min: 5 })
    await cartOf(await put(token, tool.id, { quantity: 20 }))
    const patch = (body: unknown) => call('PATCH', `/api/service/${tool.id}`, { as: admin, body })
    expect((await patch({ quantity: 12 })).status).toBe(200)
    expect((await cartOf(await getCart(token))).lines[0]).toMatchObject({
      quantity: 20,
      available: 12,
      error: 'Please Order Less Then : 12',
    })
    expect((await patch({ quantity: 100, Minimum_quantity: 25 })).status).toBe(200)
    expect((await cartOf(await getCart(token))).lines[0]).toMatchObject({
      Minimum_quantity: 25,
      error: 'Please Order Minimum : 25',
    })
  })

  it('keeps a withdrawn tool’s line with its error, priced at nothing; PUT and merge treat the tool as unknown', async () => {
    const token = await newCustomer()
    const tool = await makeTool({ name: 'Doomed Tool', min: 1 })
    await cartOf(await put(token, drill.id, { quantity: 5 }))
    await cartOf(await put(token, tool.id, { quantity: 4 }))
    expect((await call('DELETE', `/api/service/${tool.id}`, { as: admin })).status).toBe(200)

    const cart = await cartOf(await getCart(token))
    expect(cart.lines[1]).toEqual({
      serviceId: tool.id,
      service: WITHDRAWN_TOOL_NAME,
      img: '',
      quantity: 4,
      unitPrice: 0,
      listUnitPrice: 0,
      price: 0,
      available: 0,
      Minimum_quantity: 0,
      packSize: 1,
      error: TOOL_NOT_SOLD,
    })
    expect(cart.price).toBe(5 * 1250.5)
    expect(cart.count).toBe(2)

    expect((await put(token, tool.id, { quantity: 5 })).status).toBe(404)
    const merged = await cartOf(await merge(token, { lines: [{ serviceId: tool.id, quantity: 9 }] }))
    expect(merged.lines[1]).toMatchObject({ serviceId: tool.id, quantity: 4, error: TOOL_NOT_SOLD })
    // The customer can still take it out, with DELETE or a quantity of 0.
    expect(quantities(await cartOf(await put(token, tool.id, { quantity: 0 })))).toEqual([[drill.id, 5]])
  })

  it('names a withdrawn tool after its latest order line when it was ever ordered', async () => {
    const token = await newCustomer()
    const tool = await makeTool({ name: 'Ordered Tool', min: 1 })
    await cartOf(await put(token, tool.id, { quantity: 2 }))
    await env.DB.prepare(
      `insert into order_lines (order_id, position, tool_id, name, img, quantity, unit_price_paisa, price_paisa,
         vat_rate_bp, vat_paisa, weight_hundredths) values ('cart-test-order', 0, ?, 'Ordered Tool', '', 1, 100, 100, 1500, 13, 100)`,
    )
      .bind(tool.id)
      .run()
    await env.DB.prepare('delete from tools where id = ?').bind(tool.id).run()
    expect((await cartOf(await getCart(token))).lines[0]).toMatchObject({
      service: 'Ordered Tool',
      error: TOOL_NOT_SOLD,
      price: 0,
    })
  })
})
