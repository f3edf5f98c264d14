import type { OutboxMail } from '../worker/schemas/mail'
import type { Booking } from '../worker/schemas/order'
import type { Quote } from '../worker/schemas/quote'
import { verifiedCustomer } from './auth'
import { addTool, expect, expectNoAxeViolations, sidewaysOverflow, test } from './fixtures'
import { cheapTool, expectPaisa } from './shop'

// Signing up, asking for a quote, the shop's offer, accepting and paying on a busy machine.
test.describe.configure({ timeout: 150_000 })

test('a buyer asks for a quote from the cart, the shop offers, the buyer accepts and pays by card', {
  tag: '@phone',
}, async ({ page, request, api, asAdmin }) => {
  const tool = await cheapTool(request, { minPrice: 2 })
  const account = await verifiedCustomer(page, 'Rahim Traders', 'quotes')
  const put = await api.put(`/cart/${tool._id}`, { data: { quantity: tool.Minimum_quantity } })
  expect(put.status(), await put.text()).toBe(200)

  // The cart: Request a quote, with a message.
  await page.goto('/cart')
  await page.getByRole('button', { name: 'Request a quote' }).click()
  const dialog = page.getByRole('dialog', { name: 'Request a quote' })
  await dialog.getByLabel('Message for the shop (optional)').fill('We restock every month: your best price, please.')
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Send request' }).click()
  await expect(page).toHaveURL(/\/dashboard\/quotes$/)
  const [asked] = (await (await api.get(`/quotes?customer=${encodeURIComponent(account.email)}`)).json()) as Quote[]
  expect(asked).toBeTruthy()
  const card = page.getByTestId('quote').filter({ hasText: asked!.quoteNumber })
  await expect(card.getByTestId('quote-status')).toHaveText('Waiting for an offer')
  await expect(card).toContainText(tool.name)
  await expect(card).toContainText('We restock every month')
  expect(await sidewaysOverflow(page)).toBe(0)
  await expectNoAxeViolations(page)

  // The shop's desk: find it, offer 1 BDT off the list price, courier 150 BDT.
  const desk = asAdmin.page
  await desk.goto(`/dashboard/quote-desk?q=${encodeURIComponent(asked!.quoteNumber)}`)
  await expect(desk.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible()
  const row = desk.getByTestId('desk-quote').filter({ hasText: asked!.quoteNumber })
  await row.locator('summary').click()
  await expect(row).toContainText('We restock every month')
  expect(await sidewaysOverflow(desk)).toBe(0)
  await expectNoAxeViolations(desk)
  await row.getByRole('button', { name: 'Make an offer' }).click()
  const offer = desk.getByRole('dialog', { name: /Make an offer/ })
  const unitPrice = offer.getByLabel('Unit price (BDT)')
  await expect(unitPrice).toHaveValue(String(tool.price))
  const offered = Math.round((tool.price - 1) * 100)
  await unitPrice.fill(String(offered / 100))
  await offer.getByLabel('Courier delivery, anywhere (BDT)').fill('150')
  await offer.getByLabel('Message to the customer (optional)').fill('Our monthly-restock price.')
  // The days are Dhaka's: the first day offered is today in Dhaka, whatever the hour in GMT.
  const dhakaDay = (ms: number) => new Date(ms + 6 * 3_600_000).toISOString().slice(0, 10)
  const validUntil = offer.getByLabel('Valid until')
  await expect(validUntil).toHaveAttribute('min', dhakaDay(Date.now()))
  const lastDay = dhakaDay(Date.now() + 20 * 86_400_000)
  await validUntil.fill(lastDay)
  await expectNoAxeViolations(desk)
  await offer.getByRole('button', { name: 'Send offer' }).click()
  await expect(offer).toBeHidden()
  await expect(row.getByTestId('quote-status')).toHaveText('Offer ready')
  // Revising it starts from the offer as it stands, its last day included.
  await row.getByRole('button', { name: 'Revise offer' }).click()
  const revise = desk.getByRole('dialog', { name: /Revise the offer/ })
  await expect(revise.getByLabel('Valid until')).toHaveValue(lastDay)
  await expect(revise.getByLabel('Unit price (BDT)')).toHaveValue(String(offered / 100))
  await revise.getByRole('button', { name: 'Cancel' }).click()
  await expect(revise).toBeHidden()

  // The buyer sees the offer and accepts it through the checkout's form.
  const goods = offered * tool.Minimum_quantity
  await page.reload()
  await expect(card.getByTestId('quote-status')).toHaveText('Offer ready')
  await expectPaisa(card.getByTestId('quote-total'), goods + 15_000)
  await expect(card).toContainText('Our monthly-restock price.')
  await card.getByRole('link', { name: 'Accept offer' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Accept quote ${asked!.quoteNumber}` })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Your order' })
  await expectPaisa(summary.getByTestId('goods'), goods)
  await expectPaisa(summary.getByTestId('delivery-fee'), 15_000)
  await page.getByLabel('Phone').fill('01712 345678')
  await page.getByLabel('Address', { exact: true }).fill('House 7, Road 3, Dhanmondi')
  await page.getByLabel('District', { exact: true }).selectOption('Sylhet')
  await expectPaisa(summary.getByTestId('total'), goods + 15_000)
  expect(await sidewaysOverflow(page)).toBe(0)
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Accept and place order' }).click()

  // Paid by card (simulated without Stripe keys).
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/)
  const id = page.url().split('/').pop()!
  await expectPaisa(page.getByTestId('amount'), goods + 15_000)
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry date').fill('12 / 34')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByText('Congrats ! Your payment is completed')).toBeVisible()
  const order = (await (await api.get(`/booking/${id}`)).json()) as Booking
  expect(order).toMatchObject({ status: 'paid', quoteId: asked!._id, total: (goods + 15_000) / 100 })
  const after = (await (await api.get(`/quotes/${asked!._id}`)).json()) as Quote
  expect(after).toMatchObject({ status: 'accepted', orderId: id })
})

test('accepting an offer: cash on delivery only within its limit, and a stock shortfall asks for a new offer', async ({
  page,
  api,
  asAdmin,
  expectConsoleError,
}) => {
  // A tool of the test's own, whose stock the shop then cuts below the offer.
  const toolId = await addTool(asAdmin.api, {
    name: `Offer Clamp ${Date.now().toString(36)}`,
    description: 'A bar clamp for offers.',
    price: 100,
    quantity: 50,
    Minimum_quantity: 10,
  })
  await verifiedCustomer(page, 'Karim Hardware', 'offers')
  const asked = await api.post('/quotes', { data: { lines: [{ serviceId: toolId, quantity: 20 }] } })
  expect(asked.status(), await asked.text()).toBe(201)
  const quote = (await asked.json()) as { insertedId: string; quoteNumber: string }
  // 20 × 90 + 100 delivery: 1,900 BDT.
  const offered = await asAdmin.api.post(`/quotes/${quote.insertedId}/offer`, {
    data: {
      lines: [{ serviceId: toolId, unitPrice: 90 }],
      deliveryFee: 100,
      validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    },
  })
  expect(offered.status(), await offered.text()).toBe(200)

  const original = (await (await asAdmin.api.get('/settings')).json()) as { cod: unknown }
  const codUpTo = async (maxTotal: number) =>
    expect((await asAdmin.api.patch('/settings', { data: { cod: { enabled: true, maxTotal } } })).status()).toBe(200)
  try {
    // Cash on delivery up to 1,000 BDT: not for this offer.
    await codUpTo(1000)
    await page.goto(`/quote-checkout/${quote.insertedId}`)
    const summary = page.getByRole('region', { name: 'Your order' })
    await expect(summary.getByTestId('checkout-saving')).toContainText('Offered price (list')
    await expect(page.getByLabel('Card', { exact: true })).toBeChecked()
    await expect(page.getByLabel('Cash on delivery', { exact: true })).toHaveCount(0)
    await expect(page.getByTestId('cod-limit')).toHaveText(
      /^Cash on delivery is for orders up to (BDT|৳)\s?1,000\.00\.$/,
    )
    // Up to 5,000 BDT: offered, and chosen.
    await codUpTo(5000)
    await page.reload()
    await page.getByLabel('Cash on delivery', { exact: true }).check()
    await expect(page.getByTestId('cod-limit')).toHaveCount(0)

    // The shop sells most of the stock meanwhile: the offer cannot be filled, and the buyer is
    // asked to ask for a new one, not sent to a cart that does not hold it.
    const cut = await asAdmin.api.patch(`/service/${toolId}`, { data: { quantity: 15, previousQuantity: 50 } })
    expect(cut.status(), await cut.text()).toBe(200)
    await page.getByLabel('Phone').fill('01712 345678')
    await page.getByLabel('Address', { exact: true }).fill('House 7, Road 3, Dhanmondi')
    await page.getByLabel('District', { exact: true }).selectOption('Dhaka')
    expectConsoleError(/status of 409/)
    await page.getByRole('button', { name: 'Accept and place order' }).click()
    await expect(summary.getByRole('alert')).toContainText('Ask us about a new offer.')
    await expect(summary.getByTestId('line-error')).toContainText('Please Order Less Then : 15')
    await expect(summary.getByRole('link', { name: /cart/ })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Accept and place order' })).toBeEnabled()
    expect(await sidewaysOverflow(page)).toBe(0)
    await expectNoAxeViolations(page)
  } finally {
    expect((await asAdmin.api.patch('/settings', { data: { cod: original.cod } })).status()).toBe(200)
  }

  // The shop, opening the buyer's accept page, is told only the buyer accepts, and sent to the desk.
  const desk = asAdmin.page
  await desk.goto(`/quote-checkout/${quote.insertedId}`)
  await expect(desk.getByText('Only the buyer can accept this offer')).toBeVisible()
  await expect(desk.getByText('Karim Hardware accepts it from their own account.')).toBeVisible()
  await expect(desk.getByRole('button', { name: 'Accept and place order' })).toHaveCount(0)
  await desk.getByRole('link', { name: 'Open it on the quote desk' }).click()
  await expect(desk).toHaveURL(new RegExp(`/dashboard/quote-desk\\?q=${quote.quoteNumber}$`))

  // The shop declines it instead: asked first (it cannot be undone), with a reason for the audit log.
  const row = desk.getByTestId('desk-quote').filter({ hasText: quote.quoteNumber })
  await row.locator('summary').click()
  await row.getByRole('button', { name: 'Decline', exact: true }).click()
  const confirm = desk.getByRole('dialog', { name: `Decline ${quote.quoteNumber}?` })
  await confirm.getByLabel(/Reason/).fill('Sold out until next month.')
  await expectNoAxeViolations(desk)
  await confirm.getByRole('button', { name: 'Decline quote' }).click()
  await expect(confirm).toBeHidden()
  await expect(row.getByTestId('quote-status')).toHaveText('Declined')
  const audit = await asAdmin.api.get('/audit?limit=20')
  expect(await audit.text()).toContain('Sold out until next month.')
})

test('a quote asked on the tool page starts from the quantity typed there, more than the stock too', async ({
  newCustomer,
  asAdmin,
}) => {
  const id = await addTool(asAdmin.api, {
    name: `Quote quantity drill ${Date.now()}`,
    description: 'Asked for in bulk.',
    price: 500,
    quantity: 40,
    Minimum_quantity: 30,
  })
  const { page, api, account } = await newCustomer('Karim Workshop', 'quote-qty')
  await page.goto(`/service/${id}`)
  await page.getByLabel('Quantity', { exact: true }).fill('60')
  await page.getByRole('button', { name: 'Request a quote' }).click()
  const dialog = page.getByRole('dialog', { name: 'Request a quote' })
  await expect(dialog.getByLabel('How many')).toHaveValue('60')
  await dialog.getByRole('button', { name: 'Send request' }).click()
  await expect(page).toHaveURL(/\/dashboard\/quotes$/)
  const [asked] = (await (await api.get(`/quotes?customer=${encodeURIComponent(account.email)}`)).json()) as Quote[]
  expect(asked!.lines.map((l) => l.quantity)).toEqual([60])
})

test('a quote has a page of its own, linked from the request e-mail, for the shop and for the customer', {
  tag: '@phone',
}, async ({ newCustomer, asAdmin, request }) => {
  const tool = await cheapTool(request, { minPrice: 2 })
  const { page, api } = await newCustomer('Page Traders', 'quote-page')
  const made = await api.post('/quotes', {
    data: { lines: [{ serviceId: tool._id, quantity: tool.Minimum_quantity }], message: 'Linkable, please.' },
  })
  expect(made.status(), await made.text()).toBe(201)
  const { insertedId, quoteNumber } = (await made.json()) as { insertedId: string; quoteNumber: string }

  // The shop's e-mail links to the quote's page, and the shop's staff open it there.
  const mails = (await (await asAdmin.api.get('/outbox?limit=100')).json()) as OutboxMail[]
  const request_ = mails.find((m) => m.subject.startsWith(`New quote request ${quoteNumber}`))
  const path = request_?.text.match(/https?:\/\/[^/\s]+(\/dashboard\/quote\/[^\s]+)/)?.[1]
  expect(path).toBe(`/dashboard/quote/${insertedId}`)
  const desk = asAdmin.page
  await desk.goto(path!)
  await expect(desk.getByRole('heading', { level: 1, name: `Quote ${quoteNumber}` })).toBeVisible()
  await expect(desk.getByTestId('quote')).toContainText('Linkable, please.')
  await expect(desk.getByRole('button', { name: 'Make an offer' })).toBeVisible()
  expect(await sidewaysOverflow(desk)).toBe(0)
  await expectNoAxeViolations(desk)

  // On the desk, a card shows that it opens, and opened it links to the same page.
  await desk.goto(`/dashboard/quote-desk?q=${encodeURIComponent(quoteNumber)}`)
  const card = desk.getByTestId('desk-quote').filter({ hasText: quoteNumber })
  await expect(card.getByTestId('opens')).toBeVisible()
  await card.locator('summary').click()
  await card.getByRole('link', { name: `Open its page (${quoteNumber})` }).click()
  await expect(desk).toHaveURL(new RegExp(`${path}$`))

  // The customer opens it from their list, with their own side of it.
  await page.goto('/dashboard/quotes')
  await page.getByRole('link', { name: quoteNumber }).click()
  await expect(page).toHaveURL(new RegExp(`${path}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Quote ${quoteNumber}` })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Make an offer' })).toHaveCount(0)
  expect(await sidewaysOverflow(page)).toBe(0)
})

test('a long quote conversation shows its latest messages, and the earlier ones on demand', async ({
  newCustomer,
  asAdmin,
}) => {
  const id = await addTool(asAdmin.api, {
    name: `Long thread saw ${Date.now()}`,
    description: 'Much discussed.',
    price: 300,
    quantity: 100,
    Minimum_quantity: 10,
  })
  const { page, api } = await newCustomer('Karim Talks', 'quote-thread')
  const asked = await api.post('/quotes', { data: { lines: [{ serviceId: id, quantity: 10 }] } })
  expect(asked.status(), await asked.text()).toBe(201)
  const quote = (await asked.json()) as { insertedId: string; quoteNumber: string }
  // 24 messages from the shop (its replies are not rate-limited): the quote carries the latest 20.
  for (let i = 1; i <= 24; i++) {
    const res = await asAdmin.api.post(`/quotes/${quote.insertedId}/messages`, {
      data: { text: `Shop note ${String(i).padStart(2, '0')}` },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
  await page.goto('/dashboard/quotes')
  const card = page.getByTestId('quote').filter({ hasText: quote.quoteNumber })
  const thread = card.getByRole('list', { name: `Messages of quote ${quote.quoteNumber}` })
  await expect(thread.getByRole('listitem')).toHaveCount(20)
  await expect(thread.getByRole('listitem').first()).toContainText('Shop note 05')
  await expect(thread.getByRole('listitem').last()).toContainText('Shop note 24')
  await card.getByRole('button', { name: 'Show earlier messages' }).click()
  await expect(thread.getByRole('listitem')).toHaveCount(24)
  await expect(thread.getByRole('listitem').first()).toContainText('Shop note 01')
  await expect(card.getByRole('button', { name: 'Show earlier messages' })).toHaveCount(0)
  // A new message keeps the whole thread in order, each message once.
  await card.getByLabel('Write to the shop').fill('Thanks for all the notes.')
  await card.getByRole('button', { name: 'Send message' }).click()
  await expect(thread.getByRole('listitem')).toHaveCount(25)
  await expect(thread.getByRole('listitem').last()).toContainText('Thanks for all the notes.')
  await expect(thread.getByRole('listitem').first()).toContainText('Shop note 01')
  await expectNoAxeViolations(page)
})
