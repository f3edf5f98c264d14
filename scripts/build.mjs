// `npm run build`: the browser's bundle (dist/, served as static assets) and then the server's
// (build/server/entry-server.js, which the Worker imports to render pages; it reads the first
// build's manifest). See vite.config.ts.
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** What the Worker needs of a build: the server entry (built last) and the browser's assets. */
export const BUILD_OUTPUT = join(root, 'build', 'server', 'entry-server.js')
export const isBuilt = () => existsSync(BUILD_OUTPUT) && existsSync(join(root, 'dist', '.vite', 'manifest.json'))

/**
 * Both builds, in order. `logLevel` as Vite's ('warn' keeps test logs short).
 * @param {{ logLevel?: import('vite').LogLevel }} [options]
 */
export async function buildWeb({ logLevel = 'info' } = {}) {
  const { build } = await import('vite')
  const configFile = join(root, 'vite.config.ts')
  await build({ configFile, logLevel })
  await build({ configFile, logLevel, build: { ssr: true } })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await buildWeb({ logLevel: process.argv.includes('--quiet') ? 'warn' : 'info' })
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
