import type { Browser, Page } from '@playwright/test'
import { ADMIN, logIn, signUp } from './auth'
import { API, expect, sidewaysOverflow, test } from './fixtures'

test.describe.configure({ timeout: 90_000 })

type Order = { _id: string; orderNumber: string; status: string }

/** A customer with one paid order of a seeded tool, made through the API the web app uses. */
async function customerWithPaidOrder(browser: Browser, name: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const account = await signUp(page, name, 'desk')
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  const auth = { Authorization: `Bearer ${token}` }
  const tool = await (await page.request.get(`${API}/service/heat-gun`)).json()
  const placed = await page.request.post(`${API}/booking`, {
    headers: auth,
    data: { serviceId: 'heat-gun', quantity: tool.Minimum_quantity, phone: '01712345678', address: 'House 9, Road 4, Gulshan, Dhaka', customer: account.email },
  })
  expect(placed.status()).toBe(201)
  const id: string = (await placed.json()).insertedId
  const intent = await (await page.request.post(`${API}/create-payment-intent`, { headers: auth, data: { bookingId: id } })).json()
  const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' }
  expect((await page.request.post(`${API}/payments/simulated/confirm`, { headers: auth, data: { clientSecret: intent.clientSecret, card } })).status()).toBe(200)
  const order: Order = await (await page.request.get(`${API}/booking/${id}`, { headers: auth })).json()
  return { account, page, context, order, auth }
}

/** The subjects of the e-mails the shop sent to `to`, read from the local outbox as an admin. */
async function mailSubjects(admin: Page, to: string): Promise<string[]> {
  const token = await admin.evaluate(() => localStorage.getItem('accessToken'))
  const res = await admin.request.get(`${API}/outbox?to=${encodeURIComponent(to)}&limit=100`, { headers: { Authorization: `Bearer ${token}` } })
  return ((await res.json()) as { subject: string }[]).map((m) => m.subject).reverse()
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`an admin takes a paid order from paid to delivered in the Orders desk; the customer sees each step and gets each e-mail (${device})`, async ({ page, browser }) => {
    const customer = await customerWithPaidOrder(browser, `Desk Customer ${device}`)
    const no = customer.order.orderNumber

    await logIn(page, ADMIN)
    // Signed in at the default size (on a phone Sign Out sits in the menu), then the device's.
    await page.setViewportSize(viewport)
    await page.goto('/dashboard/orders')
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
    // Find it by its number, from the search box.
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(no)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(new RegExp(`q=${no}`))
    await page.getByRole('link', { name: new RegExp(no) }).first().click()
    await expect(page.getByRole('heading', { name: `Order ${no}`, level: 1 })).toBeVisible()
    await expect(page.getByTestId('order-status').first()).toHaveText('Paid')
    expect(await sidewaysOverflow(page)).toBe(0)

    // Only the moves a paid order allows are offered.
    const actions = page.getByRole('group', { name: 'Actions' })
    await expect(actions.getByRole('button', { name: 'Mark processing' })).toBeVisible()
    await expect(actions.getByRole('button', { name: 'Refund' })).toBeVisible()
    await expect(actions.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)

    await actions.getByRole('button', { name: 'Mark processing' }).click()
    await expect(page.getByTestId('order-status').first()).toHaveText('Processing')
    await expect(actions.getByRole('button', { name: 'Mark processing' })).toHaveCount(0)

    await actions.getByRole('button', { name: 'Ship' }).click()
    const ship = page.getByRole('dialog', { name: `Ship order ${no}` })
    await ship.getByLabel('Carrier').fill('Sundarban Courier')
    await ship.getByRole('button', { name: 'Mark shipped' }).click()
    await expect(ship.getByText('Enter the tracking number the carrier gave you.')).toBeVisible()
    await ship.getByLabel('Tracking number').fill(`SC-${device}-778899`)
    await ship.getByRole('button', { name: 'Mark shipped' }).click()
    await expect(ship).toBeHidden()
    await expect(page.getByTestId('order-status').first()).toHaveText('Shipped')
    await expect(page.getByTestId('tracking-number')).toHaveText(`SC-${device}-778899`)

    await actions.getByRole('button', { name: 'Mark delivered' }).click()
    await expect(page.getByTestId('order-status').first()).toHaveText('Delivered')
    await expect(actions.getByRole('button', { name: /Mark|Ship|Refund/ })).toHaveCount(0)
    const history = page.getByRole('list', { name: 'Order history' })
    await expect(history.getByRole('listitem')).toHaveCount(5)

    // The customer follows it: My Orders, the order page, the receipt.
    const them = customer.page
    await them.setViewportSize(viewport)
    await them.goto('/dashboard/order')
    const card = them.getByTestId('order').filter({ hasText: no })
    await expect(card.getByTestId('order-status')).toHaveText('Delivered')
    await card.getByRole('link', { name: /Order details and receipt/ }).click()
    await expect(them.getByRole('heading', { name: `Order ${no}`, level: 1 })).toBeVisible()
    await expect(them.getByTestId('tracking-number')).toHaveText(`SC-${device}-778899`)
    await expect(them.getByRole('list', { name: 'Order history' })).toContainText('Shipped')
    await them.getByRole('button', { name: 'Receipt' }).click()
    const receipt = them.getByRole('dialog', { name: `Receipt ${no}` })
    await expect(receipt.frameLocator('iframe').getByText(`Receipt ${no}`)).toBeVisible()
    await expect(receipt.getByRole('button', { name: 'Print' })).toBeEnabled()
    await receipt.getByRole('button', { name: 'Done' }).click()
    await expect(them.getByRole('link', { name: 'Order again' })).toHaveAttribute('href', '/service/heat-gun')
    expect(await sidewaysOverflow(them)).toBe(0)

    // One e-mail per step, each once.
    await expect.poll(() => mailSubjects(page, customer.account.email)).toEqual([
      `Order ${no} placed — Toolhaus`,
      `Receipt for order ${no} — Toolhaus`,
      `Order ${no} shipped — Toolhaus`,
      `Order ${no} delivered — Toolhaus`,
    ])
    await customer.context.close()
  })
}

test('an admin refunds a paid order after confirming; the customer sees it refunded and is e-mailed', async ({ page, browser }) => {
  const customer = await customerWithPaidOrder(browser, 'Refund Customer')
  const no = customer.order.orderNumber
  await logIn(page, ADMIN)
  await page.goto(`/dashboard/order/${customer.order._id}`)
  await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Refund' }).click()
  const dialog = page.getByRole('dialog', { name: /^Refund / })
  await expect(dialog).toContainText('This cannot be undone.')
  await dialog.getByLabel(/Reason/).fill('Damaged in transit')
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('order-status').first()).toHaveText('Refunded')
  await expect(page.getByRole('list', { name: 'Order history' })).toContainText('Damaged in transit')

  await customer.page.goto('/dashboard/order')
  const card = customer.page.getByTestId('order').filter({ hasText: no })
  await expect(card.getByTestId('order-status')).toHaveText('Refunded')
  await expect(card).toContainText('went back to your card')
  await expect.poll(() => mailSubjects(page, customer.account.email)).toContain(`Order ${no} refunded — Toolhaus`)

  // The overview, the audit log and the outbox show it.
  await page.goto('/dashboard/audit')
  await expect(page.getByTestId('audit-entry').first()).toContainText('Order refunded')
  await page.goto('/dashboard/outbox')
  await expect(page.getByTestId('outbox-mail').filter({ hasText: `Order ${no} refunded` })).toHaveCount(1)
  await page.getByTestId('outbox-mail').filter({ hasText: `Order ${no} refunded` }).getByRole('button').click()
  await expect(page.getByRole('dialog', { name: `Order ${no} refunded — Toolhaus` })).toContainText('Damaged in transit')
  await customer.context.close()
})

test('the admin overview counts orders to ship and links low-stock tools to their edit form', async ({ page }) => {
  await logIn(page, ADMIN)
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
  await expect(page.getByText('Orders to ship')).toBeVisible()
  await expect(page.getByText('Revenue today')).toBeVisible()
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' })
  for (const name of ['Overview', 'Orders', 'All Users', 'Manage', 'Add a Tool', 'Reviews', 'Messages', 'Audit log', 'Outbox']) {
    await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible()
  }
})
