import app from './app'
import { getConfig } from './env'
import { googleFeed } from './features/feed/google-feed'
import { getDb } from './lib/db'
import { cachePublic } from './lib/edge-cache'
import { applySecurityHeaders } from './lib/security-headers'
import { renderPage, robots, sitemap } from './pages'
import { runScheduled } from './scheduled'

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url)
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return app.fetch(request, env, ctx)
    // The sitemap lists every tool: kept at the edge and dropped with the catalogue's copies.
    if (url.pathname === '/sitemap.xml')
      return withPageHeaders(
        await cachePublic(request, env, ctx, () => sitemap(env, getConfig(env).shopUrl), { tags: ['catalogue'] }),
        env,
      )
    // The merchant feed (every tool, for Google Merchant Center): kept like the sitemap, larger.
    if (url.pathname === '/feeds/google.xml') {
      const { shopUrl, SHOP_NAME } = getConfig(env)
      return withPageHeaders(
        await cachePublic(request, env, ctx, () => googleFeed(getDb(env), shopUrl, SHOP_NAME), {
          tags: ['catalogue'],
          maxBytes: 32 * 1024 * 1024,
        }),
        env,
      )
    }
    if (url.pathname === '/robots.txt') return withPageHeaders(robots(getConfig(env).shopUrl), env)
    if (isFilePath(url.pathname)) {
      const asset = await serveAsset(request, env, url)
      if (asset) return asset
    }
    return renderPage(request, env, ctx)
  },
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(env, controller.scheduledTime))
  },
} satisfies ExportedHandler<Env>

/** Paths of static files (a dot in the last segment, or under /assets/); every other path is a page. */
const isFilePath = (path: string) => path.startsWith('/assets/') || /\.[^/]+$/.test(path)

/**
 * A file of the browser build (Workers static assets), with the page security headers and its
 * cache rule; undefined when there is none, so the path renders as a page (the not-found page).
 */
async function serveAsset(request: Request, env: Env, url: URL): Promise<Response | undefined> {
  // NOTE: dot-folders (the build's .vite/manifest.json) are the build's own, never served.
  if (url.pathname.includes('/.')) return undefined
  const asset = await env.ASSETS.fetch(request)
  if (asset.status === 404) {
    // A missing hashed file must stay a plain 404, or a stale tab would try to run HTML as JavaScript.
    if (!url.pathname.startsWith('/assets/')) return undefined
    return withPageHeaders(
      new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
      env,
    )
  }
  const response = withPageHeaders(new Response(asset.body, asset), env)
  if (url.pathname.startsWith('/assets/') && response.status === 200) {
    // Vite puts a content hash in every file name under /assets.
    response.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
  }
  return response
}

/** The page security headers on a response the Worker makes itself. */
function withPageHeaders(response: Response, env: Env): Response {
  applySecurityHeaders(response.headers, 'page', getConfig(env))
  return response
}
