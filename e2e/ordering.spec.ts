import type { Locator, Page, Response } from '@playwright/test'
import { CUSTOMER, logIn, signIn, verifiedCustomer } from './auth'
import { API, expect, placeOrder, sidewaysOverflow, test } from './fixtures'
import { isHydrated } from './shop'
import { STRIPE_KEYS, stripeTest } from './stripe'

// Each test signs up a fresh customer first, which is slow on a busy machine.
test.describe.configure({ timeout: 60_000 })

const count = (n: number) => new Intl.NumberFormat('en-US').format(n)

/** The tool as the API has it now (stock moves as other tests order). */
async function tool(
  page: Page,
  id: string,
): Promise<{ name: string; price: number; quantity: number; Minimum_quantity: number }> {
  const res = await page.request.get(`${API}/service/${id}`)
  expect(res.ok()).toBe(true)
  return res.json()
}

/** A BDT amount on screen, compared by its digits so the test does not depend on the browser's currency symbol. */
async function expectAmount(locator: Locator, taka: number) {
  await expect(locator).toHaveText(/৳|BDT|Tk/)
  await expect.poll(async () => (await locator.textContent())?.replace(/\D/g, '')).toBe(String(Math.round(taka * 100)))
}

/** The order card of a tool on My Orders (each test orders a tool only once). */
const orderOf = (page: Page, toolName: string) =>
  page.getByTestId('order').filter({ has: page.getByRole('heading', { name: toolName, exact: true }) })

/** The computed text colour as [r, g, b] (Tailwind's colours are oklch; the canvas converts them). */
const rgbOf = (locator: Locator) =>
  locator.evaluate((el) => {
    const ctx = document.createElement('canvas').getContext('2d')!
    ctx.fillStyle = getComputedStyle(el).color
    ctx.fillRect(0, 0, 1, 1)
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3))
  })

test('a customer orders a tool, sees it unpaid in My Orders, pays with 4242 4242 4242 4242 and sees it paid', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const account = await verifiedCustomer(page, 'Rahim Uddin')
  const drill = await tool(page, 'drill-machine')
  const stripeRequests: string[] = []
  page.on('request', (r) => /stripe\.com/.test(r.url()) && stripeRequests.push(r.url()))

  await page.goto('/service/drill-machine')
  await expect(page.getByRole('heading', { level: 1, name: 'Drill Machine' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Drill Machine, photo 1 of 4' })).toBeVisible()
  await expectAmount(page.getByTestId('unit-price'), drill.price)
  await expect(page.getByTestId('available-quantity')).toHaveText(count(drill.quantity))
  await expect(page.getByTestId('minimum-quantity')).toHaveText(count(drill.Minimum_quantity))

  const purchase = page.getByRole('button', { name: 'Purchase' })
  // The app's button, not the no-script form's: only a dialog it opened gives the focus back to it.
  await isHydrated(purchase)
  await purchase.click()
  const dialog = page.getByRole('dialog', { name: 'Order Drill Machine' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Rahim Uddin')
  await expect(dialog.getByLabel('Email')).toHaveValue(account.email)
  await expect(dialog.getByLabel('Email')).toHaveAttribute('readonly', '')
  const quantity = dialog.getByLabel('Quantity')
  await expect(quantity).toHaveValue(String(drill.Minimum_quantity))
  await expect(quantity).toBeFocused()
  const goods = dialog.getByTestId('goods')
  await expectAmount(goods, drill.Minimum_quantity * drill.price)

  // Esc closes the dialog and gives the focus back to Purchase.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(purchase).toBeFocused()

  await purchase.click()
  const ordered = drill.Minimum_quantity + 20
  await quantity.fill(String(ordered))
  await expectAmount(goods, ordered * drill.price)
  await dialog.getByLabel('Phone', { exact: true }).fill('abc')
  await dialog.getByLabel('Address', { exact: true }).focus()
  await expect(dialog.getByText('Enter a phone number of 6 to 20 digits', { exact: false })).toBeVisible()
  await dialog.getByLabel('Phone', { exact: true }).fill('017-1234 5678')
  await dialog.getByLabel('Address', { exact: true }).fill('House 12, Road 5, Dhanmondi')
  await dialog.getByLabel('District', { exact: true }).selectOption('Dhaka')
  // The payment methods this order may use, as the checkout offers them.
  await expect(dialog.getByRole('radio', { name: 'Card' })).toBeChecked()
  await dialog.getByRole('button', { name: 'Place order' }).click()

  // Placed: its payment page opens, and the stock is taken.
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/)
  await expect(page.getByText(/^Order TH-\d+ placed$/)).toBeVisible()
  expect((await tool(page, 'drill-machine')).quantity).toBe(drill.quantity - ordered)

  await page.goto('/dashboard/order')
  const order = orderOf(page, 'Drill Machine')
  await expect(order.getByTestId('order-status')).toHaveText('Unpaid')
  await expect(order).toContainText(count(ordered))
  await expectAmount(order.getByTestId('order-goods'), ordered * drill.price)
  await expect(order.getByRole('button', { name: /^Cancel/ })).toBeVisible()

  // The payment intent is asked for when the page loads, and the same one comes back on a reload.
  const intentAnswer = () => page.waitForResponse((r) => r.url().endsWith('/api/create-payment-intent'))
  let answer = intentAnswer()
  await order.getByRole('link', { name: /^Payment/ }).click()
  const first = await (await answer).json()
  expect(first.provider).toBe('simulated')
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/)
  await expect(page.getByRole('heading', { name: 'Hello, Rahim Uddin' })).toBeVisible()
  await expect(page.getByText('Pay for: Drill Machine')).toBeVisible()
  await expectAmount(page.getByTestId('amount'), ordered * drill.price)
  answer = intentAnswer()
  await page.reload()
  expect((await (await answer).json()).clientSecret).toBe(first.clientSecret)

  const cardNumber = page.getByLabel('Card number')
  await cardNumber.pressSequentially('4242424242424242')
  await expect(cardNumber).toHaveValue('4242 4242 4242 4242')
  const expiry = page.getByLabel('Expiry date')
  await expiry.pressSequentially('1234')
  await expect(expiry).toHaveValue('12 / 34')
  await page.getByLabel('CVC').fill('123')

  const confirmations: string[] = []
  page.on('request', (r) => r.url().endsWith('/api/payments/simulated/confirm') && confirmations.push(r.url()))
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByText('Congrats ! Your payment is completed')).toBeVisible()
  const transactionId = (await page.getByTestId('transaction-id').textContent())!.trim()
  expect(transactionId).toMatch(/^pi_/)
  // No second charge: Pay stays disabled after success.
  await expect(page.getByRole('button', { name: 'Paid' })).toBeDisabled()
  expect(confirmations).toHaveLength(1)

  await page.getByRole('link', { name: 'Back to My Orders' }).click()
  await expect(page).toHaveURL('/dashboard/order')
  await expect(order.getByTestId('order-status')).toHaveText('Paid')
  await expect(order.getByTestId('transaction-id')).toHaveText(transactionId)
  await expect(order.getByRole('link', { name: /^Payment/ })).toHaveCount(0)
  await expect(order.getByRole('button', { name: /^Cancel/ })).toHaveCount(0)
  // Simulated payments never load Stripe.js.
  expect(stripeRequests).toEqual([])
})

test('a declined card shows "Your card was declined." in red and leaves the order unpaid', async ({
  page,
  api,
  expectConsoleError,
}) => {
  const account = await verifiedCustomer(page, 'Karim Ahmed')
  const id = await placeOrder(api, { serviceId: 'angle-grinder', customer: account.email })

  await page.goto(`/dashboard/payment/${id}`)
  await expect(page.getByText('Pay for: Angle Grinder')).toBeVisible()
  await page.getByLabel('Card number').fill('4000 0000 0000 0002')
  await page.getByLabel('Expiry date').fill('12 / 34')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pay' }).click()

  const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' })
  await expect(error).toHaveText('Your card was declined.')
  const [r, g, b] = await rgbOf(error)
  expect(r).toBeGreaterThan(150)
  expect(g).toBeLessThan(80)
  expect(b).toBeLessThan(80)
  await expect(page.getByText('Congrats ! Your payment is completed')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled()

  // A card number that fails the checksum is refused before anything is sent, in red too.
  await page.getByLabel('Card number').fill('4242 4242 4242 4241')
  await page.getByLabel('CVC').focus()
  await expect(page.getByText('Your card number is invalid.')).toBeVisible()

  await page.goto('/dashboard/order')
  await expect(orderOf(page, 'Angle Grinder').getByTestId('order-status')).toHaveText('Unpaid')

  // The API answers a decline with 402, which Chromium logs as a failed resource load.
  expectConsoleError(/status of 402 \(Payment Required\)/)
})

test('cancelling an order asks first, then cancels it and the stock comes back', async ({ page, api }) => {
  const account = await verifiedCustomer(page, 'Salma Begum')
  const before = await tool(page, 'impact-wrench')
  await placeOrder(api, { serviceId: 'impact-wrench', customer: account.email, quantity: before.Minimum_quantity })
  expect((await tool(page, 'impact-wrench')).quantity).toBe(before.quantity - before.Minimum_quantity)

  await page.goto('/dashboard/order')
  const order = orderOf(page, 'Impact Wrench')
  await expect(order.getByTestId('order-status')).toHaveText('Unpaid')

  const cancel = order.getByRole('button', { name: /^Cancel/ })
  await cancel.click()
  const confirm = page.getByRole('dialog', { name: 'Cancel this order?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Keep order' }).click()
  await expect(confirm).toBeHidden()
  await expect(order.getByTestId('order-status')).toHaveText('Unpaid')

  await cancel.click()
  await confirm.getByRole('button', { name: 'Cancel order' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByText('Order cancelled')).toBeVisible()
  await expect(order.getByTestId('order-status')).toHaveText('Cancelled')
  await expect(order.getByRole('link', { name: /^Payment/ })).toHaveCount(0)
  // Its Cancel button is gone: the keyboard's focus is on the order, not lost on the page.
  await expect(order).toBeFocused()
  expect((await tool(page, 'impact-wrench')).quantity).toBe(before.quantity)

  await page.goto('/service/impact-wrench')
  await expect(page.getByTestId('available-quantity')).toHaveText(count(before.quantity))
})

test('ordering below the minimum shows the message while typing and the order button does nothing', async ({
  page,
  api,
}) => {
  const account = await verifiedCustomer(page, 'Nusrat Jahan')
  const saw = await tool(page, 'electric-saw')
  const posts: string[] = []
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/checkout') && posts.push(r.url()))

  await page.goto('/service/electric-saw')
  await page.getByRole('button', { name: 'Purchase' }).click()
  const dialog = page.getByRole('dialog')
  const quantity = dialog.getByLabel('Quantity')
  await quantity.fill('')
  await quantity.pressSequentially(String(saw.Minimum_quantity - 1))
  // Still typing (the field has the focus): the message is already there.
  await expect(quantity).toBeFocused()
  await expect(dialog.getByText(`Please Order Minimum : ${saw.Minimum_quantity}`, { exact: true })).toBeVisible()
  await expect(quantity).toHaveAttribute('aria-invalid', 'true')

  await quantity.fill(String(saw.quantity + 1))
  await expect(dialog.getByText(`Please Order Less Then : ${saw.quantity}`, { exact: true })).toBeVisible()

  await quantity.fill(String(saw.Minimum_quantity - 1))
  await dialog.getByLabel('Phone', { exact: true }).fill('01812345678')
  await dialog.getByLabel('Address', { exact: true }).fill('Plot 4, Agrabad')
  await dialog.getByLabel('District', { exact: true }).selectOption('Chattogram')
  await dialog.getByRole('button', { name: 'Place order' }).click()
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText(`Please Order Minimum : ${saw.Minimum_quantity}`, { exact: true })).toBeVisible()
  await expect(quantity).toBeFocused()
  expect(posts).toHaveLength(0)
  expect((await tool(page, 'electric-saw')).quantity).toBe(saw.quantity)

  // The server gives the same message.
  const res = await api.post('/booking', {
    data: {
      serviceId: 'electric-saw',
      quantity: saw.Minimum_quantity - 1,
      phone: '01812345678',
      address: 'Plot 4, Agrabad, Chattogram',
      customer: account.email,
    },
  })
  expect(res.status()).toBe(400)
  expect((await res.json()).error.message).toBe(`Please Order Minimum : ${saw.Minimum_quantity}`)
})

test('a visitor reads a tool page without signing in; Purchase asks to log in and comes back to the open order dialog', async ({
  page,
}) => {
  await page.goto('/service/electric-saw')
  await expect(page.getByRole('heading', { level: 1, name: 'Electric Saw' })).toBeVisible()
  await expect(page.getByText('You will be asked to log in or create an account first.')).toBeVisible()
  await page.getByRole('button', { name: 'Purchase' }).click()
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await logIn(page, CUSTOMER, page.url())
  await expect(page).toHaveURL('/service/electric-saw')
  await expect(page.getByRole('dialog', { name: 'Order Electric Saw' })).toBeVisible()
})

test('an id no tool has shows a not-found state with a way back', async ({ page, expectConsoleError }) => {
  await signIn(page, CUSTOMER)
  await page.goto('/service/no-such-tool')
  await expect(page.getByRole('heading', { level: 1, name: 'Tool not found' })).toBeVisible()
  await expect(page).toHaveTitle(/Tool not found/)
  await page.getByRole('link', { name: 'Browse all tools' }).click()
  await expect(page).toHaveURL('/service')

  // The API's 404 for the unknown tool is logged by Chromium as a failed resource load.
  expectConsoleError(/status of 404 \(Not Found\)/)
})

test('the tool cards link to the tool, and the empty My Orders links to /service', async ({ page }) => {
  await verifiedCustomer(page, 'Tanvir Hasan')
  await page.goto('/dashboard/order')
  await expect(page.getByText('You have no orders yet')).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Browse tools' }).click()
  await expect(page).toHaveURL('/service')
  // The whole card opens the tool: a click on its picture does too.
  const card = page.locator('main article').filter({ has: page.getByRole('heading', { name: 'Drill Machine' }) })
  // (The name's link is stretched over the card, so a click on its picture lands on the link.)
  await card.click({ position: { x: 40, y: 40 } })
  await expect(page).toHaveURL('/service/drill-machine')
  await expect(page.getByRole('heading', { level: 1, name: 'Drill Machine' })).toBeVisible()
  await page.goBack()
  await page.getByRole('link', { name: 'Drill Machine', exact: true }).click()
  await expect(page).toHaveURL('/service/drill-machine')
})

test('an out-of-stock tool shows "Out of stock" and cannot be ordered', async ({ page, asAdmin }) => {
  // An admin sets a tool's stock to 0 (through the API, as the Manage form does).
  const name = `Sold Out Planer ${Date.now().toString(36)}`
  const photo = (await tool(page, 'heat-gun')) as unknown as { img: string }
  const created = await asAdmin.api.post('/service', {
    data: {
      name,
      price: 2500,
      quantity: 10,
      Minimum_quantity: 2,
      description: 'A bench planer, sold out.',
      img: photo.img,
    },
  })
  const id = (await created.json()).insertedId
  expect((await asAdmin.api.patch(`/service/${id}`, { data: { quantity: 0, previousQuantity: 10 } })).status()).toBe(
    200,
  )

  await signIn(page, CUSTOMER)
  await page.goto(`/service?q=${encodeURIComponent(name)}`)
  const card = page.locator('main article').filter({ hasText: name })
  await expect(card).toHaveCount(1)
  await expect(card.getByText('Out of stock').first()).toBeVisible()
  await expect(card.getByText('Purchase')).toHaveCount(0)
  await card.getByRole('link', { name }).click()
  await expect(page.getByRole('button', { name: 'Purchase' })).toBeDisabled()
  await expect(page.getByText('Out of stock: fewer than the minimum order are left.')).toBeVisible()
})

test('ordering and paying pages fit a 360 px phone without sideways scrolling', async ({ page, api }) => {
  const account = await verifiedCustomer(page, 'Farhana Akter Chowdhury')
  const id = await placeOrder(api, { serviceId: 'cordless-screwdriver', customer: account.email })
  await page.setViewportSize({ width: 360, height: 740 })

  await page.goto('/service/cordless-screwdriver')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
  await page.getByRole('button', { name: 'Purchase' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
  await page.keyboard.press('Escape')

  await page.goto('/dashboard/order')
  await expect(page.getByTestId('order')).toHaveCount(1)
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)

  await page.goto(`/dashboard/payment/${id}`)
  await expect(page.getByLabel('Card number')).toBeVisible()
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
})

stripeTest.describe('Stripe mode', () => {
  // A stack of its own whose Worker is configured for Stripe and talks to a fake Stripe server;
  // only Stripe.js is a stand-in in the page (e2e/stripe.ts). The page's CSP is that configuration's.
  stripeTest.describe.configure({ timeout: 90_000 })

  stripeTest(
    'with Stripe keys the payment page pays through Stripe Elements and stripe.confirmCardPayment, and the order reads back paid',
    async ({ page, api, stripe, expectConsoleError }) => {
      const account = await verifiedCustomer(page, 'Mitu Rahman')
      const id = await placeOrder(api, { serviceId: 'rotary-hammer', customer: account.email })
      const intentAnswers: Response[] = []
      page.on('response', (r) => r.url().endsWith('/api/create-payment-intent') && intentAnswers.push(r))
      const patches: unknown[] = []
      page.on(
        'request',
        (r) => r.method() === 'PATCH' && r.url().endsWith(`/api/booking/${id}`) && patches.push(r.postDataJSON()),
      )

      await page.goto(`/dashboard/payment/${id}`)
      await expect(page.getByText('Pay for: Rotary Hammer')).toBeVisible()
      const card = page.getByRole('group', { name: 'Card details' }).getByLabel('Card number, expiry and CVC')
      await expect(card).toBeVisible()
      await expect(page.getByLabel('Expiry date')).toHaveCount(0)
      // One intent, made by the Worker at Stripe for this order's amount.
      expect(intentAnswers).toHaveLength(1)
      const intent = await intentAnswers[0]!.json()
      expect(intent).toEqual({
        clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
        provider: 'stripe',
        publishableKey: STRIPE_KEYS.publishable,
      })
      const intentId: string = intent.clientSecret.split('_secret_')[0]
      const order = await (await api.get(`/booking/${id}`)).json()
      const created = (await stripe.requests()).filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')
      expect(created.map((r) => r.body)).toEqual([
        expect.objectContaining({
          amount: String(Math.round(order.price * 100)),
          currency: 'bdt',
          metadata: { bookingId: id },
        }),
      ])

      // Stripe declines 4000 0000 0000 0002: its message, and nothing is recorded.
      await card.fill('4000 0000 0000 0002 12/34 123')
      await page.getByRole('button', { name: 'Pay' }).click()
      await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
      // Stripe answers the decline with a 402, which Chromium logs.
      expectConsoleError(/status of 402/)
      expect(patches).toEqual([])
      expect((await (await api.get(`/booking/${id}`)).json()).status).toBe('unpaid')

      await card.fill('4242 4242 4242 4242 12/34 123')
      await page.getByRole('button', { name: 'Pay' }).click()
      await expect(page.getByText('Congrats ! Your payment is completed')).toBeVisible()
      await expect(page.getByTestId('transaction-id')).toHaveText(intentId)
      await expect(page.getByRole('button', { name: 'Paid' })).toBeDisabled()
      expect(patches).toEqual([{ transactionId: intentId }])
      const calls = await page.evaluate(() => (window as unknown as { __stripeCalls: unknown[] }).__stripeCalls)
      const call = {
        publishableKey: STRIPE_KEYS.publishable,
        clientSecret: intent.clientSecret,
        card: true,
        name: 'Mitu Rahman',
      }
      expect(calls).toEqual([
        { ...call, paymentMethod: 'pm_card_chargeDeclined' },
        { ...call, paymentMethod: 'pm_card_visa' },
      ])

      // Our own API has it paid by that payment, which the Worker checked with Stripe first.
      expect(await (await api.get(`/booking/${id}`)).json()).toMatchObject({
        status: 'paid',
        paid: true,
        transactionId: intentId,
      })
      const atStripe = (await stripe.requests()).map((r) =>
        [r.method, r.path, r.body.payment_method].filter(Boolean).join(' '),
      )
      expect(atStripe).toEqual([
        'POST /v1/payment_intents',
        `POST /v1/payment_intents/${intentId}/confirm pm_card_chargeDeclined`,
        `POST /v1/payment_intents/${intentId}/confirm pm_card_visa`,
        `GET /v1/payment_intents/${intentId}`,
      ])
    },
  )
})

test('with 5 unpaid orders the order dialog refuses a 6th with the message saying what to do', async ({
  page,
  api,
  expectConsoleError,
}) => {
  const account = await verifiedCustomer(page, 'Busy Buyer', 'unpaid')
  // Five unpaid orders (MAX_UNPAID_ORDERS of the local stack's wrangler.toml [env.dev]).
  const ids: string[] = []
  for (const id of ['drill-machine', 'electric-saw', 'angle-grinder', 'impact-wrench', 'heat-gun'])
    ids.push(await placeOrder(api, { serviceId: id, customer: account.email }))
  const saw = await tool(page, 'electric-saw')

  await page.goto('/service/electric-saw')
  await page.getByRole('button', { name: 'Purchase' }).click()
  const dialog = page.getByRole('dialog', { name: 'Order Electric Saw' })
  await dialog.getByLabel('Phone', { exact: true }).fill('01812345678')
  await dialog.getByLabel('Address', { exact: true }).fill('Plot 4, Agrabad')
  await dialog.getByLabel('District', { exact: true }).selectOption('Chattogram')
  await dialog.getByRole('button', { name: 'Place order' }).click()
  await expect(dialog.getByText('You have 5 unpaid orders. Pay or cancel one before ordering again.')).toBeVisible()
  // The API answers 409 TOO_MANY_UNPAID, which Chromium logs.
  expectConsoleError(/status of 409/)
  await expect(dialog).toBeVisible()
  expect((await tool(page, 'electric-saw')).quantity).toBe(saw.quantity)

  // The stock the five held goes back for the other tests.
  for (const id of ids) expect((await api.post(`/booking/${id}/cancel`)).status()).toBe(200)
})
