// `npm run typecheck`: TypeScript over every part of the project: the worker, the web app (with
// its route tree generated first, so the check never depends on a file left by an earlier
// build), the scripts (JavaScript too: tsconfig.scripts.json), browser tests and configs, and the
// benchmarks. Exits 1 on any error.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { root } from './stack.mjs'

export const PROJECTS = [
  'worker/tsconfig.json',
  'web/tsconfig.json',
  'tsconfig.node.json',
  'bench/tsconfig.json',
  'tsconfig.scripts.json',
]

/** Writes web/routeTree.gen.ts from web/routes with the router plugin's own generator and the Vite config's options. */
export async function generateRouteTree() {
  const { Generator, getConfig } = await import('@tanstack/router-generator')
  const config = getConfig(
    { target: 'react', autoCodeSplitting: true, routesDirectory: './routes', generatedRouteTree: './routeTree.gen.ts' },
    join(root, 'web'),
  )
  await new Generator({ config, root: join(root, 'web') }).run()
}

/** Runs tsc on one project; true when it has no errors. */
export function typecheck(project) {
  return (
    spawnSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', project, '--noEmit'], { cwd: root, stdio: 'inherit' })
      .status === 0
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await generateRouteTree()
  let failed = 0
  for (const project of PROJECTS) {
    process.stdout.write(`tsc -p ${project}\n`)
    if (!typecheck(project)) failed++
  }
  process.exit(failed ? 1 : 0)
}
