import { ADMIN, CUSTOMER, logIn, signOut, signUp } from './auth'
import { API, expect, test } from './fixtures'

test('sign up, sign out and log in again; a wrong password shows the red message', async ({ page, expectConsoleError }) => {
  const account = await signUp(page, 'Nadia Sultana')
  await expect(page).toHaveURL('/')
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible()

  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveCount(0)

  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill('wrong-password')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  const error = page.getByTestId('auth-error')
  await expect(error).toHaveText('The e-mail or password is wrong.')
  await expect(error).toHaveClass(/text-red-700/)
  // The identity provider answers the wrong password with a 400, which Chromium logs.
  expectConsoleError(/status of 400/)

  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL('/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { name: 'Nadia Sultana' })).toBeVisible()
  await expect(page.getByText(account.email)).toBeVisible()
})

test("the login and sign-up forms check their fields with the spec's messages", async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByText('Email is Required')).toBeVisible()
  await expect(page.getByText('Password is Required')).toBeVisible()
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Password').fill('123')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByText('Provide a Valid Email')).toBeVisible()
  await expect(page.getByText('Must be 6 Characters or longer')).toBeVisible()

  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click()
  await expect(page).toHaveURL('/signup')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByText('Name is Required')).toBeVisible()
  await page.getByLabel('Email').fill('nope')
  await page.getByLabel('Password').fill('12')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByText('Provide a valid Email')).toBeVisible()
  await expect(page.getByText('Must be 6 characters or longer')).toBeVisible()
})

test('a guarded page sends a visitor to /login and back after logging in', async ({ page }) => {
  await page.goto('/dashboard/order')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Forder/)
  await page.getByLabel('Email').fill(CUSTOMER.email)
  await page.getByLabel('Password').fill(CUSTOMER.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL('/dashboard/order')
})

test('a customer cannot open admin pages: the admin guard signs them out', async ({ page }) => {
  await logIn(page, CUSTOMER)
  await page.goto('/dashboard')
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' })
  await expect(sidebar.getByRole('link')).toHaveText(['My Profile', 'Add Review', 'My Order'])
  await page.goto('/dashboard/users')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fusers/)
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull()
})

test('failing to reach the API while a page signs in does not sign the user out', async ({ page, expectConsoleError }) => {
  await logIn(page, CUSTOMER)
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  expect(token).toBeTruthy()

  // The token exchange of the next page load fails on the way (a dropped connection, or the
  // visitor leaving the page mid-request): that page shows signed out, the session is kept.
  expectConsoleError(/ERR_FAILED|Failed to load resource/)
  await page.route('**/api/user/**', (route) => (route.request().method() === 'PUT' ? route.abort('failed') : route.fallback()))
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe(token)

  // The next page load signs back in on its own.
  await page.unroute('**/api/user/**')
  await page.goto('/dashboard/order')
  await expect(page).toHaveURL('/dashboard/order')
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
})

test('the profile form updates the profile', async ({ page }) => {
  await signUp(page, 'Profile Tester', 'profile')
  await page.goto('/dashboard')
  await page.getByLabel('Education').fill('BSc in Mechanical Engineering, BUET')
  await page.getByLabel('Phone').fill('01712345678')
  await page.getByLabel('Address').fill('House 12, Road 5, Dhanmondi, Dhaka')
  await page.getByLabel('Social link').fill('not a link')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Enter a link that starts with http:// or https://.')).toBeVisible()
  await page.getByLabel('Social link').fill('https://www.linkedin.com/in/profile-tester')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Your information have been updated successfully')).toBeVisible()
  await page.reload()
  await expect(page.getByText('BSc in Mechanical Engineering, BUET').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'https://www.linkedin.com/in/profile-tester' })).toBeVisible()
})

test('an admin promotes a user and the list updates', async ({ page, browser }) => {
  const other = await browser.newPage()
  const customer = await signUp(other, 'Promoted Person', 'promote')
  await other.close()

  await logIn(page, ADMIN)
  await page.goto(`/dashboard/users?q=${encodeURIComponent(customer.email)}`)
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' })
  await expect(sidebar.getByRole('link', { name: 'All Users' })).toBeVisible()
  const row = page.getByTestId('user-row').filter({ hasText: customer.email })
  await expect(row).toContainText('Customer')
  await row.getByRole('button', { name: 'Make Admin' }).click()
  await expect(page.getByText('Successfully made an admin')).toBeVisible()
  await expect(row).toContainText('Admin')
  await expect(row.getByRole('button', { name: 'Make Admin' })).toHaveCount(0)
  const token = await page.evaluate(() => localStorage.getItem('accessToken'))
  const res = await page.request.get(`${API}/admin/${customer.email}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(await res.json()).toEqual({ admin: true })
})

test('an admin removes a user after confirming', async ({ page, browser }) => {
  const other = await browser.newPage()
  const customer = await signUp(other, 'Removed Person', 'remove')
  await other.close()

  await logIn(page, ADMIN)
  await page.goto('/dashboard/users')
  await page.getByRole('searchbox', { name: 'Search users' }).fill(customer.email)
  await page.getByRole('button', { name: 'Search' }).click()
  const row = page.getByTestId('user-row').filter({ hasText: customer.email })
  await row.getByRole('button', { name: 'Remove User' }).click()
  const dialog = page.getByRole('dialog', { name: `Remove ${customer.email}?` })
  await dialog.getByRole('button', { name: 'Keep user' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: 'Remove User' }).click()
  await dialog.getByRole('button', { name: 'Remove User' }).click()
  await expect(page.getByText('User removed')).toBeVisible()
  await expect(row).toHaveCount(0)

  // Listed apart, with a way back.
  await page.getByRole('link', { name: 'Removed' }).click()
  const removed = page.getByTestId('user-row').filter({ hasText: customer.email })
  await expect(removed).toContainText('Removed')

  // The removed person cannot sign in; the login page says so in plain words.
  const context = await browser.newContext()
  const them = await context.newPage()
  await them.goto('/login', { waitUntil: 'domcontentloaded' })
  await them.getByLabel('Email').fill(customer.email)
  await them.getByLabel('Password').fill(customer.password)
  await them.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(them.getByText('This account has been removed. Contact us if you think this is a mistake.')).toBeVisible()
  await context.close()

  await removed.getByRole('button', { name: `Restore ${customer.email}` }).click()
  await expect(page.getByText(`${customer.email} restored`)).toBeVisible()
  await expect(removed).toHaveCount(0)
})

test('a page left open renews its session through Firebase before the access token ends', async ({ page }) => {
  await page.clock.install()
  await logIn(page, CUSTOMER)
  await page.goto('/dashboard/order')
  const token = () => page.evaluate(() => localStorage.getItem('accessToken'))
  const first = await token()
  const exp = (t: string | null) => JSON.parse(Buffer.from(t!.split('.')[1]!, 'base64url').toString()).exp as number
  // A day later (five minutes before the token ends) the page has a new one and is still signed in.
  await page.clock.fastForward('23:56:00')
  await expect.poll(token, { timeout: 20_000 }).not.toBe(first)
  expect(exp(await token())).toBeGreaterThanOrEqual(exp(first))
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/order$/)
})

test('navbar and footer read one session: signed in, the footer offers the dashboard, not Login', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('link', { name: 'Login' })).toBeVisible()
  await logIn(page, CUSTOMER)
  await expect(footer.getByRole('link', { name: 'Login' })).toHaveCount(0)
  await expect(footer.getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await signOut(page)
  await expect(footer.getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(footer.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
})
