// `npm run bench`: every benchmark against the local stack (the production build of the SPA
// under `wrangler dev`, fresh data in temporary folders), a table of figures with a verdict
// against each budget, and bench/results/latest.json. See bench/README.md.
//
// Environment: BENCH_DURATION (seconds per autocannon run, default 20), BENCH_CONNECTIONS (32),
// BENCH_ONLY (comma list of api,scale,weight,lighthouse,bundle), BENCH_BUILD=0 (reuse dist/),
// BENCH_LH_RUNS (at most this many Lighthouse runs per page, default 3), BENCH_LH_CPU (a fixed
// Lighthouse CPU slowdown instead of the calibrated one; 4 is Lighthouse's default), BENCH_PORT /
// BENCH_AUTH_PORT (8808 / 9309; the scale stack uses both + 10), BENCH_STRICT=1 (exit 1 when a
// budget fails), BENCH_TIMEOUT_MIN (stop everything after this many minutes, default 25).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { SignJWT } from 'jose'
import { root, run, startStack, WRANGLER_ENV } from '../scripts/stack.mjs'
import { measure, pick } from './lib/api.mjs'
import { measureBundle } from './lib/bundle.mjs'
import { BENCH_ADMIN, BENCH_SEARCH, BENCH_USER, PAGE_SIZE, SCALE } from './lib/data.mjs'
import { runLighthouse } from './lib/lighthouse.mjs'
import { printReport } from './lib/report.mjs'
import { CHROMIUM, measurePageWeight } from './lib/weight.mjs'

const env = process.env
const DURATION = Number(env.BENCH_DURATION ?? 20)
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 32)
const ONLY = new Set((env.BENCH_ONLY ?? 'api,scale,weight,lighthouse,bundle').split(',').map((s) => s.trim()))
const BUILD = env.BENCH_BUILD !== '0'
const LH_RUNS = Math.max(1, Number(env.BENCH_LH_RUNS ?? 3))
const PORT = Number(env.BENCH_PORT ?? 8808)
const AUTH_PORT = Number(env.BENCH_AUTH_PORT ?? 9309)
const TIMEOUT_MIN = Number(env.BENCH_TIMEOUT_MIN ?? 25)

export const BUDGETS = {
  apiRatio: 0.6,
  scaleP50Factor: 1.5,
  homeJsGz: 100_000,
  lighthouse: { performance: 95, accessibility: 100, bestPractices: 95, seo: 95 },
  bundleGz: 1_000_000,
}

const started = Date.now()
const say = (s) => process.stdout.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}\n`)
const resultsDir = join(root, 'bench', 'results')
mkdirSync(resultsDir, { recursive: true })
const stackLog = []
const logStack = (s) => stackLog.push(s)
const tmp = mkdtempSync(join(os.tmpdir(), 'toolhaus-bench-'))
const stacks = []
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
    chromium = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim()
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
    versions: { wrangler: pkg('wrangler'), autocannon: pkg('autocannon'), lighthouse: pkg('lighthouse'), 'playwright-core': pkg('playwright-core') },
  }
}

/** Migrates and seeds a fresh D1/R2 folder; returns what bench/seed.ts reports. */
async function prepareData(dir, { scale }) {
  mkdirSync(dir, { recursive: true })
  await run(join(root, 'node_modules', '.bin', 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--env', WRANGLER_ENV, '--persist-to', dir])
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
  const result = { machine: machine(), startedAt: new Date().toISOString(), settings: { duration: DURATION, connections: CONNECTIONS, only: [...ONLY], build: BUILD, lighthouseMaxRuns: LH_RUNS }, budgets: BUDGETS, load: { start: load() } }
  say(`machine: ${result.machine.cores} cores, ${result.machine.memoryGiB} GiB, Node ${result.machine.node}, load ${result.load.start.join(' ')}`)

  const needSmall = ['api', 'scale', 'weight', 'lighthouse'].some((p) => ONLY.has(p))
  const needScale = ONLY.has('scale')
  const secret = `bench-${crypto.randomUUID()}-${crypto.randomUUID()}`
  const vars = { ACCESS_TOKEN_SECRET: secret }

  let small, large, smallData, largeData
  if (needSmall) {
    say(`seeding fresh data (small${needScale ? `, and scale: ${SCALE.tools} tools, ${SCALE.bookings} bookings, ${SCALE.reviews} reviews` : ''})…`)
    ;[smallData, largeData] = await Promise.all([prepareData(join(tmp, 'small'), { scale: false }), needScale ? prepareData(join(tmp, 'scale'), { scale: true }) : undefined])
    say(`small data: ${JSON.stringify(smallData.counts)} in ${smallData.seconds} s`)
    if (largeData) say(`scale data: ${JSON.stringify(largeData.counts)} in ${largeData.seconds} s`)
    result.data = { small: smallData.counts, scale: largeData?.counts, scaleSeedSeconds: largeData?.seconds }

    say(`starting the stack on 127.0.0.1:${PORT}${BUILD ? ' (building the SPA first)' : ''}…`)
    small = await startStack({ port: PORT, authPort: AUTH_PORT, persistTo: join(tmp, 'small'), build: BUILD, log: logStack, vars })
    stacks.push(small)
    if (needScale) {
      say(`starting the scale stack on 127.0.0.1:${PORT + 10}…`)
      large = await startStack({ port: PORT + 10, authPort: AUTH_PORT + 10, persistTo: join(tmp, 'scale'), build: false, log: logStack, vars })
      stacks.push(large)
    }
  }

  // ── 1 + 2: API throughput and latency, small and scale data interleaved per endpoint ──
  if (ONLY.has('api') || needScale) await phase(result, 'api', async () => {
    // Access tokens as the API issues them (worker/lib/access-token.ts): `sv` is the account's session version.
    const tokenFor = (email) =>
      new SignJWT({ sv: 1 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(email).setIssuer('toolhaus').setIssuedAt().setExpirationTime('2h').sign(new TextEncoder().encode(secret))
    const token = await tokenFor(BENCH_USER.email)
    const admin = { Authorization: `Bearer ${await tokenFor(BENCH_ADMIN.email)}` }
    const deskPage = (total) => () => `/api/booking?status=paid&limit=50&offset=${Math.floor((Math.random() * Math.max(1, total / 10)) / 50) * 50}`
    const page = (total) => () => `/api/service?limit=${PAGE_SIZE}&offset=${Math.floor((Math.random() * total) / PAGE_SIZE) * PAGE_SIZE}`
    const endpoints = [
      { name: 'GET /api/bench/baseline', path: () => () => '/api/bench/baseline', baseline: true },
      // Not budgeted: one D1 round trip (`select 1`), the floor of any route that reads D1.
      { name: 'GET /api/health (select 1)', path: () => () => '/api/health', info: true, smallOnly: true },
      { name: `GET /api/service?limit=${PAGE_SIZE}&offset=<random page>`, path: (data) => page(data.counts.tools) },
      { name: 'GET /api/service/{random id}', path: (data) => () => `/api/service/${pick(data.toolIds)}` },
      { name: 'GET /api/review', path: () => () => '/api/review' },
      { name: 'GET /api/booking?customer= (authenticated)', path: () => () => `/api/booking?customer=${encodeURIComponent(BENCH_USER.email)}`, headers: { Authorization: `Bearer ${token}` } },
      // The order desk (admin): the first page, a status tab at a random page, a search, the overview.
      { name: 'GET /api/booking (order desk, first page)', path: () => () => '/api/booking?limit=50', headers: admin },
      { name: 'GET /api/booking?status=paid&offset=<random page>', path: (data) => deskPage(data.counts.bookings), headers: admin },
      { name: 'GET /api/booking?q=<customer name> (order desk search)', path: () => () => `/api/booking?q=${encodeURIComponent(BENCH_SEARCH.q)}`, headers: admin },
      { name: 'GET /api/admin/summary', path: () => () => '/api/admin/summary', headers: admin },
    ]
    // Check each request answers 200 before loading it.
    for (const [stack, data] of [[small, smallData], [large, largeData]].filter(([s]) => s)) {
      for (const e of endpoints) {
        const res = await fetch(`${stack.url}${e.path(data)()}`, { headers: e.headers })
        if (res.status !== 200) throw new Error(`${e.name} answered ${res.status} on ${stack.url}: ${await res.text()}`)
      }
    }
    result.api = []
    for (const e of endpoints) {
      const row = { name: e.name, baseline: Boolean(e.baseline), info: Boolean(e.info) }
      for (const [key, stack, data] of [['small', small, smallData], ['scale', large, largeData]]) {
        if (!stack || (key === 'scale' && e.smallOnly)) continue
        say(`autocannon ${e.name} (${key} data): ${DURATION} s at ${CONNECTIONS} connections…`)
        row[key] = await measure({ url: stack.url, path: e.path(data), headers: e.headers, connections: CONNECTIONS, duration: DURATION })
        row[key].load = load()[0]
        say(`  ${row[key].rps} req/s, p50 ${row[key].p50} ms, p99 ${row[key].p99} ms, ${row[key].errors} errors`)
      }
      result.api.push(row)
    }
    const base = result.api.find((r) => r.baseline)
    const floor = result.api.find((r) => r.info)
    for (const row of result.api) {
      for (const key of ['small', 'scale']) if (row[key] && base[key]) row[key].ratio = Math.round((row[key].rps / base[key].rps) * 100) / 100
      // Not a budget: the same against one bare D1 round trip, i.e. what the route adds on top of D1.
      if (row.small && floor?.small && !row.baseline && !row.info) row.small.floorRatio = Math.round((row.small.rps / floor.small.rps) * 100) / 100
      if (row.small && row.scale) row.scaleP50Factor = Math.round((row.scale.p50 / Math.max(row.small.p50, 1)) * 100) / 100
    }
    if (largeData?.plans) result.plans = largeData.plans
  })
  if (large) {
    await large.stop()
    stacks.splice(stacks.indexOf(large), 1)
  }

  // ── 3: page weight ──
  if (ONLY.has('weight')) await phase(result, 'page weight', async () => {
    say('page weight: recording the JS and CSS of /, /service and /dashboard in Chromium…')
    result.weight = await measurePageWeight({
      url: small.url,
      distDir: join(root, 'dist'),
      routes: [{ path: '/' }, { path: '/service' }, { path: '/dashboard', signIn: { email: 'customer@example.com', password: 'customer123' } }],
    })
  })

  // ── 4: Lighthouse ──
  if (ONLY.has('lighthouse')) await phase(result, 'lighthouse', async () => {
    say(`lighthouse: /, /service, /blogs (mobile, simulated throttling; up to ${LH_RUNS} runs per page)…`)
    const b = BUDGETS.lighthouse
    result.lighthouse = await runLighthouse({
      url: small.url,
      pages: ['/', '/service', '/blogs'],
      maxRuns: LH_RUNS,
      cpuMultiplier: env.BENCH_LH_CPU ? Number(env.BENCH_LH_CPU) : undefined,
      passes: (s) => s.performance >= b.performance && s.accessibility >= b.accessibility && s.bestPractices >= b.bestPractices && s.seo >= b.seo,
      // Every missed score within 10 points of its budget: noise could decide it, so take a median.
      closeCall: (s) => Object.keys(b).every((k) => s[k] >= b[k] - 10),
      log: (s) => process.stdout.write(s),
      saveDir: resultsDir,
    })
  })
  if (small) {
    await small.stop()
    stacks.splice(stacks.indexOf(small), 1)
  }

  // ── 5: Worker bundle ──
  if (ONLY.has('bundle')) await phase(result, 'worker bundle', async () => {
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
  console.error('--- last stack output ---\n' + stackLog.join('').split('\n').slice(-40).join('\n'))
  await cleanup()
  process.exit(1)
}
