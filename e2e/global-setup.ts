import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { prepareState, root, run } from '../scripts/stack.mjs'

/**
 * Builds the web app once for every worker's stacks (e2e/stacks.ts), unless E2E_SKIP_BUILD is set
 * (`npm test` has just built it), and migrates and seeds the state they all start from, once
 * (E2E_STATE_TEMPLATE, which the workers inherit). Returns the teardown.
 */
export default async function globalSetup() {
  if (!process.env.E2E_SKIP_BUILD) await run(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet'])
  const template = mkdtempSync(join(tmpdir(), 'toolhaus-e2e-state-'))
  await prepareState(template)
  process.env.E2E_STATE_TEMPLATE = template
  return () => rmSync(template, { recursive: true, force: true })
}
