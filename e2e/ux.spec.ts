import type { Page } from '@playwright/test'
import { ADMIN, CUSTOMER, expectSignedIn, logIn, signIn, signOut, signUp, uniqueEmail } from './auth'
import { API, expect, expectNoAxeViolations, placeOrder, sidewaysOverflow, test } from './fixtures'

test.describe.configure({ timeout: 120_000 })

/** Waits until the page has its main heading (the route and its data loaded). */
const settled = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()

const PUBLIC_PAGES = [
  '/',
  '/service',
  '/service/drill-machine',
  '/blogs',
  '/portfolio',
  '/login',
  '/signup',
  '/forgot-password',
  '/cart',
  '/no-such-page',
]
const CUSTOMER_PAGES = ['/dashboard', '/dashboard/review', '/dashboard/order', '/cart', '/checkout']
const ADMIN_PAGES = [
  '/dashboard',
  '/dashboard/orders',
  '/dashboard/users',
  '/dashboard/users?removed=1',
  '/dashboard/manage',
  '/dashboard/addTools',
  '/dashboard/reviews',
  '/dashboard/messages',
  '/dashboard/audit',
  '/dashboard/settings',
  '/dashboard/vat',
  '/dashboard/outbox',
  '/dashboard/order',
]

// Each walk loads and analyses a dozen pages or so: more than the default two minutes on a busy machine.
test('axe finds no violations on the public pages, signed out', async ({ page, expectConsoleError }) => {
  test.setTimeout(300_000)
  // /no-such-page is a real 404, which Chromium logs.
  expectConsoleError(/status of 404 \(Not Found\)/)
  for (const path of PUBLIC_PAGES) {
    await page.goto(path)
    await settled(page)
    await expectNoAxeViolations(page, `${path} (signed out)`, { soft: true })
  }
})

test('axe finds no violations on a customer’s pages, their unpaid order, its payment page and the order dialog', async ({
  asCustomer,
}) => {
  test.setTimeout(300_000)
  const customer = asCustomer.page
  for (const path of CUSTOMER_PAGES) {
    await customer.goto(path)
    await settled(customer)
    await expectNoAxeViolations(customer, `${path} (customer)`, { soft: true })
  }
  // An unpaid order of theirs: its page and its payment page (with the card form).
  const id = await placeOrder(asCustomer.api, { serviceId: 'drill-machine', customer: CUSTOMER.email })
  await customer.goto(`/dashboard/order/${id}`)
  await settled(customer)
  await expectNoAxeViolations(customer, '/dashboard/order/{id} (customer)', { soft: true })
  await customer.goto(`/dashboard/payment/${id}`)
  await settled(customer)
  await expect(customer.getByLabel('Card number')).toBeVisible()
  await expectNoAxeViolations(customer, '/dashboard/payment/{id} (customer)', { soft: true })
  // The demo customer stays below the unpaid-order limit for the other tests.
  expect((await asCustomer.api.post(`/booking/${id}/cancel`, { data: {} })).status()).toBe(200)
  // Open dialogs: the purchase dialog over a tool page.
  await customer.goto('/service/drill-machine')
  await settled(customer)
  await customer.getByRole('button', { name: 'Purchase' }).click()
  await expect(customer.getByRole('dialog', { name: 'Order Drill Machine' })).toBeVisible()
  await expectNoAxeViolations(customer, 'the purchase dialog (customer)', { soft: true })
})

test('axe finds no violations on the admin’s pages, an order on the desk and its cancel dialog', async ({
  asCustomer,
  asAdmin,
}) => {
  test.setTimeout(300_000)
  const admin = asAdmin.page
  for (const path of ADMIN_PAGES) {
    await admin.goto(path)
    await settled(admin)
    await expectNoAxeViolations(admin, `${path} (admin)`, { soft: true })
  }
  // A customer's order on the desk, with its actions, and the confirm dialog its Cancel opens.
  const id = await placeOrder(asCustomer.api, { serviceId: 'drill-machine', customer: CUSTOMER.email })
  await admin.goto(`/dashboard/order/${id}`)
  await settled(admin)
  await expect(
    admin.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Cancel order' }),
  ).toBeVisible()
  await expectNoAxeViolations(admin, '/dashboard/order/{id} (admin)', { soft: true })
  await admin.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Cancel order' }).click()
  const confirm = admin.getByRole('dialog', { name: 'Cancel this order?' })
  await expect(confirm).toBeVisible()
  await expectNoAxeViolations(admin, 'the cancel confirm dialog (admin)', { soft: true })
  // Confirmed: the demo customer stays below the unpaid-order limit for the other tests.
  await confirm.getByRole('button', { name: 'Cancel order' }).click()
  await expect(confirm).toBeHidden()
  await expect(admin.getByTestId('order-status').first()).toHaveText('Cancelled')
})

/** The row actions of the admin lists, by page: at least one of each is there, and each is on screen. */
const ROW_ACTIONS: Record<string, RegExp[]> = {
  '/dashboard/users': [/^Make Admin$/, /^Remove User$/],
  '/dashboard/users?removed=1': [/^Restore /],
  '/dashboard/manage': [/^Edit /, /^Delete /],
  '/dashboard/reviews': [/^Delete the review by /],
}

for (const width of [360, 390]) {
  test(`every dashboard page works at ${width} px: nothing scrolls the page sideways, the sidebar wraps`, async ({
    page,
    api,
    newCustomer,
  }) => {
    expect(ADMIN_PAGES, 'every page with row actions is visited').toEqual(
      expect.arrayContaining(Object.keys(ROW_ACTIONS)),
    )
    // A removed user, so the removed list has its Restore action (restored at the end).
    const { account: removed } = await newCustomer('Row Actions Person', 'rows')
    await signIn(page, ADMIN)
    expect((await api.delete(`/user/${encodeURIComponent(removed.email)}`)).status()).toBe(200)
    await page.setViewportSize({ width, height: 800 })
    for (const path of ADMIN_PAGES) {
      await page.goto(path)
      await settled(page)
      expect(await sidewaysOverflow(page), `${path} at ${width} px`).toBe(0)
      // Row actions are on screen, not in a box that scrolls sideways (Manage's rows become cards).
      for (const name of ROW_ACTIONS[path] ?? []) {
        const actions = page.getByRole('main').getByRole('button', { name })
        await expect(actions.first(), `${path}: a ${name} button`).toBeVisible()
        const buttons = await actions.all()
        expect(buttons.length, `${path}: ${name} buttons`).toBeGreaterThan(0)
        for (const button of buttons) {
          const box = (await button.boundingBox())!
          const label = (await button.getAttribute('aria-label')) ?? (await button.textContent())
          expect(box.x + box.width, `${path}: ${label} at ${width} px`).toBeLessThanOrEqual(width)
        }
      }
    }
    // Every sidebar entry can be reached without scrolling the strip sideways.
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' })
    for (const link of await sidebar.getByRole('link').all()) {
      const box = (await link.boundingBox())!
      expect(box.x + box.width, (await link.textContent()) ?? '').toBeLessThanOrEqual(width)
    }
    expect((await api.post(`/user/${encodeURIComponent(removed.email)}/restore`)).status()).toBe(200)
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

test('the sign-in forms take every real address: dots, hyphens, plus signs, long endings, subdomains', async ({
  page,
}) => {
  // Each run signs up new ones (the test runs at desktop and phone sizes on one stack).
  const run = Date.now().toString(36)
  for (const email of [
    `first.last.${run}@mail.example.com`,
    `a-b+tools-${run}@sub.domain.co.uk`,
    `someone.${run}@shop.technology`,
  ]) {
    await page.goto('/signup')
    await page.getByLabel('Name').fill('Real Address')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('secret123')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByText('Provide a valid Email')).toHaveCount(0)
    await expectSignedIn(page)
    await signOut(page)
  }
  await page.goto('/login')
  await page.getByLabel('Email').fill('not-an-address')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByText('Provide a Valid Email')).toBeVisible()
})

test('"Forgot password?" sends Firebase\'s reset e-mail; the new password then works', async ({ page }) => {
  const account = await signUp(page, 'Forgetful Person', 'forgot', { verified: false })
  await signOut(page)
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
  const codes = await (
    await page.request.get(`${emulator}/emulator/v1/projects/${config.firebase.projectId}/oobCodes`)
  ).json()
  const reset = (codes.oobCodes as { email: string; requestType: string; oobCode: string }[]).findLast(
    (c) => c.email === account.email && c.requestType === 'PASSWORD_RESET',
  )
  expect(reset).toBeTruthy()
  const applied = await page.request.post(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=${config.firebase.apiKey}`,
    {
      data: { oobCode: reset!.oobCode, newPassword: 'brand-new-secret' },
    },
  )
  expect(applied.ok()).toBe(true)
  await logIn(page, { email: account.email, password: 'brand-new-secret' })
})

test("the purchase dialog shows no total for a quantity it would refuse, only the spec's message", async ({ page }) => {
  await signIn(page, CUSTOMER)
  await page.goto('/service/drill-machine')
  await page.getByRole('button', { name: 'Purchase' }).click()
  const dialog = page.getByRole('dialog', { name: 'Order Drill Machine' })
  const tool = await (await page.request.get(`${API}/service/drill-machine`)).json()
  await dialog.getByLabel('Quantity').fill(String(tool.Minimum_quantity - 1))
  await expect(dialog.getByText(`Please Order Minimum : ${tool.Minimum_quantity}`)).toBeVisible()
  await expect(dialog.getByTestId('goods')).toHaveText('—')
  await dialog.getByLabel('Quantity').fill(String(tool.quantity + 1))
  await expect(dialog.getByText(`Please Order Less Then : ${tool.quantity}`)).toBeVisible()
  await expect(dialog.getByTestId('goods')).toHaveText('—')
  await dialog.getByLabel('Quantity').fill(String(tool.Minimum_quantity))
  await expect(dialog.getByTestId('goods')).not.toHaveText('—')
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
  await expect
    .poll(async () => (await toast.boundingBox())?.y ?? 0, { message: 'the toast starts below the navbar' })
    .toBeGreaterThanOrEqual(bar.y + bar.height)
})

test('a short page has no grey band above the footer: the footer meets the main area and ends the page', {
  tag: '@phone',
}, async ({ page, expectConsoleError }) => {
  // /no-such-page is a real 404, which Chromium logs.
  expectConsoleError(/status of 404 \(Not Found\)/)
  // A screen taller than these pages, so each is a short page at this width.
  await page.setViewportSize({ width: page.viewportSize()!.width, height: 1800 })
  for (const path of ['/login', '/no-such-page']) {
    await page.goto(path)
    await settled(page)
    const at = await page.evaluate(() => {
      const edges = (selector: string) => {
        const box = document.querySelector(selector)!.getBoundingClientRect()
        return { top: box.top + scrollY, bottom: box.bottom + scrollY }
      }
      return {
        main: edges('main'),
        footer: edges('footer'),
        pageEnd: document.documentElement.scrollHeight,
        screen: innerHeight,
      }
    })
    expect(
      Math.abs(at.footer.top - at.main.bottom),
      `${path}: the footer starts where the main area ends`,
    ).toBeLessThanOrEqual(1)
    expect(Math.abs(at.pageEnd - at.footer.bottom), `${path}: nothing below the footer`).toBeLessThanOrEqual(1)
    expect(at.footer.bottom, `${path}: main and footer fill the screen`).toBeGreaterThanOrEqual(at.screen - 1)
  }
})

test('a dashboard page shows a skeleton while its data loads, under the sidebar, not the last page', async ({
  page,
}) => {
  await signIn(page, ADMIN)
  await page.goto('/dashboard/audit')
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible()
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' })
  // The skeleton (the page's own, or while the session loads, the signed-in area's).
  const skeleton = page.getByRole('main').locator('[aria-busy="true"]').filter({ visible: true })
  for (const { link, api, heading } of [
    { link: 'Reviews', api: /\/api\/review\?/, heading: /^Reviews/ },
    { link: 'My Order', api: /\/api\/booking\?/, heading: 'My Orders' },
  ]) {
    // The page's data is held back until the skeleton has been seen.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(api, async (route) => {
      await held
      await route.continue()
    })
    await sidebar.getByRole('link', { name: link, exact: true }).click()
    await expect(skeleton).toBeVisible()
    await expect(skeleton.getByRole('status')).toHaveText('Loading…')
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveCount(0)
    await expect(sidebar).toBeVisible()
    release()
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
    await expect(skeleton).toHaveCount(0)
    await page.unroute(api)
  }
  // Opened directly, a page shows the same while the session and its data load.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/api\/contact\?/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/dashboard/messages')
  await expect(skeleton).toBeVisible()
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveCount(0)
  release()
  await expect(page.getByRole('heading', { name: /^Messages/, level: 1 })).toBeVisible()
  await expect(skeleton).toHaveCount(0)
})

test("the admin lists' empty states say what to do: a search that matches nothing offers the whole list again", async ({
  page,
}) => {
  await signIn(page, ADMIN)
  const nothing = 'zq-nothing-matches-this'
  for (const [path, noun] of [
    ['/dashboard/orders', 'orders'],
    ['/dashboard/users', 'users'],
    ['/dashboard/manage', 'tools'],
    ['/dashboard/messages', 'messages'],
  ] as const) {
    await page.goto(`${path}?q=${nothing}`)
    const empty = page.getByTestId('empty-state')
    await expect(empty, path).toContainText(`No ${noun} match “${nothing}”`)
    await expect(empty, path).toContainText('Try fewer or other words, or clear the search.')
    await empty.getByRole('link', { name: 'clear the search' }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue('')
    // The whole list again (or, when there is nothing at all, an empty state without the search).
    await expect(page.getByText(`match “${nothing}”`), path).toHaveCount(0)
  }
})
