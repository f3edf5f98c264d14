// `npm run bench`: every benchmark against the local stack (the production build of the SPA
// and its server build under `wrangler dev`, fresh data in temporary folders), a table with a
// verdict against each budget of issue 14, and bench/results/latest.json. See bench/README.md.
//
// Environment: BENCH_DURATION (seconds per autocannon run, default 20), BENCH_CONNECTIONS (32),
// BENCH_ONLY (comma list of api,scale,ssr,weight,lighthouse,signedin,images,bundle), BENCH_BUILD=0
// (reuse dist/ and build/server/), BENCH_LH_RUNS (Lighthouse runs per page, default 3: the
// median is kept), BENCH_LH_CPU (also run Lighthouse at this CPU slowdown, reported beside the
// default 4× run, which is the budget), BENCH_PORT / BENCH_AUTH_PORT (8808 / 9309; the scale
// stack uses both + 10), BENCH_CHECKOUTS (timed 10-line checkouts per stack, default 30),
// BENCH_ROWS (a pattern of the API rows to measure), BENCH_SIGNEDIN_RUNS (cold visits per signed-in
// page, default 5: the median is kept), BENCH_STRICT=1 (exit 1 when a budget fails), BENCH_TIMEOUT_MIN (stop everything after this
// many minutes, default 40).

import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { SignJWT } from 'jose'
import { buildWeb } from '../scripts/build.mjs'
import { root, run, startStack, WRANGLER_ENV } from '../scripts/stack.mjs'
import { measure, pick } from './lib/api.mjs'
import { measureBundle } from './lib/bundle.mjs'
import { checkoutOnce, fillCart, summarize } from './lib/checkout.mjs'
import {
  BENCH_ADMIN,
  BENCH_CART,
  BENCH_DELIVERY,
  BENCH_SEARCH,
  BENCH_TOOL,
  BENCH_TOOL_SEARCH,
  BENCH_USER,
  cartToolId,
  PAGE_SIZE,
  SCALE,
} from './lib/data.mjs'
import { measureFloor, serveFloor, serveSsrFloor } from './lib/floor.mjs'
import { makePhoto, measurePhoneImages } from './lib/images.mjs'
import { lcpInServerHtml, runLighthouse } from './lib/lighthouse.mjs'
import { printReport } from './lib/report.mjs'
import { measureSignedIn } from './lib/signedin.mjs'
import { CHROMIUM, measurePageWeight } from './lib/weight.mjs'

const env = process.env
const DURATION = Number(env.BENCH_DURATION ?? 20)
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 32)
const PHASES = ['api', 'scale', 'ssr', 'weight', 'lighthouse', 'signedin', 'images', 'bundle']
const ONLY = new Set((env.BENCH_ONLY ?? PHASES.join(',')).split(',').map((s) => s.trim()))
const BUILD = env.BENCH_BUILD !== '0'
/** BENCH_ROWS: a pattern of API row names to measure (the baselines always run), e.g. `search|feeds`. */
const ROWS = env.BENCH_ROWS ? new RegExp(env.BENCH_ROWS, 'i') : undefined
const LH_RUNS = Math.max(1, Number(env.BENCH_LH_RUNS ?? 3))
const LH_CPU = env.BENCH_LH_CPU ? Number(env.BENCH_LH_CPU) : undefined
const PORT = Number(env.BENCH_PORT ?? 8808)
const AUTH_PORT = Number(env.BENCH_AUTH_PORT ?? 9309)
const TIMEOUT_MIN = Number(env.BENCH_TIMEOUT_MIN ?? 40)
const CHECKOUTS = Math.max(1, Number(env.BENCH_CHECKOUTS ?? 30))
const SIGNEDIN_RUNS = Math.max(1, Number(env.BENCH_SIGNEDIN_RUNS ?? 5))
/** Untimed checkouts per stack before the timed ones. */
const CHECKOUT_WARMUP = 3
for (const p of ONLY)
  if (!PHASES.includes(p)) throw new Error(`BENCH_ONLY: unknown phase ${p} (phases: ${PHASES.join(', ')})`)

/** Issue 14's budgets (they replace those of docs/decisions/005). kB = 1000 bytes. */
export const BUDGETS = {
  /** Repeated reads of fixed public API URLs (edge-cache hits) ÷ `/api/bench/baseline` req/s. */
  cachedApiRatio: 0.9,
  scaleP50Factor: 1.5,
  /** p50 of the server-rendered `/` ÷ p50 of `GET /api/service?limit=5`. */
  ssrP50Ratio: 2,
  /** Home JS requested before `load`, gzipped, minus the framework floor's. */
  homeJsOverFloorGz: 10_000,
  lighthouse: { performance: 95, accessibility: 100, bestPractices: 95, seo: 95 },
  /** Pages held to another performance score: the login page loads the sign-in SDK (issue 21: 90). */
  lighthousePerformanceOf: { '/login': 90 },
  /** Pages the browser renders (`ssr: false`, the server sends the frame): their LCP element cannot be in the server HTML. */
  browserRendered: ['/cart', '/login'],
  tbtMs: 200,
  bundleGz: 1_000_000,
  /** Image bytes of /service's first screen on a phone ÷ the same images as originals. */
  phoneImageRatio: 0.1,
  /** Information, not a verdict (issue 40, item 10): a signed-in page's content on a cold phone ÷ /service's. */
  signedInRatio: 1.5,
}

/** The pages Lighthouse scores: the landing page, the list, a tool page, a visitor's cart (issue 22) and the login page (issue 21). */
const LIGHTHOUSE_PAGES = ['/', '/service', `/service/${BENCH_TOOL}`, '/cart', '/login']

const started = Date.now()
const say = (s) => process.stdout.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}\n`)
const resultsDir = join(root, 'bench', 'results')
mkdirSync(resultsDir, { recursive: true })
const stackLog = []
const logStack = (s) => stackLog.push(s)
const tmp = mkdtempSync(join(os.tmpdir(), 'toolhaus-bench-'))
const stacks = []
/** Takes a stopped stack off the list cleanup() stops (if it is still there). */
const forget = (stack) => {
  const at = stacks.indexOf(stack)
  if (at >= 0) stacks.splice(at, 1)
}
const load = () => os.loadavg().map((n) => Math.round(n * 100) / 100)

let cleaning
async function cleanup() {
  cleaning ??= (async () => {
    await Promise.all(stacks.splice(0).map((s) => s.stop().catch(() => {})))
    writeFileSync(join(resultsDir, 'latest.log'), stackLog.join(''))
    rmSync(tmp, { recursive: true, force: true })
  })()
  return cleaning
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    say(`${signal}: stopping`)
    await cleanup()
    process.exit(130)
  })
}
const watchdog = setTimeout(async () => {
  say(`still running after ${TIMEOUT_MIN} min: stopping everything`)
  await cleanup()
  process.exit(2)
}, TIMEOUT_MIN * 60_000)
watchdog.unref()

function machine() {
  const cpus = os.cpus()
  let chromium = ''
  try {
    chromium = execFileSync(CHROMIUM, ['--version'], {
      encoding: 'utf8',
      timeout: 20_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {}
  const pkg = (name) => {
    try {
      return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version
    } catch {
      return undefined
    }
  }
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium,
    versions: {
      wrangler: pkg('wrangler'),
      autocannon: pkg('autocannon'),
      lighthouse: pkg('lighthouse'),
      'playwright-core': pkg('playwright-core'),
    },
  }
}

/** Migrates and seeds a fresh D1/R2 folder; returns what bench/seed.ts reports. */
async function prepareData(dir, { scale }) {
  mkdirSync(dir, { recursive: true })
  await run(join(root, 'node_modules', '.bin', 'wrangler'), [
    'd1',
    'migrations',
    'apply',
    'DB',
    '--local',
    '--env',
    WRANGLER_ENV,
    '--persist-to',
    dir,
  ])
  const outFile = join(dir, 'bench-seed.json')
  const args = ['bench/seed.ts', '--persist-to', dir, '--out', outFile, ...(scale ? ['--scale', '--plans'] : [])]
  await run(join(root, 'node_modules', '.bin', 'tsx'), args, { log: logStack })
  return JSON.parse(readFileSync(outFile, 'utf8'))
}

/** Runs one benchmark; a failure is recorded (and shown in the table) and the others still run. */
async function phase(result, name, fn) {
  try {
    await fn()
  } catch (error) {
    say(`${name} failed: ${error instanceof Error ? error.message : error}`)
    result.errors ??= {}
    result.errors[name] = error instanceof Error ? error.message.split('\n').slice(0, 6).join('\n') : String(error)
  }
}

async function main() {
  const result = {
    machine: machine(),
    startedAt: new Date().toISOString(),
    settings: {
      duration: DURATION,
      connections: CONNECTIONS,
      only: [...ONLY],
      build: BUILD,
      lighthouseRuns: LH_RUNS,
      lighthouseExtraCpu: LH_CPU,
      checkouts: CHECKOUTS,
      signedInRuns: SIGNEDIN_RUNS,
    },
    budgets: BUDGETS,
    load: { start: load() },
  }
  say(
    `machine: ${result.machine.cores} cores, ${result.machine.memoryGiB} GiB, Node ${result.machine.node}, load ${result.load.start.join(' ')}`,
  )

  const needSmall = ['api', 'scale', 'ssr', 'weight', 'lighthouse', 'signedin', 'images'].some((p) => ONLY.has(p))
  const needScale = ONLY.has('scale')
  const secret = `bench-${crypto.randomUUID()}-${crypto.randomUUID()}`
  // The checkout row places order after order as the bench customer: caps on unpaid orders
  // (api.md "Abuse limits") far above what it places, so that none of them is refused.
  const vars = { ACCESS_TOKEN_SECRET: secret, MAX_UNPAID_ORDERS: '1000000', MAX_UNPAID_BDT: '1000000000' }
  // Access tokens as the API issues them (worker/lib/access-token.ts): `sv` is the account's session version.
  const tokenFor = (email) =>
    new SignJWT({ sv: 1 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(email)
      .setIssuer('toolhaus')
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(new TextEncoder().encode(secret))
  /**
   * @param {string} label @param {any} stack @param {string | (() => string)} path
   * @param {Record<string, string>} [headers] @param {{ method?: string, body?: string }} [request] a POST's
   */
  const autocannon = async (label, stack, path, headers = {}, request = {}) => {
    say(`autocannon ${label}: ${DURATION} s at ${CONNECTIONS} connections…`)
    const m = {
      ...(await measure({
        url: stack.url,
        path,
        method: request.method ?? 'GET',
        body: request.body,
        headers,
        connections: CONNECTIONS,
        duration: DURATION,
      })),
      load: load()[0],
    }
    say(`  ${m.rps} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.errors} errors`)
    return m
  }

  let small, large, smallData, largeData
  /** How each stack was started, to start it again on the same data. */
  const stackOptions = {}
  /**
   * The stack, started again on the same data if it stopped answering: under hours-long load the
   * local runtime's workerd process grows until V8 cannot allocate (about 2 GB RSS here) and dies
   * ("When a stack dies" in bench/README.md). The row then measures a fresh process, and the
   * result says so.
   */
  async function alive(key, before) {
    const stack = key === 'small' ? small : large
    const answers = await fetch(`${stack.url}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (answers) return stack
    if (cleaning) throw new Error('stopping')
    say(`the ${key} stack stopped answering before ${before}; starting it again on the same data…`)
    await stack.stop().catch(() => {})
    forget(stack)
    const fresh = await startStack({ ...stackOptions[key], build: false })
    stacks.push(fresh)
    // Stopped meanwhile (Ctrl-C, the watchdog): cleanup() had already emptied the list.
    if (cleaning) {
      await fresh.stop().catch(() => {})
      throw new Error('stopping')
    }
    if (key === 'small') small = fresh
    else large = fresh
    ;(result.restarts ??= []).push({ stack: key, before })
    return fresh
  }
  if (needSmall) {
    say(
      `seeding fresh data (small${needScale ? `, and scale: ${SCALE.tools} tools, ${SCALE.orders} orders of 1–5 lines, ${SCALE.reviews} reviews` : ''})…`,
    )
    ;[smallData, largeData] = await Promise.all([
      prepareData(join(tmp, 'small'), { scale: false }),
      needScale ? prepareData(join(tmp, 'scale'), { scale: true }) : undefined,
    ])
    const summary = (c) =>
      `${c.tools} tools, ${c.orders} orders, ${c.orderLines} order lines, ${c.reviews} reviews; the bench customer: ${c.benchUserOrders} orders, a cart of ${c.cartLines} lines`
    say(`small data: ${summary(smallData.counts)} (seeded in ${smallData.seconds} s)`)
    if (largeData) say(`scale data: ${summary(largeData.counts)} (seeded in ${largeData.seconds} s)`)
    result.data = { small: smallData.counts, scale: largeData?.counts, scaleSeedSeconds: largeData?.seconds }

    say(`starting the stack on 127.0.0.1:${PORT}${BUILD ? ' (building dist/ and build/server/ first)' : ''}…`)
    const options = (key, port, authPort) => ({
      port,
      authPort,
      persistTo: join(tmp, key),
      production: true,
      log: logStack,
      vars,
    })
    stackOptions.small = options('small', PORT, AUTH_PORT)
    small = await startStack({ ...stackOptions.small, build: BUILD })
    stacks.push(small)
    if (needScale) {
      say(`starting the scale stack on 127.0.0.1:${PORT + 10}…`)
      stackOptions.scale = options('scale', PORT + 10, AUTH_PORT + 10)
      large = await startStack({ ...stackOptions.scale, build: false })
      stacks.push(large)
    }
  }

  // ── 1 + 2: API throughput and latency, small and scale data interleaved per endpoint ──
  if (ONLY.has('api') || needScale)
    await phase(result, 'api', async () => {
      const token = await tokenFor(BENCH_USER.email)
      const customer = { Authorization: `Bearer ${token}` }
      const admin = { Authorization: `Bearer ${await tokenFor(BENCH_ADMIN.email)}` }
      const previewBody = JSON.stringify({ delivery: BENCH_DELIVERY, paymentMethod: 'card' })
      // A query parameter the API ignores but the edge cache keys on: every request is a miss.
      let n = 0
      const miss = () => `nocache=${Date.now().toString(36)}${(n++).toString(36)}`
      const deskPage = (total) => () =>
        `/api/booking?status=paid&limit=50&offset=${Math.floor((Math.random() * Math.max(1, total / 10)) / 50) * 50}`
      const page = (total) => () =>
        `/api/service?limit=${PAGE_SIZE}&offset=${Math.floor((Math.random() * total) / PAGE_SIZE) * PAGE_SIZE}&${miss()}`
      /** @typedef {{ name: string, path: (data: any) => () => string, method?: string, body?: string, headers?: Record<string, string>, baseline?: boolean, cached?: boolean, smallOnly?: boolean, floor?: boolean, info?: boolean, grows?: boolean | string, cache?: object }} Endpoint */
      /** @type {Endpoint[]} */
      const allEndpoints = [
        { name: 'GET /api/bench/baseline', path: () => () => '/api/bench/baseline', baseline: true },
        // Budgeted: the same few public URLs again and again, as shoppers ask for them, so the edge
        // cache (worker/lib/edge-cache.ts) answers.
        {
          name: `GET /api/service?limit=${PAGE_SIZE} (cached)`,
          path: () => () => `/api/service?limit=${PAGE_SIZE}`,
          cached: true,
          smallOnly: true,
        },
        {
          name: `GET /api/service/${BENCH_TOOL} (cached)`,
          path: () => () => `/api/service/${BENCH_TOOL}`,
          cached: true,
          smallOnly: true,
        },
        { name: 'GET /api/review (cached)', path: () => () => '/api/review', cached: true, smallOnly: true },
        { name: 'GET /api/config (cached)', path: () => () => '/api/config', cached: true, smallOnly: true },
        // The baseline again: the cached reads' ratio is against the mean of the two, so a machine
        // that drifts during the block does not decide the verdict.
        {
          name: 'GET /api/bench/baseline (again)',
          path: () => () => '/api/bench/baseline',
          baseline: true,
          smallOnly: true,
        },
        // Not budgeted: one D1 round trip (`select 1`), the floor of any route that reads D1.
        { name: 'GET /api/health (select 1)', path: () => () => '/api/health', floor: true, smallOnly: true },
        // Not budgeted on the small data (the 0.6 ratio of decision 005 is replaced by the cached
        // reads' 0.9): D1 reads the cache cannot answer, i.e. its misses. The scale budget uses them.
        {
          name: `GET /api/service?limit=${PAGE_SIZE}&offset=<random page> (miss)`,
          path: (data) => page(data.counts.tools),
          info: true,
        },
        {
          name: 'GET /api/service/{random id} (miss)',
          path: (data) => () => `/api/service/${pick(data.toolIds)}?${miss()}`,
          info: true,
        },
        { name: 'GET /api/review (miss)', path: () => () => `/api/review?${miss()}`, info: true },
        {
          name: 'GET /api/booking?customer= (authenticated)',
          path: () => () => `/api/booking?customer=${encodeURIComponent(BENCH_USER.email)}`,
          headers: customer,
          info: true,
        },
        // The bench customer's cart (10 lines, the same at both sizes) and what checking it out costs.
        {
          name: `GET /api/cart (${BENCH_CART.lines} lines)`,
          path: () => () => '/api/cart',
          headers: customer,
          info: true,
        },
        {
          name: `POST /api/checkout/preview (${BENCH_CART.lines} lines)`,
          path: () => () => '/api/checkout/preview',
          method: 'POST',
          body: previewBody,
          headers: { ...customer, 'Content-Type': 'application/json' },
          info: true,
        },
        // The order desk (admin): the first page, a status tab at a random page, a search, the overview.
        {
          name: 'GET /api/booking (order desk, first page)',
          path: () => () => '/api/booking?limit=50',
          headers: admin,
          info: true,
        },
        {
          name: 'GET /api/booking?status=paid&offset=<random page>',
          path: (data) => deskPage(data.counts.orders),
          headers: admin,
          info: true,
        },
        {
          name: 'GET /api/booking?q=<customer name> (order desk search)',
          path: () => () => `/api/booking?q=${encodeURIComponent(BENCH_SEARCH.q)}`,
          headers: admin,
          info: true,
        },
        // A tool's name: the search reads every line's tool (tool_names); the same orders match at both sizes.
        {
          name: 'GET /api/booking?q=<tool name> (order desk search by tool)',
          path: () => () => `/api/booking?q=${encodeURIComponent(BENCH_TOOL_SEARCH.q)}`,
          headers: admin,
          info: true,
        },
        { name: 'GET /api/admin/summary', path: () => () => '/api/admin/summary', headers: admin, info: true },
        // The quotes desk (admin; issue 24: within 1.5× of small data at 10,000 quotes): the first
        // page, a status tab, a search.
        {
          name: 'GET /api/quotes (quotes desk, first page)',
          path: () => () => '/api/quotes?limit=20',
          headers: admin,
          info: true,
        },
        {
          name: 'GET /api/quotes?status=requested (quotes desk tab)',
          path: () => () => '/api/quotes?status=requested&limit=20',
          headers: admin,
          info: true,
        },
        {
          name: 'GET /api/quotes?q=<customer> (quotes desk search)',
          path: () => () => '/api/quotes?q=customer7%40bench&limit=20',
          headers: admin,
          info: true,
        },
        // The catalogue's search and category filter (issue 25; their plans: worker/query-plans.ts), as
        // misses: the FTS5 index and tools_category_idx read each time. Two prefixes that name one
        // tool at either size (no scale tool's name, description or category holds "wet" or "vac"),
        // a common word (about 2,900 matches ranked at scale: it grows with its matches, bench/README.md),
        // a category with its children (the scale tools are spread over the demo's categories).
        {
          name: `GET /api/service?q=wet vac&limit=${PAGE_SIZE} (search, two prefixes, miss)`,
          path: () => () => `/api/service?q=wet%20vac&limit=${PAGE_SIZE}&${miss()}`,
          info: true,
        },
        {
          name: `GET /api/service?q=drill&limit=${PAGE_SIZE} (search, a common word, miss)`,
          path: () => () => `/api/service?q=drill&limit=${PAGE_SIZE}&${miss()}`,
          info: true,
          grows: 'its matches: bm25 ranks every one',
        },
        {
          name: `GET /api/service?category=drilling&limit=${PAGE_SIZE} (category with its children, miss)`,
          path: () => () => `/api/service?category=drilling&limit=${PAGE_SIZE}&${miss()}`,
          info: true,
        },
        // The merchant feed: every tool, so it grows with the catalogue (no scale budget); kept at the
        // edge like the pages, so the cached row is what Google's fetches mostly get.
        {
          name: 'GET /feeds/google.xml (every tool, miss)',
          path: () => () => `/feeds/google.xml?${miss()}`,
          info: true,
          grows: true,
        },
        { name: 'GET /feeds/google.xml (cached)', path: () => () => '/feeds/google.xml', info: true, grows: true },
      ]
      const endpoints = allEndpoints.filter((e) => !ROWS || e.baseline || e.floor || ROWS.test(e.name))
      // Check each request answers 200 before loading it; for the cached ones, that the answer is
      // public with an ETag and a 304 for it (else the cache is not in play).
      for (const [stack, data] of [
        [small, smallData],
        [large, largeData],
      ].filter(([s]) => s)) {
        for (const e of endpoints) {
          const res = await fetch(`${stack.url}${e.path(data)()}`, {
            method: e.method ?? 'GET',
            headers: e.headers,
            body: e.body,
          })
          if (res.status !== 200)
            throw new Error(`${e.name} answered ${res.status} on ${stack.url}: ${await res.text()}`)
          const text = await res.text()
          // The cart rows measure a full cart whose every line can be ordered.
          if (e.path(data)() === '/api/cart') {
            const cart = JSON.parse(text)
            if (cart.lines?.length !== BENCH_CART.lines || cart.lines.some((l) => l.error))
              throw new Error(`the bench cart on ${stack.url} is not ${BENCH_CART.lines} orderable lines: ${text}`)
          }
          if (e.cached && stack === small) {
            const etag = res.headers.get('ETag')
            const again = etag
              ? await fetch(`${stack.url}${e.path(data)()}`, { headers: { 'If-None-Match': etag } })
              : undefined
            e.cache = {
              cacheControl: res.headers.get('Cache-Control'),
              etag: Boolean(etag),
              notModified: again?.status === 304,
            }
          }
        }
      }
      result.api = []
      for (const e of endpoints) {
        const row = {
          name: e.name,
          baseline: Boolean(e.baseline),
          cached: Boolean(e.cached),
          floor: Boolean(e.floor),
          info: Boolean(e.info),
          grows: e.grows ?? false,
          cache: e.cache,
        }
        for (const [key, stack, data] of [
          ['small', small, smallData],
          ['scale', large, largeData],
        ]) {
          if (!stack || (key === 'scale' && e.smallOnly)) continue
          const live = await alive(key, e.name)
          row[key] = await autocannon(`${e.name} (${key} data)`, live, e.path(data), e.headers, e)
        }
        result.api.push(row)
      }
      const bases = result.api.filter((r) => r.baseline)
      const baseRps = (key) => bases.filter((r) => r[key]).reduce((sum, r, _, all) => sum + r[key].rps / all.length, 0)
      result.baselineRps = { small: baseRps('small'), scale: baseRps('scale') || undefined }
      const floor = result.api.find((r) => r.floor)
      for (const row of result.api) {
        for (const key of ['small', 'scale'])
          if (row[key] && result.baselineRps[key] && !row.baseline)
            row[key].ratio = Math.round((row[key].rps / result.baselineRps[key]) * 100) / 100
        // Not a budget: the same against one bare D1 round trip, i.e. what the route adds on top of D1.
        if (row.small && floor?.small && !row.baseline && row !== floor)
          row.small.floorRatio = Math.round((row.small.rps / floor.small.rps) * 100) / 100
        if (row.small && row.scale)
          row.scaleP50Factor = Math.round((row.scale.p50 / Math.max(row.small.p50, 1)) * 100) / 100
      }
      if (largeData?.plans) result.plans = largeData.plans

      // The checkout: real orders of the full cart, one at a time, small and scale alternating
      // (so both see the same machine), the cart filled again before each; after every other
      // row, as it adds orders to the bench customer's list and the desk's.
      const cartLines = Array.from({ length: BENCH_CART.lines }, (_, i) => ({
        serviceId: cartToolId(i),
        quantity: BENCH_CART.quantity,
      }))
      const sides = []
      for (const [key, stack] of [
        ['small', small],
        ['scale', large],
      ])
        if (stack) sides.push([key, await alive(key, 'the checkout rows')])
      const plan = {}
      for (const [key, stack] of sides) {
        await fillCart(stack.url, customer, cartLines)
        const res = await fetch(`${stack.url}/api/checkout/preview`, {
          method: 'POST',
          headers: { ...customer, 'Content-Type': 'application/json' },
          body: previewBody,
        })
        if (res.status !== 200) throw new Error(`the checkout preview answered ${res.status}: ${await res.text()}`)
        const { total } = await res.json()
        plan[key] = {
          body: { delivery: BENCH_DELIVERY, paymentMethod: 'card', expectedTotal: total },
          ms: [],
          errors: [],
        }
      }
      say(
        `checkout: ${CHECKOUTS} × POST /api/checkout of ${BENCH_CART.lines} lines per stack, one at a time (after ${CHECKOUT_WARMUP} untimed)…`,
      )
      for (let i = 0; i < CHECKOUT_WARMUP + CHECKOUTS; i++) {
        for (const [key, stack] of sides) {
          await fillCart(stack.url, customer, cartLines)
          const placed = await checkoutOnce(stack.url, customer, plan[key].body)
          if (i < CHECKOUT_WARMUP) {
            if (placed.status !== 201)
              throw new Error(
                `POST /api/checkout answered ${placed.status} on ${stack.url}: ${placed.body.slice(0, 300)}`,
              )
            continue
          }
          if (placed.status === 201) plan[key].ms.push(placed.ms)
          else plan[key].errors.push(`${placed.status} ${placed.body.slice(0, 200)}`)
        }
      }
      result.checkout = { lines: BENCH_CART.lines, concurrency: 1 }
      for (const [key] of sides) {
        result.checkout[key] = {
          ...summarize(plan[key].ms),
          errors: plan[key].errors.length,
          firstError: plan[key].errors[0],
          load: load()[0],
        }
        const c = result.checkout[key]
        say(`  ${key}: p50 ${c.p50} ms, p95 ${c.p95} ms over ${c.n} orders, ${c.errors} errors`)
      }
      const { small: cs, scale: cl } = result.checkout
      if (cs && cl) {
        result.checkout.p50Factor = Math.round((cl.p50 / Math.max(cs.p50, 1)) * 100) / 100
        result.checkout.p95Factor = Math.round((cl.p95 / Math.max(cs.p95, 1)) * 100) / 100
      }
    })
  if (large) {
    await large.stop()
    forget(large)
  }

  // ── 3: SSR cost: the server-rendered home page against a small API read, back to back ──
  if (ONLY.has('ssr'))
    await phase(result, 'ssr', async () => {
      await alive('small', 'ssr')
      const home = await fetch(`${small.url}/`)
      const html = await home.text()
      if (
        home.status !== 200 ||
        !/text\/html/.test(home.headers.get('Content-Type') ?? '') ||
        !/<title>[^<]+<\/title>/.test(html)
      ) {
        throw new Error(`/ answered ${home.status} ${home.headers.get('Content-Type')}, not a rendered page`)
      }
      // A page answer with an ETag may come from the edge cache: then a unique query makes the
      // Worker render it every time, and that run is the SSR figure.
      const pageCached = home.headers.has('ETag')
      let n = 0
      const unique = () => `nocache=${Date.now().toString(36)}${(n++).toString(36)}`
      result.ssr = {
        pageCacheControl: home.headers.get('Cache-Control'),
        pageCached,
        htmlBytes: Buffer.byteLength(html),
      }
      result.ssr.api = await autocannon('GET /api/service?limit=5', small, '/api/service?limit=5')
      result.ssr.page = await autocannon('GET / (server-rendered)', small, '/')
      if (pageCached)
        result.ssr.pageRendered = await autocannon(
          'GET /?nocache=<unique> (rendered every time)',
          small,
          () => `/?${unique()}`,
        )
      // For the reader, not the budget: the same API read as a cache miss.
      result.ssr.apiMiss = await autocannon(
        'GET /api/service?limit=5&nocache=<unique> (miss)',
        small,
        () => `/api/service?limit=5&${unique()}`,
      )
      const rendered = result.ssr.pageRendered ?? result.ssr.page
      result.ssr.p50Ratio = Math.round((rendered.p50 / Math.max(result.ssr.api.p50, 1)) * 100) / 100
      result.ssr.p50RatioVsMiss = Math.round((rendered.p50 / Math.max(result.ssr.apiMiss.p50, 1)) * 100) / 100
      result.ssr.p50RatioAsAsked = Math.round((result.ssr.page.p50 / Math.max(result.ssr.api.p50, 1)) * 100) / 100
    })

  // ── 4: page weight, and the home page's JS against the framework floor ──
  if (ONLY.has('weight'))
    await phase(result, 'page weight', async () => {
      await alive('small', 'page weight')
      say('page weight: building the framework floor (bench/floor) with Vite…')
      result.floor = await measureFloor({
        root: join(root, 'bench', 'floor'),
        outDir: join(tmp, 'floor'),
        repoRoot: root,
      })
      say(`  floor: ${result.floor.jsGz} B of JS gz (${result.floor.jsRaw} B raw)`)
      // Information: the same floor hydrating a server-rendered document, as the shop's pages do.
      result.floorSsr = await measureFloor({
        root: join(root, 'bench', 'floor-ssr'),
        outDir: join(tmp, 'floor-ssr'),
        repoRoot: root,
      })
      say(`  floor, hydrating: ${result.floorSsr.jsGz} B of JS gz`)
      say(`page weight: recording the JS and CSS of /, /service, /service/${BENCH_TOOL} and /dashboard in Chromium…`)
      result.weight = await measurePageWeight({
        url: small.url,
        distDir: join(root, 'dist'),
        routes: [
          { path: '/' },
          { path: '/service' },
          { path: `/service/${BENCH_TOOL}` },
          { path: '/dashboard', signIn: { email: 'customer@example.com', password: 'customer123' } },
        ],
      })
      const home = result.weight.find((w) => w.route === '/')
      if (home) {
        result.homeOverFloor = {
          homeJsGz: home.jsGzBeforeLoad,
          floorJsGz: result.floor.jsGz,
          differenceGz: home.jsGzBeforeLoad - result.floor.jsGz,
          floorSsrJsGz: result.floorSsr.jsGz,
          differenceSsrGz: home.jsGzBeforeLoad - result.floorSsr.jsGz,
        }
      }
    })

  // ── 5: Lighthouse, and whether each page's LCP element is in its server HTML ──
  if (ONLY.has('lighthouse'))
    await phase(result, 'lighthouse', async () => {
      await alive('small', 'lighthouse')
      const log = (s) => process.stdout.write(s)
      say(
        `lighthouse: ${LIGHTHOUSE_PAGES.join(', ')} (default settings: mobile, 4× CPU, simulated throttling; ${LH_RUNS} run(s) per page, median kept)…`,
      )
      result.lighthouse = await runLighthouse({
        url: small.url,
        pages: LIGHTHOUSE_PAGES,
        runs: LH_RUNS,
        log,
        saveDir: resultsDir,
      })
      for (const l of result.lighthouse) {
        if (BUDGETS.browserRendered.includes(l.page)) continue
        l.lcpInHtml = await lcpInServerHtml(small.url, l.page, l.lcpElement)
        say(`  ${l.page}: LCP element ${l.lcpElement?.selector ?? '—'}: ${l.lcpInHtml.how}`)
      }
      // The machine's reference: the same settings on the bare framework (bench/floor), in this run.
      say('lighthouse, reference: the framework floor (bench/floor) served as static files, same settings…')
      const floor = await serveFloor({ root: join(root, 'bench', 'floor'), outDir: join(tmp, 'floor-lighthouse') })
      try {
        result.lighthouseFloor = await runLighthouse({ url: floor.url, pages: ['/'], runs: LH_RUNS, log })
      } finally {
        await floor.close()
      }
      // And per server-rendered page, the same framework hydrating that page's own markup (the
      // shop's document without its scripts): what the framework itself scores there, in this run.
      const ssrPages = LIGHTHOUSE_PAGES.filter((page) => !BUDGETS.browserRendered.includes(page))
      say(`lighthouse, reference: the hydrating floor (bench/floor-ssr) carrying ${ssrPages.join(', ')}…`)
      const floorSsr = await serveSsrFloor({
        root: join(root, 'bench', 'floor-ssr'),
        outDir: join(tmp, 'floor-ssr-lighthouse'),
        shopUrl: small.url,
        distDir: join(root, 'dist'),
        pages: ssrPages,
      })
      try {
        result.lighthouseFloorSsr = await runLighthouse({ url: floorSsr.url, pages: ssrPages, runs: LH_RUNS, log })
      } finally {
        await floorSsr.close()
      }
      if (LH_CPU) {
        say(
          `lighthouse, calibrated: the same pages at ${LH_CPU}× CPU (reported beside the default run; not the budget)…`,
        )
        result.lighthouseCalibrated = await runLighthouse({
          url: small.url,
          pages: LIGHTHOUSE_PAGES,
          runs: LH_RUNS,
          cpuMultiplier: LH_CPU,
          log,
          saveDir: resultsDir,
          label: `-cpu${LH_CPU}`,
        })
      }
    })

  // ── 8: signed-in pages on a cold start on a phone, against a public page (issue 40, item 10) ──
  // Before the images: the list /service shows is still the seeded one.
  if (ONLY.has('signedin'))
    await phase(result, 'signedin', async () => {
      const live = await alive('small', 'signedin')
      // The checkout rows (api) leave the bench customer's cart empty: /checkout shows its lines.
      const customer = { Authorization: `Bearer ${await tokenFor(BENCH_USER.email)}` }
      await fillCart(
        live.url,
        customer,
        Array.from({ length: BENCH_CART.lines }, (_, i) => ({
          serviceId: cartToolId(i),
          quantity: BENCH_CART.quantity,
        })),
      )
      say(
        `signed in: ${BENCH_USER.email} through /login once, then ${SIGNEDIN_RUNS} cold visit(s) per page from the saved storage on a throttled phone (4× CPU, slow 4G)…`,
      )
      result.signedin = await measureSignedIn({
        url: live.url,
        account: BENCH_USER,
        runs: SIGNEDIN_RUNS,
        log: (s) => say(s),
      })
      for (const p of result.signedin.pages)
        say(
          `  ${p.page}: content ${p.contentMs} ms (median), FCP ${p.fcpMs ?? '—'} ms${p.ratio ? `, ×${p.ratio}` : ''}`,
        )
    })

  // ── 6: image bytes on a phone after an admin uploads a 1.5 MB photo ──
  // Last on the small stack: it adds a tool, which the pages above would otherwise show.
  if (ONLY.has('images'))
    await phase(result, 'images', async () => {
      await alive('small', 'images')
      say('images: making a ~1.5 MB photo-like JPEG in Chromium…')
      const photo = await makePhoto({ targetBytes: 1_500_000 })
      const auth = { Authorization: `Bearer ${await tokenFor(BENCH_ADMIN.email)}` }
      const form = new FormData()
      form.append('image', new Blob([new Uint8Array(photo.bytes)], { type: 'image/jpeg' }), 'workshop.jpg')
      const upload = await fetch(`${small.url}/api/images`, { method: 'POST', headers: auth, body: form })
      if (upload.status !== 200) throw new Error(`POST /api/images answered ${upload.status}: ${await upload.text()}`)
      const stored = (await upload.json()).data
      const tool = {
        name: 'Bench Workshop Drill',
        description: 'A tool added by the bench with a 1.5 MB photo straight from a phone.',
        price: 5000,
        quantity: 1000,
        Minimum_quantity: 10,
        img: stored.url,
      }
      const created = await fetch(`${small.url}/api/service`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(tool),
      })
      if (created.status !== 201)
        throw new Error(`POST /api/service answered ${created.status}: ${await created.text()}`)
      const { insertedId } = await created.json()
      // The list's default order is creation order (the new tool comes last, off the first
      // screen); sorted by newest it is the first card, as a shopper looking for news sees it.
      const path = '/service?sort=newest'
      const first = await (await fetch(`${small.url}/api/service?sort=newest&limit=1`)).json()
      if (first[0]?._id !== insertedId) throw new Error(`the new tool is not first in ${path}`)
      say(
        `  uploaded ${stored.url} (${photo.bytes.length} B, ${photo.width}×${photo.height}); tool ${insertedId}; opening ${path} on a phone…`,
      )
      const measured = await measurePhoneImages({ url: small.url, path })
      result.images = {
        photo: { url: stored.url, bytes: photo.bytes.length, width: photo.width, height: photo.height },
        toolId: insertedId,
        ...measured,
        ratio: Math.round((measured.bytes / Math.max(measured.originalBytes, 1)) * 1000) / 1000,
      }
      say(
        `  ${measured.bytes} B of images (first screen ${measured.firstScreenBytes} B) vs ${measured.originalBytes} B as originals: ratio ${result.images.ratio}`,
      )
    })
  if (small) {
    await small.stop()
    forget(small)
  }

  // ── 7: Worker bundle (with the server build the Worker imports) ──
  if (ONLY.has('bundle'))
    await phase(result, 'worker bundle', async () => {
      if (!small && BUILD) {
        say('worker bundle: building dist/ and build/server/ first…')
        await buildWeb({ logLevel: 'warn' })
      }
      say('worker bundle: wrangler deploy --dry-run --outdir…')
      result.bundle = await measureBundle(join(tmp, 'bundle'))
    })

  result.load.end = load()
  result.seconds = Math.round((Date.now() - started) / 1000)
  const failed = printReport(result, BUDGETS)
  result.failedBudgets = failed
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(result, null, 2)}\n`)
  say(`wrote bench/results/latest.json (${result.seconds} s in all)`)
  return failed
}

try {
  const failed = await main()
  await cleanup()
  process.exit(failed.length && env.BENCH_STRICT === '1' ? 1 : 0)
} catch (error) {
  console.error(error instanceof Error ? error.stack : error)
  console.error(`--- last stack output ---\n${stackLog.join('').split('\n').slice(-40).join('\n')}`)
  await cleanup()
  process.exit(1)
}
