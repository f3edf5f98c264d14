import { defineConfig } from 'drizzle-kit'

// Migrations are generated here and applied by `wrangler d1 migrations apply DB`.
export default defineConfig({
  dialect: 'sqlite',
  // The tables, one file per area (worker/db/schema.ts re-exports them for the code).
  schema: './worker/db/schema',
  out: './migrations',
})
