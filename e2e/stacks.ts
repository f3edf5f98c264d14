import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { E2E_AUTH_PORT, E2E_PORT } from '../playwright.config'
import { startStack } from '../scripts/stack.mjs'

// Every Playwright worker runs the shop on stacks of its own, with fresh data: the main one
// (started by global-setup for each worker index), and, when one of its tests needs them, one
// configured for Stripe and one for SSLCommerz. Tests in different workers never see each other's
// orders, settings or accounts, so they run side by side.

/** Where a kind of stack listens, above E2E_PORT / E2E_AUTH_PORT (each stack also takes port + 1000 and authPort + 1, + 2). */
const OFFSET = { shop: 0, gateway: 5, stripe: 10 } as const
/** Each worker's stacks are this many ports above the previous worker's. */
const PER_WORKER = 100

export type TestStack = { url: string; authUrl: string; stop(): Promise<void> }

/** The address of the shop of the worker `parallelIndex` (global-setup started it). */
export const shopUrlOf = (parallelIndex: number) => `http://127.0.0.1:${E2E_PORT + PER_WORKER * parallelIndex}`

/**
 * Starts a stack of `kind` for the worker `parallelIndex` (the build and the migrated, seeded
 * state it copies are global-setup's), with `vars` set beside wrangler.toml's [env.dev]. Its
 * start-up output is printed only when it fails (or always with E2E_DEBUG=1).
 */
export async function startTestStack(
  kind: keyof typeof OFFSET,
  parallelIndex: number,
  vars: Record<string, string> = {},
): Promise<TestStack> {
  const shift = OFFSET[kind] + PER_WORKER * parallelIndex
  const persistTo = mkdtempSync(join(tmpdir(), `toolhaus-e2e-${kind}-`))
  const logs: string[] = []
  try {
    const stack = await startStack({
      port: E2E_PORT + shift,
      authPort: E2E_AUTH_PORT + shift,
      persistTo,
      build: false,
      template: process.env.E2E_STATE_TEMPLATE,
      vars,
      log: (line: string) => {
        logs.push(line)
        if (process.env.E2E_DEBUG) process.stdout.write(line)
      },
    })
    return {
      url: stack.url,
      authUrl: stack.authUrl,
      stop: async () => {
        await stack.stop()
        rmSync(persistTo, { recursive: true, force: true })
      },
    }
  } catch (error) {
    process.stdout.write(logs.join(''))
    rmSync(persistTo, { recursive: true, force: true })
    throw error
  }
}
