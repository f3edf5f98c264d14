// `npm test`: type checks, worker tests in workerd, browser tests in Chromium.
// Ends with one line summing every suite: "N passed, N failed".
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './stack.mjs'

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

// The SPA build generates the route tree the web type check needs, and dist/ the worker tests need.
const built = step('Build the web app', bin('vite'), ['build', '--logLevel', 'warn'])
built ? passed++ : failed++

for (const project of ['worker/tsconfig.json', 'web/tsconfig.json', 'tsconfig.node.json']) {
  step(`Type check ${project}`, bin('tsc'), ['-p', project, '--noEmit']) ? passed++ : failed++
}

const workerOk = step('Worker tests (vitest in workerd)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${join(results, 'vitest.json')}`])
const vitest = readJson('vitest.json')
if (vitest) {
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests + (workerOk || vitest.numFailedTests ? 0 : 1)
} else if (!workerOk) failed++

const e2eOk = built && step('Browser tests (Playwright + Chromium)', bin('playwright'), ['test'], { E2E_SKIP_BUILD: '1' })
const e2e = readJson('e2e.json')
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky
  if (e2e.stats.flaky) console.log(`\n${e2e.stats.flaky} browser test(s) passed only on retry (flaky): see test-results/e2e.json`)
  failed += e2e.stats.unexpected + (e2eOk || e2e.stats.unexpected ? 0 : 1)
} else if (!e2eOk) failed++

const summary = `${passed} passed, ${failed} failed`
writeFileSync(join(results, 'summary.txt'), `${summary}\n`)
console.log(`\n${summary}`)
process.exit(failed ? 1 : 0)
