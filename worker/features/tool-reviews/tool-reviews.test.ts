import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Inserted } from '#schemas/ack.ts'
import type { Tool } from '#schemas/tool.ts'
import { type ToolReview, type ToolReviewAdminRow, toolRating } from '#schemas/tool-review.ts'
import { call, errorOf, forgetPublicAnswers, json, seedDemo } from '#worker/test/helpers.ts'
import {
  auditOf,
  mailsAbout,
  makeTool,
  paidOrder,
  placeOrder,
  readOrder,
  type ToolFixture,
} from '#worker/test/order-fixtures.ts'
import { signIn } from '#worker/test/tokens.ts'
import { reviewerName } from './tool-reviews.service'

let admin: string
let tool: ToolFixture

beforeAll(async () => {
  admin = await signIn('admin@example.com')
  tool = await makeTool({ name: 'Review Drill', quantity: 100_000, min: 1, pricePaisa: 1000 })
})

/** Moves an order to delivered the way the order desk does (paid → delivered, by an admin). */
async function deliver(orderId: string) {
  const res = await call('POST', `/api/booking/${orderId}/status`, { as: admin, body: { status: 'delivered' } })
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
}

/** A verified customer whose paid order of `of` was delivered; answers their access token. */
async function deliveredBuyer(email: string, of: ToolFixture = tool, name?: string): Promise<string> {
  const token = await signIn(email, name ? { name } : {})
  if (name) await call('PUT', `/api/user/${email}`, { as: token, body: { name } })
  await deliver(await paidOrder(token, of, email, { quantity: 1 }))
  return token
}

const review = { rating: 5, title: 'Drills all day', body: 'Went through 200 holes in brick without a stall.' }
const post = (token: string | undefined, body: unknown, toolId = tool.id) =>
  call('POST', `/api/service/${toolId}/reviews`, { as: token, body })
const reviewsOf = async (toolId = tool.id, query = '') => {
  const res = await call('GET', `/api/service/${toolId}/reviews${query}`)
  expect(res.status).toBe(200)
  return { items: await json<ToolReview[]>(res), total: Number(res.headers.get('X-Total-Count')) }
}
const ratingOf = async (toolId = tool.id) => (await json<Tool>(await call('GET', `/api/service/${toolId}`))).rating

describe('who may review a tool', () => {
  it('needs a signed-in user: anonymous is a 401', async () => {
    expect((await post(undefined, review)).status).toBe(401)
  })

  it('refuses a customer who never ordered the tool: 403 NOT_A_BUYER', async () => {
    const res = await post(await signIn('never-bought@example.com'), review)
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('NOT_A_BUYER')
  })

  it('refuses a customer whose order of the tool is placed or paid but not delivered', async () => {
    const email = 'not-yet-delivered@example.com'
    const token = await signIn(email)
    await placeOrder(token, tool, email, { quantity: 1 })
    const unpaid = await post(token, review)
    expect(unpaid.status).toBe(403)
    expect((await errorOf(unpaid)).code).toBe('NOT_A_BUYER')
    await paidOrder(token, tool, email, { quantity: 1 })
    const paid = await post(token, review)
    expect(paid.status).toBe(403)
    expect((await errorOf(paid)).code).toBe('NOT_A_BUYER')
  })

  it('refuses a buyer of another tool', async () => {
    const other = await makeTool({ name: 'Other Tool', quantity: 1000, min: 1 })
    const token = await deliveredBuyer('bought-another@example.com', other)
    const res = await post(token, review)
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('NOT_A_BUYER')
  })

  it('refuses an account whose e-mail is not verified, even with a delivered order: 403 EMAIL_NOT_VERIFIED', async () => {
    const email = 'unverified-buyer@example.com'
    const token = await signIn(email, { emailVerified: false })
    // A delivered order straight in D1 (an unverified account cannot order through the API).
    await env.DB.batch([
      env.DB.prepare(
        `insert into bookings (id, service_id, service, unit_price_paisa, quantity, price_paisa, customer, customer_name, phone, address, status)
         values ('unverified-order', ?, 'Review Drill', 1000, 1, 1000, ?, 'Un Verified', '01712345678', 'Dhaka', 'delivered')`,
      ).bind(tool.id, email),
      env.DB.prepare(
        `insert into order_lines (order_id, position, tool_id, name, img, quantity, unit_price_paisa, price_paisa, vat_rate_bp, vat_paisa, weight_hundredths)
         values ('unverified-order', 0, ?, 'Review Drill', '/api/images/test.png', 1, 1000, 1000, 1500, 130, 0)`,
      ).bind(tool.id),
    ])
    const res = await post(token, review)
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('EMAIL_NOT_VERIFIED')
  })

  it('answers 404 for a tool that does not exist', async () => {
    const token = await deliveredBuyer('buyer-of-nothing@example.com')
    const res = await post(token, review, 'no-such-tool')
    expect(res.status).toBe(404)
    expect((await call('GET', '/api/service/no-such-tool/reviews')).status).toBe(404)
  })
})

describe('a buyer reviews a delivered tool', () => {
  it('is stored once, shown newest first as a verified buyer, and counted in the tool rating', async () => {
    const own = await makeTool({ name: 'Once Only', quantity: 1000, min: 1 })
    expect(await ratingOf(own.id)).toEqual({ average: null, count: 0 })
    const token = await deliveredBuyer('farhana@example.com', own, 'Farhana Akter Chowdhury')
    const res = await post(token, { ...review, title: '  Drills all day  ' }, own.id)
    expect(res.status).toBe(201)
    const { insertedId } = await json<Inserted>(res)

    const { items, total } = await reviewsOf(own.id)
    expect(total).toBe(1)
    expect(items).toEqual([
      {
        _id: insertedId,
        rating: 5,
        title: 'Drills all day',
        body: review.body,
        name: 'Farhana C.',
        verified: true,
        createdAt: expect.any(Number),
      },
    ])
    // The reviewer's e-mail is never public.
    expect(JSON.stringify(items)).not.toContain('farhana@example.com')
    expect(await ratingOf(own.id)).toEqual({ average: 5, count: 1 })
    const listed = (await json<Tool[]>(await call('GET', '/api/service?q=once+only'))).find((t) => t._id === own.id)
    expect(listed?.rating).toEqual({ average: 5, count: 1 })

    // One review per customer and tool, however many orders they have.
    await deliver(await paidOrder(token, own, 'farhana@example.com', { quantity: 1 }))
    const again = await post(token, { rating: 1, body: 'Changed my mind.' }, own.id)
    expect(again.status).toBe(409)
    expect((await errorOf(again)).code).toBe('ALREADY_REVIEWED')
    expect(await ratingOf(own.id)).toEqual({ average: 5, count: 1 })

    // The caller's own reviews, for their order page.
    const mine = await json<{ toolId: string; _id: string; rating: number }[]>(
      await call('GET', '/api/tool-reviews/mine', { as: token }),
    )
    expect(mine).toEqual([{ toolId: own.id, _id: insertedId, rating: 5 }])
  })

  it('keeps text as text and a title of only spaces as no title', async () => {
    const own = await makeTool({ name: 'Text Tool', quantity: 1000, min: 1 })
    const token = await deliveredBuyer('text-buyer@example.com', own)
    const body = '<script>alert("x")</script> & "quotes"'
    expect((await post(token, { rating: '4', title: ' \u200b ', body }, own.id)).status).toBe(201)
    const [stored] = (await reviewsOf(own.id)).items
    expect(stored).toMatchObject({ rating: 4, title: null, body })
  })

  const bad: [string, unknown, string][] = [
    ['rating 0', { rating: 0, body: 'x' }, 'rating'],
    ['rating 6', { rating: 6, body: 'x' }, 'rating'],
    ['rating 2.5', { rating: 2.5, body: 'x' }, 'rating'],
    ['rating "five"', { rating: 'five', body: 'x' }, 'rating'],
    ['no rating', { body: 'x' }, 'rating'],
    ['no body', { rating: 4 }, 'body'],
    ['a body of spaces and invisible characters', { rating: 4, body: ' \u200b\u00ad ' }, 'body'],
    ['a body over 2,000 characters', { rating: 4, body: 'x'.repeat(2001) }, 'body'],
    ['a title over 120 characters', { rating: 4, title: 't'.repeat(121), body: 'x' }, 'title'],
    ['a title that is not text', { rating: 4, title: 12, body: 'x' }, 'title'],
  ]
  for (const [what, body, field] of bad)
    it(`refuses ${what} with a 400 naming ${field}`, async () => {
      const token = await deliveredBuyer(`bad-${what.replace(/\W+/g, '-')}@example.com`)
      const res = await post(token, body)
      expect(res.status).toBe(400)
      const error = await errorOf(res)
      expect(error.code).toBe('VALIDATION_FAILED')
      expect(Object.keys(error.fields ?? {})).toContain(field)
    })
})

describe('the rating', () => {
  it('is the average to one decimal, rounded half up', () => {
    expect(toolRating(0, 0)).toEqual({ average: null, count: 0 })
    expect(toolRating(3, 13)).toEqual({ average: 4.3, count: 3 })
    expect(toolRating(20, 89)).toEqual({ average: 4.5, count: 20 })
    expect(toolRating(3, 11)).toEqual({ average: 3.7, count: 3 })
    expect(toolRating(2, 9)).toEqual({ average: 4.5, count: 2 })
  })

  it('follows reviews added and deleted; the admin delete is audited', async () => {
    const own = await makeTool({ name: 'Averaged', quantity: 1000, min: 1 })
    const ids: string[] = []
    for (const [i, rating] of [5, 4, 4].entries()) {
      const token = await deliveredBuyer(`avg-${i}@example.com`, own)
      const res = await post(token, { rating, body: `Rated ${rating}.` }, own.id)
      ids.push((await json<Inserted>(res)).insertedId)
    }
    expect(await ratingOf(own.id)).toEqual({ average: 4.3, count: 3 })
    // Newest first, paged.
    const page = await reviewsOf(own.id, '?limit=2')
    expect(page.total).toBe(3)
    expect(page.items.map((r) => r._id)).toEqual([ids[2], ids[1]])
    expect((await reviewsOf(own.id, '?limit=2&offset=2')).items.map((r) => r._id)).toEqual([ids[0]])

    const other = await signIn('not-an-admin@example.com')
    expect((await call('DELETE', `/api/service/${own.id}/reviews/${ids[0]}`, { as: other })).status).toBe(403)
    // A review of another tool is not this tool's.
    expect((await call('DELETE', `/api/service/${tool.id}/reviews/${ids[0]}`, { as: admin })).status).toBe(404)
    const deleted = await call('DELETE', `/api/service/${own.id}/reviews/${ids[0]}`, { as: admin })
    expect(deleted.status).toBe(200)
    expect(await json(deleted)).toEqual({ acknowledged: true, deletedCount: 1 })
    expect(await ratingOf(own.id)).toEqual({ average: 4, count: 2 })
    expect((await reviewsOf(own.id)).total).toBe(2)
    const [entry] = await auditOf(ids[0]!, admin)
    expect(entry).toMatchObject({
      actor: 'admin@example.com',
      action: 'tool-review.delete',
      detail: expect.stringContaining('avg-0@example.com'),
    })
    expect((await call('DELETE', `/api/service/${own.id}/reviews/${ids[0]}`, { as: admin })).status).toBe(404)

    for (const id of ids.slice(1))
      expect((await call('DELETE', `/api/service/${own.id}/reviews/${id}`, { as: admin })).status).toBe(200)
    expect(await ratingOf(own.id)).toEqual({ average: null, count: 0 })
  })

  it('lists every tool review for admins, with the tool and the reviewer', async () => {
    const own = await makeTool({ name: 'Listed For Admins', quantity: 1000, min: 1 })
    const token = await deliveredBuyer('admin-listed@example.com', own)
    expect((await post(token, { rating: 2, body: 'Meh.' }, own.id)).status).toBe(201)
    const res = await call('GET', '/api/tool-reviews?limit=100', { as: admin })
    expect(res.status).toBe(200)
    const rows = await json<ToolReviewAdminRow[]>(res)
    expect(rows[0]).toMatchObject({
      toolId: own.id,
      toolName: 'Listed For Admins',
      customer: 'admin-listed@example.com',
      rating: 2,
      // The profile has no name: the delivered order's ('Test Customer').
      name: 'Test C.',
      verified: true,
    })
    expect(Number(res.headers.get('X-Total-Count'))).toBe(rows.length)
  })
})

describe('the edge cache', () => {
  it('drops the tool, its page data and its reviews when a review is written or deleted', async () => {
    const own = await makeTool({ name: 'Cached Tool', quantity: 1000, min: 1 })
    const token = await deliveredBuyer('cache-buyer@example.com', own)
    // Read (and so kept) before the review…
    expect(await ratingOf(own.id)).toEqual({ average: null, count: 0 })
    expect((await reviewsOf(own.id)).total).toBe(0)
    const kept = await call('GET', `/service/${own.id}`)
    expect(await kept.text()).not.toContain('Verified buyer')
    const res = await post(token, { rating: 3, body: 'Fine.' }, own.id)
    const { insertedId } = await json<Inserted>(res)
    // …and seen by the very next request, without anyone dropping them by hand.
    expect(await ratingOf(own.id)).toEqual({ average: 3, count: 1 })
    expect((await reviewsOf(own.id)).total).toBe(1)
    expect(await (await call('GET', `/service/${own.id}`)).text()).toContain('Verified buyer')
    await call('DELETE', `/api/service/${own.id}/reviews/${insertedId}`, { as: admin })
    expect(await ratingOf(own.id)).toEqual({ average: null, count: 0 })
    expect((await reviewsOf(own.id)).total).toBe(0)
  })
})

describe('the name a review shows', () => {
  it('is never an e-mail address or its local part: "Customer" then', () => {
    expect(reviewerName('farhana.akter@example.com', 'farhana.akter@example.com')).toBe('Customer')
    expect(reviewerName('FARHANA.AKTER@EXAMPLE.COM')).toBe('Customer')
    expect(reviewerName('farhana.akter', 'farhana.akter@example.com')).toBe('Customer')
    expect(reviewerName(' Farhana.Akter ', 'farhana.akter@example.com')).toBe('Customer')
    const long = `${'x'.repeat(45)}@example.com`
    expect(reviewerName(long.slice(0, 40), long)).toBe('Customer')
    // An e-mail among the words is left out; the profile's name first, then the order's.
    expect(reviewerName('Farhana farhana@example.com Akter')).toBe('Farhana A.')
    expect(reviewerName(['', 'buyer@example.com', 'Kamal Hossain'], 'buyer@example.com')).toBe('Kamal H.')
    expect(reviewerName(['buyer@example.com', 'buyer'], 'buyer@example.com')).toBe('Customer')
    // A name is not an e-mail's local part just for starting like it.
    expect(reviewerName('Farhana', 'farhana.akter@example.com')).toBe('Farhana')
  })

  it('publishes no e-mail for a buyer whose order took the e-mail as its name: list, page, JSON-LD', async () => {
    const email = 'nameless.buyer@example.com'
    const own = await makeTool({ name: 'Nameless Review Saw', quantity: 1000, min: 1 })
    const token = await signIn(email)
    const order = await paidOrder(token, own, email, { quantity: 1 })
    // The checkout's fallback for an address without a name (checkout.service.ts).
    await env.DB.prepare('update bookings set customer_name = ? where id = ?').bind(email, order).run()
    await deliver(order)
    const profile = await json<{ name: string }>(await call('GET', `/api/user/${email}`, { as: token }))
    expect(profile.name).toBe('')
    expect((await post(token, review, own.id)).status).toBe(201)

    const { items } = await reviewsOf(own.id)
    expect(items.map((r) => r.name)).toEqual(['Customer'])
    const admins = await json<ToolReviewAdminRow[]>(await call('GET', '/api/tool-reviews', { as: admin }))
    expect(admins.find((r) => r.toolId === own.id)?.name).toBe('Customer')
    const html = await (await call('GET', `/service/${own.id}`)).text()
    expect(html).toContain(review.title)
    expect(html).not.toContain('nameless.buyer')
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    )
    const product = ld.find((d) => d['@type'] === 'Product')
    expect(product.review[0].author).toEqual({ '@type': 'Person', name: 'Customer' })
  })

  it('hides an e-mail a review was stored with before (written by older code), as it reads it', async () => {
    const email = 'stored.before@example.com'
    const own = await makeTool({ name: 'Stored Name Saw', quantity: 1000, min: 1 })
    const token = await deliveredBuyer(email, own, 'Stored Before')
    expect((await post(token, review, own.id)).status).toBe(201)
    await env.DB.prepare('update tool_reviews set name = ? where customer = ?').bind(email, email).run()
    await forgetPublicAnswers()
    expect((await reviewsOf(own.id)).items.map((r) => r.name)).toEqual(['Customer'])
    expect(await (await call('GET', `/service/${own.id}`)).text()).not.toContain('stored.before')
  })

  it('is the first name and the initial of the last', () => {
    expect(reviewerName('Farhana Akter')).toBe('Farhana A.')
    expect(reviewerName('  rahim  ')).toBe('rahim')
    expect(reviewerName('')).toBe('Customer')
    expect(reviewerName('মোঃ রহিম উদ্দিন')).toBe('মোঃ উ.')
  })
})

describe('the "delivered" e-mail', () => {
  it('invites the buyer to review the tools, with a link to the order page', async () => {
    const email = 'mail-buyer@example.com'
    const token = await signIn(email)
    const id = await paidOrder(token, tool, email, { quantity: 1 })
    await deliver(id)
    const { orderNumber } = await readOrder(id, token)
    const [mail] = await mailsAbout(email, orderNumber, 'delivered')
    expect(mail!.body).toContain('Review them from your order page')
    expect(mail!.body).toContain(`Review your tools: http://shop.test/dashboard/order/${id}`)
    expect(mail!.html).toContain(`<a href="http://shop.test/dashboard/order/${id}">Review your tools</a>`)
  })
})

describe('the demo data', () => {
  it('has verified-buyer reviews with the delivered orders behind them, seeded once however often it runs', async () => {
    await seedDemo()
    await seedDemo()
    const { items, total } = await reviewsOf('electric-saw')
    expect(total).toBe(2)
    expect(items.map((r) => [r.name, r.rating, r.verified])).toEqual([
      ['Kamal H.', 4, true],
      ['Nusrat J.', 5, true],
    ])
    expect(await ratingOf('electric-saw')).toEqual({ average: 4.5, count: 2 })
    const orders = await env.DB.prepare(
      `select b.status, l.tool_id from tool_reviews r join bookings b on b.id = r.order_id
       join order_lines l on l.order_id = b.id where r.tool_id = 'electric-saw'`,
    ).all<{ status: string; tool_id: string }>()
    expect(orders.results).toEqual([
      { status: 'delivered', tool_id: 'electric-saw' },
      { status: 'delivered', tool_id: 'electric-saw' },
    ])
  })
})
