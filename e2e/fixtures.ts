import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, type APIResponse, test as base, expect, type Page } from '@playwright/test'
import { ADMIN, CUSTOMER, signIn, verifiedCustomer } from './auth'
import { shopUrlOf } from './stacks'

/** API paths for `page.request`, which resolves them against the test stack's baseURL. */
export const API = '/api'

type RequestOptions = NonNullable<Parameters<APIRequestContext['fetch']>[1]>

/**
 * The API as a signed-in page's user calls it: paths under `/api` (`api.get('/booking/…')`), each
 * request with the access token the page holds at that moment. A page that is not signed in fails
 * the call's test at once instead of sending an anonymous request.
 */
export type Api = {
  /** The access token the shop keeps for the page's session, or null when signed out. */
  token(): Promise<string | null>
  get(path: string, options?: RequestOptions): Promise<APIResponse>
  post(path: string, options?: RequestOptions): Promise<APIResponse>
  put(path: string, options?: RequestOptions): Promise<APIResponse>
  patch(path: string, options?: RequestOptions): Promise<APIResponse>
  delete(path: string, options?: RequestOptions): Promise<APIResponse>
}

/** A signed-in person in a browser context of their own, beside the test's `page`. */
export type Session = { page: Page; api: Api }

/** A new verified customer (`verifiedCustomer`), signed in in a browser context of their own. */
export type NewCustomer = (
  name: string,
  prefix?: string,
) => Promise<Session & { account: { email: string; password: string; name: string } }>

function apiOf(page: Page): Api {
  // NOTE: the one place the tests read where the spec keeps the session: localStorage 'accessToken'.
  const token = () => page.evaluate(() => localStorage.getItem('accessToken'))
  const call =
    (method: string) =>
    async (path: string, options: RequestOptions = {}) => {
      const current = await token()
      expect(current, `${method} ${path}: the page has an access token (is it signed in?)`).toBeTruthy()
      return page.request.fetch(`${API}${path}`, {
        ...options,
        method,
        headers: { ...options.headers, Authorization: `Bearer ${current}` },
      })
    }
  return {
    token,
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    delete: call('DELETE'),
  }
}

type Fixtures = {
  /**
   * Every browser test fails on a console error or an uncaught page error, so a broken
   * page cannot pass by accident. A test that provokes an error answer on purpose (a declined
   * card, a wrong password) declares the one console line that Chromium logs for it with
   * `expectConsoleError(/status of 402/)`; that line must then appear, and nothing else may.
   */
  expectConsoleError: (pattern: RegExp) => void
  /** The API as whoever `page` is signed in as (sign in first: `logIn`, `signUp`). */
  api: Api
  /** The demo admin, signed in (`signIn`: the login form once per worker) in a context of their own. */
  asAdmin: Session
  /** The demo customer, signed in (`signIn`: the login form once per worker) in a context of their own. */
  asCustomer: Session
  /** New verified customers (`verifiedCustomer`), each signed in in a context of their own (closed after the test). */
  newCustomer: NewCustomer
}

const SANDBOX_REFUSED_INIT_SCRIPT =
  /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed and the 'allow-scripts' permission is not set\.$/

export const test = base.extend<Fixtures, { shopUrl: string }>({
  /** This worker's own shop (global-setup started one for each worker index, with fresh data). */
  shopUrl: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      await use(shopUrlOf(workerInfo.parallelIndex))
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ shopUrl }, use) => {
    await use(shopUrl)
  },
  expectConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = []
      const expected: RegExp[] = []
      // What the API answered with an error, to name in the failure (a console line says only the status).
      const refusals: { said: string; body: Promise<string> }[] = []
      page.on('response', (res) => {
        if (res.status() >= 400 && new URL(res.url()).pathname.startsWith('/api/'))
          refusals.push({
            said: `${res.request().method()} ${res.url()} → ${res.status()}`,
            body: res.text().then((body) => body.slice(0, 300)),
          })
      })
      page.on('console', (msg) => {
        // Playwright puts the init script below into every frame, and a frame sandboxed without
        // scripts (the outbox's e-mail preview) refuses it: Chromium logs that, about our harness.
        if (msg.type() === 'error' && !SANDBOX_REFUSED_INIT_SCRIPT.test(msg.text())) errors.push(msg.text())
      })
      page.on('pageerror', (err) => errors.push(err.message))
      // A script the CSP refuses, even one whose error is caught (zod's eval probe), is an error too.
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
        ),
      )
      await use((pattern) => expected.push(pattern))
      for (const pattern of expected) {
        const at = errors.findIndex((e) => pattern.test(e))
        expect(at, `expected a console error matching ${pattern}`).toBeGreaterThanOrEqual(0)
        errors.splice(at, 1)
      }
      // A body the page never read may never arrive: each is waited for a moment only.
      const answers = await Promise.all(
        (errors.length ? refusals : []).map(async ({ said, body }) => {
          const moment = new Promise<string>((resolve) => setTimeout(() => resolve('(body not read)'), 1000))
          return `${said} ${await Promise.race([body.catch(() => '(body not read)'), moment])}`
        }),
      )
      expect(errors, `console errors; the API's error answers:\n${answers.join('\n')}`).toEqual([])
    },
    { auto: true },
  ],
  api: async ({ page }, use) => {
    await use(apiOf(page))
  },
  asAdmin: async ({ browser }, use) => {
    // browser.newContext() takes the test's options (baseURL, viewport) like `page`'s context.
    const context = await browser.newContext()
    const page = await context.newPage()
    await signIn(page, ADMIN)
    await use({ page, api: apiOf(page) })
    await context.close()
  },
  asCustomer: async ({ browser }, use) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signIn(page, CUSTOMER)
    await use({ page, api: apiOf(page) })
    await context.close()
  },
  newCustomer: async ({ browser }, use) => {
    const contexts: { close(): Promise<void> }[] = []
    await use(async (name, prefix) => {
      const context = await browser.newContext()
      contexts.push(context)
      const page = await context.newPage()
      const account = { ...(await verifiedCustomer(page, name, prefix)), name }
      return { page, api: apiOf(page), account }
    })
    for (const context of contexts) await context.close()
  },
})

export { expect }

/**
 * Places an order through the API as `api`'s customer (for tests about what comes after
 * ordering); the quantity is the tool's minimum unless given. Returns the order's id.
 */
export async function placeOrder(
  api: Api,
  order: { serviceId: string; customer: string; quantity?: number },
): Promise<string> {
  const quantity =
    order.quantity ??
    ((await (await api.get(`/service/${order.serviceId}`)).json()) as { Minimum_quantity: number }).Minimum_quantity
  const res = await api.post('/booking', {
    data: {
      serviceId: order.serviceId,
      quantity,
      phone: '01712345678',
      address: 'House 7, Road 3, Dhanmondi, Dhaka',
      customer: order.customer,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()).insertedId
}

/**
 * Adds a tool of the test's own through the API as the admin `admin` (with a seeded tool's photo),
 * for tests that change its stock or withdraw it. Returns its id.
 */
export async function addTool(
  admin: Api,
  tool: { name: string; description: string; price: number; quantity: number; Minimum_quantity: number },
): Promise<string> {
  const [seeded] = (await (await admin.get('/service?limit=1')).json()) as { img: string }[]
  const res = await admin.post('/service', { data: { ...tool, img: seeded!.img } })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { insertedId: string }).insertedId
}

/** The horizontal overflow of the page, in pixels (0 when nothing scrolls sideways). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/**
 * Accessibility: axe finds nothing on the page as it is now, once nothing on it is moving (a toast
 * fading in has, for a moment, the contrast of half its opacity). `soft` lets the test go on, so one
 * run names every page with violations.
 */
export async function expectNoAxeViolations(page: Page, where = new URL(page.url()).pathname, { soft = false } = {}) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-sonner-toast]')).every(
      (t) => t.getAttribute('data-mounted') === 'true',
    ),
  )
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) =>
          a.finished.then(
            () => undefined,
            () => undefined,
          ),
        ),
    ),
  )
  const results = await new AxeBuilder({ page }).analyze()
  const found = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  )
  ;(soft ? expect.soft : expect)(found, `axe on ${where}`).toEqual([])
}
