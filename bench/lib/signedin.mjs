// Signed-in pages on a cold start on a phone (issue 40, item 10): the bench customer's Firebase
// account is made in the stack's Auth emulator, signs in once through the real /login form, and
// its browser storage (IndexedDB included: Firebase keeps its session there) is saved. Each page
// is then opened in a new context from that storage (warm sign-in storage, cold HTTP cache, cold
// JS) as a throttled phone, and the time from navigation start until the page's content is on
// screen is recorded, beside a public page's as the reference.
import { chromium } from 'playwright-core'
import { PHONE } from './images.mjs'
import { CHROMIUM, LAUNCH_ARGS } from './weight.mjs'

/** The password the bench gives the bench customer's emulator account. */
const PASSWORD = 'bench-secret-123'

/**
 * Lighthouse's mobile "slow 4G" (its `mobileSlow4G`: 150 ms RTT, 1.6 Mbps down, 750 kbps up),
 * applied as DevTools throttling; CPU 4× as Lighthouse's default.
 */
export const THROTTLING = { latencyMs: 150, downloadKbps: 1638.4, uploadKbps: 750, cpu: 4 }

/**
 * The pages, each with what marks its content as on screen: an element that appears only once the
 * page's data is in (`selector`, visible), for a form field with a value (`filled`), and with the
 * page's heading (`heading`: an h1 holding that text) when the element alone could be another page's.
 * @typedef {{ path: string, content: string, selector: string, filled?: boolean, heading?: string, reference?: boolean }} SignedInPage
 * @type {SignedInPage[]}
 */
export const SIGNEDIN_PAGES = [
  { path: '/service', content: 'a tool card', selector: 'main article', reference: true },
  {
    path: '/dashboard/order',
    content: 'the list of orders (or its empty state)',
    selector: '[data-testid="order"], [data-testid="empty-state"]',
    heading: 'My Orders',
  },
  { path: '/checkout', content: 'a line of the order summary', selector: '[data-testid="checkout-line"]' },
  {
    path: '/dashboard/quotes',
    content: 'the list of quotes (or its empty state)',
    selector: '[data-testid="quote"], [data-testid="empty-state"]',
    heading: 'Quotes',
  },
  {
    path: '/dashboard',
    content: "the profile form's Name, filled",
    selector: 'form input[name="name"]',
    filled: true,
  },
]

/**
 * Makes `account` in the stack's Auth emulator (through its REST API, as e2e/auth.ts does) and
 * opens the verification link it was sent, so the account's e-mail is verified; an account that
 * is already there is kept (its password must be the bench's).
 * @param {string} url the shop
 * @param {{ email: string, name: string }} account
 * @returns {Promise<{ email: string, password: string, created: boolean }>}
 */
export async function ensureFirebaseAccount(url, account) {
  const { firebase } = await (await fetch(`${url}/api/config`)).json()
  if (!firebase?.emulatorUrl) throw new Error('/api/config names no Auth emulator (firebase.emulatorUrl)')
  /** @param {string} method @param {object} body @param {{ allow?: string[] }} [opts] the errors that are fine */
  const call = async (method, body, { allow = [] } = {}) => {
    const res = await fetch(
      `${firebase.emulatorUrl}/identitytoolkit.googleapis.com/v1/${method}?key=${firebase.apiKey}`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    )
    const json = await res.json()
    if (!res.ok && !allow.includes(json?.error?.message)) throw new Error(`${method}: ${JSON.stringify(json)}`)
    return json
  }
  const credentials = { email: account.email, password: PASSWORD, returnSecureToken: true }
  const made = await call('accounts:signUp', { ...credentials, displayName: account.name }, { allow: ['EMAIL_EXISTS'] })
  const created = !made.error
  const signedIn = created ? made : await call('accounts:signInWithPassword', credentials)
  const { users } = await call('accounts:lookup', { idToken: signedIn.idToken })
  if (!users?.[0]?.emailVerified) {
    await call('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: signedIn.idToken })
    const codes = await (
      await fetch(`${firebase.emulatorUrl}/emulator/v1/projects/${firebase.projectId}/oobCodes`)
    ).json()
    const code = (codes.oobCodes ?? [])
      .filter((c) => c.email === account.email && c.requestType === 'VERIFY_EMAIL')
      .at(-1)?.oobCode
    if (!code) throw new Error(`the Auth emulator holds no verification e-mail to ${account.email}`)
    await call('accounts:update', { oobCode: code })
  }
  return { email: account.email, password: PASSWORD, created }
}

/**
 * Signs in once through the shop's /login form (unthrottled, desktop) and answers the context's
 * storage with IndexedDB, without the D1 bookmark that sign-in's reads left (as e2e/auth.ts).
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ email: string, password: string }} account
 */
async function signInOnce(browser, url, account) {
  const context = await browser.newContext({ baseURL: url })
  try {
    const page = await context.newPage()
    await page.goto('/login', { waitUntil: 'domcontentloaded', timeout: 60_000 })
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Password').fill(account.password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.getByRole('button', { name: 'Sign Out' }).waitFor({ timeout: 60_000 })
    const state = await context.storageState({ indexedDB: true })
    // NOTE: Playwright's types leave `indexedDB` out of the answer's origins; it is there.
    const idb = state.origins.flatMap((o) => /** @type {any} */ (o).indexedDB ?? [])
    if (!idb.some((db) => /firebase/i.test(db.name)))
      throw new Error('signed in, but the storage holds no Firebase IndexedDB database')
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
}

/**
 * Runs in the page before its own scripts: watches the document until the page's content is there
 * and visible, then records the next animation frame's time (ms since navigation start) as
 * `__benchContentAt`; also keeps FCP and the latest LCP candidate.
 * @param {SignedInPage} spec
 */
function watchContent(spec) {
  if (window.top !== window) return
  const w = /** @type {any} */ (window)
  w.__benchPaints = { fcp: undefined, lcp: undefined }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__benchPaints.fcp = e.startTime
  }).observe({ type: 'paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__benchPaints.lcp = e.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'
  const ready = () => {
    const found = [...document.querySelectorAll(spec.selector)].some(
      (el) => shown(el) && (!spec.filled || /** @type {HTMLInputElement} */ (el).value.trim() !== ''),
    )
    if (!found || !spec.heading) return found
    return [...document.querySelectorAll('h1')].some((h) => shown(h) && h.textContent?.includes(spec.heading ?? ''))
  }
  let done = false
  const check = () => {
    if (done || !ready()) return
    done = true
    observer.disconnect()
    clearInterval(timer)
    const matchedAt = performance.now()
    w.__benchMatchedAt = matchedAt
    // The frame that paints it: the animation frame after the change (rendering is blocked until
    // the stylesheets are in, so a server-rendered element waits for them here too).
    requestAnimationFrame(() => {
      w.__benchContentAt = performance.now()
    })
  }
  const observer = new MutationObserver(check)
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
  // A field's value is a property, not an attribute: React sets it without a mutation.
  const timer = setInterval(check, 16)
}

/**
 * One cold visit: a new context from the saved storage, a phone, CPU and network throttled.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {any} storageState
 * @param {SignedInPage} spec
 */
async function visit(browser, url, storageState, spec) {
  const context = await browser.newContext({ baseURL: url, storageState, ...PHONE })
  try {
    await context.addInitScript(watchContent, spec)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.latencyMs,
      downloadThroughput: (THROTTLING.downloadKbps * 1024) / 8,
      uploadThroughput: (THROTTLING.uploadKbps * 1024) / 8,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpu })
    const errors = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(spec.path, { waitUntil: 'commit', timeout: 120_000 })
    await page
      .waitForFunction(
        () => {
          const w = /** @type {any} */ (window)
          return w.__benchContentAt !== undefined && w.__benchPaints.fcp !== undefined
        },
        undefined,
        {
          timeout: 90_000,
          polling: 100,
        },
      )
      .catch(async (error) => {
        const seen = await page
          .evaluate(() => ({
            matched: /** @type {any} */ (window).__benchMatchedAt,
            watching: /** @type {any} */ (window).__benchPaints !== undefined,
            text: (document.body?.textContent ?? '').replace(/\s+/g, ' ').slice(0, 200),
          }))
          .catch(() => undefined)
        throw new Error(
          `${spec.path}: no ${spec.content} (${spec.selector}) on ${page.url()} after 90 s: ${JSON.stringify(seen)}; ${errors.join('; ')}`,
          { cause: error },
        )
      })
    const m = await page.evaluate(() => {
      const w = /** @type {any} */ (window)
      const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0])
      return {
        // Nothing is on screen before the first contentful paint: Chromium can run the frame's
        // callbacks before it presents one (the server-rendered list matches while the stylesheet loads).
        contentMs: Math.max(w.__benchContentAt, w.__benchPaints.fcp),
        matchedMs: w.__benchMatchedAt,
        fcpMs: w.__benchPaints.fcp,
        lcpMs: w.__benchPaints.lcp,
        responseEndMs: nav?.responseEnd,
        domContentLoadedMs: nav?.domContentLoadedEventEnd,
        requests: performance.getEntriesByType('resource').length,
      }
    })
    const finalPath = new URL(page.url()).pathname
    if (finalPath !== spec.path) throw new Error(`${spec.path} ended on ${finalPath} (not signed in?)`)
    const r = (n) => (n === undefined ? undefined : Math.round(n))
    return {
      contentMs: r(m.contentMs),
      matchedMs: r(m.matchedMs),
      fcpMs: r(m.fcpMs),
      lcpMs: r(m.lcpMs),
      responseEndMs: r(m.responseEndMs),
      domContentLoadedMs: r(m.domContentLoadedMs),
      requests: m.requests,
      errors,
    }
  } finally {
    await context.close()
  }
}

const median = (xs) => {
  const s = xs.filter((x) => x !== undefined).sort((a, b) => a - b)
  if (!s.length) return undefined
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid] : Math.round((s[mid - 1] + s[mid]) / 2)
}

/**
 * The phase: the account, one sign-in, then `runs` cold visits of each page (the pages in turn,
 * round after round, so that all of them see the same machine); the median of each is kept.
 * @param {{ url: string, account: { email: string, name: string }, runs: number, log?: (s: string) => void }} opts
 */
export async function measureSignedIn({ url, account, runs, log = () => {} }) {
  const firebase = await ensureFirebaseAccount(url, account)
  log(`  ${account.email}: Firebase account ${firebase.created ? 'made' : 'already there'}, e-mail verified`)
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, timeout: 60_000 })
  try {
    const state = await signInOnce(browser, url, firebase)
    log('  signed in through /login; storage saved (IndexedDB included)')
    // One untimed visit of each page first: the stack's own first requests (the Worker's module
    // load, the edge cache's first copies) are not a browser's cold start.
    // A warm-up that fails (a first cold load on a busy machine) is said, and the timed runs go on.
    for (const spec of SIGNEDIN_PAGES)
      await visit(browser, url, state, spec).catch((error) => log(`  warm-up ${spec.path} failed: ${error.message}`))
    /** @type {Record<string, any[]>} */
    const samples = Object.fromEntries(SIGNEDIN_PAGES.map((p) => [p.path, []]))
    for (let i = 0; i < runs; i++) {
      for (const spec of SIGNEDIN_PAGES) {
        const s = await visit(browser, url, state, spec)
        samples[spec.path].push(s)
        log(`  run ${i + 1}/${runs} ${spec.path}: content ${s.contentMs} ms, FCP ${s.fcpMs ?? '—'} ms`)
      }
    }
    const pages = SIGNEDIN_PAGES.map((spec) => {
      const all = samples[spec.path]
      return {
        page: spec.path,
        reference: Boolean(spec.reference),
        content: spec.content,
        selector: spec.selector,
        runs: all.length,
        contentMs: median(all.map((s) => s.contentMs)),
        fcpMs: median(all.map((s) => s.fcpMs)),
        lcpMs: median(all.map((s) => s.lcpMs)),
        responseEndMs: median(all.map((s) => s.responseEndMs)),
        allContentMs: all.map((s) => s.contentMs),
        allFcpMs: all.map((s) => s.fcpMs),
        pageErrors: all.flatMap((s) => s.errors).slice(0, 3),
        /** @type {number | undefined} content ÷ the reference's */
        ratio: undefined,
      }
    })
    const ref = pages.find((p) => p.reference)
    for (const p of pages)
      if (ref?.contentMs && p.contentMs !== undefined && !p.reference)
        p.ratio = Math.round((p.contentMs / ref.contentMs) * 100) / 100
    return {
      account: account.email,
      phone: PHONE,
      throttling: THROTTLING,
      runs,
      reference: ref?.page,
      pages,
    }
  } finally {
    await browser.close()
  }
}
