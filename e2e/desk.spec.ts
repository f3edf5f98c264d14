import { formatBDT } from '../worker/schemas/bdt'
import { ADMIN, signIn } from './auth'
import { type Api, addTool, expect, type NewCustomer, placeOrder, sidewaysOverflow, test } from './fixtures'

test.describe.configure({ timeout: 90_000 })

type Order = { _id: string; orderNumber: string; status: string; price: number; total: number }

/** A new customer with one paid (or, with `pay: false`, unpaid) order of a seeded tool, made through the API the web app uses. */
async function customerWithPaidOrder(
  newCustomer: NewCustomer,
  name: string,
  { pay = true, serviceId = 'heat-gun' } = {},
) {
  const customer = await newCustomer(name, 'desk')
  const { api } = customer
  const id = await placeOrder(api, { serviceId, customer: customer.account.email })
  if (pay) {
    const intent = await (await api.post('/create-payment-intent', { data: { bookingId: id } })).json()
    const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' }
    expect(
      (await api.post('/payments/simulated/confirm', { data: { clientSecret: intent.clientSecret, card } })).status(),
    ).toBe(200)
  }
  const order: Order = await (await api.get(`/booking/${id}`)).json()
  return { ...customer, order }
}

/** The subjects of the e-mails the shop sent to `to`, read from the local outbox as an admin. */
async function mailSubjects(admin: Api, to: string): Promise<string[]> {
  const res = await admin.get(`/outbox?to=${encodeURIComponent(to)}&limit=100`)
  return ((await res.json()) as { subject: string }[]).map((m) => m.subject).reverse()
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`an admin takes a paid order from paid to delivered in the Orders desk; the customer sees each step and gets each e-mail (${device})`, async ({
    page,
    api,
    newCustomer,
  }) => {
    // A small order, below free delivery: its total (what the customer pays) is not its goods' price.
    await signIn(page, ADMIN)
    const small = await addTool(api, {
      name: `Desk Tape ${device} ${Date.now().toString(36)}`,
      description: 'A roll of tape, sold by the roll.',
      price: 120,
      quantity: 500,
      Minimum_quantity: 2,
    })
    const customer = await customerWithPaidOrder(newCustomer, `Desk Customer ${device}`, { serviceId: small })
    const no = customer.order.orderNumber

    // Signed in at the default size (on a phone Sign Out sits in the menu), then the device's.
    await page.setViewportSize(viewport)
    await page.goto('/dashboard/orders')
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
    // Find it by its number, from the search box.
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(no)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(new RegExp(`q=${no}`))
    // The status chips' counts are the whole shop's: beside a search they are left out.
    await expect(page.getByRole('navigation', { name: 'Order status' }).getByRole('link', { name: /^All/ })).toHaveText(
      'All',
    )
    // The list's amount is what the customer pays, delivery included, as on the order and its e-mails.
    expect(customer.order.total).toBeGreaterThan(customer.order.price)
    await expect(page.locator('li, tr').filter({ hasText: no }).first()).toContainText(formatBDT(customer.order.total))
    if (device === 'desktop') {
      // At 1280 px beside the sidebar the columns that matter are seen without scrolling the table,
      // and the order number stays on one line.
      const table = page.getByTestId('desk-table')
      for (const column of ['Payment', 'Status'])
        await expect(table.getByRole('columnheader', { name: column })).toBeInViewport({ ratio: 1 })
      expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0)
      const number = table.getByRole('link', { name: no })
      const box = await number.boundingBox()
      const lineHeight = await number.evaluate((a) => Number.parseFloat(getComputedStyle(a).lineHeight))
      expect(box!.height).toBeLessThan(lineHeight * 1.5)
    }
    await page
      .getByRole('link', { name: new RegExp(no) })
      .first()
      .click()
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

    // The customer follows it: My Orders, the order page, the tax invoice.
    const them = customer.page
    await them.setViewportSize(viewport)
    await them.goto('/dashboard/order')
    const card = them.getByTestId('order').filter({ hasText: no })
    await expect(card.getByTestId('order-status')).toHaveText('Delivered')
    await card.getByRole('link', { name: /Order details and tax invoice/ }).click()
    await expect(them.getByRole('heading', { name: `Order ${no}`, level: 1 })).toBeVisible()
    await expect(them.getByTestId('tracking-number')).toHaveText(`SC-${device}-778899`)
    await expect(them.getByRole('list', { name: 'Order history' })).toContainText('Shipped')
    await them.getByRole('button', { name: 'Tax invoice' }).click()
    const receipt = them.getByRole('dialog', { name: `Tax invoice ${no}` })
    await expect(receipt.frameLocator('iframe').getByText('Mushak-6.3')).toBeVisible()
    await expect(receipt.getByRole('button', { name: 'Print' })).toBeEnabled()
    await receipt.getByRole('button', { name: 'Done' }).click()
    await expect(them.getByRole('link', { name: 'Order again' })).toHaveAttribute('href', `/service/${small}`)
    expect(await sidewaysOverflow(them)).toBe(0)

    // One e-mail per step, each once.
    await expect
      .poll(() => mailSubjects(api, customer.account.email))
      .toEqual([
        `Order ${no} placed — Toolhaus`,
        `Receipt for order ${no} — Toolhaus`,
        `Order ${no} shipped — Toolhaus`,
        `Order ${no} delivered — Toolhaus`,
      ])
  })
}

test('an admin refunds a paid order after confirming; the customer sees it refunded and is e-mailed', async ({
  page,
  api,
  newCustomer,
}) => {
  const customer = await customerWithPaidOrder(newCustomer, 'Refund Customer')
  const no = customer.order.orderNumber
  await signIn(page, ADMIN)
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
  await expect.poll(() => mailSubjects(api, customer.account.email)).toContain(`Order ${no} refunded — Toolhaus`)

  // The overview, the audit log and the outbox show it.
  await page.goto('/dashboard/audit')
  await expect(page.getByTestId('audit-entry').first()).toContainText('Order refunded')
  await page.goto('/dashboard/outbox')
  await expect(page.getByTestId('outbox-mail').filter({ hasText: `Order ${no} refunded` })).toHaveCount(1)
  await page
    .getByTestId('outbox-mail')
    .filter({ hasText: `Order ${no} refunded` })
    .getByRole('button')
    .click()
  const mail = page.getByRole('dialog', { name: `Order ${no} refunded — Toolhaus` })
  await expect(mail).toContainText('Damaged in transit')
  // The HTML as sent, in a frame that runs no script.
  const html = mail.locator('iframe[title="The e-mail as HTML"]')
  await expect(html).toHaveAttribute('sandbox', '')
  await expect(html.contentFrame().getByText('Damaged in transit')).toBeVisible()
})

test('an admin cancels an unpaid order after confirming; the customer sees it cancelled by the shop and is e-mailed', async ({
  page,
  api,
  newCustomer,
}) => {
  const customer = await customerWithPaidOrder(newCustomer, 'Cancelled Customer', { pay: false })
  const no = customer.order.orderNumber
  await signIn(page, ADMIN)
  await page.goto('/dashboard/orders?status=unpaid')
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(no)
  await page.getByRole('button', { name: 'Search' }).click()
  await page
    .getByRole('link', { name: new RegExp(no) })
    .first()
    .click()
  await expect(page.getByRole('heading', { name: `Order ${no}`, level: 1 })).toBeVisible()
  await expect(page.getByTestId('order-status').first()).toHaveText('Unpaid')
  // An unpaid order can only be cancelled.
  const actions = page.getByRole('group', { name: 'Actions' })
  await expect(actions.getByRole('button')).toHaveText(['Cancel order'])

  await actions.getByRole('button', { name: 'Cancel order' }).click()
  const confirm = page.getByRole('dialog', { name: 'Cancel this order?' })
  await expect(confirm).toContainText('The items go back to stock; this cannot be undone.')
  await confirm.getByRole('button', { name: 'Back' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByTestId('order-status').first()).toHaveText('Unpaid')
  await actions.getByRole('button', { name: 'Cancel order' }).click()
  await confirm.getByRole('button', { name: 'Cancel order' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByTestId('order-status').first()).toHaveText('Cancelled')
  await expect(page.getByRole('list', { name: 'Order history' })).toContainText('Cancelled · by the shop')
  await expect(page.getByRole('group', { name: 'Actions' })).toHaveCount(0)
  // The actions went with the move, the button that opened the dialog too: the focus is on the order's heading.
  await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeFocused()

  // The customer: My Orders says it was cancelled and why; so does the order page.
  const them = customer.page
  await them.goto('/dashboard/order')
  const card = them.getByTestId('order').filter({ hasText: no })
  await expect(card.getByTestId('order-status')).toHaveText('Cancelled')
  await expect(card).toContainText('Cancelled: by the shop')
  await expect(card.getByRole('link', { name: /^Payment/ })).toHaveCount(0)
  await card.getByRole('link', { name: /^Order details/ }).click()
  await expect(them.getByRole('heading', { name: `Order ${no}`, level: 1 })).toBeVisible()
  await expect(them.getByTestId('order-status').first()).toHaveText('Cancelled')
  await expect(them.getByRole('list', { name: 'Order history' })).toContainText('Cancelled · by the shop')
  await expect(them.getByRole('region', { name: 'Shipping' })).toContainText('Nothing will be shipped.')
  await expect.poll(() => mailSubjects(api, customer.account.email)).toContain(`Order ${no} cancelled — Toolhaus`)
})

test('the admin overview counts orders to ship and links low-stock tools to their edit form', async ({
  page,
  api,
  newCustomer,
}) => {
  // At least one order to ship, and one tool below its minimum order (an order took most of its stock).
  const customer = await customerWithPaidOrder(newCustomer, 'Overview Customer')
  await signIn(page, ADMIN)
  const heatGun = await (await api.get('/service/heat-gun')).json()
  const name = `Low Stock Clamp ${Date.now().toString(36)}`
  const created = await api.post('/service', {
    data: {
      name,
      description: 'A bar clamp that is nearly sold out.',
      price: 650,
      quantity: 15,
      Minimum_quantity: 10,
      img: heatGun.img,
    },
  })
  expect(created.status()).toBe(201)
  const toolId: string = (await created.json()).insertedId
  await placeOrder(customer.api, { serviceId: toolId, customer: customer.account.email, quantity: 10 })

  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
  const overview = page.getByRole('region', { name: 'Overview' })
  await expect(overview).toHaveAttribute('aria-busy', 'false')
  const figure = (label: string) => overview.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]')
  const digits = async (label: string) => (await figure(label).textContent())?.replace(/\D/g, '')
  // The figures are the API's summary (nothing else changes meanwhile: the tests run one at a time).
  const summary = await (await api.get('/admin/summary')).json()
  expect(summary.orders.paid + summary.orders.processing).toBeGreaterThan(0)
  expect(await digits('Paid, to prepare')).toBe(String(summary.orders.paid))
  expect(await digits('Processing, to ship')).toBe(String(summary.orders.processing))
  expect(await digits('Unpaid orders')).toBe(String(summary.orders.unpaid))
  expect(await digits('Revenue today')).toBe(String(Math.round(summary.revenue.today * 100)))
  expect(await digits('Last 7 days')).toBe(String(Math.round(summary.revenue.last7Days * 100)))
  // Each figure opens the list it counts.
  await expect(figure('Paid, to prepare')).toHaveAttribute('href', '/dashboard/orders?status=paid')
  await expect(figure('Processing, to ship')).toHaveAttribute('href', '/dashboard/orders?status=processing')

  // The tool below its minimum is listed, and Restock opens its edit form.
  expect(summary.lowStock.map((t: { _id: string }) => t._id)).toContain(toolId)
  const low = page.getByRole('list', { name: 'Low-stock tools' }).getByRole('listitem').filter({ hasText: name })
  await expect(low).toContainText('5 left (minimum order 10)')
  await low.getByRole('link', { name: `Restock ${name}` }).click()
  await expect(page).toHaveURL(`/dashboard/manage?edit=${toolId}`)
  const edit = page.getByRole('dialog', { name: `Edit ${name}` })
  await expect(edit).toBeVisible()
  await expect(edit.getByLabel('Quantity in stock')).toHaveValue('5')

  const sidebar = page.getByRole('navigation', { name: 'Dashboard' })
  for (const label of [
    'Overview',
    'Orders',
    'All Users',
    'Manage',
    'Add a Tool',
    'Reviews',
    'Messages',
    'Audit log',
    'Outbox',
  ]) {
    await expect(sidebar.getByRole('link', { name: label, exact: true })).toBeVisible()
  }
})

test('an admin opening the dashboard never sees a customer’s menu first', async ({ page }) => {
  // Whether the user is an admin is asked with the page's data (the dashboard's loader), not once
  // the page has rendered: for a round trip an admin saw Add Review, and no Overview.
  type Watched = { __customerMenu?: boolean }
  await signIn(page, ADMIN)
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (Array.from(document.querySelectorAll('a')).some((link) => link.textContent?.trim() === 'Add Review'))
        (window as Watched).__customerMenu = true
    }).observe(document, { childList: true, subtree: true })
  })
  for (const path of ['/dashboard', '/dashboard/order']) {
    await page.goto(path)
    await expect(page.getByRole('link', { name: 'Overview' })).toBeVisible()
    expect(await page.evaluate(() => (window as Watched).__customerMenu ?? false), path).toBe(false)
  }
})
