import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FullConfig } from '@playwright/test'
import { prepareState, root, run } from '../scripts/stack.mjs'
import { startTestStack } from './stacks'

/**
 * Builds the web app (unless E2E_SKIP_BUILD is set: `npm test` has just built it), migrates and
 * seeds the state every stack starts from, once (E2E_STATE_TEMPLATE, which the workers inherit),
 * and starts the shop for each worker (e2e/stacks.ts). Returns the teardown.
 */
export default async function globalSetup(config: FullConfig) {
  if (!process.env.E2E_SKIP_BUILD) await run(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet'])
  const template = mkdtempSync(join(tmpdir(), 'toolhaus-e2e-state-'))
  await prepareState(template)
  process.env.E2E_STATE_TEMPLATE = template
  // A worker that restarts (after a failure, or for another project) keeps its index, so its
  // stack outlives it: started here, not by the worker.
  const shops = await Promise.allSettled(
    Array.from({ length: config.workers }, (_, index) => startTestStack('shop', index)),
  )
  const started = shops.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
  const stop = async () => {
    await Promise.all(started.map((s) => s.stop()))
    rmSync(template, { recursive: true, force: true })
  }
  const failed = shops.find((s) => s.status === 'rejected')
  if (failed) {
    await stop()
    throw failed.reason
  }
  return stop
}
