// `npm run deploy`: builds the web app (browser and server bundles), applies D1 migrations to the remote database, deploys the Worker.
// Needs `wrangler login` (or CLOUDFLARE_API_TOKEN) and the setup in README "Deploying to production".
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { root } from './stack.mjs'

const bin = (name) => join(root, 'node_modules', '.bin', name)
/** @type {Array<[string, string, string[]]>} */
const steps = [
  ['Build the web app', process.execPath, [join(root, 'scripts', 'build.mjs')]],
  ['Apply D1 migrations (remote)', bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--remote']],
  ['Deploy the Worker and assets', bin('wrangler'), ['deploy']],
]
for (const [title, cmd, args] of steps) {
  console.log(`\n=== ${title} ===`)
  const { status } = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
  if (status !== 0) {
    console.error(`\n${title} failed; nothing after it ran.`)
    process.exit(status ?? 1)
  }
}
