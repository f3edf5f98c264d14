// `npm run typecheck`: TypeScript over every part of the project: the worker, the web app (with
// its route tree generated first, so the check never depends on a file left by an earlier
// build), the scripts (JavaScript too: tsconfig.scripts.json), browser tests and configs, and the
// benchmarks; and that no route file is over ROUTE_MAX_LINES. Exits 1 on any error.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
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

/** A route file is composition (style.md): its pieces live in their features. */
export const ROUTE_MAX_LINES = 150

/** True when every file under web/routes has at most ROUTE_MAX_LINES lines; names the others. */
export function routesShort() {
  const dir = join(root, 'web', 'routes')
  const long = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => ({ file, lines: readFileSync(join(dir, file), 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > ROUTE_MAX_LINES)
  for (const { file, lines } of long)
    console.error(`web/routes/${file}: ${lines} lines, over ${ROUTE_MAX_LINES}: move its pieces into their features`)
  return long.length === 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await generateRouteTree()
  let failed = 0
  for (const project of PROJECTS) {
    process.stdout.write(`tsc -p ${project}\n`)
    if (!typecheck(project)) failed++
  }
  if (!routesShort()) failed++
  process.exit(failed ? 1 : 0)
}
