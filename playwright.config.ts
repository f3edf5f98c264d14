import { defineConfig } from '@playwright/test'

// Browser tests drive Debian's Chromium against the real local stack: e2e/global-setup.ts builds
// the web app once, and every worker starts the shop on ports of its own with fresh data
// (e2e/stacks.ts: the first worker on E2E_PORT / E2E_AUTH_PORT, the next 100 above, and so on).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8788)
export const E2E_AUTH_PORT = Number(process.env.E2E_AUTH_PORT ?? 9199)

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  // Every test goes to whichever worker is free (each worker's stack keeps what earlier tests
  // left, as one stack always did; no two tests ever share a stack at once). Two workers keep this
  // 2-core machine busy (a test waits on its stack more than it computes; a third overloads it);
  // E2E_WORKERS=1 runs them one after another.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry on CI only: the shared machines stall now and then. A test that needed it is
  // reported as flaky (scripts/test.mjs prints them), never silently passed.
  retries: process.env.CI ? 1 : 0,
  // Generous: the machines are shared; a test that waits longer still proves the behaviour.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e-artifacts',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A trace records a screencast and a snapshot at every step: a fifth of a test's time here. It is
    // kept for the retry of a failed test (CI), which is where a flaky one needs explaining; a
    // failure without a retry keeps its screenshot.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' } },
    // The shopper's and the desk's paths a person takes on a phone too: the tests tagged @phone,
    // again at a 390 px screen (the width issue 15 names). Everything else runs once, at desktop size.
    { name: 'phone', use: { browserName: 'chromium', viewport: { width: 390, height: 844 } }, grep: /@phone/ },
  ],
})
