// The framework floor: bench/floor/ (one route, one query on the shop's React, TanStack Router
// and TanStack Query versions) built with Vite's JS API in this run, and the gzipped size of the
// JavaScript it ships. The home page's JS is compared with it (bench/README.md, "Home JS").
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { dirname, extname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

/**
 * The floor app (`root`) built into `outDir` the way the shop's browser bundle is; `options` adds
 * to Vite's (its `build` to the build options): the hydrating floor's manifest and server build.
 * @param {string} root
 * @param {string} outDir
 * @param {import('vite').InlineConfig} [options]
 */
const buildFloor = (root, outDir, { build: more = {}, ...options } = {}) =>
  build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    ...options,
    build: { outDir, emptyOutDir: true, target: 'es2022', ...more },
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
  const index = readFileSync(join(outDir, 'index.html'))
  const tools = JSON.stringify(Array.from({ length: 5 }, (_, i) => ({ _id: `tool-${i + 1}`, name: `Tool ${i + 1}` })))
  return serveFiles(outDir, async (path) =>
    path === '/'
      ? { type: TYPES['.html'], body: index }
      : path.startsWith('/api/')
        ? { type: 'application/json', body: Buffer.from(tools) }
        : undefined,
  )
}

/**
 * The hydrating floor (bench/floor-ssr) server-rendered, beside the shop: at each of `pages` its
 * one route carries that page of the shop as static markup (the same document body, stylesheet
 * and images, none of the shop's scripts), so that what differs from the shop's page is the app
 * code the shop runs on top of the framework, and what differs from bench/floor is server
 * rendering a page of this size. Each page is rendered once, in Node, with the shop's tools
 * answer; the shop's stylesheet is copied, and its images and icons are fetched from the shop.
 * @param {{ root: string, outDir: string, shopUrl: string, distDir: string, pages: string[] }} opts
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveSsrFloor({ root, outDir, shopUrl, distDir, pages }) {
  const clientDir = join(outDir, 'client')
  const serverDir = join(outDir, 'server')
  await buildFloor(root, clientDir, { build: { manifest: true } })
  // Bundled whole (noExternal): the server build runs from a temporary folder, far from node_modules.
  await buildFloor(root, serverDir, {
    ssr: { noExternal: true },
    build: { ssr: join(root, 'server.tsx'), target: 'node20' },
  })
  const chunks = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'))
  const entry = Object.values(chunks).find((chunk) => chunk.isEntry)
  const tools = (await (await fetch(`${shopUrl}/api/service?limit=5`)).json()).map(({ _id, name }) => ({ _id, name }))
  const { renderFloor } = await import(pathToFileURL(join(serverDir, 'server.js')).href)
  /** @type {Map<string, Buffer>} */
  const rendered = new Map()
  for (const path of pages) {
    const shopPage = await (await fetch(`${shopUrl}${path}`)).text()
    const stylesheets = [...shopPage.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])
    for (const href of stylesheets.filter((href) => !existsSync(join(clientDir, href)))) {
      mkdirSync(dirname(join(clientDir, href)), { recursive: true })
      copyFileSync(join(distDir, href), join(clientDir, href))
    }
    const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(shopPage)?.[1] ?? ''
    const pageHtml = body.replace(/<script[\s\S]*?<\/script>/g, '')
    const html = await renderFloor({
      url: `http://floor${path}`,
      entry: `/${entry.file}`,
      stylesheets,
      tools,
      pageHtml,
    })
    rendered.set(path, Buffer.from(html))
  }
  return serveFiles(
    clientDir,
    async (path) => {
      if (rendered.has(path)) return { type: TYPES['.html'], body: rendered.get(path) }
      const answer = await fetch(`${shopUrl}${path}`)
      return answer.ok
        ? {
            type: answer.headers.get('content-type') ?? 'application/octet-stream',
            body: Buffer.from(await answer.arrayBuffer()),
          }
        : undefined
    },
    outDir,
  )
}

/**
 * Serves `dir` on 127.0.0.1, gzipped as the Worker serves the shop's files; a path that is not a
 * file there is `fallback`'s (404 when it has none). `close` stops it and removes `removeDir`.
 */
async function serveFiles(dir, fallback, removeDir = dir) {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://floor').pathname
    const file = join(dir, path)
    const found =
      existsSync(file) && statSync(file).isFile()
        ? { type: TYPES[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) }
        : await fallback(path).catch(() => undefined)
    if (!found) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': found.type, 'content-encoding': 'gzip' })
    res.end(gzipSync(found.body))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined))
        rmSync(removeDir, { recursive: true, force: true })
      }),
  }
}
