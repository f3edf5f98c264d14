// `npm test`: build, checks, worker tests in workerd, browser tests in Chromium.
// Ends with one line summing every suite: "N passed, N failed".
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './stack.mjs'
import { generateRouteTree, PROJECTS, ROUTE_MAX_LINES, routesShort, typecheck } from './typecheck.mjs'

// TEST_RESULTS: another folder for the summary (the browser test of this script's own refusal uses one).
const results = process.env.TEST_RESULTS ?? join(root, 'test-results')
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })
const bin = (name) => join(root, 'node_modules', '.bin', name)
const step = (title, cmd, args, env = {}) => {
  console.log(`\n=== ${title} ===`)
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0
}
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(join(results, file), 'utf8'))
  } catch {
    return undefined
  }
}
const finish = (summary, status) => {
  writeFileSync(join(results, 'summary.txt'), `${summary}\n`)
  console.log(`\n${summary}`)
  process.exit(status)
}

// The browser tests need Chromium: get Debian's package now (as root, with apt) or stop at once
// with the command to run, before minutes of other suites.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH
  if (canInstall) {
    console.log(`\n=== Installing Debian's chromium for the browser tests ===`)
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    const apt = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0
    if (!(apt(['update', '-qq']) && apt(['install', '-y', '-qq', 'chromium']))) {
      console.error('Installing chromium failed: run `apt-get update && apt-get install -y chromium`, then npm test.')
    }
  } else {
    console.error(
      `No Chromium at ${chromium}: the browser tests need it. Install it with\n  sudo apt-get install -y chromium\n` +
        '(or set CHROMIUM_PATH to a Chromium binary), then run npm test again.',
    )
  }
  if (!existsSync(chromium)) finish('0 passed, 1 failed', 1)
}

// Three kinds of count, summed in the last line: build and check steps, the worker tests (the
// authorization matrix's generated cells counted apart), and the browser tests.
/** @type {Record<'steps' | 'worker' | 'matrix' | 'browser', [number, number]>} */
const tally = { steps: [0, 0], worker: [0, 0], matrix: [0, 0], browser: [0, 0] }
const count = (kind, ok, n = 1) => {
  tally[kind][ok ? 0 : 1] += n
}

// The browser tests run the production build.
const built = step('Build the web app (browser and server)', process.execPath, [
  join(root, 'scripts', 'build.mjs'),
  '--quiet',
])
count('steps', built)

// The type checks generate the web app's route tree themselves (never a leftover from a build).
await generateRouteTree()
for (const project of PROJECTS) {
  console.log(`\n=== Type check ${project} ===`)
  count('steps', typecheck(project))
}
console.log(`\n=== Route files at most ${ROUTE_MAX_LINES} lines ===`)
count('steps', routesShort())

// The Worker's generated types (bindings and variables of wrangler.toml, the runtime's API) are
// checked, not trusted: after a change to wrangler.toml, `npm run cf-typegen` writes them again.
count(
  'steps',
  step('Worker types up to date (wrangler types --check)', bin('wrangler'), [
    'types',
    '--strict-vars=false',
    '--check',
    'worker/worker-configuration.d.ts',
  ]),
)

// One formatter and linter for the whole tree (biome.jsonc); `npm run format` fixes what it can.
count('steps', step('Format and lint (Biome)', bin('biome'), ['check', '.']))

// The import graph's rules (.dependency-cruiser.cjs) and no dead code or unlisted dependency (knip.json).
count(
  'steps',
  step('Import graph (dependency-cruiser)', bin('depcruise'), [
    'worker',
    'web',
    'bench',
    'scripts',
    '--config',
    '.dependency-cruiser.cjs',
  ]),
)
count('steps', step('Dead code and dependencies (knip)', bin('knip'), []))

const workerOk = step('Worker tests (vitest in workerd)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${join(results, 'vitest.json')}`,
])
const vitest = readJson('vitest.json')
if (vitest) {
  // A matrix cell: one principal on one route of worker/test/authorization.test.ts ("GET /api/…").
  for (const file of vitest.testResults) {
    for (const t of file.assertionResults) {
      const cell =
        /authorization\.test\.ts$/.test(file.name) && /^(GET|POST|PUT|PATCH|DELETE) \//.test(t.ancestorTitles[0] ?? '')
      if (t.status === 'passed' || t.status === 'failed') count(cell ? 'matrix' : 'worker', t.status === 'passed')
    }
  }
  if (!workerOk && !vitest.numFailedTests) count('steps', false) // the run failed outside any test
} else if (!workerOk) count('steps', false)

const e2eOk =
  built && step('Browser tests (Playwright + Chromium)', bin('playwright'), ['test'], { E2E_SKIP_BUILD: '1' })
const e2e = readJson('e2e.json')
if (e2e) {
  count('browser', true, e2e.stats.expected + e2e.stats.flaky)
  count('browser', false, e2e.stats.unexpected)
  if (e2e.stats.flaky)
    console.log(`\n${e2e.stats.flaky} browser test(s) passed only on retry (flaky): see test-results/e2e.json`)
  if (!e2eOk && !e2e.stats.unexpected) count('steps', false)
} else if (!e2eOk) count('steps', false)

/** @param {string} label @param {[number, number]} counts */
const line = (label, [p, f]) => `${label.padEnd(34)} ${p} passed, ${f} failed`
console.log(`\n${line('Build and check steps', tally.steps)}`)
console.log(line('Worker tests', tally.worker))
console.log(line('Authorization matrix cells', tally.matrix))
console.log(line('Browser tests', tally.browser))
const passed = Object.values(tally).reduce((sum, [p]) => sum + p, 0)
const failed = Object.values(tally).reduce((sum, [, f]) => sum + f, 0)
finish(`${passed} passed, ${failed} failed`, failed ? 1 : 0)
