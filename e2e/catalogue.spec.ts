import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { ADMIN, CUSTOMER, signIn, verifiedAccountToken, verifiedCustomer } from './auth'
import { API, expect, expectNoAxeViolations, placeOrder, sidewaysOverflow, test } from './fixtures'

const seedImage = (name: string) => fileURLToPath(new URL(`../seed/images/${name}`, import.meta.url))
const webp = (name: string) => ({ name, mimeType: 'image/webp', buffer: readFileSync(seedImage(name)) })

/** Holds every image upload back a moment, so the progress bar can be seen. */
async function slowUploads(page: Page, ms = 1200) {
  await page.route('**/api/images', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms))
    await route.continue()
  })
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}`

test('an admin adds a tool with an uploaded photo (the progress shows), it appears on /service, and the admin deletes it after confirming', async ({
  page,
}) => {
  await signIn(page, ADMIN)
  await page.goto('/dashboard/addTools')
  await expect(page.getByRole('heading', { name: 'Add a Tool', level: 1 })).toBeVisible()

  const name = unique('Bench Vise')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Description').fill('Cast-iron bench vise with 150 mm jaws and a swivel base.')
  await page.getByLabel('Price (BDT per unit)').fill('2450.5')
  await page.getByLabel('Quantity', { exact: true }).fill('400')
  await page.getByLabel('Minimum order quantity').fill('20')

  await slowUploads(page)
  const upload = page.waitForResponse((res) => res.url().endsWith('/api/images') && res.request().method() === 'POST')
  await page.getByLabel('Add photos').setInputFiles(webp('orbital-sander.webp'))
  const progress = page.getByRole('progressbar', { name: 'Uploading orbital-sander.webp' })
  await expect(progress).toBeVisible()
  await expect(progress).toHaveAttribute('aria-valuenow', /^\d{1,3}$/)
  await expect(page.getByRole('button', { name: 'Uploading photo…' })).toBeDisabled()
  expect((await upload).status()).toBe(200)
  await expect(progress).toHaveCount(0)
  await expect(page.getByTestId('image-preview')).toHaveAttribute('src', /^\/api\/images\/[0-9a-f]{64}\.webp\?w=320$/)

  const created = page.waitForRequest((req) => req.url().endsWith('/api/service') && req.method() === 'POST')
  await page.getByRole('button', { name: 'Add Tool' }).click()
  await expect(page.getByText('Tools added successfully')).toBeVisible()
  // The submitter's e-mail and the wire name of the minimum go with the tool.
  expect((await created).postDataJSON()).toMatchObject({
    name,
    email: ADMIN.email,
    price: 2450.5,
    quantity: 400,
    Minimum_quantity: 20,
  })
  // The form starts over.
  await expect(page.getByLabel('Name')).toHaveValue('')
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('')
  await expect(page.getByTestId('image-preview')).toHaveCount(0)

  await page.goto(`/service?q=${encodeURIComponent(name)}`)
  const card = page.locator('main article').filter({ hasText: name })
  await expect(card).toHaveCount(1)
  await expect(card.getByRole('img', { name })).toHaveAttribute('src', /^\/api\/images\//)

  // Manage: cancelling the confirmation keeps the tool; accepting it deletes it.
  await page.goto(`/dashboard/manage?q=${encodeURIComponent(name)}`)
  await expect(page.getByRole('heading', { name: 'Manage Tools', level: 1 })).toBeVisible()
  await expect(page.getByText('1–1 of 1 tools')).toBeVisible()
  const row = page.getByTestId('tool-row').filter({ hasText: name })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('400')

  // The spec's 'Are You sure?', saying what happens to the tool's open orders.
  await row.getByRole('button', { name: `Delete ${name}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Are You sure?' })
  await expect(confirm).toContainText('It has no open orders.')
  await confirm.getByRole('button', { name: 'Keep it' }).click()
  await expect(confirm).toBeHidden()
  await expect(row).toHaveCount(1)

  await row.getByRole('button', { name: `Delete ${name}` }).click()
  await expect(confirm).toContainText('It has no open orders.')
  const deleted = page.waitForResponse(
    (res) => res.request().method() === 'DELETE' && res.url().includes('/api/service/'),
  )
  await confirm.getByRole('button', { name: 'Delete tool' }).click()
  expect((await deleted).status()).toBe(200)
  await expect(row).toHaveCount(0)
  await expect(page.getByText(`${name} deleted`)).toBeVisible()
  const after = await (await page.request.get(`${API}/service?q=${encodeURIComponent(name)}`)).json()
  expect(after).toEqual([])
})

test("the add-tool form shows the spec's messages and checks the photo before sending it", async ({
  page,
  expectConsoleError,
}) => {
  await signIn(page, ADMIN)
  await page.goto('/dashboard/addTools')
  await page.getByRole('button', { name: 'Add Tool' }).click()
  for (const message of [
    'name is Required',
    'description is Required',
    'price is Required',
    'quantity is Required',
    'Minimum order quantity is Required',
    'Photo is Required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  }
  // The first field with an error gets the focus.
  await expect(page.getByLabel('Name')).toBeFocused()

  await page.getByLabel('Price (BDT per unit)').fill('-5')
  await page.getByLabel('Quantity', { exact: true }).fill('10')
  await page.getByLabel('Minimum order quantity').fill('50')
  await page.getByRole('button', { name: 'Add Tool' }).click()
  await expect(page.getByText('price must be more than 0')).toBeVisible()
  await expect(page.getByText('Minimum order quantity cannot be more than the quantity')).toBeVisible()

  // A refused file is caught in the browser, with the server's message, and nothing is sent.
  let uploads = 0
  page.on('request', (req) => {
    if (req.url().endsWith('/api/images')) uploads++
  })
  await page.getByLabel('Add photos').setInputFiles(seedImage('heat-gun.svg'))
  await expect(
    page.getByText('SVG images are not accepted. Upload a JPEG, PNG, WebP, GIF or AVIF image.'),
  ).toBeVisible()
  await page
    .getByLabel('Add photos')
    .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) })
  await expect(page.getByText('The image is larger than 5 MB. Please choose a smaller one.')).toBeVisible()
  expect(uploads).toBe(0)

  // A failed upload can be retried with the same file.
  let failNext = true
  await page.route('**/api/images', async (route) => {
    if (!failNext) return route.continue()
    failNext = false
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'NOT_CONFIGURED', message: 'Image storage is not available right now.' } }),
    })
  })
  await page.getByLabel('Add photos').setInputFiles(webp('heat-gun.webp'))
  await expect(page.getByRole('alert').filter({ hasText: 'Image storage is not available right now.' })).toBeVisible()
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByTestId('gallery-photo')).toHaveCount(1)
  // The browser reports the refused upload on the console; that one is expected here.
  expectConsoleError(/503/)
})

test('a tool whose photo is an https address (made through the API) can still be edited in Manage', async ({
  page,
  api,
}) => {
  // The photo's host, offline here, answered by the test.
  await page.route('https://example.com/**', (route) =>
    route.fulfill({ contentType: 'image/webp', body: readFileSync(seedImage('heat-gun.webp')) }),
  )
  await signIn(page, ADMIN)
  const name = unique('Linked Photo Saw')
  const created = await api.post('/service', {
    data: {
      name,
      description: 'Its photo lives elsewhere.',
      price: 500,
      quantity: 40,
      Minimum_quantity: 2,
      img: 'https://example.com/saw.png',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { insertedId } = await created.json()
  await page.goto('/dashboard/manage')
  await page.getByRole('main').getByRole('searchbox', { name: 'Search tools' }).fill(name)
  await page.getByRole('button', { name: 'Search' }).click()
  const row = page.getByTestId('tool-row').filter({ hasText: name })
  await row.getByRole('button', { name: `Edit ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` })
  await dialog.getByLabel('Price (BDT per unit)').fill('550')
  const patch = page.waitForRequest((req) => req.method() === 'PATCH')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  // The photo, left as it was, is neither refused nor sent.
  expect((await patch).postDataJSON()).toEqual({ price: 550 })
  await expect(dialog).toBeHidden()
  expect(await (await page.request.get(`${API}/service/${insertedId}`)).json()).toMatchObject({
    price: 550,
    img: 'https://example.com/saw.png',
  })
  await api.delete(`/service/${insertedId}`)
})

test('an admin restocks a tool and changes its price in Manage; a stale restock is refused', async ({
  page,
  api,
  expectConsoleError,
}) => {
  await signIn(page, ADMIN)
  // A tool of its own, so other tests keep the seeded stock.
  const image = await api.post('/images', {
    multipart: {
      image: { name: 'heat-gun.webp', mimeType: 'image/webp', buffer: readFileSync(seedImage('heat-gun.webp')) },
    },
  })
  const { data } = await image.json()
  const name = unique('Restock Gun')
  const created = await api.post('/service', {
    data: { name, description: 'A tool to restock.', price: 900, quantity: 30, Minimum_quantity: 10, img: data.url },
  })
  expect(created.status()).toBe(201)
  const { insertedId } = await created.json()

  const listed = page.waitForRequest((req) => req.url().includes('/api/service?') && req.url().includes('limit=20'))
  await page.goto('/dashboard/manage')
  await listed
  await expect(page.getByRole('heading', { name: 'Manage Tools' })).toBeVisible()
  expect(await page.getByTestId('tool-row').count()).toBeLessThanOrEqual(20)

  await page.getByRole('main').getByRole('searchbox', { name: 'Search tools' }).fill(name)
  await page.getByRole('button', { name: 'Search' }).click()
  const row = page.getByTestId('tool-row').filter({ hasText: name })
  await expect(page.getByTestId('tool-row')).toHaveCount(1)
  await expect(row.getByTestId('tool-stock')).toHaveText('30')

  await row.getByRole('button', { name: `Edit ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Price (BDT per unit)')).toBeFocused()
  await dialog.getByLabel('Quantity in stock').fill('5')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog.getByText('Minimum order quantity cannot be more than the quantity')).toBeVisible()

  await dialog.getByLabel('Quantity in stock').fill('1250')
  await dialog.getByLabel('Price (BDT per unit)').fill('950')
  const patch = page.waitForRequest((req) => req.method() === 'PATCH')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  // The stock the form opened with goes along, so orders taken meanwhile are not overwritten.
  expect((await patch).postDataJSON()).toEqual({ price: 950, quantity: 1250, previousQuantity: 30 })
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`${name} updated`)).toBeVisible()
  await expect(row.getByTestId('tool-stock')).toHaveText('1,250')
  await expect(row).toContainText('950')

  // Orders take 50 while the form is open: the restock is refused with today's figure.
  expectConsoleError(/status of 409/)
  await row.getByRole('button', { name: `Edit ${name}` }).click()
  await expect(dialog).toBeVisible()
  expect((await api.patch(`/service/${insertedId}`, { data: { quantity: 1200 } })).status()).toBe(200)
  await dialog.getByLabel('Quantity in stock').fill('2000')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(
    dialog.getByText('The stock changed to 1200 while you were editing. Check it and save again.'),
  ).toBeVisible()
  await expect(row.getByTestId('tool-stock')).toHaveText('1,200')
  // The form now knows today's figure (the message stands where its hint was): saving again restocks from it.
  await expect(dialog.getByLabel('Quantity in stock')).toHaveValue('2000')
  const again = page.waitForRequest((req) => req.method() === 'PATCH')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  expect((await again).postDataJSON()).toEqual({ quantity: 2000, previousQuantity: 1200 })
  await expect(dialog).toBeHidden()
  await expect(row.getByTestId('tool-stock')).toHaveText('2,000')

  const tool = await (await page.request.get(`${API}/service/${insertedId}`)).json()
  expect(tool).toMatchObject({ quantity: 2000, price: 950, Minimum_quantity: 10 })

  // While the form is open, orders take 50 and another admin adds a volume price: the list reads
  // them again (here after a refused save). A save then sends only what this admin changed, so
  // neither the stock the form opened with nor its empty volume prices go back over them.
  await row.getByRole('button', { name: `Edit ${name}` }).click()
  await expect(dialog).toBeVisible()
  const meanwhile = await api.patch(`/service/${insertedId}`, {
    data: { quantity: 1950, priceTiers: [{ minQuantity: 100, price: 800 }] },
  })
  expect(meanwhile.status(), await meanwhile.text()).toBe(200)
  expectConsoleError(/status of 400/)
  await dialog.getByLabel('Price (BDT per unit)').fill('700')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText(/A volume price must be lower than the tool/).first()).toBeVisible()
  await expect(row.getByTestId('tool-stock')).toHaveText('1,950')
  await dialog.getByLabel('Price (BDT per unit)').fill('990')
  const priceOnly = page.waitForRequest((req) => req.method() === 'PATCH')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  expect((await priceOnly).postDataJSON()).toEqual({ price: 990 })
  await expect(dialog).toBeHidden()
  expect(await (await page.request.get(`${API}/service/${insertedId}`)).json()).toMatchObject({
    quantity: 1950,
    price: 990,
    priceTiers: [{ minQuantity: 100, price: 800 }],
  })
  await api.delete(`/service/${insertedId}`)
})

test('a customer adds a review with a photo and sees it in the carousel; an admin deletes it', async ({ page }) => {
  await verifiedCustomer(page, 'Farhana Akter')
  await page.goto('/dashboard/review')
  await expect(page.getByLabel('Name')).toHaveValue('Farhana Akter')

  await page.getByRole('button', { name: 'Add Review' }).click()
  await expect(page.getByText('description is Required', { exact: true })).toBeVisible()
  await expect(page.getByText('Photo is Required', { exact: true })).toBeVisible()

  // Text that looks like HTML stays text.
  const text = `Sturdy drills <b>and</b> <img src=x onerror="window.__xss=1"> fast delivery ${Date.now().toString(36)}`
  await page.getByLabel('Description').fill(text)
  await page.getByRole('radio', { name: '4 stars' }).check()
  await slowUploads(page, 600)
  await page.getByLabel('Photo', { exact: true }).setInputFiles(webp('reviewer-2.webp'))
  await expect(page.getByRole('progressbar', { name: 'Uploading photo' })).toBeVisible()
  await expect(page.getByText('Photo uploaded')).toBeVisible()
  await page.getByRole('button', { name: 'Add Review' }).click()
  await expect(page.getByText('Tools added successfully')).toBeVisible()
  await expect(page.getByLabel('Description')).toHaveValue('')
  await expect(page.getByLabel('Name')).toHaveValue('Farhana Akter')

  // Client-side navigation: the carousel shows the review at once, without a reload.
  await page.getByRole('link', { name: 'Home' }).first().click()
  await page.locator('#reviews').scrollIntoViewIfNeeded()
  const carousel = page.getByRole('region', { name: 'Customer reviews' })
  const slide = carousel.locator('[aria-roledescription="slide"]').filter({ hasText: text })
  await expect(slide).toHaveCount(1)
  await expect(slide.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible()
  await expect(slide.locator('blockquote')).toHaveText(text)
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  // Customers have no delete button.
  await expect(carousel.getByRole('button', { name: /^Delete review by/ })).toHaveCount(0)

  await page.getByRole('button', { name: 'Sign Out' }).click()
  await signIn(page, ADMIN)
  await page.goto('/#reviews')
  const adminSlide = page
    .getByRole('region', { name: 'Customer reviews' })
    .locator('[aria-roledescription="slide"]')
    .filter({ hasText: text })
  page.once('dialog', (dialog) => void dialog.accept())
  await adminSlide.getByRole('button', { name: 'Delete review by Farhana Akter' }).click()
  await expect(page.getByText('Review deleted')).toBeVisible()
  await expect(adminSlide).toHaveCount(0)
  const reviews: { description: string }[] = await (await page.request.get(`${API}/review`)).json()
  expect(reviews.some((r) => r.description === text)).toBe(false)
})

test('a visitor sends the contact form and an admin reads it in Messages', async ({ page }) => {
  const subject = unique('Bulk order')
  await page.goto('/#contact')
  const form = page.locator('#contact')
  await form.getByLabel('Name').fill('Rahim Uddin')
  await form.getByLabel('E-mail').fill('rahim@example.com')
  await form.getByLabel('Subject (optional)').fill(subject)
  await form.getByLabel('Message').fill('We need 300 drill machines.\nCan you quote by Friday?')
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Message Successfully sent!')).toBeVisible()
  await expect(form.getByLabel('Name')).toHaveValue('')

  await signIn(page, ADMIN)
  await page.getByRole('link', { name: 'Dashboard' }).first().click()
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Messages' }).click()
  await expect(page).toHaveURL('/dashboard/messages')
  const message = page.getByTestId('contact-message').first()
  await expect(message.getByRole('heading', { name: subject })).toBeVisible()
  await expect(message).toContainText('Rahim Uddin')
  await expect(message.getByRole('link', { name: 'rahim@example.com' })).toHaveAttribute(
    'href',
    /^mailto:rahim@example\.com/,
  )
  await expect(message).toContainText('We need 300 drill machines.')
  await expect(message).toContainText('E-mail sent')
  await expect(message.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/)
})

test('the catalogue pages fit a phone screen', async ({ page }) => {
  await signIn(page, ADMIN)
  await page.setViewportSize({ width: 360, height: 740 })
  for (const path of ['/dashboard/addTools', '/dashboard/manage', '/dashboard/messages']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0)
  }
  // On a phone the manage table's rows are cards: nothing in them scrolls sideways, the figures are labelled.
  await page.goto('/dashboard/manage')
  const scroller = page.locator('table').locator('xpath=..')
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  const card = page.getByTestId('tool-row').filter({ hasText: 'Drill Machine' })
  await expect(card).toContainText(/Stock\s*[\d,]+/)
  await expect(card).toContainText(/Minimum\s*\d+/)
  await expect(card.getByRole('button', { name: 'Edit Drill Machine' })).toBeInViewport()
})

test('the review page fits a phone screen', async ({ page }) => {
  await signIn(page, CUSTOMER)
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/dashboard/review')
  await expect(page.getByRole('heading', { name: 'Add Review', level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
})

test("an admin edits a tool's name, description and photo in Manage and the shop shows them; a low-stock badge; deleting it with an open order says what happens, and the customer's order is cancelled", async ({
  page,
  api,
  newCustomer,
}) => {
  test.setTimeout(90_000)
  await signIn(page, ADMIN)
  const image = await api.post('/images', { multipart: { image: webp('heat-gun.webp') } })
  const name = unique('Pipe Wrench')
  const created = await api.post('/service', {
    data: {
      name,
      description: 'An 18-inch pipe wrench.',
      price: 1200,
      quantity: 15,
      Minimum_quantity: 10,
      img: (await image.json()).data.url,
    },
  })
  expect(created.status()).toBe(201)
  const id: string = (await created.json()).insertedId

  // A customer orders 10 and leaves the order unpaid: 5 left, below the minimum order.
  const buyer = await newCustomer('Wrench Buyer', 'wrench')
  await placeOrder(buyer.api, { serviceId: id, customer: buyer.account.email, quantity: 10 })
  const customer = buyer.page

  await page.goto(`/dashboard/manage?q=${encodeURIComponent(name)}`)
  const row = page.getByTestId('tool-row').filter({ hasText: name })
  await expect(row.getByTestId('tool-stock')).toHaveText('5')
  await expect(row.getByText('Low stock', { exact: true })).toBeVisible()

  // Every field: a new name, description and photo (uploaded, with its progress).
  const newName = `${name} XL`
  const description = 'An 18-inch pipe wrench with a drop-forged steel jaw.'
  await row.getByRole('button', { name: `Edit ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` })
  await dialog.getByLabel('Name').fill(newName)
  await dialog.getByLabel('Description').fill(description)
  await slowUploads(page)
  await dialog.getByRole('button', { name: 'Remove photo 1' }).click()
  await dialog.getByLabel('Add photos').setInputFiles(webp('orbital-sander.webp'))
  await expect(dialog.getByRole('progressbar', { name: 'Uploading orbital-sander.webp' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Uploading photo…' })).toBeDisabled()
  await expect(dialog.getByTestId('gallery-photo')).toHaveCount(1)
  const photo = (await dialog.getByTestId('image-preview').getAttribute('src'))!.replace(/\?w=\d+$/, '')
  expect(photo).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/)
  const patch = page.waitForRequest((req) => req.method() === 'PATCH')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  expect((await patch).postDataJSON()).toEqual({ name: newName, description, images: [photo] })
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`${name} updated`)).toBeVisible()
  await expect(page.getByTestId('tool-row').filter({ hasText: newName })).toHaveCount(1)

  // The shop shows the new name, description and photo: in the catalogue and on the tool page.
  await page.goto(`/service?q=${encodeURIComponent(newName)}`)
  const card = page.locator('main article').filter({ hasText: newName })
  await expect(card).toHaveCount(1)
  await expect(card).toContainText(description)
  await expect(card.getByRole('img', { name: newName })).toHaveAttribute('src', new RegExp(`^${photo}`))
  await page.goto(`/service/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible()
  await expect(page.getByRole('main')).toContainText(description)
  await expect(page.getByRole('img', { name: newName })).toHaveAttribute('src', new RegExp(`^${photo}`))

  // Deleting it: the confirmation says what happens to the open order first.
  await page.goto(`/dashboard/manage?q=${encodeURIComponent(newName)}`)
  await page
    .getByTestId('tool-row')
    .filter({ hasText: newName })
    .getByRole('button', { name: `Delete ${newName}` })
    .click()
  const confirm = page.getByRole('dialog', { name: 'Are You sure?' })
  await expect(confirm).toContainText('1 unpaid order is cancelled, and the customers are e-mailed.')
  await expect(confirm).not.toContainText('It has no open orders.')
  await confirm.getByRole('button', { name: 'Delete tool' }).click()
  await expect(page.getByText(`${newName} deleted`)).toBeVisible()

  // The customer's unpaid order is cancelled, and says why.
  await customer.goto('/dashboard/order')
  const order = customer.getByTestId('order')
  await expect(order.getByTestId('order-status')).toHaveText('Cancelled')
  await expect(order).toContainText('Cancelled: the tool was withdrawn from the catalogue')
  await expect(order.getByRole('link', { name: /^Payment/ })).toHaveCount(0)
})

test('the admin Reviews page pages through every review and deletes one after confirming', async ({ page, api }) => {
  await signIn(page, ADMIN)
  // More reviews than a page holds (20): four new reviewers, five reviews each (the daily limit).

  const img: string = (await (await page.request.get(`${API}/review`)).json())[0].img
  const run = Date.now().toString(36)
  const mine: string[] = []
  try {
    for (let r = 1; r <= 4; r++) {
      const email = `reviewer${r}-${run}@example.com`
      // Writing a review needs a verified address.
      const idToken = await verifiedAccountToken(page, { email, password: 'secret123' })
      const [, accessToken] = await (
        await page.request.put(`${API}/user/${email}`, {
          headers: { Authorization: `Bearer ${idToken}` },
          data: { email, name: `Reviewer ${r}` },
        })
      ).json()
      for (let n = 1; n <= 5; n++) {
        const res = await page.request.post(`${API}/review`, {
          headers: { Authorization: `Bearer ${accessToken}` },
          data: { name: `Reviewer ${r}`, description: `Review ${r}.${n} of run ${run}`, img, rating: 4 },
        })
        expect(res.status(), await res.text()).toBe(201)
        mine.push((await res.json()).insertedId)
      }
    }
    const total = Number((await page.request.get(`${API}/review?limit=1`)).headers()['x-total-count'])
    expect(total).toBeGreaterThan(20)

    await page.goto('/dashboard/reviews')
    await expect(page.getByRole('heading', { name: `Reviews (${total})`, level: 1 })).toBeVisible()
    const rows = page.getByTestId('review-row')
    await expect(rows).toHaveCount(20)
    // Newest first: the last one written leads.
    await expect(rows.first()).toContainText(`Review 4.5 of run ${run}`)
    const pages = page.getByRole('navigation', { name: 'Pages' })
    await expect(pages).toContainText(`1–20 of ${total} reviews`)
    await pages.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/\/dashboard\/reviews\?page=2$/)
    await expect(pages).toContainText(`21–${Math.min(total, 40)} of ${total} reviews`)
    await expect(rows).toHaveCount(Math.min(total, 40) - 20)
    await expect(rows.filter({ hasText: `Review 4.5 of run ${run}` })).toHaveCount(0)
    await pages.getByRole('link', { name: 'Previous' }).click()
    await expect(page).toHaveURL(/\/dashboard\/reviews$/)
    await expect(rows.first()).toContainText(`Review 4.5 of run ${run}`)

    // Delete asks first; Keep it keeps the review.
    const target = rows.filter({ hasText: `Review 4.5 of run ${run}` })
    await target.getByRole('button', { name: 'Delete the review by Reviewer 4' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete this review?' })
    await expect(confirm).toContainText('The review by Reviewer 4 leaves the site for good.')
    await confirm.getByRole('button', { name: 'Keep it' }).click()
    await expect(confirm).toBeHidden()
    await expect(target).toHaveCount(1)
    await target.getByRole('button', { name: 'Delete the review by Reviewer 4' }).click()
    await confirm.getByRole('button', { name: 'Delete review' }).click()
    await expect(page.getByText('Review deleted')).toBeVisible()
    await expect(target).toHaveCount(0)
    await expect(page.getByRole('heading', { name: `Reviews (${total - 1})`, level: 1 })).toBeVisible()
    const left: { description: string }[] = await (await page.request.get(`${API}/review?limit=100`)).json()
    expect(left.some((r) => r.description === `Review 4.5 of run ${run}`)).toBe(false)
  } finally {
    // The home carousel shows the newest reviews: leave it as the other tests expect it.
    for (const id of mine) await api.delete(`/review/${id}`)
  }
})

test('an admin searches the contact messages', async ({ page }) => {
  const run = Date.now().toString(36)
  const sent = [
    {
      name: 'Karim Sheikh',
      email: `karim-${run}@example.com`,
      subject: 'Quote for grinders',
      message: `We need 40 angle grinders, reference ${run}.`,
    },
    {
      name: 'Laila Noor',
      email: `laila-${run}@example.com`,
      subject: 'Delivery to Sylhet',
      message: 'Do you deliver to Sylhet?',
    },
  ]
  for (const data of sent) expect((await page.request.post(`${API}/contact`, { data })).status()).toBe(201)

  await signIn(page, ADMIN)
  await page.goto('/dashboard/messages')
  const messages = page.getByTestId('contact-message')
  await expect(messages.filter({ hasText: sent[0]!.subject })).toHaveCount(1)
  await expect(messages.filter({ hasText: sent[1]!.subject })).toHaveCount(1)

  const search = async (text: string) => {
    await page.getByRole('searchbox', { name: 'Search messages' }).fill(text)
    await page.getByRole('button', { name: 'Search' }).click()
  }
  // A word both carry (in their e-mail addresses) finds the two and nothing else…
  await search(run)
  await expect(page).toHaveURL(new RegExp(`q=${run}`))
  await expect(page.getByRole('heading', { name: 'Messages (2)', level: 1 })).toBeVisible()
  await expect(messages).toHaveCount(2)
  // …words of one message's text find that one…
  await search(`reference ${run}`)
  await expect(page.getByRole('heading', { name: 'Messages (1)', level: 1 })).toBeVisible()
  await expect(messages).toHaveCount(1)
  await expect(messages.first()).toContainText(sent[0]!.subject)
  // …by the sender's e-mail, in any case…
  await search(sent[1]!.email.toUpperCase())
  await expect(messages).toHaveCount(1)
  await expect(messages.first()).toContainText('Laila Noor')
  // …and by subject.
  await search('quote for GRINDERS')
  await expect(messages.filter({ hasText: sent[0]!.subject })).toHaveCount(1)
  await expect(messages.filter({ hasText: sent[1]!.subject })).toHaveCount(0)
})

// ─── Categories, specifications and search (issue 25) ──────────────────────────────────────

/** The names of the tool cards /service lists now. */
const cardNames = (page: Page) => page.getByRole('main').locator('ul article h2')

/** The demo tools in Drilling and its children, in creation order. */
const DRILLING = [
  'Drill Machine',
  'Rotary Hammer',
  'Cordless Hammer Drill 18 V',
  'Compact Hammer Drill 550 W',
  'SDS-max Demolition Hammer',
]

test('a shopper filters /service by category, opens a tool and reads its specifications and breadcrumbs @phone', async ({
  page,
}) => {
  await page.goto('/service')
  const categories = page.getByRole('navigation', { name: 'Categories' })
  // Plain links a search engine follows, with their counts.
  await expect(categories.getByRole('link', { name: /^Drilling/ })).toHaveAttribute(
    'href',
    '/service?category=drilling',
  )
  await categories.getByRole('link', { name: /^Drilling/ }).click()
  await expect(page).toHaveURL(/\/service\?category=drilling$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drilling')
  await expect(page).toHaveTitle('Drilling · Toolhaus')
  await expect(cardNames(page)).toHaveText(DRILLING)
  await expect(page.getByRole('status')).toHaveText('5 tools in Drilling')
  await expect(categories.getByRole('link', { name: /^Drilling/ })).toHaveAttribute('aria-current', 'page')
  expect(await sidewaysOverflow(page)).toBe(0)
  await expectNoAxeViolations(page, '/service?category=drilling')

  // Its children, one level down.
  await categories.getByRole('link', { name: /^Hammer drills/ }).click()
  await expect(page).toHaveURL(/category=hammer-drills$/)
  await expect(page).toHaveTitle('Hammer drills · Drilling · Toolhaus')
  await expect(cardNames(page)).toHaveText([
    'Drill Machine',
    'Cordless Hammer Drill 18 V',
    'Compact Hammer Drill 550 W',
  ])

  await page.getByRole('link', { name: 'Drill Machine' }).click()
  await expect(page).toHaveURL(/\/service\/drill-machine$/)
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(crumbs.getByRole('link')).toHaveText(['Service', 'Drilling', 'Hammer drills'])
  await expect(crumbs.getByText('Drill Machine')).toBeVisible()

  const specs = page.getByRole('table')
  await expect(page.getByRole('heading', { name: 'Specifications', level: 2 })).toBeVisible()
  await expect(specs.getByRole('row')).toHaveCount(6)
  await expect(specs.getByRole('row', { name: /Power/ })).toContainText('750 W')
  await expect(specs.getByRole('rowheader').first()).toHaveText('Power')
  await expect(specs.getByRole('row', { name: /Chuck/ })).toContainText('13 mm, keyed')
  expect(await sidewaysOverflow(page)).toBe(0)
  await expectNoAxeViolations(page, '/service/drill-machine')

  // Back up through the breadcrumbs.
  await crumbs.getByRole('link', { name: 'Drilling' }).click()
  await expect(page).toHaveURL(/\/service\?category=drilling$/)
  await expect(cardNames(page)).toHaveText(DRILLING)
})

test('a shopper finds a tool by the start of two of its words, in any order @phone', async ({ page }) => {
  await page.goto('/service')
  const search = page.getByRole('main').getByRole('searchbox', { name: 'Search tools' })
  await search.fill('cord scr')
  await expect(page).toHaveURL(/q=cord(\+|%20)scr/)
  await expect(page.getByRole('status')).toHaveText('3 tools matching “cord scr”')
  await expect(cardNames(page)).toHaveText([
    'Drywall Screwdriver 520 W',
    'Cordless Screwdriver',
    'Cordless Impact Driver 18 V',
  ])

  await search.fill('hamm rot')
  await expect(page.getByRole('status')).toHaveText('2 tools matching “hamm rot”')
  await expect(cardNames(page)).toHaveText(['Rotary Hammer', 'SDS-max Demolition Hammer'])

  // Words of the specifications and the category count too; a search stays inside a category.
  await page.goto('/service?category=cordless-fastening')
  await page.getByRole('main').getByRole('searchbox', { name: 'Search tools' }).fill('brushl')
  await expect(page.getByRole('status')).toHaveText('1 tool matching “brushl” in Cordless fastening')
  await expect(cardNames(page)).toHaveText(['Impact Wrench'])
  expect(await sidewaysOverflow(page)).toBe(0)
})

test('the /service search box suggests tools as one types: arrow keys and Enter open one, nothing moves', async ({
  page,
}) => {
  await page.goto('/service')
  // The page's own search (the navbar has one too).
  const search = page.getByRole('main').getByRole('searchbox', { name: 'Search tools' })
  const form = page.getByRole('main').getByRole('search')
  const before = await form.boundingBox()
  await search.pressSequentially('rot ham', { delay: 30 })
  const list = page.getByRole('listbox', { name: 'Matching tools' })
  await expect(list.getByRole('option')).toHaveText([/^Rotary Hammer/, /^SDS-max Demolition Hammer/])
  // Laid over the page: the form keeps its size, the field its place.
  expect(await form.boundingBox()).toEqual(before)
  await expect(search).toBeFocused()
  await expectNoAxeViolations(page, '/service with suggestions open')

  // Esc closes the list and keeps the text; typing opens it again.
  await search.press('Escape')
  await expect(list).toHaveCount(0)
  await expect(search).toHaveValue('rot ham')
  await search.press('ArrowDown')
  const option = list.getByRole('option', { name: /Rotary Hammer/ })
  await expect(option).toHaveAttribute('aria-selected', 'true')
  await expect(search).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!)
  await search.press('Enter')
  await expect(page).toHaveURL(/\/service\/rotary-hammer$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rotary Hammer')

  // A click picks too.
  await page.goto('/service')
  await search.pressSequentially('cord', { delay: 30 })
  // "cord" starts words of several tools (names, categories, the corded drill, the saw's cord).
  await expect(list.getByRole('option').nth(1)).toBeVisible()
  await list.getByRole('option', { name: /Cordless Screwdriver/ }).click()
  await expect(page).toHaveURL(/\/service\/cordless-screwdriver$/)
})

test('an admin sorts tools into a new category with specifications, and cannot delete it while it holds them', async ({
  page,
}) => {
  const run = Date.now().toString(36)
  const parentName = `Workshop ${run}`
  const childName = `Vices ${run}`
  await signIn(page, ADMIN)
  await page.goto('/dashboard/categories')
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible()
  const add = page.getByRole('form', { name: 'Add a category' })
  await expect(add).toBeVisible()
  await expectNoAxeViolations(page, '/dashboard/categories')

  await add.getByLabel('Name').fill(parentName)
  await expect(add.getByLabel('Slug (the address)')).toHaveAttribute('placeholder', `workshop-${run}`)
  await add.getByRole('button', { name: 'Add category' }).click()
  await expect(page.getByText(`${parentName} added`)).toBeVisible()
  await add.getByLabel('Name').fill(childName)
  await add.getByLabel('Place').selectOption({ label: `Inside ${parentName}` })
  await add.getByRole('button', { name: 'Add category' }).click()
  await expect(page.getByText(`${childName} added`)).toBeVisible()
  await expect(page.getByTestId('category-row').filter({ hasText: childName })).toContainText(
    `/service?category=vices-${run}`,
  )

  // A new tool in the child, with three specifications: one moved up, one removed.
  await page.goto('/dashboard/addTools')
  const toolName = `Bench Vice ${run}`
  await page.getByLabel('Name').fill(toolName)
  await page.getByLabel('Description').fill('A cast-iron bench vice with a swivel base.')
  await page.getByLabel('Price (BDT per unit)').fill('2450')
  await page.getByLabel('Quantity', { exact: true }).fill('300')
  await page.getByLabel('Minimum order quantity').fill('10')
  await page.getByLabel('Add photos').setInputFiles(webp('orbital-sander.webp'))
  await expect(page.getByTestId('gallery-photo')).toHaveCount(1)
  await page.getByLabel('Category').selectOption({ label: `${parentName} › ${childName}` })
  for (const [name, value] of [
    ['Jaw width', '150 mm'],
    ['Colour', 'Blue'],
    ['Weight', '12 kg'],
  ]) {
    await page.getByRole('button', { name: 'Add a specification' }).click()
    const rows = page.getByTestId('spec-rows').getByRole('listitem')
    const row = rows.last()
    await expect(row.getByRole('textbox').first()).toBeFocused()
    await row.getByRole('textbox').first().fill(name!)
    await row.getByRole('textbox').last().fill(value!)
  }
  await page.getByRole('button', { name: 'Move specification 3 up' }).click()
  await page.getByRole('button', { name: 'Remove specification 3' }).click()
  const created = page.waitForRequest((req) => req.url().endsWith('/api/service') && req.method() === 'POST')
  await page.getByRole('button', { name: 'Add Tool' }).click()
  await expect(page.getByText('Tools added successfully')).toBeVisible()
  expect((await created).postDataJSON()).toMatchObject({
    name: toolName,
    specs: [
      { name: 'Jaw width', value: '150 mm' },
      { name: 'Weight', value: '12 kg' },
    ],
  })

  // On the parent's page, and on its own with its table.
  await page.goto(`/service?category=workshop-${run}`)
  await expect(cardNames(page)).toHaveText([toolName])
  await page.getByRole('link', { name: toolName }).click()
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText([
    'Service',
    parentName,
    childName,
  ])
  await expect(page.getByRole('table').getByRole('rowheader')).toHaveText(['Jaw width', 'Weight'])

  // A category that holds a tool cannot be deleted.
  await page.goto('/dashboard/categories')
  await page.getByRole('button', { name: `Delete ${childName}` }).click()
  const confirm = page.getByRole('dialog', { name: `Delete ${childName}?` })
  await expect(confirm).toContainText('It still holds 1 tool')
  await expect(confirm.getByRole('button', { name: 'Delete category' })).toBeDisabled()
  await confirm.getByRole('button', { name: 'Keep it' }).click()

  // Renamed, the tool's page follows.
  await page.getByRole('button', { name: `Edit ${childName}` }).click()
  const edit = page.getByRole('dialog', { name: `Edit ${childName}` })
  await edit.getByLabel('Name').fill(`Clamps ${run}`)
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText(`Clamps ${run} saved`)).toBeVisible()
  await page.goto(`/service?q=${encodeURIComponent(`clamps ${run}`)}`)
  await expect(cardNames(page)).toHaveText([toolName])
  await expectNoAxeViolations(page, '/service?q=…')
})
