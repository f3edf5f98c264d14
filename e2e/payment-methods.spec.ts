import type { Page } from '@playwright/test'
import { formatBDT } from '../worker/schemas/bdt'
import type { Booking } from '../worker/schemas/order'
import type { Settings } from '../worker/schemas/settings'
import { verifiedCustomer } from './auth'
import { type Api, expect, expectNoAxeViolations, type Session, sidewaysOverflow, test } from './fixtures'
import { cheapTool, type Tool } from './shop'

// Signing up, checking out and working the order from the desk on a busy machine.
test.describe.configure({ timeout: 150_000 })

const BANK = {
  bankName: 'Dutch-Bangla Bank',
  branch: 'Motijheel',
  accountName: 'Toolhaus Ltd.',
  accountNumber: '1011100012345',
  routingNumber: '090271234',
  holdHours: 72,
}

/** Turns cash on delivery and bank transfer on for the test; answers how to put the settings back. */
async function offerBoth(admin: Api) {
  const original = (await (await admin.get('/settings')).json()) as Settings
  const res = await admin.patch('/settings', { data: { bank: BANK, cod: { enabled: true, maxTotal: 1_000_000 } } })
  expect(res.status(), await res.text()).toBe(200)
  return async () => {
    const back = await admin.patch('/settings', { data: { bank: original.bank, cod: original.cod } })
    expect(back.status(), await back.text()).toBe(200)
  }
}

/** The customer's cart holds `tool` at its minimum; the checkout is filled in for a courier to Dhaka and `method` chosen. */
async function checkOut(page: Page, api: Api, tool: Tool, method: 'Cash on delivery' | 'Bank transfer') {
  const res = await api.put(`/cart/${tool._id}`, { data: { quantity: tool.Minimum_quantity } })
  expect(res.status(), await res.text()).toBe(200)
  await page.goto('/checkout')
  await expect(page.getByTestId('checkout-line')).toHaveCount(1)
  await page.getByLabel('Phone').fill('01712 345678')
  await page.getByLabel('Address', { exact: true }).fill('House 7, Road 3, Dhanmondi')
  await page.getByLabel('District', { exact: true }).selectOption('Dhaka')
  await expect(page.getByTestId('total')).toHaveText(/\d/)
  const choice = page.getByLabel(method, { exact: true })
  await choice.check()
  await expect(choice).toBeChecked()
  expect(await sidewaysOverflow(page)).toBe(0)
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/dashboard\/order\/[^/]+$/)
  const id = page.url().split('/').pop()!
  const order = (await (await api.get(`/booking/${id}`)).json()) as Booking
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible()
  return order
}

/** The admin opens the order's page (from the desk's tab of its method). */
async function openFromDesk(admin: Session, order: Booking, method: 'cod' | 'bank', waits: string) {
  await admin.page.goto(`/dashboard/orders?paymentMethod=${method}`)
  const row = admin.page
    .getByTestId(admin.page.viewportSize()!.width < 768 ? 'desk-order' : 'desk-order-row')
    .filter({ hasText: order.orderNumber })
  await expect(row).toContainText(waits)
  await admin.page.goto(`/dashboard/order/${order._id}`)
  await expect(admin.page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible()
}

test('cash on delivery: checked out, shipped unpaid, "Delivered, cash collected" pays it and issues the invoice', {
  tag: '@phone',
}, async ({ page, request, api, asAdmin }) => {
  const restore = await offerBoth(asAdmin.api)
  try {
    const tool = await cheapTool(request)
    await verifiedCustomer(page, 'Rahim Uddin', 'cod')
    const order = await checkOut(page, api, tool, 'Cash on delivery')
    expect(order).toMatchObject({ paymentMethod: 'cod', status: 'unpaid', paid: false, expiresAt: null })
    const payment = page.getByRole('region', { name: 'Payment' })
    await expect(payment).toContainText('Cash on delivery: paid to the courier when it is delivered')
    // Not "Unpaid": nothing is owed before the door.
    await expect(page.getByTestId('order-status')).toHaveText('Pay on delivery')
    await expect(page.getByRole('link', { name: 'Pay now' })).toHaveCount(0)
    expect(await sidewaysOverflow(page)).toBe(0)
    // Its payment page, opened by address, offers no card form: it says how the order is paid.
    await page.goto(`/dashboard/payment/${order._id}`)
    await expect(page.getByText('This order is paid in cash when it is delivered, not here.')).toBeVisible()
    await expect(page.getByLabel('Card number')).toHaveCount(0)
    await page.getByRole('link', { name: 'See the order' }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/order/${order._id}$`))

    const admin = asAdmin.page
    await openFromDesk(asAdmin, order, 'cod', 'Cash to collect')
    await admin.getByRole('button', { name: 'Mark processing' }).click()
    await expect(admin.getByRole('button', { name: 'Ship' })).toBeVisible()
    await admin.getByRole('button', { name: 'Ship' }).click()
    const dialog = admin.getByRole('dialog')
    await dialog.getByLabel('Carrier').fill('Pathao Courier')
    await dialog.getByLabel('Tracking number').fill('PT-20261125')
    await dialog.getByRole('button', { name: 'Mark shipped' }).click()
    await expect(dialog).toBeHidden()
    const collected = admin.getByRole('button', { name: 'Delivered, cash collected' })
    await expect(collected).toBeVisible()
    await expect(admin.getByRole('button', { name: 'Cancel: refused at the door' })).toBeVisible()
    expect(await sidewaysOverflow(admin)).toBe(0)
    await expectNoAxeViolations(admin)
    // Recording the cash is asked first, naming the amount.
    await collected.click()
    const taka = formatBDT(order.total)
    const confirm = admin.getByRole('dialog', { name: `Collected ${taka} in cash?` })
    await expect(confirm).toContainText(`Order ${order.orderNumber}`)
    await confirm.getByRole('button', { name: 'Not yet' }).click()
    await expect(confirm).toBeHidden()
    expect(((await (await api.get(`/booking/${order._id}`)).json()) as Booking).status).toBe('shipped')
    await collected.click()
    await confirm.getByRole('button', { name: `Yes, ${taka} collected` }).click()
    await expect(admin.getByRole('button', { name: 'Tax invoice' })).toBeVisible()

    const paid = (await (await api.get(`/booking/${order._id}`)).json()) as Booking
    expect(paid).toMatchObject({ status: 'delivered', paid: true, transactionId: `COD-${order.orderNumber}` })
    await page.goto(`/dashboard/payment/${order._id}`)
    await expect(page.getByText('This order is paid.')).toBeVisible()
    await expect(page.getByTestId('transaction-id')).toHaveText(`COD-${order.orderNumber}`)
    await page.goto(`/dashboard/order/${order._id}`)
    await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Paid')
    await page.getByRole('button', { name: 'Tax invoice' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    const invoice = await api.get(`/booking/${order._id}/invoice`)
    expect(invoice.status()).toBe(200)
    const html = await invoice.text()
    expect(html).toContain('Mushak-6.3')
    expect(html).toContain('Cash on delivery')
    expect(html).toContain(`COD-${order.orderNumber}`)
    expect(html).toContain(paid.invoiceNumber!)
  } finally {
    await restore()
  }
})

test('bank transfer: the order page shows where to pay and what to quote; the desk records the payment', {
  tag: '@phone',
}, async ({ page, request, api, asAdmin }) => {
  const restore = await offerBoth(asAdmin.api)
  try {
    const tool = await cheapTool(request)
    await verifiedCustomer(page, 'Nasrin Begum', 'bank')
    const order = await checkOut(page, api, tool, 'Bank transfer')
    expect(order).toMatchObject({ paymentMethod: 'bank', status: 'unpaid', paid: false })
    const instructions = page.getByTestId('bank-instructions')
    await expect(instructions).toContainText(BANK.bankName)
    await expect(instructions).toContainText(BANK.accountNumber)
    await expect(instructions).toContainText(order.orderNumber)
    await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Waiting for your transfer')
    expect(await sidewaysOverflow(page)).toBe(0)
    await expectNoAxeViolations(page)

    const admin = asAdmin.page
    await openFromDesk(asAdmin, order, 'bank', 'Waiting for transfer')
    await admin.getByRole('button', { name: 'Record payment' }).click()
    const dialog = admin.getByRole('dialog')
    await expect(dialog.getByLabel('Amount received (BDT)')).toHaveValue(String(order.total))
    await dialog.getByLabel('Bank reference').fill(`FT-${order.orderNumber}-E2E`)
    await expectNoAxeViolations(admin)
    await dialog.getByRole('button', { name: 'Record payment' }).click()
    await expect(dialog).toBeHidden()
    await expect(admin.getByRole('button', { name: 'Tax invoice' })).toBeVisible()

    const paid = (await (await api.get(`/booking/${order._id}`)).json()) as Booking
    expect(paid).toMatchObject({ status: 'paid', paid: true, transactionId: `FT-${order.orderNumber}-E2E` })
    await page.reload()
    await expect(page.getByTestId('bank-instructions')).toHaveCount(0)
    await expect(page.getByTestId('transaction-id')).toHaveText(`FT-${order.orderNumber}-E2E`)
    const invoice = await (await api.get(`/booking/${order._id}/invoice`)).text()
    expect(invoice).toContain('Bank transfer')
  } finally {
    await restore()
  }
})
