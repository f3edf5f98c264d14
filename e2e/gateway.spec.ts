import type { Page } from '@playwright/test'
import { verifiedCustomer } from './auth'
import { expect, expectNoAxeViolations, sidewaysOverflow } from './fixtures'
import { gatewayTest as test } from './gateway'

// The gateway round trip: a stack configured for SSLCommerz and the fake SSLCommerz server
// (e2e/gateway.ts), whose page the browser goes to and is posted back from.
test.describe.configure({ timeout: 120_000 })

/** The least a customer may order of the drill. */
const drillMinimum = async (page: Page): Promise<number> =>
  (await (await page.request.get('/api/service/drill-machine')).json()).Minimum_quantity

/** A gateway order placed through the API as the signed-in customer; answers its id. */
async function gatewayOrder(page: Page, email: string): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  const res = await page.request.post('/api/booking', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      serviceId: 'drill-machine',
      quantity: await drillMinimum(page),
      phone: '01712345678',
      address: 'House 7, Road 3, Dhanmondi, Dhaka',
      customer: email,
      paymentMethod: 'gateway',
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()).insertedId
}

test('a customer pays with bKash on the gateway’s page, comes back to wait for its confirmation, then sees the order paid', {
  tag: '@phone',
}, async ({ page, gateway }) => {
  const account = await verifiedCustomer(page, 'Nusrat Jahan', 'gateway')

  // The checkout offers the gateway beside the card.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  const put = await page.request.put('/api/cart/drill-machine', {
    headers: { Authorization: `Bearer ${token}` },
    data: { quantity: await drillMinimum(page) },
  })
  expect(put.status(), await put.text()).toBe(200)
  await page.goto('/checkout')
  await expect(page.getByRole('radio', { name: /bKash, Nagad or card \(SSLCommerz\)/ })).toBeVisible()

  const id = await gatewayOrder(page, account.email)
  await page.goto(`/dashboard/payment/${id}`)
  await expect(page.getByRole('heading', { name: 'bKash, Nagad or card (SSLCommerz)' })).toBeVisible()
  const pay = page.getByRole('button', { name: 'Pay with bKash, Nagad or card' })
  await expect(pay).toBeVisible()
  await expectNoAxeViolations(page, 'the payment page of a gateway order')
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)

  // A full-page trip to the gateway's page, and back through the return route.
  await pay.click()
  await expect(page).toHaveURL(/\/gwprocess\/v4\/gw\.php\?Q=pay&SESSIONKEY=/)
  await expect(page.getByRole('heading', { name: 'Fake SSLCommerz' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay with bKash' }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${id}\\?gateway=success$`))
  await expect(page.getByText('Waiting for the gateway’s confirmation…')).toBeVisible()
  await expect(pay).toHaveCount(0)
  await expectNoAxeViolations(page, 'the payment page waiting for the gateway')
  // Opened again from My Orders (no mark in the address), it still waits rather than offer Pay.
  await page.goto(`/dashboard/payment/${id}`)
  await expect(page.getByText('Waiting for the gateway’s confirmation…')).toBeVisible()
  await expect(pay).toHaveCount(0)
  // Coming back marked nothing: only the IPN can.
  const before = await page.request.get(`/api/booking/${id}`, { headers: { Authorization: `Bearer ${token}` } })
  expect((await before.json()).status).toBe('unpaid')

  // The gateway's IPN: the shop asks its validation API, and the page, asking again, shows it paid.
  const tranId = await gateway.tranIdOf(id)
  const ipn = await gateway.sendIpn(tranId)
  expect(ipn).toEqual({ status: 200, body: JSON.stringify({ received: true, outcome: 'paid' }) })
  // The spec's message, as after a card payment, with the gateway's transaction.
  await expect(page.getByText('Congrats ! Your payment is completed')).toBeVisible()
  await expect(page.getByTestId('transaction-id')).toHaveText(tranId)
  await expectNoAxeViolations(page, 'the payment page once paid')
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
})

test('a payment that fails on the gateway’s page leaves the order unpaid and can be tried again', async ({ page }) => {
  const account = await verifiedCustomer(page, 'Tanvir Hasan', 'gateway')
  const id = await gatewayOrder(page, account.email)
  await page.goto(`/dashboard/payment/${id}`)
  await page.getByRole('button', { name: 'Pay with bKash, Nagad or card' }).click()
  await expect(page.getByRole('heading', { name: 'Fake SSLCommerz' })).toBeVisible()
  await page.getByRole('button', { name: 'Fail the payment' }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${id}\\?gateway=failed$`))
  await expect(page.getByRole('alert').filter({ hasText: 'The payment failed.' })).toBeVisible()
  await expectNoAxeViolations(page, 'the payment page after a failed payment')

  // Trying again opens a new session at the gateway; cancelling there says so.
  await page.getByRole('button', { name: 'Pay with bKash, Nagad or card' }).click()
  await page.getByRole('button', { name: 'Cancel the payment' }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${id}\\?gateway=cancelled$`))
  await expect(page.getByRole('alert').filter({ hasText: 'The payment was cancelled.' })).toBeVisible()
})

test('a payment the gateway holds for review: the customer is told, and not offered to pay again', async ({
  page,
  gateway,
  expectConsoleError,
}) => {
  const account = await verifiedCustomer(page, 'Rafiq Islam', 'gateway')
  const id = await gatewayOrder(page, account.email)
  await page.goto(`/dashboard/payment/${id}`)
  // A session is opened (as Pay does), paid, and held by the gateway for its risk review.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  const opened = await page.request.post('/api/create-payment-intent', {
    headers: { Authorization: `Bearer ${token}` },
    data: { bookingId: id },
  })
  expect(opened.status(), await opened.text()).toBe(200)
  const tranId = await gateway.tranIdOf(id)
  await gateway.payHeld(tranId)
  expect(await gateway.sendIpn(tranId)).toEqual({
    status: 200,
    body: JSON.stringify({ received: true, outcome: 'held' }),
  })

  // The order's history says so in the customer's words, not the admin's instructions.
  await page.goto(`/dashboard/order/${id}`)
  const history = page.getByRole('list', { name: 'Order history' })
  await expect(history).toContainText('Payment under review')
  await expect(history).toContainText('The payment gateway is reviewing your payment of this order: do not pay again.')
  await expect(history).not.toContainText('merchant panel')

  // Pay again is refused (409) with the same words.
  expectConsoleError(/status of 409/)
  await page.goto(`/dashboard/payment/${id}`)
  await page.getByRole('button', { name: 'Pay with bKash, Nagad or card' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'The payment gateway is reviewing your payment' }),
  ).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${id}$`))
})
