// `npm test`: type checks, worker tests in workerd, browser tests in Chromium.
// Ends with one line summing every suite: "N passed, N failed".
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './stack.mjs'
import { generateRouteTree, PROJECTS, typecheck } from './typecheck.mjs'

const results = join(root, 'test-results')
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

let passed = 0
let failed = 0

// The browser tests run the production build.
const built = step('Build the web app (browser and server)', process.execPath, [
  join(root, 'scripts', 'build.mjs'),
  '--quiet',
])
built ? passed++ : failed++

// The type checks generate the web app's route tree themselves (never a leftover from a build).
await generateRouteTree()
for (const project of PROJECTS) {
  console.log(`\n=== Type check ${project} ===`)
  typecheck(project) ? passed++ : failed++
}

// One formatter and linter for the whole tree (biome.jsonc); `npm run format` fixes what it can.
step('Format and lint (Biome)', bin('biome'), ['check', '.']) ? passed++ : failed++

// The import graph's rules (.dependency-cruiser.cjs) and no dead code or unlisted dependency (knip.json).
step('Import graph (dependency-cruiser)', bin('depcruise'), [
  'worker',
  'web',
  'bench',
  'scripts',
  '--config',
  '.dependency-cruiser.cjs',
])
  ? passed++
  : failed++
step('Dead code and dependencies (knip)', bin('knip'), []) ? passed++ : failed++

const workerOk = step('Worker tests (vitest in workerd)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${join(results, 'vitest.json')}`,
])
const vitest = readJson('vitest.json')
if (vitest) {
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests + (workerOk || vitest.numFailedTests ? 0 : 1)
} else if (!workerOk) failed++

const e2eOk =
  built && step('Browser tests (Playwright + Chromium)', bin('playwright'), ['test'], { E2E_SKIP_BUILD: '1' })
const e2e = readJson('e2e.json')
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky
  if (e2e.stats.flaky)
    console.log(`\n${e2e.stats.flaky} browser test(s) passed only on retry (flaky): see test-results/e2e.json`)
  failed += e2e.stats.unexpected + (e2eOk || e2e.stats.unexpected ? 0 : 1)
} else if (!e2eOk) failed++

const summary = `${passed} passed, ${failed} failed`
writeFileSync(join(results, 'summary.txt'), `${summary}\n`)
console.log(`\n${summary}`)
process.exit(failed ? 1 : 0)
