import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from '@playwright/test'
import { uniqueEmail } from './auth'
import { type Api, expect, test } from './fixtures'

// "Continue with Google" runs the app's real code path, signInWithPopup with
// browserPopupRedirectResolver, against the Auth emulator. Offline, only Google's gapi loader
// (https://apis.google.com/js/api.js) is missing: Firebase needs it to open the emulator's helper
// iframe, and that iframe loads it too. The test serves e2e/gapi-stand-in.js in its place; then
// the emulator's own account picker opens as a popup and the test clicks through it.

const GAPI_STAND_IN = fileURLToPath(new URL('./gapi-stand-in.js', import.meta.url))

async function serveGoogleStandIns(context: BrowserContext) {
  // context.route, not page.route: the emulator's iframe and its popup request these too.
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js(\?.*)?$/, (route) =>
    route.fulfill({ path: GAPI_STAND_IN, contentType: 'text/javascript; charset=utf-8' }),
  )
  // The emulator's account picker styles itself from unpkg and Google Fonts: offline, serve nothing.
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) =>
    route.fulfill({
      body: '',
      contentType: route.request().resourceType() === 'script' ? 'text/javascript' : 'text/css',
    }),
  )
}

/** Clicks "Continue with Google" and answers the emulator's account picker with `pick`. */
async function continueWithGoogle(page: Page, pick: (popup: Page) => Promise<void>) {
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  const popup = await popupOpened
  // The emulator's account picker, at the emulator's address the API hands out in /api/config.
  const { firebase } = await (await page.request.get('/api/config')).json()
  expect(firebase.emulatorUrl, 'the stack runs the Auth emulator').toBeTruthy()
  await popup.waitForURL((url) => url.href.startsWith(`${firebase.emulatorUrl}/emulator/auth/handler?`))
  const closed = popup.waitForEvent('close')
  await pick(popup)
  // Firebase closes the popup once the helper iframe has relayed the sign-in to the app.
  await closed
}

async function expectSignedInWithApiToken(
  page: Page,
  api: Api,
  email: string,
  name: string,
  at: string | RegExp = /\/$/,
) {
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
  await expect(page).toHaveURL(at)
  expect(await api.token(), 'the API access token').toBeTruthy()
  const res = await api.get(`/user/${encodeURIComponent(email)}`)
  expect(res.status()).toBe(200)
  expect(await res.json()).toMatchObject({ email, name, role: 'user' })
}

// Each test opens Firebase's helper iframe and a popup; the closed-popup test also sits through
// Firebase's fixed 8 s grace period. Leave room for a busy machine.
test.describe.configure({ timeout: 60_000 })

test.beforeEach(async ({ context }) => {
  await serveGoogleStandIns(context)
})

test('Continue with Google signs a new Google account in through the emulator and the API issues its token', async ({
  page,
  api,
}) => {
  const email = uniqueEmail('google')
  const name = 'Grace Google'
  await page.goto('/login')
  await continueWithGoogle(page, async (popup) => {
    await popup.getByRole('button', { name: 'Add new account' }).click()
    await popup.locator('#email-input').fill(email)
    await popup.locator('#display-name-input').fill(name)
    await popup.getByRole('button', { name: 'Sign in with Google.com' }).click()
  })
  await expectSignedInWithApiToken(page, api, email, name)
})

test('signing up with Google from a guarded page creates the account and brings the new customer back there', async ({
  page,
  api,
}) => {
  const email = uniqueEmail('googlesignup')
  const name = 'Sami Signup'
  await page.goto('/dashboard/review')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Freview/)
  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click()
  await expect(page).toHaveURL(/\/signup\?redirect=%2Fdashboard%2Freview/)
  await continueWithGoogle(page, async (popup) => {
    await popup.getByRole('button', { name: 'Add new account' }).click()
    await popup.locator('#email-input').fill(email)
    await popup.locator('#display-name-input').fill(name)
    await popup.getByRole('button', { name: 'Sign in with Google.com' }).click()
  })
  await expectSignedInWithApiToken(page, api, email, name, '/dashboard/review')
  // The page they were going to, as the new customer: the review form knows their Google name.
  await expect(page.getByRole('heading', { name: 'Add Review', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue(name)
})

test("a returning Google user picks their account from the emulator's list and is brought back to where they were going", async ({
  page,
  api,
}) => {
  // The Google account exists in the emulator (signed in before), but not yet in the shop.
  const email = uniqueEmail('returning')
  const name = 'Ada Returning'
  const { firebase } = await (await page.request.get('/api/config')).json()
  const claims = { sub: `${Date.now()}${Math.floor(Math.random() * 1e6)}`, email, email_verified: true, name }
  const seeded = await page.request.post(
    `${firebase.emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${firebase.apiKey}`,
    {
      data: {
        requestUri: 'http://localhost',
        postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
        returnSecureToken: true,
      },
    },
  )
  expect(seeded.status()).toBe(200)

  await page.goto('/dashboard/order')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Forder/)
  await continueWithGoogle(page, (popup) => popup.locator('.js-reuse-account', { hasText: email }).click())
  await expectSignedInWithApiToken(page, api, email, name, '/dashboard/order')
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible()
})

test('closing the Google window shows why nothing happened', async ({ page }) => {
  await page.goto('/login')
  await continueWithGoogle(page, (popup) => popup.close())
  // Firebase waits a few seconds for a late answer before it gives up on a closed popup.
  await expect(page.getByTestId('auth-error')).toHaveText('The Google window was closed before sign-in finished.', {
    timeout: 15_000,
  })
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeHidden()
})
