import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: './worker/index.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url))),
          ENVIRONMENT: 'test',
          FIREBASE_PROJECT_ID: 'demo-storefront',
          FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
          ACCESS_TOKEN_SECRET: 'test-secret-that-is-long-enough-for-hs256-000',
          ADMIN_EMAILS: 'admin@example.com',
          CORS_ORIGINS: 'https://partner.example',
          // Tests place many orders per customer; the limit itself is tested with the default (orders.test.ts).
          MAX_UNPAID_ORDERS: '1000',
        },
      },
    })),
  ],
  logLevel: 'error',
  test: {
    // Shared 2-core machines: a slow cell is not a failure. Speed is measured in bench/, not here.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: ['worker/**/*.test.ts'],
    setupFiles: ['./worker/test/apply-migrations.ts'],
    globalSetup: ['./worker/test/build-assets.ts', './worker/test/fake-email.ts', './worker/test/fake-google.ts', './worker/test/fake-stripe.ts'],
  },
})
