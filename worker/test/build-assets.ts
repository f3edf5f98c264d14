/**
 * vitest globalSetup (runs in Node): the Worker serves the built SPA from dist/ (wrangler.toml
 * `[assets]`), and the pool reads that folder when it starts. Builds it when it is missing, so
 * `npx vitest run` works on a fresh clone without a build first.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export default function setup() {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  if (existsSync(`${root}/dist/index.html`)) return
  const build = spawnSync(`${root}/node_modules/.bin/vite`, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('Building the web app (dist/) for the worker tests failed')
}
