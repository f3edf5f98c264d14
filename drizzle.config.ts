import { defineConfig } from 'drizzle-kit'

// Migrations are generated here and applied by `wrangler d1 migrations apply DB`.
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/db/schema.ts',
  out: './migrations',
})
