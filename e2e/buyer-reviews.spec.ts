import { expect, expectNoAxeViolations, placeOrder, sidewaysOverflow, test } from './fixtures'

test.describe.configure({ timeout: 420_000 })

test('a buyer reviews a delivered tool from the order page; the tool page shows it as a verified buyer, with related tools @phone', async ({
  page,
  asAdmin,
  newCustomer,
}, testInfo) => {
  const device = testInfo.project.name
  const buyer = await newCustomer(`Review Buyer ${device}`, 'reviews')
  // An order of the Drill Machine, paid with the test card and delivered by the shop.
  const id = await placeOrder(buyer.api, { serviceId: 'drill-machine', customer: buyer.account.email })
  const intent = await (await buyer.api.post('/create-payment-intent', { data: { bookingId: id } })).json()
  const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' }
  expect(
    (
      await buyer.api.post('/payments/simulated/confirm', { data: { clientSecret: intent.clientSecret, card } })
    ).status(),
  ).toBe(200)
  expect((await asAdmin.api.post(`/booking/${id}/status`, { data: { status: 'delivered' } })).status()).toBe(200)

  // The order page invites a review of each tool.
  const customer = buyer.page
  await customer.goto(`/dashboard/order/${id}`)
  const invites = customer.getByTestId('review-invites')
  await expect(invites.getByRole('heading', { name: 'How are your tools?' })).toBeVisible()
  await expectNoAxeViolations(customer, 'the delivered order page')
  await invites.getByRole('button', { name: /^Review this tool\W+Drill Machine$/ }).click()
  const form = customer.getByRole('form', { name: 'Review Drill Machine' })
  // Sent empty: the rating and the review are asked for.
  await form.getByRole('button', { name: 'Submit review' }).click()
  await expect(form.getByText('rating must be a whole number from 1 to 5')).toBeVisible()
  await expect(form.getByText('body is Required')).toBeVisible()
  await form.getByRole('radio', { name: '4 stars' }).check()
  const title = `Solid drill (${device})`
  await form.getByLabel('Title (optional)').fill(title)
  await form.getByLabel('Your review').fill('Drilled anchor holes in brick for a week. The side handle helps.')
  await expectNoAxeViolations(customer, 'the review form')
  await form.getByRole('button', { name: 'Submit review' }).click()
  await expect(invites.getByText('You reviewed this tool')).toBeVisible()
  await expect(invites.getByRole('button', { name: /Review this tool/ })).toHaveCount(0)
  expect(await sidewaysOverflow(customer)).toBe(0)

  // The tool page, as anyone reads it: the review, newest first, marked Verified buyer.
  await page.goto('/service/drill-machine')
  const reviews = page.getByTestId('customer-reviews')
  // Below the fold on a phone: scrolled to, so the section's code runs over the server's HTML.
  await reviews.scrollIntoViewIfNeeded()
  await expect(reviews.getByRole('heading', { name: 'Customer reviews' })).toBeVisible()
  await expect(page.getByTestId('rating-summary')).toContainText(/out of 5/)
  const mine = reviews.getByTestId('tool-review').first()
  await expect(mine.getByRole('heading', { name: title })).toBeVisible()
  await expect(mine).toContainText('Verified buyer')
  // The first name and the initial of the last ("Review Buyer chromium" → "Review C.").
  await expect(mine).toContainText(`Review ${device[0]!.toUpperCase()}.`)
  await expect(mine.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible()
  // Related tools: the other drilling tool, as a card that opens it.
  const related = page.getByTestId('related-tools')
  await related.scrollIntoViewIfNeeded()
  await expect(related.getByRole('link', { name: 'Rotary Hammer' })).toBeVisible()
  expect(await sidewaysOverflow(page)).toBe(0)
  await expectNoAxeViolations(page, 'the tool page with reviews and related tools')
  await related.getByRole('link', { name: 'Rotary Hammer' }).click()
  await expect(page).toHaveURL(/\/service\/rotary-hammer$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Rotary Hammer' })).toBeVisible()
})

test('admins delete a review of a tool on the Reviews page', async ({ page, asAdmin, newCustomer }) => {
  const buyer = await newCustomer('Moderated Buyer', 'reviews')
  const id = await placeOrder(buyer.api, { serviceId: 'heat-gun', customer: buyer.account.email })
  const intent = await (await buyer.api.post('/create-payment-intent', { data: { bookingId: id } })).json()
  const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' }
  await buyer.api.post('/payments/simulated/confirm', { data: { clientSecret: intent.clientSecret, card } })
  expect((await asAdmin.api.post(`/booking/${id}/status`, { data: { status: 'delivered' } })).status()).toBe(200)
  const body = 'Spam spam spam: a review to moderate.'
  expect((await buyer.api.post('/service/heat-gun/reviews', { data: { rating: 1, body } })).status()).toBe(201)

  const admin = asAdmin.page
  await admin.goto('/dashboard/reviews')
  const row = admin.getByTestId('tool-review-row').filter({ hasText: body })
  await expect(row).toContainText('Heat Gun')
  await expectNoAxeViolations(admin, 'the Reviews page')
  await row.getByRole('button', { name: /^Delete/ }).click()
  await admin.getByRole('button', { name: 'Delete review' }).click()
  await expect(row).toHaveCount(0)

  await page.goto('/service/heat-gun')
  await expect(page.getByTestId('customer-reviews')).not.toContainText(body)
})
