/**
 * Seeds local D1 and R2 with the demo catalogue, reviews and images (idempotent).
 * Usage: tsx scripts/seed.ts --persist-to <folder> (scripts/stack.mjs runs it for every local stack)
 */
import { readFile } from 'node:fs/promises'
import { getPlatformProxy } from 'wrangler'
import catalogue from '../seed/catalogue.json' with { type: 'json' }
import { seedShop } from '../worker/seed'
import { WRANGLER_ENV } from './stack.mjs'

const flag = process.argv.indexOf('--persist-to')
const persistTo = flag > 0 ? process.argv[flag + 1] : undefined
if (!persistTo) throw new Error('Usage: tsx scripts/seed.ts --persist-to <folder>')

const { env, dispose } = await getPlatformProxy<Env>({
  configPath: 'wrangler.toml',
  environment: WRANGLER_ENV,
  persist: { path: `${persistTo}/v3` },
})
try {
  const counts = await seedShop(
    env,
    catalogue,
    async (file) => new Uint8Array(await readFile(new URL(`../seed/images/${file}`, import.meta.url))),
  )
  console.log(`Seeded ${counts.tools} tools and ${counts.reviews} reviews (existing rows kept).`)
} finally {
  await dispose()
}
