import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { ADMIN, CUSTOMER, logIn, signUp, uniqueEmail } from './auth'
import { API, expect, sidewaysOverflow, test } from './fixtures'

test.describe.configure({ timeout: 120_000 })

/** Accessibility: axe finds nothing on the page as it is now. */
async function expectNoAxeViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze()
  const found = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(found, `axe on ${where}`).toEqual([])
}

/** Waits until the page has its main heading (the route and its data loaded). */
const settled = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()

const PUBLIC_PAGES = ['/', '/service', '/service/drill-machine', '/blogs', '/portfolio', '/login', '/signup', '/forgot-password', '/no-such-page']
const CUSTOMER_PAGES = ['/dashboard', '/dashboard/review', '/dashboard/order']
const ADMIN_PAGES = ['/dashboard', '/dashboard/orders', '/dashboard/users', '/dashboard/users?removed=1', '/dashboard/manage', '/dashboard/addTools', '/dashboard/reviews', '/dashboard/messages', '/dashboard/audit', '/dashboard/outbox', '/dashboard/order']

test('axe finds no violations on any page, signed out, as a customer and as an admin', async ({ page, browser, expectConsoleError }) => {
  // /no-such-page is a real 404, which Chromium logs.
  expectConsoleError(/status of 404 \(Not Found\)/)
  for (const path of PUBLIC_PAGES) {
    await page.goto(path)
    await settled(page)
    await expectNoAxeViolations(page, `${path} (signed out)`)
  }
  const customerContext = await browser.newContext()
  const customer = await customerContext.newPage()
  await logIn(customer, CUSTOMER)
  for (const path of CUSTOMER_PAGES) {
    await customer.goto(path)
    await settled(customer)
    await expectNoAxeViolations(customer, `${path} (customer)`)
  }
  await customerContext.close()
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await logIn(admin, ADMIN)
  for (const path of ADMIN_PAGES) {
    await admin.goto(path)
    await settled(admin)
    await expectNoAxeViolations(admin, `${path} (admin)`)
  }
  // An order page, with its actions.
  await admin.goto('/dashboard/orders')
  const first = admin.getByTestId('desk-order-row').first().getByRole('link')
  if (await first.count()) {
    await first.click()
    await settled(admin)
    await expectNoAxeViolations(admin, 'an order page (admin)')
  }
  await adminContext.close()
})

for (const width of [360, 390]) {
  test(`every dashboard page works at ${width} px: nothing scrolls the page sideways, the sidebar wraps`, async ({ page }) => {
    await logIn(page, ADMIN)
    await page.setViewportSize({ width, height: 800 })
    for (const path of ADMIN_PAGES) {
      await page.goto(path)
      await settled(page)
      expect(await sidewaysOverflow(page), `${path} at ${width} px`).toBe(0)
    }
    // Every sidebar entry can be reached without scrolling the strip sideways.
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' })
    for (const link of await sidebar.getByRole('link').all()) {
      const box = (await link.boundingBox())!
      expect(box.x + box.width, (await link.textContent()) ?? '').toBeLessThanOrEqual(width)
    }
  })
}

test('"Create an account" from a login page with ?redirect= brings the new customer back there', async ({ page }) => {
  await page.goto('/dashboard/review')
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click()
  await expect(page).toHaveURL(/\/signup\?redirect=%2Fdashboard%2Freview/)
  await page.getByLabel('Name').fill('Redirected Person')
  await page.getByLabel('Email').fill(uniqueEmail('redirect'))
  await page.getByLabel('Password').fill('secret123')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL('/dashboard/review')
})

test('the sign-in forms take every real address: dots, hyphens, plus signs, long endings, subdomains', async ({ page }) => {
  for (const email of ['first.last@mail.example.com', 'a-b+tools@sub.domain.co.uk', 'someone@shop.technology']) {
    await page.goto('/signup')
    await page.getByLabel('Name').fill('Real Address')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('secret123')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByText('Provide a valid Email')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
    await page.getByRole('button', { name: 'Sign Out' }).click()
  }
  await page.goto('/login')
  await page.getByLabel('Email').fill('not-an-address')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByText('Provide a Valid Email')).toBeVisible()
})

test('"Forgot password?" sends Firebase\'s reset e-mail; the new password then works', async ({ page }) => {
  const account = await signUp(page, 'Forgetful Person', 'forgot')
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(account.email)
  await page.getByRole('button', { name: 'Send the reset link' }).click()
  await expect(page.getByRole('status')).toContainText(`If ${account.email} has an account`)

  // The Auth emulator keeps the out-of-band code it would have e-mailed; use it as the link would.
  const config = await (await page.request.get(`${API}/config`)).json()
  const emulator = config.firebase.emulatorUrl as string
  const codes = await (await page.request.get(`${emulator}/emulator/v1/projects/${config.firebase.projectId}/oobCodes`)).json()
  const reset = (codes.oobCodes as { email: string; requestType: string; oobCode: string }[]).findLast((c) => c.email === account.email && c.requestType === 'PASSWORD_RESET')
  expect(reset).toBeTruthy()
  const applied = await page.request.post(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=${config.firebase.apiKey}`, {
    data: { oobCode: reset!.oobCode, newPassword: 'brand-new-secret' },
  })
  expect(applied.ok()).toBe(true)
  await logIn(page, { email: account.email, password: 'brand-new-secret' })
})

test('the booking dialog shows no total for a quantity it would refuse, only the spec\'s message', async ({ page }) => {
  await logIn(page, CUSTOMER)
  await page.goto('/service/drill-machine')
  await page.getByRole('button', { name: 'Purchase' }).click()
  const dialog = page.getByRole('dialog', { name: 'Order Drill Machine' })
  const tool = await (await page.request.get(`${API}/service/drill-machine`)).json()
  await dialog.getByLabel('Quantity').fill(String(tool.Minimum_quantity - 1))
  await expect(dialog.getByText(`Please Order Minimum : ${tool.Minimum_quantity}`)).toBeVisible()
  await expect(dialog.getByTestId('booking-total')).toHaveText('—')
  await dialog.getByLabel('Quantity').fill(String(tool.quantity + 1))
  await expect(dialog.getByText(`Please Order Less Then : ${tool.quantity}`)).toBeVisible()
  await expect(dialog.getByTestId('booking-total')).toHaveText('—')
  await dialog.getByLabel('Quantity').fill(String(tool.Minimum_quantity))
  await expect(dialog.getByTestId('booking-total')).not.toHaveText('—')
})

test('on a phone a toast does not cover the navbar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/')
  // Any toast will do: the contact form's "sent" one. The form loads when scrolled near.
  await page.locator('#contact').scrollIntoViewIfNeeded()
  await page.getByLabel('Name').fill('Toast Test')
  await page.getByLabel('E-mail').fill('toast@example.com')
  await page.getByLabel('Message').fill('Hello, this is about toasts on phones.')
  await page.getByRole('button', { name: 'Send message' }).click()
  const toast = page.getByText('Message Successfully sent!')
  await expect(toast).toBeVisible({ timeout: 15_000 })
  const bar = (await page.getByRole('banner').boundingBox())!
  // The toast slides in from the top: where it comes to rest is what counts.
  await expect.poll(async () => (await toast.boundingBox())?.y ?? 0, { message: 'the toast starts below the navbar' }).toBeGreaterThanOrEqual(bar.y + bar.height)
})
