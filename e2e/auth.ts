import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page } from '@playwright/test'

export const ADMIN = { email: 'admin@example.com', password: 'admin123' }
export const CUSTOMER = { email: 'customer@example.com', password: 'customer123' }

/** On a phone the navbar's links and Sign Out sit in the menu behind "Open menu". */
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768

/**
 * Checks what the navbar offers: in the bar, or on a phone in its menu (opened, checked and
 * closed again; the menu also closes by itself when the page changes, so it is reopened as needed).
 */
async function expectInNavbar(page: Page, item: (scope: Page | Locator) => Locator, timeout = 10_000) {
  if (!isPhone(page)) return expect(item(page.getByRole('navigation', { name: 'Main' }))).toBeVisible({ timeout })
  await expect(async () => {
    const open = page.getByRole('button', { name: 'Open menu' })
    if (await open.isVisible()) await open.click()
    await expect(item(page.locator('#mobile-menu'))).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout })
  const close = page.getByRole('button', { name: 'Close menu' })
  if (await close.isVisible()) await close.click({ timeout: 2000 }).catch(() => {})
}

/**
 * Waits until the navbar shows the session (Sign Out; on a phone in the menu). Signing in loads
 * the sign-in SDK, asks the Auth emulator and exchanges its token: on a busy machine that alone
 * has taken more than the usual 10 s.
 */
export const expectSignedIn = (page: Page) =>
  expectInNavbar(page, (scope) => scope.getByRole('button', { name: 'Sign Out' }), 30_000)

/** Clicks Sign Out (on a phone, in the menu) and waits until the navbar offers Login. */
export async function signOut(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expectInNavbar(page, (scope) => scope.getByRole('link', { name: 'Login' }))
}

/** Signs in through the real login form and waits until the shop shows the session. */
export async function logIn(page: Page, account: { email: string; password: string }, from = '/login') {
  // The form is what matters; `load` also waits for firebase's helper frames, which a busy machine can hold up.
  await page.goto(from, { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expectSignedIn(page)
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>
/** Per stack and account, the browser storage of a session signed in through the form (once per test worker). */
const sessions = new Map<string, Promise<StorageState>>()

/**
 * For a test that needs `account` signed in but is not about signing in: the first time, signs in
 * through the real login form in a context of its own and keeps its storage (the Firebase session
 * in IndexedDB, the shop's access token); then puts that storage into `page`'s context and opens
 * `at`, where the shop picks the session up as after any reload.
 */
export async function signIn(page: Page, account: { email: string; password: string }, at = '/') {
  // The stack the page's context points at (a worker may run tests on its Stripe or SSLCommerz stack too).
  const { origin } = new URL((await page.request.get('/api/health')).url())
  const key = `${origin} ${account.email}`
  let session = sessions.get(key)
  if (!session) {
    session = (async () => {
      const context = await page.context().browser()!.newContext()
      try {
        await logIn(await context.newPage(), account)
        const state = await context.storageState({ indexedDB: true })
        // The session only: the D1 bookmark the log-in's reads left (web/lib/api.ts) is that
        // page's, and a test about bookmarks sees each of its own pages start without one.
        return {
          ...state,
          origins: state.origins.map((o) => ({
            ...o,
            localStorage: o.localStorage.filter((item) => item.name !== 'x-d1-bookmark'),
          })),
        }
      } finally {
        await context.close()
      }
    })()
    sessions.set(key, session)
    session.catch(() => sessions.delete(key))
  }
  // A page of the shop still open holds Firebase's IndexedDB, which the storage cannot replace under it.
  if (page.url() !== 'about:blank') await page.goto('about:blank')
  await page.context().setStorageState(await session)
  await page.goto(at, { waitUntil: 'domcontentloaded' })
  await expectSignedIn(page)
}

/** A fresh address for a test that signs up, so tests never depend on each other. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`

/**
 * Creates a customer account through the real sign-up form; returns its credentials. Ordering
 * needs a verified e-mail: unless `verified` is false, the customer then opens the link the
 * sign-up sent and signs in again, as a person would.
 */
export async function signUp(page: Page, name: string, prefix = 'buyer', { verified = true } = {}) {
  const account = { email: uniqueEmail(prefix), password: 'secret123' }
  await page.goto('/signup', { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expectSignedIn(page)
  if (verified) await verifyEmail(page, account)
  return account
}

/**
 * A new customer whose address is verified, for a test about what comes after signing up: the
 * account is made through the Auth emulator's REST API (as `signUp` would leave it after the
 * link), then signs in through the real login form. Returns its credentials.
 */
export async function verifiedCustomer(page: Page, name: string, prefix = 'buyer') {
  const account = { email: uniqueEmail(prefix), password: 'secret123' }
  await verifiedAccount(page, account, name)
  await logIn(page, account)
  return account
}

/**
 * The stack's Firebase settings, and its Auth emulator's REST API (as the Firebase SDK and admin
 * tools call it), from a page or a request context.
 */
export async function firebaseOf(from: Page | APIRequestContext) {
  const request = 'request' in from ? from.request : from
  const { firebase } = (await (await request.get('/api/config')).json()) as {
    firebase: { apiKey: string; projectId: string; emulatorUrl: string }
  }
  const call = async (method: string, data: object) => {
    const res = await request.post(
      `${firebase.emulatorUrl}/identitytoolkit.googleapis.com/v1/${method}?key=${firebase.apiKey}`,
      { data },
    )
    expect(res.ok(), `${method}: ${await res.text()}`).toBe(true)
    return res.json() as Promise<{ idToken: string; localId: string }>
  }
  /** The codes of the verification e-mails sent to `email`, oldest first (the emulator keeps them). */
  const verifyCodes = async (email: string) => {
    const res = await request.get(`${firebase.emulatorUrl}/emulator/v1/projects/${firebase.projectId}/oobCodes`)
    const codes = (await res.json()).oobCodes as { email: string; requestType: string; oobCode: string }[]
    return codes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').map((c) => c.oobCode)
  }
  /** Opens the latest verification link sent to `email`, as its owner would. */
  const openVerificationLink = async (email: string) => {
    const code = (await verifyCodes(email)).at(-1)
    expect(code, `a verification e-mail to ${email}`).toBeTruthy()
    await call('accounts:update', { oobCode: code })
  }
  return { ...firebase, call, verifyCodes, openVerificationLink }
}

/**
 * A new Firebase account made through the Auth emulator's REST API, its address verified (the
 * link opened): answers a fresh ID token carrying `email_verified`, for tests that call the API.
 */
export async function verifiedAccountToken(page: Page, account: { email: string; password: string }) {
  const firebase = await verifiedAccount(page, account)
  return (await firebase.call('accounts:signInWithPassword', { ...account, returnSecureToken: true })).idToken
}

/** Makes `account` through the Auth emulator's REST API and opens the verification link it was sent. */
async function verifiedAccount(page: Page, account: { email: string; password: string }, displayName?: string) {
  const firebase = await firebaseOf(page)
  const { idToken } = await firebase.call('accounts:signUp', { ...account, displayName, returnSecureToken: true })
  await firebase.call('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken })
  await firebase.openVerificationLink(account.email)
  return firebase
}

/**
 * Opens the verification link Firebase sent to `account` (the Auth emulator keeps its code), then
 * signs out and in again: the new session carries the verified address.
 */
export async function verifyEmail(page: Page, account: { email: string; password: string }) {
  await (await firebaseOf(page)).openVerificationLink(account.email)
  await signOut(page)
  await logIn(page, account)
}
