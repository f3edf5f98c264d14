import { ADMIN, CUSTOMER, expectSignedIn, firebaseOf, logIn, signOut, signUp, uniqueEmail } from './auth'
import { API, expect, test } from './fixtures'

test('sign up, sign out and log in again; a wrong password shows the red message', async ({
  page,
  api,
  expectConsoleError,
}) => {
  const account = await signUp(page, 'Nadia Sultana', 'buyer', { verified: false })
  await expect(page).toHaveURL('/')
  expect(await api.token()).toBeTruthy()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible()

  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await api.token()).toBeNull()
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

test('a customer cannot open admin pages: the admin guard signs them out', async ({ page, api }) => {
  await logIn(page, CUSTOMER)
  await page.goto('/dashboard')
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' })
  await expect(sidebar.getByRole('link')).toHaveText(['My Profile', 'Add Review', 'My Order', 'Quotes'])
  await page.goto('/dashboard/users')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fusers/)
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await api.token()).toBeNull()
})

test('failing to reach the API while a page signs in does not sign the user out', async ({
  page,
  api,
  expectConsoleError,
}) => {
  await logIn(page, CUSTOMER)
  const token = await api.token()
  expect(token).toBeTruthy()

  // While the access token is good, the next page load starts signed in from the state the last
  // one kept: it asks for no token exchange, and waits for neither it nor Firebase.
  let exchanges = 0
  await page.route('**/api/user/**', (route) => {
    if (route.request().method() !== 'PUT') return route.fallback()
    exchanges += 1
    return route.abort('failed')
  })
  expectConsoleError(/ERR_FAILED|Failed to load resource/)
  await page.goto('/dashboard/order')
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
  await page.waitForTimeout(500)
  expect(exchanges).toBe(0)

  // Without the kept state, the token exchange of the next page load fails on the way (a dropped
  // connection, or the visitor leaving the page mid-request): that page shows signed out, the
  // session is kept.
  await page.evaluate(() => localStorage.removeItem('session'))
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await api.token()).toBe(token)

  // The next page load signs back in on its own.
  await page.unroute('**/api/user/**')
  await page.goto('/dashboard/order')
  await expect(page).toHaveURL('/dashboard/order')
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
})

test('Sign Out clicked while the session renews stays signed out when the renewal answers', async ({ page, api }) => {
  await page.clock.install()
  await logIn(page, CUSTOMER)
  // The renewal's exchange (PUT /api/user/{email}) is held until Sign Out was clicked.
  let renewing = false
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/user/**', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback()
    renewing = true
    await held
    await route.fallback()
  })
  await page.clock.fastForward('23:56:00')
  await expect.poll(() => renewing).toBe(true)

  await signOut(page)
  // Every write of the access token from now on, and every time the page shows Sign Out again.
  await page.evaluate(() => {
    const w = window as unknown as { resurrected: string[] }
    w.resurrected = []
    const setItem = Storage.prototype.setItem
    Storage.prototype.setItem = function (key, value) {
      if (key === 'accessToken') w.resurrected.push('token stored')
      return setItem.call(this, key, value)
    }
    new MutationObserver(() => {
      if (Array.from(document.querySelectorAll('button')).some((b) => b.textContent === 'Sign Out'))
        w.resurrected.push('Sign Out shown')
    }).observe(document.body, { childList: true, subtree: true })
  })
  const answered = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().includes('/api/user/'))
  release()
  expect((await answered).ok()).toBe(true)
  // The late answer is dropped: the session does not come back, not even for a moment.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)))
  expect(await page.evaluate(() => (window as unknown as { resurrected: string[] }).resurrected)).toEqual([])
  expect(await api.token()).toBeNull()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
})

test('the profile form updates the profile, and keeps what was typed when a save fails', async ({
  page,
  expectConsoleError,
}) => {
  await signUp(page, 'Profile Tester', 'profile', { verified: false })
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

  // A save that fails (the shop unreachable for a moment) keeps everything typed, the name too.
  expectConsoleError(/ERR_FAILED|Failed to load resource/)
  await page.route('**/api/user/**', (route) =>
    route.request().method() === 'PUT' ? route.abort('failed') : route.fallback(),
  )
  await page.getByLabel('Name', { exact: true }).fill('Profile Renamed')
  await page.getByLabel('Phone').fill('01898765432')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('We could not reach the shop', { exact: false }).first()).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Profile Renamed')
  await expect(page.getByLabel('Phone')).toHaveValue('01898765432')
  await page.unroute('**/api/user/**')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Your information have been updated successfully')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Phone')).toHaveValue('01898765432')
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Profile Renamed')
})

test('an admin promotes a user and the list updates', async ({ page, api, newCustomer }) => {
  const { account: customer } = await newCustomer('Promoted Person', 'promote')

  await logIn(page, ADMIN)
  await page.goto(`/dashboard/users?q=${encodeURIComponent(customer.email)}`)
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' })
  await expect(sidebar.getByRole('link', { name: 'All Users' })).toBeVisible()
  const row = page.getByTestId('user-row').filter({ hasText: customer.email })
  await expect(row).toContainText('Customer')
  await row.getByRole('button', { name: 'Make Admin' }).click()
  // Asked first, naming the person; kept, nothing changes.
  const confirm = page.getByRole('dialog', { name: 'Make Promoted Person an admin?' })
  await expect(confirm).toContainText(customer.email)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  expect(await (await api.get(`/admin/${customer.email}`)).json()).toMatchObject({ admin: false, roles: [] })
  await row.getByRole('button', { name: 'Make Admin' }).click()
  await confirm.getByRole('button', { name: 'Make Admin' }).click()
  await expect(page.getByText('Successfully made an admin')).toBeVisible()
  await expect(confirm).toBeHidden()
  await expect(row).toContainText('Admin')
  await expect(row.getByRole('button', { name: 'Make Admin' })).toHaveCount(0)
  const res = await api.get(`/admin/${customer.email}`)
  // Make Admin gives the role manager.
  expect(await res.json()).toMatchObject({ admin: true, roles: ['manager'] })
})

test('an admin removes a user after confirming', async ({ page, browser, newCustomer }) => {
  const { account: customer } = await newCustomer('Removed Person', 'remove')

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
  await expect(
    them.getByText('This account has been removed. Contact us if you think this is a mistake.'),
  ).toBeVisible()
  await context.close()

  await removed.getByRole('button', { name: `Restore ${customer.email}` }).click()
  await expect(page.getByText(`${customer.email} restored`)).toBeVisible()
  await expect(removed).toHaveCount(0)
})

/** A JWT's claims, read without verifying it. */
const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown> & {
    iss: string
    iat: number
    exp: number
  }

test('a page left open renews its session through Firebase before the access token ends', async ({ page, api }) => {
  // Every exchange for an access token (PUT /api/user/{email}) and the token it presented.
  const exchanges: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname.startsWith('/api/user/'))
      exchanges.push((r.headers().authorization ?? '').replace(/^Bearer /, ''))
  })
  await page.clock.install()
  await logIn(page, CUSTOMER)
  await page.goto('/dashboard/order')
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible()
  const { projectId } = await firebaseOf(page)
  const token = api.token
  const first = (await token())!
  const exchangesBefore = exchanges.length
  expect(exchangesBefore, 'signing in exchanged a Firebase ID token').toBeGreaterThan(0)
  // The server's clock moves on too: its tokens count whole seconds.
  await new Promise((resolve) => setTimeout(resolve, 1100))

  // A day later (five minutes before the token ends) the page has a new one and is still signed in.
  await page.clock.fastForward('23:56:00')
  await expect.poll(token, { timeout: 20_000 }).not.toBe(first)
  const renewed = (await token())!
  // Renewed through Firebase: the page presented a new Firebase ID token, not the old access token
  // (which the API would answer with a token ending when the old one does).
  const presented = exchanges.slice(exchangesBefore)
  expect(presented.length, 'the renewal exchanged a token').toBeGreaterThan(0)
  expect(claims(presented.at(-1)!).iss, 'the renewal presented a Firebase ID token').toBe(
    `https://securetoken.google.com/${projectId}`,
  )
  expect(presented.at(-1), 'a fresh ID token, not the one signing in used').not.toBe(exchanges[exchangesBefore - 1])
  // A new day-long token, issued now.
  expect(claims(renewed).iat).toBeGreaterThan(claims(first).iat)
  expect(claims(renewed).exp).toBeGreaterThan(claims(first).exp)
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/order$/)
})

test('a sign-in the API refuses (401) ends the session once, not in a loop of renewals', async ({
  page,
  api,
  expectConsoleError,
}) => {
  await logIn(page, CUSTOMER)
  expect(await api.token()).toBeTruthy()
  // The API now refuses this Firebase sign-in (say, a deployment set to another Firebase project),
  // and the access token is no longer good. The next page's exchange is refused: a 401 on a call
  // that brought its own credentials is not renewed (renewing is that same exchange)…
  let exchanges = 0
  await page.route('**/api/user/**', (route) => {
    if (route.request().method() !== 'PUT') return route.fallback()
    exchanges += 1
    return route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'The sign-in token is not valid.' } }),
    })
  })
  await page.route('**/api/booking?**', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in again.' } }),
    }),
  )
  // The page starts signed in from the kept state: its orders' 401 renews, and the exchange's 401
  // ends the session (Chromium logs both).
  expectConsoleError(/status of 401/)
  expectConsoleError(/status of 401/)
  await page.goto('/dashboard/order')
  // …so the person is signed out and asked to log in, once.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Forder/)
  await page.waitForTimeout(1000)
  expect(exchanges).toBeLessThanOrEqual(2)
  expect(await api.token()).toBeNull()
})

test('a person whose Firebase account is deleted is signed out of an open page before the access token ends', async ({
  page,
  api,
  expectConsoleError,
}) => {
  await page.clock.install()
  const account = await signUp(page, 'Deleted Person', 'deleted', { verified: false })
  await page.goto('/dashboard/order')
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible()
  // The account is deleted at Firebase (by the person, or by an admin of the project).
  const firebase = await firebaseOf(page)
  const { idToken } = await firebase.call('accounts:signInWithPassword', { ...account, returnSecureToken: true })
  await firebase.call('accounts:delete', { idToken })

  // Near the access token's end the page tries to renew through Firebase, which refuses: signed out.
  await page.clock.fastForward('23:56:00')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Forder/, { timeout: 20_000 })
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0)
  expect(await api.token()).toBeNull()
  // Firebase's token endpoint answers the deleted account with a 400, which Chromium logs.
  expectConsoleError(/status of 400/)
})

test('an unverified password sign-in for an address a Google identity holds is refused, and the verification e-mail is offered and sent', async ({
  page,
  api,
  expectConsoleError,
}) => {
  const email = uniqueEmail('held')
  const password = 'secret123'
  const firebase = await firebaseOf(page)
  // The owner signed in to the shop with Google: a verified identity holds the account.
  const claimsOfGoogle = {
    sub: `${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    email,
    email_verified: true,
    name: 'Held Owner',
  }
  const google = await firebase.call('accounts:signInWithIdp', {
    requestUri: 'http://localhost',
    postBody: `id_token=${encodeURIComponent(JSON.stringify(claimsOfGoogle))}&providerId=google.com`,
    returnSecureToken: true,
  })
  const owner = await page.request.put(`${API}/user/${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${google.idToken}` },
    data: { email },
  })
  expect(owner.status()).toBe(200)
  // Someone now has an unverified e-mail/password account at Firebase for the same address
  // (Firebase allows one account per address: the Google one is gone from Firebase first).
  await firebase.call('accounts:delete', { idToken: google.idToken })
  await firebase.call('accounts:signUp', { email, password, returnSecureToken: true })

  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByTestId('auth-error')).toHaveText(
    'This e-mail address is verified with another sign-in. Verify your e-mail address (we can send you the link) or sign in the way you did before, e.g. with Google.',
  )
  // The API answers 403 EMAIL_NOT_VERIFIED, which Chromium logs.
  expectConsoleError(/status of 403/)
  await expect(
    page.getByText(
      'To use your password, verify your e-mail address first. Or continue with Google, as you did before.',
    ),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0)
  expect(await api.token()).toBeNull()

  await page.getByRole('button', { name: 'Send verification e-mail' }).click()
  // Sending it signs in to Firebase once more, which the page's session also sees and the API refuses again.
  expectConsoleError(/status of 403/)
  await expect(
    page.getByText(`We have sent a verification link to ${email}. Open it, then log in again here.`),
  ).toBeVisible()
  // The Auth emulator keeps the e-mail's out-of-band code.
  const codes = await (
    await page.request.get(`${firebase.emulatorUrl}/emulator/v1/projects/${firebase.projectId}/oobCodes`)
  ).json()
  const verify = (codes.oobCodes as { email: string; requestType: string; oobCode: string }[]).findLast(
    (c) => c.email === email && c.requestType === 'VERIFY_EMAIL',
  )
  expect(verify, 'a verification e-mail to the address').toBeTruthy()

  // Opening the link verifies the address; the password sign-in then gets in.
  await firebase.call('accounts:update', { oobCode: verify!.oobCode })
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expectSignedIn(page)
  await expect(page).toHaveURL('/')
})

test('navbar and footer read one session: signed in, the footer offers the dashboard, not Login', {
  tag: '@phone',
}, async ({ page }) => {
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
