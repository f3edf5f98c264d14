// Page weight: the JS and CSS a route loads, gzipped, and how much of it was requested before `load`.
// Chromium (playwright-core) records the script and stylesheet requests a page makes until
// `load` and network idle; each file's size is then read from dist/ and gzipped with node:zlib.
// Whether a file was requested before `load` comes from the page's own Resource Timing (the
// request's startTime against the navigation's loadEventStart).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** What marks a file as firebase's or Stripe's code (the packages' own strings, not ours). */
const SIGNATURES = { firebase: /FirebaseError|@firebase\//, stripe: /js\.stripe\.com/ }

/**
 * @param {{ url: string, distDir: string, routes: { path: string, signIn?: { email: string, password: string } }[] }} opts
 */
export async function measurePageWeight({ url, distDir, routes }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, timeout: 60_000 })
  try {
    const results = []
    for (const route of routes) {
      const context = await browser.newContext({ baseURL: url })
      try {
        if (route.signIn) await signIn(context, route.signIn)
        const page = await context.newPage()
        const files = new Map()
        page.on('request', (req) => {
          const type = req.resourceType()
          if (type !== 'script' && type !== 'stylesheet') return
          const u = new URL(req.url())
          if (u.origin !== new URL(url).origin) {
            files.set(req.url(), { url: req.url(), type, external: true })
            return
          }
          files.set(u.pathname, { url: u.pathname, type })
        })
        const response = await page.goto(route.path, { waitUntil: 'load', timeout: 60_000 })
        await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {})
        const finalPath = new URL(page.url()).pathname
        // When each file was requested, against the load event (ms since navigation start).
        const timing = await page.evaluate(() => ({
          loadEventStart:
            /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0])
              ?.loadEventStart ?? 0,
          starts: performance
            .getEntriesByType('resource')
            .map((e) => /** @type {[string, number]} */ ([e.name, e.startTime])),
        }))
        const startOf = new Map()
        for (const [name, start] of timing.starts) {
          const key = new URL(name).origin === new URL(url).origin ? new URL(name).pathname : name
          if (!startOf.has(key)) startOf.set(key, start)
        }
        for (const f of files.values()) {
          const start = startOf.get(f.url)
          // A file Resource Timing does not list (none should be missing) counts as before load.
          f.beforeLoad = start === undefined || start < timing.loadEventStart
        }
        results.push({
          route: route.path,
          signedIn: Boolean(route.signIn),
          finalPath,
          status: response?.status(),
          loadEventMs: Math.round(timing.loadEventStart),
          ...sizeUp([...files.values()], distDir),
        })
      } finally {
        await context.close()
      }
    }
    return results
  } finally {
    await browser.close()
  }
}

/** Signs in through the shop's own login form (the Auth emulator's demo account). */
async function signIn(context, { email, password }) {
  const page = await context.newPage()
  await page.goto('/login', { waitUntil: 'load', timeout: 60_000 })
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByRole('button', { name: 'Sign Out' }).waitFor({ timeout: 60_000 })
  await page.close()
}

function sizeUp(files, distDir) {
  const out = {
    jsRaw: 0,
    jsGz: 0,
    jsGzBeforeLoad: 0,
    jsRawBeforeLoad: 0,
    cssRaw: 0,
    cssGz: 0,
    firebase: false,
    stripe: false,
    files: /** @type {any[]} */ ([]),
  }
  for (const f of files) {
    if (f.external) {
      out.files.push({ ...f, note: 'external, not measured' })
      continue
    }
    const file = join(distDir, f.url)
    if (!existsSync(file)) {
      out.files.push({ ...f, note: 'not in dist/' })
      continue
    }
    const bytes = readFileSync(file)
    const gz = gzipSync(bytes).length
    const text = bytes.toString('utf8')
    const tags = Object.entries(SIGNATURES)
      .filter(([, re]) => re.test(text))
      .map(([name]) => name)
    for (const t of tags) out[t] = true
    if (f.type === 'script') {
      out.jsRaw += bytes.length
      out.jsGz += gz
      if (f.beforeLoad) {
        out.jsRawBeforeLoad += bytes.length
        out.jsGzBeforeLoad += gz
      }
    } else {
      out.cssRaw += bytes.length
      out.cssGz += gz
    }
    out.files.push({ url: f.url, type: f.type, beforeLoad: f.beforeLoad, raw: bytes.length, gz, tags })
  }
  out.files.sort((a, b) => (b.gz ?? 0) - (a.gz ?? 0))
  return out
}
