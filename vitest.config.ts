import { fileURLToPath } from 'node:url'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: './worker/index.ts',
      // Every setting of the tests is in wrangler.toml's [env.test].
      wrangler: { configPath: './wrangler.toml', environment: 'test' },
      miniflare: {
        bindings: { TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url))) },
        // An empty database beside DB, for worker/test/migrations.test.ts to apply the migrations step by step.
        d1Databases: { MIGRATIONS_DB: 'migrations-test' },
      },
    })),
  ],
  logLevel: 'error',
  test: {
    // Shared 2-core machines: a slow cell is not a failure. Speed is measured in bench/, not here.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Web unit tests sit beside the web code they test (web/lib/x.test.ts); they run in workerd too.
    include: ['worker/**/*.test.ts', 'web/**/*.test.ts'],
    // One workerd per vitest worker for every file it runs: a runtime of its own per file cost
    // about 10 s of module loading each. The setup file gives each file the database, bucket and
    // public-answer cache as they were when it started (worker/test/apply-migrations.ts).
    isolate: false,
    setupFiles: ['./worker/test/apply-migrations.ts'],
    globalSetup: [
      './worker/test/build-assets.ts',
      './worker/test/fake-email.ts',
      './worker/test/fake-google.ts',
      './worker/test/fake-stripe.ts',
      './worker/test/fake-sslcommerz.ts',
    ],
  },
})
