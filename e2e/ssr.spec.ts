import type { Page, Request } from '@playwright/test'
import { CUSTOMER, signIn } from './auth'
import { expect, test } from './fixtures'

// Public pages arrive whole from the server and the app takes them over without fetching again
// what they carry; every browser test also fails on a console error (fixtures.ts), hydration
// mismatches included.

const PUBLIC_PAGES = [
  { path: '/', heading: /Professional power tools/, text: 'Electric Saw' },
  { path: '/service', heading: 'All tools', text: 'Drill Machine' },
  { path: '/service/drill-machine', heading: 'Drill Machine', text: 'Minimum order' },
  { path: '/blogs', heading: /JavaScript and React/, text: 'In this page' },
  { path: '/portfolio', heading: /./, text: 'Portfolio' },
]

/** The header a D1 bookmark travels in, both ways. */
const BOOKMARK = 'x-d1-bookmark'

/** The API reads a page makes (images aside, which the browser loads for the HTML). */
function recordApiReads(page: Page) {
  const reads: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/images/'))
      reads.push(`${r.method()} ${url.pathname}${url.search}`)
  })
  return reads
}

for (const { path, heading, text } of PUBLIC_PAGES) {
  test(`${path} arrives with its content and hydrates without refetching its data or a console error`, async ({
    page,
  }) => {
    const reads = recordApiReads(page)
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    // The content is in the HTML the server sent, before any script ran.
    expect(await response!.text()).toContain(text)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await page.waitForLoadState('networkidle')
    // Hydrated: client-side navigation works (the app, not a full page load, handles the link).
    const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = Math.random()))
    expect(
      reads.filter((r) => /\/api\/(service|review)\b/.test(r)),
      'API reads after hydration',
    ).toEqual([])
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click()
    await expect(page).toHaveURL('/blogs')
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(marker)
  })
}

test('a page kept at the edge for minutes hydrates without fetching its data again', async ({ page }) => {
  // The browser's clock runs 10 minutes ahead of the Worker's, as if the page had been kept
  // that long: its data counts as fetched when the page arrived (web/router.tsx), not when it
  // was rendered, so nothing on the first screen is fetched again.
  await page.clock.install({ time: Date.now() + 10 * 60_000 })
  const reads = recordApiReads(page)
  await page.goto('/')
  await expect(page.locator('section[aria-labelledby="tools-title"] article')).toHaveCount(5)
  await page.goto('/service')
  await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(
    reads.filter((r) => /\/api\/(service|review)\b/.test(r)),
    'API reads after hydration',
  ).toEqual([])
})

test('with JavaScript off a visitor still reads the tools, their prices and a tool page', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/service')
  await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Drill Machine' })).toBeVisible()
  await expect(page.getByText(/BDT\s?4,200\.00/).first()).toBeVisible()
  await page
    .getByRole('link', { name: /Drill Machine/ })
    .first()
    .click()
  await expect(page).toHaveURL('/service/drill-machine')
  await expect(page.getByTestId('unit-price')).toHaveText(/BDT\s?4,200\.00/)
  await context.close()
})

test('a tool page shared as a link previews with its title, image and price (Open Graph)', async ({ request }) => {
  // What a chat app or a search engine reads: the HTML, no scripts.
  const html = await (
    await request.get('/service/drill-machine', { headers: { 'User-Agent': 'facebookexternalhit/1.1' } })
  ).text()
  const og = (key: string) => new RegExp(`<meta property="og:${key}" content="([^"]*)"`).exec(html)?.[1]
  expect(og('title')).toBe('Drill Machine · Toolhaus')
  expect(og('type')).toBe('product')
  expect(og('description')).toMatch(/BDT\s?4,200\.00 per unit/)
  const image = og('image')!
  expect(image).toMatch(/^https?:\/\//)
  const picture = await request.get(image)
  expect(picture.status()).toBe(200)
  expect(picture.headers()['content-type']).toMatch(/^image\//)
  const product = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!)
  expect(product).toMatchObject({ '@type': 'Product', offers: { price: '4200.00', priceCurrency: 'BDT' } })
})

test('a signed-in page is rendered by the browser: the server sends the frame, never indexed', async ({ page }) => {
  // On a slow phone the guard's redirect could finish while React was still hydrating the frame
  // (React errors 520/422, web/lib/hydration.ts): a few loads with the CPU slowed down 6× find it.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  for (let load = 0; load < 5; load++) {
    const response = await page.goto('/dashboard')
    expect(response?.headers()['x-robots-tag']).toBe('noindex')
    // Signed out, the browser's guard sends the visitor to log in.
    await expect(page).toHaveURL(/\/login\?redirect=/, { timeout: 15_000 })
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible()
  }
})

/**
 * Records the page's layout shifts (those without recent input) from its first load on; the
 * returned function sums what was recorded so far in the current document.
 */
async function recordLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts: number[] = []
    ;(window as unknown as { __shifts: number[] }).__shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return () => page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0))
}

test('a page the browser renders does not move what is in view as it fills the frame (no layout shift)', async ({
  page,
}) => {
  // The server sends such a page as a frame with a placeholder; the page the browser then renders
  // is taller. Lighthouse saw the footer jump on /cart and /login (CLS 0.12 and 0.2 on a phone).
  await page.setViewportSize({ width: 390, height: 844 })
  const layoutShift = await recordLayoutShifts(page)
  for (const [path, heading] of [
    ['/login', 'Login'],
    ['/cart', 'Your cart'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await layoutShift(), `layout shift on ${path}`).toBeLessThan(0.01)
  }
})

test('a shopper reads their own writes: each API call sends back a D1 bookmark an answer carried', async ({ page }) => {
  // The page's API calls (images aside, which carry none), in the order they went out and their
  // answers came back: the bookmark each call sent, and the one each answer carried.
  const events: { event: 'sent' | 'answered'; call: string; sent: string | undefined; carried?: string }[] = []
  const apiCall = (r: Request) => {
    const { pathname, search } = new URL(r.url())
    return pathname.startsWith('/api/') && !pathname.startsWith('/api/images/')
      ? `${r.method()} ${pathname}${search}`
      : undefined
  }
  page.on('request', (r) => {
    const call = apiCall(r)
    if (call) events.push({ event: 'sent', call, sent: r.headers()[BOOKMARK] })
  })
  page.on('response', (r) => {
    const call = apiCall(r.request())
    if (call)
      events.push({ event: 'answered', call, sent: r.request().headers()[BOOKMARK], carried: r.headers()[BOOKMARK] })
  })
  await signIn(page, CUSTOMER)
  await page.goto('/dashboard/order')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')

  // The page keeps the newest bookmark an answer carried (web/lib/api.ts; in localStorage, so a
  // new document goes on from it) and sends it with every call. It reads an answer's bookmark a
  // moment after the browser has it, so a call leaving in that moment may send the one before:
  // what is checked is that a call sends only what an answer carried, and never none again once
  // a call has sent one.
  let latest: string | undefined
  let sentOne = false
  const carriedSoFar = new Set<string>()
  const checked: string[] = []
  for (const { event, call, sent, carried } of events) {
    if (event === 'answered') {
      if (carried) {
        carriedSoFar.add(carried)
        latest = carried
      }
    } else if (latest && call !== 'GET /api/config') {
      // (GET /api/config, which Firebase's start-up fetches before the API client exists, reads no data.)
      if (sentOne || sent) expect(sent, `${call} sends a bookmark`).toBeDefined()
      if (sent) expect([...carriedSoFar], `${call} sends a bookmark an answer carried`).toContain(sent)
      sentOne ||= Boolean(sent)
      checked.push(call)
    }
  }
  expect(latest, 'answers carried a bookmark').toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/i)
  // The bookmark outlives the document: after a reload, the first read sends one.
  const sentNow = page.waitForRequest((r) => apiCall(r)?.startsWith('GET /api/booking') ?? false)
  await page.reload()
  expect((await sentNow).headers()[BOOKMARK], 'a read after a reload').toBeDefined()
  // Those calls include My Orders' own read of the orders, the page this test opened.
  expect(checked).toContainEqual(expect.stringMatching(/^GET \/api\/booking\?/))
})

test('the hero types its taglines without moving anything (no layout shift)', async ({ page }) => {
  // A caret drawn as a generated '|' after the typed text moved with every letter: Lighthouse
  // counted each move as a layout shift (CLS 0.006 on a phone). The caret is now the span's border.
  await page.setViewportSize({ width: 390, height: 844 })
  const layoutShift = await recordLayoutShifts(page)
  await page.goto('/')
  const tagline = page.locator('#hero-title + p [aria-hidden="true"]')
  await expect(tagline).toBeAttached({ timeout: 15_000 })
  // Typing, deleting and typing again: the first tagline's deletion and the next one's letters.
  await expect(tagline).not.toHaveText('construction crews.')
  await expect(tagline).toHaveText(/^f/, { timeout: 10_000 })
  await expect(tagline).toHaveText('furniture workshops.', { timeout: 10_000 })
  expect(await layoutShift(), 'layout shift while typing').toBe(0)
})

test('a page loads no toaster until code that raises a toast does, and the first toast shows', async ({ page }) => {
  // The toaster (sonner and the styles it adds) mounted 1.5 s after every page's load: a long task
  // Lighthouse counted as blocking time on a phone. It now comes with the code that toasts.
  const toaster = page.getByRole('region', { name: /^Notifications/ })
  await page.goto('/service')
  await page.waitForLoadState('load')
  await page.waitForTimeout(2500)
  await expect(toaster, 'no toaster on a page nobody acted on').toHaveCount(0)
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click()
  await expect(toaster.locator('[data-sonner-toast]')).toHaveCount(1)
})

test('a section just below a phone’s first screen is not fetched or hydrated while the page loads', async ({
  page,
}) => {
  // Lighthouse's phone (412 × 823): the tools section starts within 300 px of the first screen, and
  // its code and hydration ran with the page's load, before the first paint.
  await page.setViewportSize({ width: 412, height: 823 })
  const fetched: string[] = []
  page.on('request', (r) => {
    if (/\/assets\/our-tools-[\w-]+\.js$/.test(r.url())) fetched.push(r.url())
  })
  await page.goto('/')
  await page.waitForLoadState('load')
  await page.waitForTimeout(1000)
  expect(fetched, 'the tools section’s code during the load').toEqual([])
  // In view, it wakes: its Add to cart then answers with a toast, not by going to /cart.
  const tools = page.locator('#island-tools')
  await tools.scrollIntoViewIfNeeded()
  await expect.poll(() => fetched.length).toBe(1)
  // Fetched is not hydrated: until React has the section, its button is the no-script form's.
  await expect(tools).toHaveAttribute('data-live', '')
  await tools.getByRole('button', { name: 'Add to cart' }).first().click()
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1)
  await expect(page).toHaveURL('/')
})

/**
 * The scripts a page loaded that hold TanStack Query's client (web/lib/browser-query-client.ts),
 * found by one of its messages: call it to list them so far.
 */
function recordQueryClientScripts(page: Page) {
  const scripts: { url: string; body: Promise<string> }[] = []
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push({ url: r.url(), body: r.text() })
  })
  return async () => {
    const found: string[] = []
    for (const { url, body } of scripts) if ((await body).includes('Missing queryFn')) found.push(url)
    return found
  }
}

test('the home page loads TanStack Query’s client only when something needs it, and its sections still show their data', async ({
  page,
}) => {
  // The home page hydrates its navbar and hero, which run no query: the client (about 10 kB gz)
  // comes with the first section, link or session that needs it.
  await page.setViewportSize({ width: 412, height: 823 })
  const withClient = recordQueryClientScripts(page)
  const reads = recordApiReads(page)
  await page.goto('/')
  await page.waitForLoadState('load')
  await page.waitForTimeout(1000)
  expect(await withClient(), 'Query’s client loaded with the home page').toEqual([])
  // A section scrolled to brings it, and shows what the page carried without asking the API again.
  await page.locator('#island-reviews').scrollIntoViewIfNeeded()
  await expect.poll(withClient).toHaveLength(1)
  await expect(
    page
      .locator('#island-tools')
      .getByRole('link', { name: /Electric Saw/ })
      .first(),
  ).toBeVisible()
  expect(
    reads.filter((r) => /\/api\/(service|review)\b/.test(r)),
    'API reads after hydration',
  ).toEqual([])
  // The app still navigates, its loaders using the client now loaded.
  await page.getByRole('link', { name: 'Browse all tools' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible()
  await expect(page.getByRole('main').getByText('Drill Machine').first()).toBeVisible()
})

test('a link followed before Query’s client loaded opens its page with its data', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 })
  const withClient = recordQueryClientScripts(page)
  await page.goto('/')
  await page.waitForLoadState('load')
  await page.waitForTimeout(500)
  expect(await withClient(), 'Query’s client loaded with the home page').toEqual([])
  const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = Math.random()))
  // No hover first (a touch follows at once, nothing preloaded): the root's beforeLoad loads the
  // client for the page's loader.
  await page.getByRole('link', { name: 'Browse all tools' }).evaluate((link: HTMLAnchorElement) => link.click())
  await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible()
  await expect(page.getByRole('main').getByText('Drill Machine').first()).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 'a full page load').toBe(
    marker,
  )
  expect(await withClient()).toHaveLength(1)
})
