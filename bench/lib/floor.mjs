// The framework floor: bench/floor/ (one route, one query on the shop's React, TanStack Router
// and TanStack Query versions) built with Vite's JS API in this run, and the gzipped size of the
// JavaScript it ships. The home page's JS is compared with it (bench/README.md, "Home JS").
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

/** The floor app (`root`) built into `outDir` the way the shop's browser bundle is. */
const buildFloor = (root, outDir) =>
  build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  })

/**
 * Builds the floor app into `outDir` and sums the JS under it (every chunk: the floor has no
 * lazy routes, so all of it loads before `load`), raw and gzipped like the weight phase does.
 * @param {{ root: string, outDir: string, repoRoot: string }} opts
 * @returns {Promise<{ jsRaw: number, jsGz: number, files: { name: string, raw: number, gz: number }[], versions: Record<string, string | undefined> }>}
 */
export async function measureFloor({ root, outDir, repoRoot }) {
  try {
    await buildFloor(root, outDir)
    const files = []
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (/\.m?js$/.test(entry.name)) {
          const bytes = readFileSync(path)
          files.push({ name: path.slice(outDir.length + 1), raw: bytes.length, gz: gzipSync(bytes).length })
        }
      }
    }
    walk(outDir)
    return {
      jsRaw: files.reduce((n, f) => n + f.raw, 0),
      jsGz: files.reduce((n, f) => n + f.gz, 0),
      files,
      versions: Object.fromEntries(
        ['react', 'react-dom', '@tanstack/react-router', '@tanstack/react-query'].map((name) => [
          name,
          versionOf(repoRoot, name),
        ]),
      ),
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

function versionOf(repoRoot, name) {
  try {
    return JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')).version
  } catch {
    return undefined
  }
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' }

/**
 * The floor app built and served on 127.0.0.1 (its files gzipped, as the Worker serves the shop's,
 * and a fixed answer for its one query): Lighthouse's reference in the same run. What the bare
 * framework scores on this machine now says how far the machine, not the shop, sets the scores.
 * @param {{ root: string, outDir: string }} opts
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveFloor({ root, outDir }) {
  await buildFloor(root, outDir)
  const tools = JSON.stringify(Array.from({ length: 5 }, (_, i) => ({ _id: `tool-${i + 1}`, name: `Tool ${i + 1}` })))
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://floor').pathname
    const file = join(outDir, path === '/' ? 'index.html' : path)
    const body = path.startsWith('/api/')
      ? Buffer.from(tools)
      : existsSync(file) && statSync(file).isFile()
        ? readFileSync(file)
        : undefined
    if (!body) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, {
      'content-type': path.startsWith('/api/')
        ? 'application/json'
        : (TYPES[extname(file)] ?? 'application/octet-stream'),
      'content-encoding': 'gzip',
    })
    res.end(gzipSync(body))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        rmSync(outDir, { recursive: true, force: true })
      }),
  }
}
