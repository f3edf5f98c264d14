/**
 * POST /api/checkout and its preview (api.md "Orders with several tools", "Delivery", "VAT"):
 * the customer's cart becomes one order, all or nothing, priced and delivered by the contract.
 */
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutPlaced, CheckoutPreview } from '#schemas/checkout.ts'
import type { Booking } from '#schemas/order.ts'
import { getDb } from '#worker/lib/db.ts'
import type { ApiError } from '#worker/lib/errors.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import { mailsTo, makeTool, readOrder, stockOf, type ToolFixture } from '#worker/test/order-fixtures.ts'
import { fillCart } from '#worker/test/tax-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'
import { type NewOrder, priceLine, priceOrder } from '../orders/place-order.service'
import { toolsById } from '../tools/tools.service'
import { explainRefusal } from './checkout.service'

const ADMIN = 'admin@example.com'
let admin: string

beforeAll(async () => {
  admin = await signIn(ADMIN)
})

/** A fresh customer with a token. */
async function customer(verified = true) {
  const email = `checkout-${crypto.randomUUID().slice(0, 8)}@example.com`
  return { email, token: await signIn(email, { emailVerified: verified }) }
}

const cartCount = async (email: string) =>
  (await env.DB.prepare('select count(*) as n from cart_lines where customer = ?').bind(email).first<{ n: number }>())!
    .n

const ordersOf = async (email: string) =>
  (await env.DB.prepare('select count(*) as n from bookings where customer = ?').bind(email).first<{ n: number }>())!.n

const ADDRESS = { name: 'Karim Traders', phone: '01712345678', line1: 'Shop 4, Bangshal Road', district: 'Dhaka' }

const body = (overrides: Record<string, unknown> = {}) => ({
  delivery: { method: 'courier', address: ADDRESS },
  paymentMethod: 'card',
  ...overrides,
})

const preview = (token: string, b: unknown = body(), via = {}) =>
  call('POST', '/api/checkout/preview', { as: token, body: b, ...via })
const checkout = (token: string, b: unknown, via = {}) => call('POST', '/api/checkout', { as: token, body: b, ...via })

/** Places the cart at the total the preview shows. */
async function placeCart(token: string, b: Record<string, unknown> = body(), via = {}) {
  const { total } = await json<CheckoutPreview>(await preview(token, b, via))
  const res = await checkout(token, { ...b, expectedTotal: total }, via)
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
  return json<CheckoutPlaced>(res)
}

describe('POST /api/checkout/preview', () => {
  it('prices every line, the zone’s delivery by weight and the VAT it includes; stores nothing', async () => {
    const { email, token } = await customer()
    // 2.5 kg each, 15%: 3 of them weigh 7.5 kg → 8 whole kg, 3 past the 5 included.
    const drill = await makeTool({ name: 'Checkout Drill', pricePaisa: 250_000, quantity: 40, min: 1, weight: 250 })
    // 0.4 kg each, 7.5%.
    const bits = await makeTool({
      name: 'Checkout Bits',
      pricePaisa: 33_333,
      quantity: 100,
      min: 2,
      weight: 40,
      vatBp: 750,
    })
    await fillCart(email, [
      [drill, 3],
      [bits, 2],
    ])
    const res = await preview(token)
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const p = await json<CheckoutPreview>(res)
    expect(p.lines).toEqual([
      {
        serviceId: drill.id,
        service: 'Checkout Drill',
        img: '/api/images/test.png',
        quantity: 3,
        unitPrice: 2500,
        listUnitPrice: 2500,
        price: 7500,
        vatRate: 15,
        vat: 978.26, // 7,500 × 15 ÷ 115 = 978.2608…
        error: null,
      },
      {
        serviceId: bits.id,
        service: 'Checkout Bits',
        img: '/api/images/test.png',
        quantity: 2,
        unitPrice: 333.33,
        listUnitPrice: 333.33,
        price: 666.66,
        vatRate: 7.5,
        vat: 46.51, // 666.66 × 7.5 ÷ 107.5 = 46.5107…
        error: null,
      },
    ])
    // Dhaka: 80 + 10 × (⌈7.5 + 0.8⌉ − 5) = 80 + 10 × 4 = 120; its VAT 120 × 15 ÷ 115 = 15.6521… → 15.65.
    expect(p).toMatchObject({ price: 8166.66, deliveryFee: 120, total: 8286.66, paymentMethods: ['card'] })
    expect(p.vat).toBeCloseTo(978.26 + 46.51 + 15.65, 2)
    expect(await ordersOf(email)).toBe(0)
    expect(await cartCount(email)).toBe(2)
    expect(await stockOf(drill.id)).toBe(40)
  })

  it('charges each zone its fee, nothing for pickup, and nothing once the goods reach the free-delivery threshold', async () => {
    const { email, token } = await customer()
    const light = await makeTool({ pricePaisa: 100_000, quantity: 1000, min: 1, weight: 100 })
    await fillCart(email, [[light, 2]])
    const feeFor = async (b: unknown) => (await json<CheckoutPreview>(await preview(token, b))).deliveryFee
    const to = (district: string) => body({ delivery: { method: 'courier', address: { ...ADDRESS, district } } })
    expect(await feeFor(to('Dhaka'))).toBe(80)
    expect(await feeFor(to('Gazipur'))).toBe(130)
    expect(await feeFor(to('Manikganj'))).toBe(130)
    expect(await feeFor(to('Sylhet'))).toBe(200)
    expect(await feeFor(to("Cox's Bazar"))).toBe(200)
    expect(
      await feeFor(body({ delivery: { method: 'pickup', address: { name: 'Karim', phone: '01712345678' } } })),
    ).toBe(0)
    // 50 × 1,000 BDT = 50,000: the threshold itself is free.
    await fillCart(email, [[light, 50]])
    expect(await feeFor(to('Sylhet'))).toBe(0)
    await fillCart(email, [[light, 49]])
    // 49 kg: 200 + 20 × 44.
    expect(await feeFor(to('Sylhet'))).toBe(200 + 20 * 44)
  })

  it('weighs exactly: 50 × 1.1 kg is 55 kg, not 56', async () => {
    const { email, token } = await customer()
    const tool = await makeTool({ pricePaisa: 100, quantity: 1000, min: 1, weight: 110 })
    await fillCart(email, [[tool, 50]])
    // Dhaka: 80 + 10 × (55 − 5).
    expect((await json<CheckoutPreview>(await preview(token))).deliveryFee).toBe(80 + 10 * 50)
  })

  it('marks a line it cannot order as it is, with the spec’s messages', async () => {
    const { email, token } = await customer()
    const few = await makeTool({ quantity: 3, min: 1 })
    const big = await makeTool({ quantity: 100, min: 10 })
    const gone = await makeTool()
    await fillCart(email, [
      [few, 5],
      [big, 4],
      [gone, 5],
    ])
    await env.DB.prepare('delete from tools where id = ?').bind(gone.id).run()
    const p = await json<CheckoutPreview>(await preview(token))
    expect(p.lines.map((l) => l.error)).toEqual([
      'Please Order Less Then : 3',
      'Please Order Minimum : 10',
      'This tool is no longer sold.',
    ])
  })

  it('refuses a body the contract does not allow, with the field named', async () => {
    const { token } = await customer()
    const cases: [unknown, string, string][] = [
      [
        body({ delivery: { method: 'courier', address: { ...ADDRESS, district: 'Atlantis' } } }),
        'delivery.address.district',
        'Choose a district from the list.',
      ],
      [
        body({
          delivery: { method: 'courier', address: { name: 'K', phone: '01712345678', line1: 'Road 1 House 2' } },
        }),
        'delivery.address.district',
        'Choose a district from the list.',
      ],
      [
        body({ delivery: { method: 'courier', address: { name: 'K', phone: '01712345678', district: 'Dhaka' } } }),
        'delivery.address.line1',
        'Enter the delivery address.',
      ],
      [
        body({ delivery: { method: 'courier', address: { ...ADDRESS, line1: '  ', district: '' } } }),
        'delivery.address.line1',
        'Enter the delivery address.',
      ],
      [
        body({ delivery: { method: 'drone', address: ADDRESS } }),
        'delivery.method',
        'delivery.method must be one of courier, pickup',
      ],
      [
        body({ delivery: { method: 'pickup', address: { name: 'K', phone: '12' } } }),
        'delivery.address.phone',
        expect.stringMatching(/^Enter a phone number of 6 to 20 digits/),
      ],
      [body({ company: { name: 'Karim Traders', bin: '12345' } }), 'company.bin', 'Enter the 13-digit BIN.'],
      [body({ paymentMethod: 'cheque' }), 'paymentMethod', 'paymentMethod must be one of card, cod, bank, gateway'],
      [body({ poNumber: 'x'.repeat(51) }), 'poNumber', 'PO number must be 50 characters or fewer.'],
    ]
    for (const [b, field, message] of cases) {
      const res = await preview(token, b)
      expect(res.status, field).toBe(400)
      const error = await errorOf(res)
      expect(error.code).toBe('VALIDATION_FAILED')
      expect(error.fields?.[field], field).toEqual(message)
    }
    // Pickup needs only the name and phone: the address fields left blank are not given.
    expect(
      (await preview(token, body({ delivery: { method: 'pickup', address: { name: 'K', phone: '01712345678' } } })))
        .status,
    ).toBe(200)
    const blanks = { name: 'K', phone: '01712345678', line1: '', line2: '', city: '', district: ' ', postcode: '' }
    expect((await preview(token, body({ delivery: { method: 'pickup', address: blanks } }))).status).toBe(200)
    // No company: null (as the answers write it) or a name and BIN both left blank, as on the profile.
    for (const company of [null, { name: '', bin: ' ' }])
      expect((await preview(token, body({ company }))).status, JSON.stringify(company)).toBe(200)
  })

  it('takes expectedTotal as money: a number with at most 2 decimals', async () => {
    const { email, token } = await customer()
    const tool = await makeTool({ pricePaisa: 10_000, quantity: 10, min: 1 })
    await fillCart(email, [[tool, 1]])
    const { total } = await json<CheckoutPreview>(await preview(token))
    for (const [expectedTotal, message] of [
      [total + 0.004, 'expectedTotal can have at most 2 decimals'],
      [String(total), 'expectedTotal must be a number of BDT'],
      [undefined, 'expectedTotal is Required: send the total the checkout showed.'],
    ] as const) {
      const res = await checkout(token, { ...body(), expectedTotal })
      expect(res.status, String(expectedTotal)).toBe(400)
      expect((await errorOf(res)).fields?.expectedTotal).toBe(message)
    }
    expect(await stockOf(tool.id)).toBe(10)
    expect(await cartCount(email)).toBe(1)
  })
})

describe('POST /api/checkout', () => {
  it('places the cart as one order: every line’s stock at once, the cart emptied, every line in the answer and e-mail', async () => {
    const { email, token } = await customer()
    const saw = await makeTool({ name: 'Cart Saw', pricePaisa: 850_000, quantity: 20, min: 1, weight: 420 })
    const grinder = await makeTool({ name: 'Cart Grinder', pricePaisa: 420_000, quantity: 30, min: 2, weight: 210 })
    const gun = await makeTool({
      name: 'Cart Heat Gun',
      pricePaisa: 195_000,
      quantity: 10,
      min: 1,
      weight: 75,
      vatBp: 750,
    })
    await fillCart(email, [
      [saw, 3],
      [grinder, 2],
      [gun, 1],
    ])
    const company = { name: 'Karim Traders Ltd.', bin: '0001234567891' }
    const placed = await placeCart(token, body({ company, poNumber: 'PO-7781', note: 'Call before 5 pm' }))
    expect(placed).toEqual({
      acknowledged: true,
      insertedId: expect.stringMatching(/^[0-9a-f]{24}$/),
      orderNumber: expect.stringMatching(/^TH-\d+$/),
      // 25,500 + 8,400 + 1,950 = 35,850; Dhaka, ⌈12.6 + 4.2 + 0.75⌉ = 18 kg: 80 + 10 × 13 = 210.
      total: 36_060,
    })
    expect([await stockOf(saw.id), await stockOf(grinder.id), await stockOf(gun.id)]).toEqual([17, 28, 9])
    expect(await cartCount(email)).toBe(0)

    const order = await readOrder(placed.insertedId, token)
    expect(order).toMatchObject({
      serviceId: saw.id,
      service: 'Cart Saw and 2 more',
      quantity: 3,
      unitPrice: 8500,
      price: 35_850,
      deliveryFee: 210,
      total: 36_060,
      status: 'unpaid',
      orderNumber: placed.orderNumber,
      delivery: {
        method: 'courier',
        zone: 'dhaka',
        address: { ...ADDRESS, line2: null, city: null, postcode: null },
      },
      address: 'Shop 4, Bangshal Road, Dhaka',
      phone: '01712345678',
      customerName: 'Karim Traders',
      paymentMethod: 'card',
      company,
      poNumber: 'PO-7781',
      note: 'Call before 5 pm',
      invoiceNumber: null,
    })
    expect(order.lines.map((l) => [l.service, l.quantity, l.unitPrice, l.price, l.vatRate])).toEqual([
      ['Cart Saw', 3, 8500, 25_500, 15],
      ['Cart Grinder', 2, 4200, 8400, 15],
      ['Cart Heat Gun', 1, 1950, 1950, 7.5],
    ])
    // 3,326.09 + 1,095.65 + 136.05 (1,950 × 7.5 ÷ 107.5 = 136.046…) + 27.39 (210 × 15 ÷ 115).
    expect(order.vat).toBeCloseTo(3326.09 + 1095.65 + 136.05 + 27.39, 2)

    const [mail] = (await mailsTo(email)).filter((m) => m.subject.includes(placed.orderNumber))
    for (const text of [
      /3 × Cart Saw/,
      /2 × Cart Grinder/,
      /1 × Cart Heat Gun/,
      /Delivery: BDT\s210\.00/,
      /VAT included/,
    ]) {
      expect(mail!.body).toMatch(text)
    }
    // The desk finds the order by any of its tools.
    const found = await json<Booking[]>(await call('GET', '/api/booking?q=Cart%20Heat%20Gun', { as: admin }))
    expect(found.map((o) => o._id)).toContain(placed.insertedId)
  })

  it('fixes the delivery fee on the order when placed; a buy-now to a district pays that district’s zone', async () => {
    const { email, token } = await customer()
    const tool = await makeTool({ pricePaisa: 10_000, quantity: 10, min: 1 })
    const res = await call('POST', '/api/booking', {
      as: token,
      body: {
        serviceId: tool.id,
        quantity: 1,
        customer: email,
        customerName: 'K',
        phone: '01712345678',
        address: 'Road 1, House 2',
        district: 'Dhaka',
      },
    })
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
    const id = (await json<{ insertedId: string }>(res)).insertedId
    expect(await readOrder(id, token)).toMatchObject({ deliveryFee: 80, total: 180, delivery: { zone: 'dhaka' } })
    const zones = [
      { id: 'dhaka', name: 'Dhaka city', fee: 150, includedKg: 5, perKg: 10, freeOver: 50_000 },
      { id: 'near', name: 'Around Dhaka', fee: 130, includedKg: 5, perKg: 15, freeOver: 50_000 },
      { id: 'outside', name: 'Rest of Bangladesh', fee: 200, includedKg: 5, perKg: 20, freeOver: 50_000 },
    ]
    const pickup = { address: 'Factory gate, Tejgaon, Dhaka', hours: 'Sat–Thu 9:00–18:00' }
    const save = async (fee: number) =>
      expect(
        (
          await call('PATCH', '/api/settings', {
            as: admin,
            body: { delivery: { zones: zones.map((z) => (z.id === 'dhaka' ? { ...z, fee } : z)), pickup } },
          })
        ).status,
      ).toBe(200)
    await save(150)
    try {
      // The order keeps the fee it was placed with; a new checkout pays the new one.
      expect(await readOrder(id, token)).toMatchObject({ deliveryFee: 80, total: 180 })
      await fillCart(email, [[tool, 1]])
      expect(await json<CheckoutPreview>(await preview(token))).toMatchObject({ deliveryFee: 150, total: 250 })
    } finally {
      await save(80)
    }
  })

  it('keeps the cart’s order for lines added in the same millisecond (a merge at sign-in)', async () => {
    const { email, token } = await customer()
    const made = [await makeTool({ name: 'Same Ms A', min: 1 }), await makeTool({ name: 'Same Ms B', min: 1 })]
    // Added in the order that is not the ids' order, both at one moment, as a merge's batch adds them.
    const [first, second] = made.sort((a, b) => (a.id < b.id ? 1 : -1))
    const now = Date.now()
    await env.DB.batch(
      [first!, second!].map((tool) =>
        env.DB.prepare('insert into cart_lines (customer, tool_id, quantity, added_at) values (?, ?, 1, ?)').bind(
          email,
          tool.id,
          now,
        ),
      ),
    )
    const cart = await json<{ lines: { serviceId: string }[] }>(await call('GET', '/api/cart', { as: token }))
    expect(cart.lines.map((l) => l.serviceId)).toEqual([first!.id, second!.id])
    const placed = await placeCart(token)
    const order = await readOrder(placed.insertedId, token)
    expect(order.lines.map((l) => l.serviceId)).toEqual([first!.id, second!.id])
    expect(order).toMatchObject({ serviceId: first!.id, service: `${first!.name} and 1 more` })
  })

  it('refuses a total the customer did not see (409 TOTAL_CHANGED): nothing taken, the cart kept', async () => {
    const { email, token } = await customer()
    const tool = await makeTool({ pricePaisa: 10_000, quantity: 10, min: 1 })
    await fillCart(email, [[tool, 2]])
    const { total } = await json<CheckoutPreview>(await preview(token))
    await env.DB.prepare('update tools set price_paisa = 12000 where id = ?').bind(tool.id).run()
    const res = await checkout(token, { ...body(), expectedTotal: total })
    expect(res.status).toBe(409)
    expect((await errorOf(res)).code).toBe('TOTAL_CHANGED')
    expect(await stockOf(tool.id)).toBe(10)
    expect(await cartCount(email)).toBe(1)
    expect(await ordersOf(email)).toBe(0)
    const missing = await checkout(token, body())
    expect(missing.status).toBe(400)
    expect((await errorOf(missing)).fields?.expectedTotal).toMatch(/expectedTotal is Required/)
  })

  it('refuses a line short of stock (409 STOCK_CHANGED, the line named) and takes no other line’s stock', async () => {
    const { email, token } = await customer()
    const plenty = await makeTool({ quantity: 100, min: 1 })
    const scarce = await makeTool({ quantity: 5, min: 1 })
    await fillCart(email, [
      [plenty, 10],
      [scarce, 5],
    ])
    const { total } = await json<CheckoutPreview>(await preview(token))
    await env.DB.prepare('update tools set quantity = 4 where id = ?').bind(scarce.id).run()
    const res = await checkout(token, { ...body(), expectedTotal: total })
    expect(res.status).toBe(409)
    const error = await errorOf(res)
    expect(error.code).toBe('STOCK_CHANGED')
    expect(error.fields).toEqual({ 'lines.1.quantity': 'Please Order Less Then : 4' })
    expect(await stockOf(plenty.id)).toBe(100)
    expect(await stockOf(scarce.id)).toBe(4)
    expect(await cartCount(email)).toBe(2)
  })

  it('refuses an empty cart and a line that cannot be ordered as it is (400), naming the line', async () => {
    const { email, token } = await customer()
    const empty = await checkout(token, { ...body(), expectedTotal: 0 })
    expect(empty.status).toBe(400)
    expect((await errorOf(empty)).message).toMatch(/cart is empty/)
    // Its preview prices nothing: no delivery fee or VAT for an order that cannot be placed.
    expect(await json(await preview(token))).toEqual({
      lines: [],
      price: 0,
      deliveryFee: 0,
      vat: 0,
      total: 0,
      paymentMethods: [],
    })
    const ok = await makeTool({ quantity: 100, min: 1 })
    const min = await makeTool({ quantity: 100, min: 10 })
    const gone = await makeTool({ quantity: 100, min: 1 })
    await fillCart(email, [
      [ok, 1],
      [min, 4],
      [gone, 1],
    ])
    await env.DB.prepare('delete from tools where id = ?').bind(gone.id).run()
    const res = await checkout(token, { ...body(), expectedTotal: 1 })
    expect(res.status).toBe(400)
    expect((await errorOf(res)).fields).toEqual({
      'lines.1.quantity': 'Please Order Minimum : 10',
      'lines.2.quantity': 'This tool is no longer sold.',
    })
    expect(await stockOf(ok.id)).toBe(100)
  })

  it('needs a verified e-mail (403 EMAIL_NOT_VERIFIED before the body is read): nothing stored or e-mailed', async () => {
    const { email, token } = await customer(false)
    const tool = await makeTool({ quantity: 10, min: 1 })
    await fillCart(email, [[tool, 1]])
    // The preview needs no verification; ordering does.
    expect((await preview(token)).status).toBe(200)
    for (const b of [{ ...body(), expectedTotal: 1 }, { nonsense: true }]) {
      const res = await checkout(token, b)
      expect(res.status).toBe(403)
      expect(await errorOf(res)).toEqual({
        code: 'EMAIL_NOT_VERIFIED',
        message: 'Verify your e-mail address to order. We sent you a link.',
      })
    }
    const buyNow = await call('POST', '/api/booking', {
      as: token,
      body: { serviceId: tool.id, quantity: 1, phone: '01712345678', address: 'Road 1, Dhaka', customer: email },
    })
    expect(buyNow.status).toBe(403)
    expect((await errorOf(buyNow)).code).toBe('EMAIL_NOT_VERIFIED')
    expect(await ordersOf(email)).toBe(0)
    expect(await stockOf(tool.id)).toBe(10)
    expect(await mailsTo(email)).toEqual([])
  })

  it('bounds unpaid orders: 5 of them (TOO_MANY_UNPAID), or goods past MAX_UNPAID_BDT (TOO_MUCH_UNPAID)', async () => {
    const { email, token } = await customer()
    const tool = await makeTool({ pricePaisa: 100_000, quantity: 1000, min: 1 })
    await fillCart(email, [[tool, 3]])
    const capped = { env: { MAX_UNPAID_BDT: '5000' } }
    await placeCart(token, body(), capped) // 3,000 of 5,000
    await fillCart(email, [[tool, 3]])
    const { total } = await json<CheckoutPreview>(await preview(token))
    const over = await checkout(token, { ...body(), expectedTotal: total }, capped)
    expect(over.status).toBe(409)
    expect(await errorOf(over)).toEqual({
      code: 'TOO_MUCH_UNPAID',
      message: 'Pay your open orders before ordering more, or ask us for a quote.',
    })
    expect(await stockOf(tool.id)).toBe(997)
    // Exactly at the cap is allowed.
    await fillCart(email, [[tool, 2]])
    await placeCart(token, body(), capped)
    const limited = { env: { MAX_UNPAID_ORDERS: '2' } }
    await fillCart(email, [[tool, 1]])
    const tooMany = await checkout(token, { ...body(), expectedTotal: 1080 }, limited)
    expect(tooMany.status).toBe(409)
    expect((await errorOf(tooMany)).code).toBe('TOO_MANY_UNPAID')
    expect(await stockOf(tool.id)).toBe(995)
  })

  it('30 racing checkouts of a mixed cart on scarce stock: never oversold, never half taken', async () => {
    const a = await makeTool({ name: 'Race A', quantity: 20, min: 1 })
    const b = await makeTool({ name: 'Race B', quantity: 21, min: 1 })
    const buyers = await Promise.all(Array.from({ length: 30 }, () => customer()))
    for (const { email } of buyers)
      await fillCart(email, [
        [a, 2],
        [b, 3],
      ])
    const { total } = await json<CheckoutPreview>(await preview(buyers[0]!.token))
    const results = await Promise.all(buyers.map(({ token }) => checkout(token, { ...body(), expectedTotal: total })))
    const statuses = results.map((r) => r.status)
    // B runs out after 7 orders (21 ÷ 3); every order that got B got A too.
    expect(statuses.filter((s) => s === 201)).toHaveLength(7)
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true)
    for (const r of results.filter((x) => x.status === 409)) expect((await errorOf(r)).code).toBe('STOCK_CHANGED')
    expect(await stockOf(a.id)).toBe(20 - 7 * 2)
    expect(await stockOf(b.id)).toBe(0)
    const lines = await env.DB.prepare(
      'select tool_id, sum(quantity) as n from order_lines where tool_id in (?, ?) group by tool_id order by tool_id',
    )
      .bind(a.id, b.id)
      .all<{ tool_id: string; n: number }>()
    expect(Object.fromEntries(lines.results.map((l) => [l.tool_id, l.n]))).toEqual({ [a.id]: 14, [b.id]: 21 })
  })

  it('one order from a cart sent twice at once (a double click, two tabs): the other finds it empty', async () => {
    const { email, token } = await customer()
    const tool = await makeTool({ name: 'Twice Sent', quantity: 50, min: 1 })
    await fillCart(email, [[tool, 4]])
    const { total } = await json<CheckoutPreview>(await preview(token))
    const results = await Promise.all(
      Array.from({ length: 4 }, () => checkout(token, { ...body(), expectedTotal: total })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400])
    for (const r of results.filter((x) => x.status === 400))
      expect((await errorOf(r)).message).toBe('Your cart is empty. Add tools to it before checking out.')
    expect(await ordersOf(email)).toBe(1)
    expect(await stockOf(tool.id)).toBe(46)
    expect(await cartCount(email)).toBe(0)
  })

  it('withdrawing a tool cancels the unpaid orders holding it whole: every line’s stock back', async () => {
    const { email, token } = await customer()
    const keep = await makeTool({ name: 'Kept Tool', quantity: 50, min: 1 })
    const withdrawn = await makeTool({ name: 'Withdrawn Tool', quantity: 50, min: 1 })
    await fillCart(email, [
      [keep, 5],
      [withdrawn, 5],
    ])
    const { insertedId } = await placeCart(token)
    expect(await stockOf(keep.id)).toBe(45)
    expect((await call('DELETE', `/api/service/${withdrawn.id}`, { as: admin })).status).toBe(200)
    const order = await readOrder(insertedId, token)
    expect(order.status).toBe('cancelled')
    expect(order.history.at(-1)).toMatchObject({ status: 'cancelled', by: 'system', note: 'tool withdrawn' })
    expect(await stockOf(keep.id)).toBe(50)
  })
})

describe('a checkout overtaken between its checks and its batch', () => {
  /**
   * What the checkout answers when its batch took nothing because `change` came between its
   * checks and its batch (another order, an edit): the refusal found again, in the contract's order.
   */
  async function overtaken(tools: [ToolFixture, number][], change: (customer: string) => Promise<unknown>) {
    const db = getDb(env)
    const rows = await toolsById(
      db,
      tools.map(([t]) => t.id),
    )
    const lines = tools.map(([t, quantity]) => priceLine(rows.get(t.id)!, quantity))
    const delivery = { method: 'courier' as const, zone: 'dhaka' as const }
    const address = {
      name: 'K',
      phone: '01712345678',
      line1: 'Road 1',
      line2: null,
      city: null,
      district: 'Dhaka',
      postcode: null,
    }
    const order: NewOrder = {
      customer: `overtaken-${crypto.randomUUID().slice(0, 8)}@example.com`,
      customerName: 'K',
      lines,
      price: await priceOrder(db, lines, delivery),
      delivery: { ...delivery, address },
      paymentMethod: 'card',
      company: null,
      poNumber: null,
      note: null,
      fromCart: true,
    }
    await fillCart(order.customer, tools)
    await change(order.customer)
    const limits = { maxUnpaid: 5, maxUnpaidPaisa: 50_000_000 }
    return (await explainRefusal({ db, holdMs: 7_200_000 }, order, limits).catch((e: unknown) => e)) as ApiError
  }
  const setTool = (id: string, column: 'price_paisa' | 'quantity' | 'minimum_quantity', value: number) =>
    env.DB.prepare(`update tools set ${column} = ? where id = ?`).bind(value, id).run()

  it('says the cart changed (409) when it no longer holds what was checked out; empty, the 400', async () => {
    const a = await makeTool({ quantity: 10, min: 1 })
    const b = await makeTool({ quantity: 10, min: 1 })
    const lines: [ToolFixture, number][] = [
      [a, 2],
      [b, 3],
    ]
    const removeLine = (customer: string, tool: ToolFixture) =>
      env.DB.prepare('delete from cart_lines where customer = ? and tool_id = ?').bind(customer, tool.id).run()
    // A quantity changed, a line removed, a line added in another tab: a 409 naming none of them.
    const c = await makeTool({ quantity: 10, min: 1 })
    for (const change of [
      (customer: string) =>
        env.DB.prepare('update cart_lines set quantity = 5 where customer = ? and tool_id = ?')
          .bind(customer, b.id)
          .run(),
      (customer: string) => removeLine(customer, a),
      (customer: string) => fillCart(customer, [[c, 1]]),
    ])
      expect(await overtaken(lines, change)).toMatchObject({
        status: 409,
        code: 'CONFLICT',
        message: 'Your cart changed while you were ordering, so nothing was ordered. Check it and try again.',
      })
    // Emptied by the checkout that came first: the empty cart's 400.
    const emptied = await overtaken(lines, async (customer) => {
      await removeLine(customer, a)
      await removeLine(customer, b)
    })
    expect(emptied).toMatchObject({ status: 400, message: 'Your cart is empty. Add tools to it before checking out.' })
  })

  it('says TOTAL_CHANGED (with the total now) before STOCK_CHANGED, and a raised minimum’s 400 before both', async () => {
    const a = await makeTool({ pricePaisa: 10_000, quantity: 10, min: 1 })
    const b = await makeTool({ pricePaisa: 20_000, quantity: 10, min: 1 })
    const lines: [ToolFixture, number][] = [
      [a, 2],
      [b, 5],
    ]
    // a's stock fell below its line and b's price rose: the price is said first, with the new total.
    const priceAndStock = await overtaken(lines, async () => {
      await setTool(a.id, 'quantity', 1)
      await setTool(b.id, 'price_paisa', 25_000)
    })
    // 2 × 100 + 5 × 250 = 1,450 and Dhaka's 80 for up to 5 kg: 1,530.
    expect(priceAndStock).toMatchObject({ status: 409, code: 'TOTAL_CHANGED', fields: { expectedTotal: '1530' } })
    // Only the stock: STOCK_CHANGED naming the line.
    const stock = await overtaken(lines, () => setTool(a.id, 'quantity', 1))
    expect(stock).toMatchObject({
      status: 409,
      code: 'STOCK_CHANGED',
      fields: { 'lines.0.quantity': 'Please Order Less Then : 1' },
    })
    // A minimum raised above b's line as well: the request's own fault, a 400, comes first.
    const minimum = await overtaken(lines, async () => {
      await setTool(a.id, 'quantity', 1)
      await setTool(b.id, 'minimum_quantity', 6)
    })
    expect(minimum).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: { 'lines.1.quantity': 'Please Order Minimum : 6' },
    })
  })

  it('does not say TOTAL_CHANGED when only a VAT rate moved: the total is the same', async () => {
    const a = await makeTool({ pricePaisa: 10_000, quantity: 10, min: 1 })
    const vat = await overtaken([[a, 2]], () =>
      env.DB.prepare('update tools set vat_rate_bp = 500 where id = ?').bind(a.id).run(),
    )
    expect(vat).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'The tools changed while you were ordering. Please try again.',
    })
  })
})

describe('buy now: POST /api/checkout with buyNow', () => {
  it('refuses a buyNow the contract does not allow, naming the field; nothing is stored', async () => {
    const { email, token } = await customer()
    const tool = await makeTool({ quantity: 50, min: 2 })
    for (const [buyNow, field] of [
      ['drill', 'buyNow'],
      [{ quantity: 2 }, 'buyNow.serviceId'],
      [{ serviceId: tool.id }, 'buyNow.quantity'],
      [{ serviceId: tool.id, quantity: 2.5 }, 'buyNow.quantity'],
      [{ serviceId: tool.id, quantity: 'many' }, 'buyNow.quantity'],
      [{ serviceId: 'x'.repeat(65), quantity: 2 }, 'buyNow.serviceId'],
    ] as const) {
      const res = await checkout(token, body({ buyNow, expectedTotal: 1 }))
      expect(res.status, JSON.stringify(buyNow)).toBe(400)
      expect(Object.keys((await errorOf(res)).fields ?? {}), JSON.stringify(buyNow)).toContain(field)
    }
    // A tool not sold, or a quantity the tool refuses: the line is named, as a cart's would be.
    const unknown = await checkout(
      token,
      body({ buyNow: { serviceId: 'no-such-tool', quantity: 2 }, expectedTotal: 1 }),
    )
    expect(unknown.status).toBe(400)
    expect((await errorOf(unknown)).fields).toEqual({ 'lines.0.quantity': 'This tool is no longer sold.' })
    const few = await checkout(token, body({ buyNow: { serviceId: tool.id, quantity: 1 }, expectedTotal: 1 }))
    expect((await errorOf(few)).fields).toEqual({ 'lines.0.quantity': 'Please Order Minimum : 2' })
    const tooMany = body({ buyNow: { serviceId: tool.id, quantity: 51 } })
    const { total } = await json<CheckoutPreview>(await preview(token, tooMany))
    const many = await checkout(token, { ...tooMany, expectedTotal: total })
    expect(many.status).toBe(409)
    expect((await errorOf(many)).code).toBe('STOCK_CHANGED')
    expect(await ordersOf(email)).toBe(0)
    expect(await stockOf(tool.id)).toBe(50)
  })

  it('previews and places the one tool as the checkout would, and leaves the cart as it is', async () => {
    const { email, token } = await customer()
    const inCart = await makeTool({ quantity: 100, min: 1 })
    await fillCart(email, [[inCart, 3]])
    const tool = await makeTool({ name: 'Buy Now Grinder', pricePaisa: 150_000, quantity: 20, min: 2 })
    const b = body({ buyNow: { serviceId: tool.id, quantity: 4 } })
    const p = await json<CheckoutPreview>(await preview(token, b))
    expect(p.lines.map((l) => [l.serviceId, l.quantity, l.price])).toEqual([[tool.id, 4, 6000]])
    // The methods this order may use, as for a cart of it.
    expect(p.paymentMethods).toContain('card')
    const placed = await placeCart(token, b)
    const order = await json<Booking>(await call('GET', `/api/booking/${placed.insertedId}`, { as: token }))
    expect(order).toMatchObject({
      paymentMethod: 'card',
      delivery: { method: 'courier', address: { line1: ADDRESS.line1, district: 'Dhaka' } },
    })
    expect(order.lines.map((l) => [l.serviceId, l.quantity])).toEqual([[tool.id, 4]])
    expect(await stockOf(tool.id)).toBe(16)
    // The cart keeps its own line.
    expect(await cartCount(email)).toBe(1)
    expect(await stockOf(inCart.id)).toBe(100)
  })
})
