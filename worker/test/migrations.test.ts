/**
 * The migrations on a database that already holds data: a shop that ran the first migrations,
 * took orders, and then applies the order desk (0002 history, 0003 order numbers and the new
 * order columns, 0004 accounts, 0005 the summary's counts and daily revenue). Every row must
 * survive with its values.
 *
 * Runs on MIGRATIONS_DB, an empty D1 database of its own (vitest.config.ts): DB already has
 * every migration applied by the setup file.
 */

import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Booking } from '#schemas/order.ts'
import { PERMISSIONS } from '#schemas/staff.ts'
import { orderSummary } from '#worker/features/orders/summary.ts'
import { getDb } from '#worker/lib/db.ts'
import { type CallOptions, call, json } from './helpers'
import { accessTokenFor } from './tokens'

const db = env.MIGRATIONS_DB
/** The migrations a shop had applied before the order desk: 0000 and 0001 (0002 builds the history from what they hold). */
const split = env.TEST_MIGRATIONS.findIndex((m) => m.name.startsWith('0002'))
const before = env.TEST_MIGRATIONS.slice(0, split)
const after = env.TEST_MIGRATIONS.slice(split)

const T0 = Date.UTC(2026, 0, 10, 9, 0, 0)
const minutes = (n: number) => T0 + n * 60_000

const TOOLS = [
  {
    id: 'old-drill',
    name: 'Old Drill',
    description: 'A drill from before the order desk.',
    price_paisa: 250_000,
    quantity: 40,
    minimum_quantity: 2,
    img: '/api/images/old-drill.png',
    created_by: 'admin@example.com',
    created_at: minutes(-100),
  },
  {
    id: 'old-saw',
    name: 'Old Saw',
    description: 'A saw from before the order desk.',
    price_paisa: 99_950,
    quantity: 0,
    minimum_quantity: 1,
    img: 'https://example.com/saw.png',
    created_by: null,
    created_at: minutes(-90),
  },
]

const USERS = [
  {
    id: 'u-admin',
    email: 'admin@example.com',
    firebase_uid: 'uid-admin',
    name: 'Old Admin',
    role: 'admin',
    education: '',
    address: '',
    phone: '',
    social: '',
    image: '',
    created_at: minutes(-200),
    updated_at: minutes(-200),
  },
  {
    id: 'u-buyer',
    email: 'old-buyer@example.com',
    firebase_uid: 'uid-buyer',
    name: 'Old Buyer',
    role: 'user',
    education: 'BSc',
    address: 'House 1, Road 2, Dhaka',
    phone: '+8801712345678',
    social: 'https://example.com/me',
    image: '',
    created_at: minutes(-150),
    updated_at: minutes(-140),
  },
]

type OldOrder = {
  id: string
  service_id: string
  service: string
  unit_price_paisa: number
  quantity: number
  price_paisa: number
  customer: string
  customer_name: string
  phone: string
  address: string
  status: 'unpaid' | 'paid' | 'cancelled'
  transaction_id: string | null
  payment_intent_id: string | null
  created_at: number
  updated_at: number
  paid_at: number | null
}

const order = (b: Pick<OldOrder, 'id' | 'status' | 'created_at' | 'updated_at'> & Partial<OldOrder>): OldOrder => ({
  service_id: 'old-drill',
  service: 'Old Drill',
  unit_price_paisa: 250_000,
  quantity: 2,
  price_paisa: 500_000,
  customer: 'old-buyer@example.com',
  customer_name: 'Old Buyer',
  phone: '+8801712345678',
  address: 'House 1, Road 2, Dhaka',
  transaction_id: null,
  payment_intent_id: null,
  paid_at: null,
  ...b,
})

/**
 * Inserted in another order than they were placed in (rowid order ≠ creation order), so the
 * order numbers must come from created_at. Two were placed in the same millisecond (then by id).
 */
const OLD_ORDERS: OldOrder[] = [
  order({
    id: 'b-unpaid',
    status: 'unpaid',
    created_at: minutes(30),
    updated_at: minutes(30),
    customer_name: 'Old Buyer',
    phone: '01812 345 678',
    address: 'Plot 4, Agrabad, Chattogram',
  }),
  order({
    id: 'b-paid-1',
    status: 'paid',
    created_at: minutes(0),
    updated_at: minutes(5),
    paid_at: minutes(4),
    transaction_id: 'pi_old_1',
    payment_intent_id: 'pi_old_1',
  }),
  order({
    id: 'b-cancelled',
    status: 'cancelled',
    created_at: minutes(10),
    updated_at: minutes(125),
    service_id: 'old-saw',
    service: 'Old Saw',
    unit_price_paisa: 99_950,
    quantity: 3,
    price_paisa: 299_850,
    payment_intent_id: 'pi_sim_cancelled',
  }),
  order({
    id: 'b-paid-3',
    status: 'paid',
    created_at: minutes(20),
    updated_at: minutes(22),
    paid_at: minutes(21),
    transaction_id: 'pi_old_3',
    payment_intent_id: 'pi_old_3',
    quantity: 10,
    price_paisa: 2_500_000,
  }),
  order({
    id: 'b-paid-2',
    status: 'paid',
    created_at: minutes(20),
    updated_at: minutes(26),
    paid_at: minutes(25),
    transaction_id: 'pi_old_2',
    payment_intent_id: 'pi_old_2',
    customer: 'second-buyer@example.com',
    customer_name: 'Second Buyer',
  }),
  // Paid the next day (UTC): its revenue belongs to that day.
  order({
    id: 'b-paid-late',
    status: 'paid',
    created_at: minutes(40),
    updated_at: minutes(24 * 60 + 5),
    paid_at: minutes(24 * 60),
    transaction_id: 'pi_old_4',
    payment_intent_id: 'pi_old_4',
    quantity: 3,
    price_paisa: 750_000,
  }),
]
/** Creation order (created_at, then id), as the order numbers must follow. */
const PLACED = ['b-paid-1', 'b-cancelled', 'b-paid-2', 'b-paid-3', 'b-unpaid', 'b-paid-late']

const OUTBOX = {
  id: 'mail-old',
  to: 'inbox@localhost',
  reply_to: 'someone@example.com',
  subject: 'Contact: a quote',
  body: 'Hello',
  created_at: minutes(50),
}
const INTENT = {
  id: 'pi_sim_cancelled',
  booking_id: 'b-cancelled',
  amount_paisa: 299_850,
  currency: 'bdt',
  status: 'canceled',
  client_secret: 'pi_sim_cancelled_secret_x',
  last_error: null,
  created_at: minutes(11),
  updated_at: minutes(125),
}
const REVIEW = {
  id: 'r-old',
  name: 'Old Buyer',
  description: 'Sturdy drill.',
  img: 'https://example.com/r.png',
  rating: 5,
  user_email: 'old-buyer@example.com',
  created_at: minutes(60),
}
const MESSAGE = {
  id: 'm-old',
  name: 'Rahim',
  email: 'rahim@example.com',
  subject: '',
  message: 'Do you ship to Sylhet?',
  client_key: 'k',
  email_status: 'sent',
  email_error: null,
  created_at: minutes(70),
}

function insert(table: string, row: Record<string, unknown>) {
  const columns = Object.keys(row)
  return db
    .prepare(
      `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    )
    .bind(...Object.values(row))
}

const rowOf = <T>(table: string, id: string) => db.prepare(`select * from ${table} where id = ?`).bind(id).first<T>()

/** Calling the app on the migrated database (its own DB binding) as an admin or a customer of the old data. */
const onOldData = async (email: string): Promise<CallOptions> => ({
  as: await accessTokenFor(email, { sessionVersion: 1 }),
  env: { DB: db },
})

beforeAll(async () => {
  expect(before.map((m) => m.name)).toEqual(['0000_init.sql', '0001_bookings_customer_order.sql'])
  await applyD1Migrations(db, before)
  await db.batch([
    ...TOOLS.map((t) => insert('tools', t)),
    ...USERS.map((u) => insert('users', u)),
    ...OLD_ORDERS.map((b) => insert('bookings', b)),
    insert('email_outbox', OUTBOX),
    insert('payment_intents', INTENT),
    insert('reviews', REVIEW),
    insert('contact_messages', MESSAGE),
  ])
  // The rest, as `wrangler d1 migrations apply` would on deploy.
  await applyD1Migrations(db, after)
})

describe('migrations on a database with orders in it', () => {
  it('applies every migration', async () => {
    const applied = await db.prepare('select name from d1_migrations order by id').all<{ name: string }>()
    expect(applied.results.map((r) => r.name)).toEqual(env.TEST_MIGRATIONS.map((m) => m.name))
  })

  it('keeps every order with all its values; the new columns start empty', async () => {
    expect((await db.prepare('select count(*) as n from bookings').first<{ n: number }>())!.n).toBe(OLD_ORDERS.length)
    for (const old of OLD_ORDERS) {
      const row = await rowOf<Record<string, unknown>>('bookings', old.id)
      expect(row, old.id).toMatchObject(old)
      expect(row, old.id).toMatchObject({
        refund_id: null,
        carrier: null,
        tracking_number: null,
        shipped_at: null,
        delivered_at: null,
        refunded_at: null,
      })
    }
  })

  it('numbers the old orders 10001… in the order they were placed', async () => {
    const numbered = await db
      .prepare('select id, order_no from bookings order by order_no')
      .all<{ id: string; order_no: number }>()
    expect(numbered.results).toEqual(PLACED.map((id, i) => ({ id, order_no: 10_001 + i })))
  })

  it('builds each old order’s history from its timestamps', async () => {
    const events = await db
      .prepare('select booking_id, status, actor, at from order_events order by booking_id, at, status desc')
      .all<{ booking_id: string; status: string; actor: string; at: number }>()
    const expected = OLD_ORDERS.flatMap((b) => [
      { booking_id: b.id, status: 'unpaid', actor: 'customer', at: b.created_at },
      ...(b.status === 'paid' ? [{ booking_id: b.id, status: 'paid', actor: 'payment', at: b.paid_at! }] : []),
      ...(b.status === 'cancelled'
        ? [{ booking_id: b.id, status: 'cancelled', actor: 'system', at: b.updated_at }]
        : []),
    ]).sort((a, b) => a.booking_id.localeCompare(b.booking_id) || a.at - b.at)
    expect(events.results).toEqual(expected)
  })

  it('keeps the tools, users, reviews, messages, payment intents and outbox', async () => {
    for (const tool of TOOLS) expect(await rowOf('tools', tool.id)).toMatchObject(tool)
    for (const user of USERS) {
      // 0004: every old account starts at session version 1, not removed, identity not yet verified.
      expect(await rowOf('users', user.id)).toMatchObject({
        ...user,
        session_version: 1,
        removed_at: null,
        removed_by: null,
        identity_verified: 0,
      })
    }
    expect(await rowOf('reviews', REVIEW.id)).toMatchObject(REVIEW)
    expect(await rowOf('contact_messages', MESSAGE.id)).toMatchObject(MESSAGE)
    expect(await rowOf('payment_intents', INTENT.id)).toMatchObject({ ...INTENT, refund_id: null })
    // The local outbox held e-mails as sent: they stay sent, sent when they were written, never queued again.
    expect(await rowOf('email_outbox', OUTBOX.id)).toMatchObject({
      ...OUTBOX,
      html: null,
      status: 'sent',
      sent_at: OUTBOX.created_at,
      attempts: 0,
      next_attempt_at: null,
      dedupe_key: null,
    })
  })

  it('makes every old tool’s photo its gallery of one (0013), which the API shows', async () => {
    for (const tool of TOOLS) {
      const row = await rowOf<{ img: string; images: string }>('tools', tool.id)
      expect(row).toMatchObject({ img: tool.img, images: JSON.stringify([tool.img]) })
      const res = await call('GET', `/api/service/${tool.id}`, { env: { DB: db } })
      expect(await json(res)).toMatchObject({ img: tool.img, images: [tool.img] })
    }
  })

  it('counts the old orders per status and sums their revenue per UTC day (0005); the summary reads them', async () => {
    const counts = await db
      .prepare('select status, n from order_counts order by status')
      .all<{ status: string; n: number }>()
    expect(counts.results).toEqual([
      { status: 'cancelled', n: 1 },
      { status: 'paid', n: 4 },
      { status: 'unpaid', n: 1 },
    ])
    const DAY = 86_400_000
    const days = await db.prepare('select day, paid_paisa, refunded_paisa from revenue_days order by day').all()
    expect(days.results).toEqual([
      { day: Math.floor(T0 / DAY), paid_paisa: 500_000 + 2_500_000 + 500_000, refunded_paisa: 0 },
      { day: Math.floor(T0 / DAY) + 1, paid_paisa: 750_000, refunded_paisa: 0 },
    ])
    const summary = await orderSummary(getDb({ ...env, DB: db }), minutes(24 * 60 + 60), PERMISSIONS)
    expect(summary.orders).toEqual({
      unpaid: 1,
      paid: 4,
      processing: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 1,
      refunded: 0,
    })
    expect(summary.revenue).toEqual({ today: 7_500, last7Days: 42_500, last30Days: 42_500 })
    const desk = await json<{ orders: Record<string, number> }>(
      await call('GET', '/api/admin/summary', await onOldData('admin@example.com')),
    )
    expect(desk.orders).toEqual(summary.orders)
  })

  it('turns every old order into an order of one line (0006): its tool, prices, 15% VAT included, no delivery fee', async () => {
    for (const old of OLD_ORDERS) {
      const lines = await db.prepare('select * from order_lines where order_id = ?').bind(old.id).all()
      const vat = Math.round((old.price_paisa * 15) / 115)
      expect(lines.results, old.id).toEqual([
        {
          order_id: old.id,
          position: 0,
          tool_id: old.service_id,
          name: old.service,
          img: TOOLS.find((t) => t.id === old.service_id)!.img,
          quantity: old.quantity,
          unit_price_paisa: old.unit_price_paisa,
          price_paisa: old.price_paisa,
          vat_rate_bp: 1500,
          vat_paisa: vat,
          weight_hundredths: 100,
        },
      ])
      expect(await rowOf('bookings', old.id), old.id).toMatchObject({
        total_paisa: old.price_paisa,
        delivery_fee_paisa: 0,
        vat_paisa: vat,
        line_count: 1,
        tool_names: old.service,
        payment_method: 'card',
        delivery_method: 'courier',
        invoice_number: null,
      })
    }
    // 299,850 paisa holds 39,110.87 paisa of VAT: rounded to 39,111.
    const saw = await rowOf<{ vat_paisa: number }>('bookings', 'b-cancelled')
    expect(saw?.vat_paisa).toBe(39_111)
    for (const tool of TOOLS)
      expect(await rowOf('tools', tool.id)).toMatchObject({ weight_hundredths: 100, vat_rate_bp: 1500 })
  })

  it('serves the old orders through the API: order numbers, history, the desk’s search; a new order numbers on', async () => {
    const desk = await call('GET', '/api/booking?limit=100', await onOldData('admin@example.com'))
    expect(desk.status).toBe(200)
    const orders = await json<Booking[]>(desk)
    expect(orders.map((o) => [o._id, o.orderNumber])).toEqual(
      [...PLACED].reverse().map((id) => [id, `TH-${10_001 + PLACED.indexOf(id)}`]),
    )
    const paid = orders.find((o) => o._id === 'b-paid-1')!
    expect(paid).toMatchObject({
      status: 'paid',
      paid: true,
      transactionId: 'pi_old_1',
      price: 5000,
      unitPrice: 2500,
      carrier: null,
      trackingNumber: null,
      shippedAt: null,
    })
    expect(paid).toMatchObject({
      lines: [
        {
          serviceId: 'old-drill',
          service: 'Old Drill',
          quantity: 2,
          unitPrice: 2500,
          price: 5000,
          vatRate: 15,
          vat: 652.17,
        },
      ],
      deliveryFee: 0,
      total: 5000,
      vat: 652.17,
      delivery: {
        method: 'courier',
        zone: null,
        address: { name: 'Old Buyer', phone: '+8801712345678', line1: 'House 1, Road 2, Dhaka', district: null },
      },
      paymentMethod: 'card',
      company: null,
      invoiceNumber: null,
    })
    expect(paid.history).toEqual([
      { status: 'unpaid', at: new Date(minutes(0)).toISOString(), by: 'customer' },
      { status: 'paid', at: new Date(minutes(4)).toISOString(), by: 'payment' },
    ])
    // The FTS index was rebuilt over the copied table.
    const found = await json<Booking[]>(
      await call('GET', '/api/booking?q=second%20buyer', await onOldData('admin@example.com')),
    )
    expect(found.map((o) => o._id)).toEqual(['b-paid-2'])
    expect(
      (await json<Booking[]>(await call('GET', '/api/booking?q=TH-10005', await onOldData('admin@example.com')))).map(
        (o) => o._id,
      ),
    ).toEqual(['b-unpaid'])

    // Since the deploy the buyer signed in again with a verified address (ordering needs one).
    await db.prepare("update users set identity_verified = 1 where email = 'old-buyer@example.com'").run()
    const placed = await call('POST', '/api/booking', {
      ...(await onOldData('old-buyer@example.com')),
      body: {
        serviceId: 'old-drill',
        quantity: 2,
        phone: '01712345678',
        address: 'House 1, Road 2, Dhaka',
        customer: 'old-buyer@example.com',
      },
    })
    expect(placed.status).toBe(201)
    const { insertedId } = await json<{ insertedId: string }>(placed)
    const fresh = await json<Booking>(
      await call('GET', `/api/booking/${insertedId}`, await onOldData('old-buyer@example.com')),
    )
    expect(fresh.orderNumber).toBe(`TH-${10_001 + PLACED.length}`)
    // The migrated table keeps counting: the new order is one more unpaid, and the old unpaid one
    // whose hold had run out was released as the new one took the tool's stock.
    expect(await db.prepare("select n from order_counts where status = 'unpaid'").first('n')).toBe(
      await db.prepare("select count(*) as n from bookings where status = 'unpaid'").first('n'),
    )
    expect(await db.prepare('select status from bookings where id = ?').bind(insertedId).first('status')).toBe('unpaid')
  })
})
