/**
 * vitest globalSetup (runs in Node): the Worker imports the server build (build/server/) and serves
 * the browser build from dist/ (wrangler.toml `[assets]`), which the pool reads when it starts.
 * Builds both when they are missing, so `npx vitest run` works on a fresh clone without a build first.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export default function setup() {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  // The same two files as scripts/build.mjs's isBuilt().
  if (existsSync(`${root}/build/server/entry-server.js`) && existsSync(`${root}/dist/.vite/manifest.json`)) return
  const build = spawnSync(process.execPath, [`${root}/scripts/build.mjs`, '--quiet'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('Building the web app (dist/, build/server/) for the worker tests failed')
}
