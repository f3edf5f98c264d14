import type { Booking } from '../worker/schemas/order'
import { verifiedCustomer } from './auth'
import { type Api, expect, expectNoAxeViolations, sidewaysOverflow, test } from './fixtures'
import { expectPaisa, type Tool } from './shop'

// Signing up, creating a tool, filling a cart and ordering on a busy machine.
test.describe.configure({ timeout: 120_000 })

/** A tool sold by the dozen with two volume prices, added by the admin (with a seeded tool's photo). */
async function dozenTool(admin: Api): Promise<Tool> {
  const [seeded] = (await (await admin.get('/service?limit=1')).json()) as Tool[]
  const res = await admin.post('/service', {
    data: {
      name: `Spanner Set ${Date.now().toString(36)}`,
      description: 'Combination spanners, sold by the dozen.',
      price: 100,
      quantity: 1000,
      Minimum_quantity: 12,
      img: seeded!.img,
      packSize: 12,
      priceTiers: [
        { minQuantity: 48, price: 90 },
        { minQuantity: 120, price: 80 },
      ],
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { insertedId } = (await res.json()) as { insertedId: string }
  return (await (await admin.get(`/service/${insertedId}`)).json()) as Tool
}

test('a buyer sees the volume prices, the unit price follows the quantity, and orders at the tier price', {
  tag: '@phone',
}, async ({ page, api, asAdmin }) => {
  const tool = await dozenTool(asAdmin.api)
  await verifiedCustomer(page, 'Rahim Traders', 'wholesale')

  await page.goto(`/service/${tool._id}`)
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible()
  const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Unit price' }) })
  await expect(page.getByRole('heading', { level: 2, name: 'Volume pricing' })).toBeVisible()
  const rows = table.getByRole('row')
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(1)).toContainText('12–47')
  await expectPaisa(rows.nth(1).getByRole('cell').nth(1), 10_000)
  await expect(rows.nth(2)).toContainText('48–119')
  await expectPaisa(rows.nth(2).getByRole('cell').nth(1), 9_000)
  await expect(rows.nth(3)).toContainText('120 or more')
  await expectPaisa(rows.nth(3).getByRole('cell').nth(1), 8_000)

  // The quantity starts at the minimum order and steps by the pack.
  const quantity = page.getByLabel('Quantity', { exact: true })
  await expect(quantity).toHaveValue('12')
  await expect(quantity).toHaveAttribute('step', '12')
  await expect(quantity).toHaveAttribute('min', '12')
  const unit = page.getByTestId('quantity-unit-price')
  await expectPaisa(unit, 10_000)
  await quantity.fill('48')
  await expectPaisa(unit, 9_000)
  await expect(page.getByText(/you save .* a unit/)).toBeVisible()
  await quantity.fill('120')
  await expectPaisa(unit, 8_000)
  // Not whole packs, or more than the stock: said under the field, and nothing goes into the cart.
  const addToCart = page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first()
  await quantity.fill('66')
  await expect(page.getByTestId('quantity-problem')).toHaveText('Order in packs of 12')
  await expect(quantity).toHaveAttribute('aria-invalid', 'true')
  await expect(addToCart).toBeDisabled()
  await quantity.fill('1008')
  await expect(page.getByTestId('quantity-problem')).toHaveText('Please Order Less Then : 1000')
  await expect(addToCart).toBeDisabled()
  await quantity.fill('60')
  await expectPaisa(unit, 9_000)
  await expect(page.getByTestId('quantity-problem')).toHaveCount(0)
  await expect(addToCart).toBeEnabled()

  // The Product data names each tier with the quantity it starts at.
  const ld = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((nodes) => nodes.map((n) => JSON.parse(n.textContent ?? '{}')))
  const product = ld.find((d) => d['@type'] === 'Product')
  expect(product.offers.priceSpecification).toEqual([
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
  expect(await sidewaysOverflow(page)).toBe(0)
  await expectNoAxeViolations(page)

  // 60 go into the cart at the volume price, and the cart shows the saving.
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click()
  await expect(page.getByText('Added to your cart')).toBeVisible()
  await page.goto('/cart')
  const line = page.getByTestId('cart-line')
  await expect(line).toHaveCount(1)
  await expect(line.getByLabel(/Quantity/)).toHaveValue('60')
  await expect(line.getByLabel(/Quantity/)).toHaveAttribute('step', '12')
  await expectPaisa(line.getByTestId('line-unit-price'), 9_000)
  await expectPaisa(line.getByTestId('line-total'), 540_000)
  await expect(line.getByTestId('line-saving')).toContainText('you save')
  await expectPaisa(page.getByTestId('cart-total'), 540_000)
  // Not a whole number of packs: the cart says so.
  await line.getByLabel(/Quantity/).fill('66')
  await expect(line.getByTestId('line-error')).toHaveText('Order in packs of 12')
  await line.getByLabel(/Quantity/).fill('120')
  await line.getByLabel(/Quantity/).press('Enter')
  await expectPaisa(line.getByTestId('line-unit-price'), 8_000)
  await expectPaisa(page.getByTestId('cart-total'), 960_000)
  expect(await sidewaysOverflow(page)).toBe(0)
  await expectNoAxeViolations(page)

  // Checkout charges the tier price.
  await page.getByRole('link', { name: 'Checkout' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Your order' })
  await expect(summary.getByTestId('checkout-saving')).toContainText('you save')
  await expectPaisa(summary.getByTestId('goods'), 960_000)
  await page.getByLabel('Phone').fill('01712 345678')
  await page.getByLabel('Address', { exact: true }).fill('House 7, Road 3, Dhanmondi')
  await page.getByLabel('District', { exact: true }).selectOption('Dhaka')
  await expect(summary.getByTestId('delivery-fee')).toHaveText(/\d|Free/)
  expect(await sidewaysOverflow(page)).toBe(0)
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/)
  const id = page.url().split('/').pop()!
  const order = (await (await api.get(`/booking/${id}`)).json()) as Booking
  expect(order.lines).toEqual([
    expect.objectContaining({ serviceId: tool._id, quantity: 120, unitPrice: 80, price: 9600 }),
  ])
  expect(order.price).toBe(9600)
})

test('the admin edits the volume prices and the pack size; the rules show by the fields', async ({ asAdmin }) => {
  const { page, api } = asAdmin
  const tool = await dozenTool(api)
  await page.goto(`/dashboard/manage?q=${encodeURIComponent(tool.name)}&edit=${tool._id}`)
  const dialog = page.getByRole('dialog', { name: `Edit ${tool.name}` })
  await expect(dialog.getByLabel('Pack size')).toHaveValue('12')
  await expect(dialog.getByTestId('tier-rows').getByRole('listitem')).toHaveCount(2)
  // A third volume price that is not lower than the one before it.
  await dialog.getByRole('button', { name: 'Add a volume price' }).click()
  await dialog.getByLabel('From quantity of volume price 3').fill('240')
  await dialog.getByLabel('Unit price (BDT) of volume price 3').fill('85')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog.getByText(/Make each volume price lower than the one before/)).toBeVisible()
  await dialog.getByLabel('Unit price (BDT) of volume price 3').fill('75')
  // A pack size the minimum order is not a multiple of.
  await dialog.getByLabel('Pack size').fill('5')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(
    dialog.getByText('The minimum order quantity must be a whole number of packs of 5.', { exact: true }),
  ).toBeVisible()
  await dialog.getByLabel('Pack size').fill('6')
  await dialog.getByRole('button', { name: 'Remove volume price 1' }).click()
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog).toBeHidden()
  const saved = (await (await api.get(`/service/${tool._id}`)).json()) as Tool
  expect(saved).toMatchObject({
    packSize: 6,
    priceTiers: [
      { minQuantity: 120, price: 80 },
      { minQuantity: 240, price: 75 },
    ],
  })
})

test('a business buyer keeps the company on the profile, and checkout starts from it', async ({ page, api }) => {
  await verifiedCustomer(page, 'Nasrin Akter', 'company')
  await page.goto('/dashboard')
  const form = page.getByRole('group', { name: 'Company (for business purchases)' })
  await form.getByLabel('Company name').fill('Akter Hardware')
  await form.getByLabel('BIN').fill('12345')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(form.getByText('Enter the 13-digit BIN.')).toBeVisible()
  await form.getByLabel('BIN').fill('000123456-0101')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Akter Hardware · BIN 0001234560101')).toBeVisible()
  await expectNoAxeViolations(page)

  // With a tool in the cart, checkout's company fields start from the profile.
  const [tool] = (await (await api.get('/service?limit=1')).json()) as Tool[]
  const put = await api.put(`/cart/${tool!._id}`, { data: { quantity: tool!.Minimum_quantity } })
  expect(put.status(), await put.text()).toBe(200)
  await page.goto('/checkout')
  await expect(page.getByLabel('Company name')).toHaveValue('Akter Hardware')
  await expect(page.getByLabel('BIN')).toHaveValue('0001234560101')
})
