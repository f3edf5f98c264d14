import { readFileSync } from 'node:fs'
import { dhakaMonth } from '../worker/schemas/dhaka-time'
import { ADMIN, CUSTOMER, signIn } from './auth'
import { type Api, expect, expectNoAxeViolations, placeOrder, sidewaysOverflow, test } from './fixtures'

test.describe.configure({ timeout: 90_000 })

type Order = { _id: string; orderNumber: string; invoiceNumber: string | null }

/**
 * Places and pays (simulated card) an order of a seeded tool as the demo customer, through the API
 * the web app uses. (The demo customer's e-mail is verified; a fresh sign-up's is not, and may not order.)
 */
async function paidOrder(api: Api): Promise<Order> {
  const id = await placeOrder(api, { serviceId: 'heat-gun', customer: CUSTOMER.email })
  const intent = await (await api.post('/create-payment-intent', { data: { bookingId: id } })).json()
  const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' }
  const paid = await api.post('/payments/simulated/confirm', { data: { clientSecret: intent.clientSecret, card } })
  expect(paid.status()).toBe(200)
  const order: Order = await (await api.get(`/booking/${id}`)).json()
  expect(order.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/)
  return order
}

const shopBin = async (api: Api): Promise<string> => (await (await api.get('/settings')).json()).shop.bin

test('an admin finds a paid order’s invoice on the VAT page of this month and downloads the register as CSV', async ({
  page,
  asCustomer,
}) => {
  const order = await paidOrder(asCustomer.api)
  const month = dhakaMonth(Date.now())

  await signIn(page, ADMIN)
  await page.goto('/dashboard')
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'VAT' }).click()
  await expect(page.getByRole('heading', { name: 'VAT', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Month')).toHaveValue(month)
  const row = page.getByTestId('vat-invoice').filter({ hasText: order.invoiceNumber! })
  await expect(row).toContainText(order.orderNumber)
  await expectNoAxeViolations(page)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`vat-register-${month}.csv`)
  const csv = readFileSync((await file.path())!, 'utf8')
  const [header, ...rows] = csv.trimEnd().split('\r\n')
  expect(header).toBe('type,number,issuedAt,orderNumber,invoiceNumber,buyer,bin,valueExVat,vat,total')
  expect(rows.some((r) => r.startsWith(`invoice,${order.invoiceNumber},`) && r.includes(order.orderNumber))).toBe(true)

  // Another month: nothing issued there.
  await page.getByLabel('Month').fill('2019-01')
  await expect(page.getByRole('heading', { name: 'January 2019', level: 2 })).toBeVisible()
  await expect(page).toHaveURL(/month=2019-01/)
  await expect(page.getByText('No tax invoices were issued this month.')).toBeVisible()
})

test('at 390 px the VAT page does not scroll sideways; its tables scroll inside their box', async ({
  page,
  asCustomer,
}) => {
  await paidOrder(asCustomer.api)
  await signIn(page, ADMIN)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/dashboard/vat')
  await expect(page.getByRole('heading', { name: 'VAT', level: 1 })).toBeVisible()
  await expect(page.getByTestId('vat-invoice').first()).toBeVisible()
  expect(await sidewaysOverflow(page)).toBe(0)
  const scroller = page.getByTestId('vat-invoice').first().locator('xpath=ancestor::table/..')
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeInViewport()
  await expectNoAxeViolations(page)
})

test('the customer opens the tax invoice of their order: Mushak-6.3 with the shop’s BIN; 20 lines print on one A4 page', async ({
  asCustomer,
  browser,
}) => {
  const { page, api } = asCustomer
  const order = await paidOrder(api)
  const bin = await shopBin(api)
  expect(bin).toMatch(/^\d{13}$/)

  await page.goto(`/dashboard/order/${order._id}`)
  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}`, level: 1 })).toBeVisible()
  await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Tax invoice' }).click()
  const dialog = page.getByRole('dialog', { name: `Tax invoice ${order.orderNumber}` })
  const invoice = dialog.frameLocator('iframe')
  await expect(invoice.getByRole('heading', { name: 'Tax Invoice' })).toBeVisible()
  await expect(invoice.getByText('Mushak-6.3')).toBeVisible()
  await expect(invoice.getByText(bin, { exact: true }).first()).toBeVisible()
  await expect(invoice.getByText(order.invoiceNumber!, { exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Print' })).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Credit note' })).toHaveCount(0)

  // Paper: the invoice with its line repeated to 20 lines, with long names, prints on one A4 page.
  const html = await (await api.get(`/booking/${order._id}/invoice`)).text()
  const paper = await (await browser.newContext()).newPage()
  await paper.setContent(html)
  await paper.evaluate(() => {
    const body = document.querySelector('table.lines tbody')!
    const line = body.querySelector('tr')!
    for (let i = 2; i <= 20; i++) {
      const copy = line.cloneNode(true) as HTMLTableRowElement
      copy.cells[0]!.textContent = String(i)
      copy.cells[1]!.textContent = `Cordless impact drill driver kit with two batteries, charger and case, model ${i}`
      body.insertBefore(copy, body.lastElementChild)
    }
  })
  await expect(paper.locator('table.lines tbody tr')).toHaveCount(21)
  const pdf = (await paper.pdf({ preferCSSPageSize: true })).toString('latin1')
  expect(pdf.match(/\/Type\s*\/Page\b(?!s)/g)).toHaveLength(1)
  await paper.context().close()
})
