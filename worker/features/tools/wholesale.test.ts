/**
 * Volume prices and pack sizes (api.md "Wholesale"): the tool's rules with their messages, the
 * unit price a quantity gets, and the same price and pack rules at the cart, checkout and
 * `POST /api/booking`.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatBDT } from '#schemas/bdt.ts'
import type { Cart } from '#schemas/cart.ts'
import type { CheckoutPreview } from '#schemas/checkout.ts'
import type { Tool } from '#schemas/tool.ts'
import { unitPriceOf } from '#schemas/unit-price.ts'
import { call, errorOf, forgetPublicAnswers, json } from '#worker/test/helpers.ts'
import { makeTool, orderBody, postOrder, readOrder, stockOf, type ToolFixture } from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'

let admin: string

beforeAll(async () => {
  admin = await signIn('admin@example.com')
})

const TOOL = {
  name: 'Tier Test Spanner Set',
  description: 'Spanners sold by the dozen.',
  price: 100,
  quantity: 1000,
  Minimum_quantity: 12,
  img: 'https://example.com/spanner.png',
}
const TIERS = [
  { minQuantity: 48, price: 90 },
  { minQuantity: 120, price: 80 },
]

const post = (body: unknown) => call('POST', '/api/service', { as: admin, body })
const patch = (id: string, body: unknown) => call('PATCH', `/api/service/${id}`, { as: admin, body })
const getTool = async (id: string) => json<Tool>(await call('GET', `/api/service/${id}`))

/** A tool's volume prices and pack size, straight in D1 (prices in paisa). */
async function setWholesale(tool: ToolFixture, tiers: [number, number][], packSize = 1) {
  await env.DB.prepare('update tools set price_tiers = ?, pack_size = ? where id = ?')
    .bind(JSON.stringify(tiers.map(([minQuantity, pricePaisa]) => ({ minQuantity, pricePaisa }))), packSize, tool.id)
    .run()
  await forgetPublicAnswers()
}

async function customer() {
  const email = `tiers-${crypto.randomUUID().slice(0, 8)}@example.com`
  return { email, token: await signIn(email) }
}

const putCart = (token: string, id: string, quantity: number) =>
  call('PUT', `/api/cart/${id}`, { as: token, body: { quantity } })

const CHECKOUT = {
  delivery: {
    method: 'courier',
    address: { name: 'Karim Traders', phone: '01712345678', line1: 'Shop 4, Bangshal Road', district: 'Dhaka' },
  },
  paymentMethod: 'card',
}
const preview = (token: string) => call('POST', '/api/checkout/preview', { as: token, body: CHECKOUT })

describe('a tool’s volume prices and pack size', () => {
  it('are stored and answered in BDT; a tool without them has none and packs of 1', async () => {
    const res = await post({ ...TOOL, priceTiers: TIERS, packSize: 12 })
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
    const { insertedId } = await json<{ insertedId: string }>(res)
    expect(await getTool(insertedId)).toMatchObject({ priceTiers: TIERS, packSize: 12 })
    const row = await env.DB.prepare('select price_tiers from tools where id = ?')
      .bind(insertedId)
      .first<{ price_tiers: string }>()
    expect(JSON.parse(row!.price_tiers)).toEqual([
      { minQuantity: 48, pricePaisa: 9000 },
      { minQuantity: 120, pricePaisa: 8000 },
    ])
    const plain = await json<{ insertedId: string }>(await post(TOOL))
    expect(await getTool(plain.insertedId)).toMatchObject({ priceTiers: [], packSize: 1 })
  })

  it.each([
    [
      'six tiers',
      { priceTiers: [13, 24, 36, 48, 60, 72].map((q, i) => ({ minQuantity: q, price: 99 - i })) },
      'priceTiers',
      'A tool has at most 5 volume prices.',
    ],
    [
      'a tier at the minimum order',
      { priceTiers: [{ minQuantity: 12, price: 90 }] },
      'priceTiers.0.minQuantity',
      'A volume price must start above the minimum order quantity (12).',
    ],
    [
      'quantities not rising',
      { priceTiers: [TIERS[1], TIERS[0]] },
      'priceTiers.1.minQuantity',
      'Start each volume price at a larger quantity than the one before (120).',
    ],
    [
      'the same quantity twice',
      { priceTiers: [TIERS[0], { minQuantity: 48, price: 80 }] },
      'priceTiers.1.minQuantity',
      'Start each volume price at a larger quantity than the one before (48).',
    ],
    [
      'a tier at the price',
      { priceTiers: [{ minQuantity: 48, price: 100 }] },
      'priceTiers.0.price',
      `A volume price must be lower than the tool's price (${formatBDT(100)}).`,
    ],
    [
      'prices not falling',
      { priceTiers: [TIERS[0], { minQuantity: 120, price: 90 }] },
      'priceTiers.1.price',
      `Make each volume price lower than the one before (${formatBDT(90)}).`,
    ],
    ['a tier without a price', { priceTiers: [{ minQuantity: 48 }] }, 'priceTiers.0.price', 'Volume price is Required'],
    [
      'a tier price of three decimals',
      { priceTiers: [{ minQuantity: 48, price: 90.005 }] },
      'priceTiers.0.price',
      'Volume price can have at most 2 decimals',
    ],
    [
      'a fractional tier quantity',
      { priceTiers: [{ minQuantity: 48.5, price: 90 }] },
      'priceTiers.0.minQuantity',
      'From quantity must be a whole number',
    ],
    [
      'tiers that are not a list',
      { priceTiers: { minQuantity: 48, price: 90 } },
      'priceTiers',
      'priceTiers must be a list of {minQuantity, price}',
    ],
    [
      'a tier that is not an object',
      { priceTiers: [null] },
      'priceTiers.0',
      'Each volume price is {minQuantity, price}',
    ],
    ['a pack size of 0', { packSize: 0 }, 'packSize', 'Pack size must be at least 1'],
    ['a pack size of 2.5', { packSize: 2.5 }, 'packSize', 'Pack size must be a whole number'],
    [
      'a minimum that is not whole packs',
      { packSize: 5 },
      'Minimum_quantity',
      'The minimum order quantity must be a whole number of packs of 5.',
    ],
  ])('refuses %s with a plain message (400)', async (_, extra, field, message) => {
    const res = await post({ ...TOOL, ...extra })
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.fields?.[field]).toBe(message)
    // One message a problem: a pack size that is no number of units says nothing of the minimum.
    if (field === 'packSize') expect(error.fields?.Minimum_quantity).toBeUndefined()
  })

  it('PATCH checks the tool as it would be: a price lowered to a tier, a minimum raised past one, a pack size', async () => {
    const { insertedId: id } = await json<{ insertedId: string }>(await post({ ...TOOL, priceTiers: TIERS }))
    const cases: [Record<string, unknown>, string, unknown][] = [
      [{ price: 90 }, 'priceTiers.0.price', `A volume price must be lower than the tool's price (${formatBDT(90)}).`],
      [
        { Minimum_quantity: 60 },
        'priceTiers.0.minQuantity',
        'A volume price must start above the minimum order quantity (60).',
      ],
      [{ packSize: 10 }, 'Minimum_quantity', 'The minimum order quantity must be a whole number of packs of 10.'],
      [{ priceTiers: [TIERS[1], TIERS[0]] }, 'priceTiers.1.minQuantity', expect.stringContaining('larger quantity')],
    ]
    for (const [body, field, message] of cases) {
      const res = await patch(id, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await errorOf(res)).fields?.[field]).toEqual(message)
    }
    expect(await getTool(id)).toMatchObject({ price: 100, Minimum_quantity: 12, priceTiers: TIERS, packSize: 1 })
    // Together they fit: a dozen a pack, the tiers cleared.
    expect(await json(await patch(id, { packSize: 6, priceTiers: [] }))).toEqual({
      acknowledged: true,
      modifiedCount: 1,
    })
    expect(await getTool(id)).toMatchObject({ priceTiers: [], packSize: 6 })
    expect(await json(await patch(id, { packSize: 6, priceTiers: [] }))).toEqual({
      acknowledged: true,
      modifiedCount: 0,
    })
  })

  it('two edits at once cannot store a tool that breaks the rules: the second is checked against the first', async () => {
    for (const [first, second] of [
      [{ price: 50 }, { priceTiers: [{ minQuantity: 48, price: 80 }] }],
      [{ Minimum_quantity: 60 }, { priceTiers: [{ minQuantity: 48, price: 80 }] }],
      [{ packSize: 5 }, { Minimum_quantity: 24 }],
    ] as Record<string, unknown>[][]) {
      const { insertedId: id } = await json<{ insertedId: string }>(await post(TOOL))
      const answers = await Promise.all([patch(id, first), patch(id, second)])
      expect(answers.map((r) => r.status).sort(), JSON.stringify([first, second])).toEqual([200, 400])
      // Whichever landed, the stored tool keeps the rules: every later edit still goes through.
      expect((await patch(id, { name: 'Tier Test Spanner Set, renamed' })).status).toBe(200)
    }
  })

  it('an out-of-stock tool takes a new minimum order or pack size (a stock of 0 goes with any minimum)', async () => {
    const { insertedId: id } = await json<{ insertedId: string }>(await post(TOOL))
    expect((await patch(id, { quantity: 0 })).status).toBe(200)
    expect((await patch(id, { Minimum_quantity: 30 })).status).toBe(200)
    expect((await patch(id, { packSize: 5, Minimum_quantity: 25 })).status).toBe(200)
    expect(await getTool(id)).toMatchObject({ quantity: 0, Minimum_quantity: 25, packSize: 5 })
    // In stock again, the minimum holds against the stock as before.
    expect((await patch(id, { quantity: 100 })).status).toBe(200)
    const refused = await patch(id, { Minimum_quantity: 150 })
    expect(refused.status).toBe(400)
    expect((await errorOf(refused)).fields?.Minimum_quantity).toBe(
      'Minimum order quantity cannot be more than the quantity (100)',
    )
  })
})

describe('the unit price of a quantity', () => {
  const tool = {
    pricePaisa: 10_000,
    priceTiers: [
      { minQuantity: 48, pricePaisa: 9_000 },
      { minQuantity: 120, pricePaisa: 8_000 },
    ],
  }
  it.each([
    [1, 10_000],
    [47, 10_000],
    [48, 9_000],
    [49, 9_000],
    [119, 9_000],
    [120, 8_000],
    [121, 8_000],
    [1_000_000, 8_000],
  ])('of %i units is %i paisa', (quantity, paisa) => {
    expect(unitPriceOf(tool, quantity)).toBe(paisa)
  })

  it('is the list price without tiers', () => {
    expect(unitPriceOf({ pricePaisa: 12_345, priceTiers: [] }, 500)).toBe(12_345)
  })

  it('is what the cart charges at each boundary', async () => {
    const spanners = await makeTool({ name: 'Boundary Spanners', pricePaisa: 10_000, quantity: 500, min: 12 })
    await setWholesale(spanners, [
      [48, 9_000],
      [120, 8_000],
    ])
    const { token } = await customer()
    for (const [quantity, unitPrice] of [
      [47, 100],
      [48, 90],
      [49, 90],
      [119, 90],
      [120, 80],
      [121, 80],
    ] as const) {
      const cart = await json<Cart>(await putCart(token, spanners.id, quantity))
      expect(cart.lines[0], `${quantity}`).toMatchObject({
        quantity,
        unitPrice,
        listUnitPrice: 100,
        price: quantity * unitPrice,
        error: null,
      })
      expect(cart.price).toBe(quantity * unitPrice)
    }
  })
})

describe('volume prices through checkout and buy now', () => {
  it('a tier changed while the tool is in a cart: the cart shows it, and checkout answers TOTAL_CHANGED', async () => {
    const bolts = await makeTool({ name: 'Cart Tier Bolts', pricePaisa: 5_000, quantity: 500, min: 10 })
    await setWholesale(bolts, [[50, 4_500]])
    const { token } = await customer()
    await putCart(token, bolts.id, 60)
    const seen = await json<CheckoutPreview>(await preview(token))
    expect(seen.lines[0]).toMatchObject({ unitPrice: 45, listUnitPrice: 50, price: 2700 })

    expect((await patch(bolts.id, { priceTiers: [{ minQuantity: 50, price: 42 }] })).status).toBe(200)
    const cart = await json<Cart>(await call('GET', '/api/cart', { as: token }))
    expect(cart.lines[0]).toMatchObject({ unitPrice: 42, price: 2520 })

    const stale = await call('POST', '/api/checkout', { as: token, body: { ...CHECKOUT, expectedTotal: seen.total } })
    expect(stale.status).toBe(409)
    expect((await errorOf(stale)).code).toBe('TOTAL_CHANGED')
    expect(await stockOf(bolts.id)).toBe(500)

    const now = await json<CheckoutPreview>(await preview(token))
    const placed = await call('POST', '/api/checkout', { as: token, body: { ...CHECKOUT, expectedTotal: now.total } })
    expect(placed.status).toBe(201)
    const order = await readOrder((await json<{ insertedId: string }>(placed)).insertedId, token)
    expect(order.lines[0]).toMatchObject({ quantity: 60, unitPrice: 42, price: 2520 })
    expect(order.price).toBe(2520)
    expect(await stockOf(bolts.id)).toBe(440)
  })

  it('buy now charges the tier price and checks a sent price against it', async () => {
    const nuts = await makeTool({ name: 'Buy Now Tier Nuts', pricePaisa: 2_000, quantity: 500, min: 10 })
    await setWholesale(nuts, [[100, 1_500]])
    const { email, token } = await customer()
    const wrong = await postOrder(token, orderBody(nuts, email, { quantity: 100, price: 2000 }))
    expect(wrong.status).toBe(400)
    expect((await errorOf(wrong)).fields?.price).toBe('The price must be quantity × unit price: 100 × 15 = 1500 BDT')
    const res = await postOrder(token, orderBody(nuts, email, { quantity: 100, price: 1500 }))
    expect(res.status).toBe(201)
    const order = await readOrder((await json<{ insertedId: string }>(res)).insertedId, token)
    expect(order).toMatchObject({ unitPrice: 15, price: 1500, quantity: 100 })
  })
})

describe('pack sizes at the cart, checkout and buy now', () => {
  it('the cart refuses a quantity that is not whole packs, with nothing changed', async () => {
    const washers = await makeTool({ name: 'Pack Washers', pricePaisa: 1_000, quantity: 500, min: 24 })
    await setWholesale(washers, [], 12)
    const { token } = await customer()
    const bad = await putCart(token, washers.id, 30)
    expect(bad.status).toBe(400)
    const error = await errorOf(bad)
    expect(error).toMatchObject({ message: 'Order in packs of 12', fields: { quantity: 'Order in packs of 12' } })
    // Below the minimum still says so first.
    expect((await errorOf(await putCart(token, washers.id, 18))).message).toBe('Please Order Minimum : 24')
    expect((await json<Cart>(await call('GET', '/api/cart', { as: token }))).count).toBe(0)
    const good = await json<Cart>(await putCart(token, washers.id, 36))
    expect(good.lines[0]).toMatchObject({ quantity: 36, packSize: 12, Minimum_quantity: 24, error: null })
  })

  it('a pack size set while the tool is in a cart: the line shows why, checkout is a 400, nothing is taken', async () => {
    const rivets = await makeTool({ name: 'Pack Rivets', pricePaisa: 1_000, quantity: 500, min: 10 })
    const { email, token } = await customer()
    await putCart(token, rivets.id, 25)
    const { total } = await json<CheckoutPreview>(await preview(token))
    await setWholesale(rivets, [], 10)
    const cart = await json<Cart>(await call('GET', '/api/cart', { as: token }))
    expect(cart.lines[0]).toMatchObject({ packSize: 10, error: 'Order in packs of 10' })
    const res = await call('POST', '/api/checkout', { as: token, body: { ...CHECKOUT, expectedTotal: total } })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).fields?.['lines.0.quantity']).toBe('Order in packs of 10')
    expect(await stockOf(rivets.id)).toBe(500)
    const orders = await env.DB.prepare('select count(*) as n from bookings where customer = ?')
      .bind(email)
      .first<{ n: number }>()
    expect(orders?.n).toBe(0)
  })

  it('a merged browser cart keeps a line that is not whole packs, with its error', async () => {
    const pins = await makeTool({ name: 'Pack Pins', pricePaisa: 500, quantity: 500, min: 6 })
    await setWholesale(pins, [], 6)
    const { token } = await customer()
    const cart = await json<Cart>(
      await call('POST', '/api/cart/merge', { as: token, body: { lines: [{ serviceId: pins.id, quantity: 10 }] } }),
    )
    expect(cart.lines[0]).toMatchObject({ quantity: 10, error: 'Order in packs of 6' })
  })

  it('buy now refuses a quantity that is not whole packs (400) and takes whole packs', async () => {
    const screws = await makeTool({ name: 'Pack Screws', pricePaisa: 1_000, quantity: 500, min: 20 })
    await setWholesale(screws, [], 20)
    const { email, token } = await customer()
    const bad = await postOrder(token, orderBody(screws, email, { quantity: 30 }))
    expect(bad.status).toBe(400)
    expect(await errorOf(bad)).toMatchObject({ fields: { quantity: 'Order in packs of 20' } })
    expect(await stockOf(screws.id)).toBe(500)
    expect((await postOrder(token, orderBody(screws, email, { quantity: 40 }))).status).toBe(201)
    expect(await stockOf(screws.id)).toBe(460)
  })
})

describe('the tool page (server-rendered)', () => {
  it('shows the Volume pricing table and gives each tier in the Product data', async () => {
    const saw = await makeTool({ name: 'Page Tier Saw', pricePaisa: 10_000, quantity: 500, min: 12 })
    await setWholesale(
      saw,
      [
        [48, 9_000],
        [120, 8_000],
      ],
      12,
    )
    const res = await call('GET', `/service/${saw.id}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('Volume pricing')
    expect(html).toMatch(/12–47[\s\S]*48–119[\s\S]*120 or more/)
    const product = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, any>)
      .find((d) => d['@type'] === 'Product')
    expect(product?.offers.priceSpecification).toEqual([
      {
        '@type': 'UnitPriceSpecification',
        price: '90.00',
        priceCurrency: 'BDT',
        eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 48 },
      },
      {
        '@type': 'UnitPriceSpecification',
        price: '80.00',
        priceCurrency: 'BDT',
        eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 120 },
      },
    ])
    // The quantity starts at the minimum order and steps by the pack.
    expect(html).toMatch(/<input[^>]*min="12"[^>]*step="12"[^>]*value="12"|<input[^>]*step="12"[^>]*value="12"/)
  })

  it('has no Volume pricing table for a tool without tiers', async () => {
    const plain = await makeTool({ name: 'Page Plain Saw', pricePaisa: 10_000, quantity: 500, min: 1 })
    const html = await (await call('GET', `/service/${plain.id}`)).text()
    expect(html).not.toContain('Volume pricing')
    expect(html).not.toContain('priceSpecification')
  })
})
