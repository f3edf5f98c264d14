import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { E2E_AUTH_PORT, E2E_PORT } from '../playwright.config'
import { startStack } from '../scripts/stack.mjs'

/** Starts the whole shop with fresh data for the browser tests; returns the teardown. */
export default async function globalSetup() {
  const persistTo = mkdtempSync(join(tmpdir(), 'toolhaus-e2e-'))
  const logs: string[] = []
  const stack = await startStack({
    port: E2E_PORT,
    authPort: E2E_AUTH_PORT,
    persistTo,
    build: !process.env.E2E_SKIP_BUILD,
    log: (line: string) => {
      logs.push(line)
      if (process.env.E2E_DEBUG) process.stdout.write(line)
    },
  }).catch((error: unknown) => {
    process.stdout.write(logs.join(''))
    throw error
  })
  return async () => {
    await stack.stop()
    rmSync(persistTo, { recursive: true, force: true })
  }
}
