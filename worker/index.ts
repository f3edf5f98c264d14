import app from './app'
import { getConfig } from './env'
import { withRoutePreloads } from './lib/route-preloads'
import { applySecurityHeaders } from './lib/security-headers'
import { runScheduled } from './scheduled'

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url)
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return app.fetch(request, env, ctx)
    return servePage(request, env, url)
  },
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(env, controller.scheduledTime))
  },
} satisfies ExportedHandler<Env>

/** The SPA from Workers static assets, with the page security headers and cache rules. */
async function servePage(request: Request, env: Env, url: URL): Promise<Response> {
  const config = getConfig(env)
  const asset = await env.ASSETS.fetch(request)
  // NOTE: the SPA fallback answers index.html for any missing file; a missing hashed asset
  // must be a 404, or a stale tab would try to run HTML as JavaScript.
  const missingAsset = url.pathname.startsWith('/assets/') && asset.headers.get('Content-Type')?.startsWith('text/html')
  const response = missingAsset ? new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }) : new Response(asset.body, asset)
  applySecurityHeaders(response.headers, 'page', config)
  if (url.pathname.startsWith('/assets/') && response.status === 200) {
    // Vite puts a content hash in every file name under /assets.
    response.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
  }
  return response.headers.get('Content-Type')?.startsWith('text/html') ? withRoutePreloads(response, url.pathname) : response
}
