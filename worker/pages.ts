/**
 * The shop's pages. Every path that is not the API or a static file is rendered here from the web
 * app's route tree (the server build, web/entry-server.tsx): public pages arrive whole, with their
 * data, head and status (404 for unknown paths and tools); signed-in pages arrive as the frame the
 * browser fills in. Also /sitemap.xml and /robots.txt. See docs/decisions/009-server-rendering.md.
 */

import { asc } from 'drizzle-orm'
import { buildId, pageAddress, render } from '#ssr'
import app from './app'
import { tools } from './db/schema'
import { getConfig } from './env'
import { listCategories } from './features/categories/categories.service'
import { getDb } from './lib/db'
import { cachePublic } from './lib/edge-cache'
import { applySecurityHeaders } from './lib/security-headers'

/** The public pages of the sitemap (tool pages are added from D1). */
const PUBLIC_PATHS = ['/', '/service', '/blogs', '/portfolio']

/**
 * A page: the same for every visitor (the server does not know who is signed in), so it is kept
 * at the edge like the public API answers, with an ETag, and dropped when the tools, their stock
 * or the reviews change (lib/edge-cache.ts); keyed by its path and the search its routes declare. The build is part of the key: a new deployment never
 * serves a page that names the previous build's scripts.
 */
export async function renderPage(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', {
      status: 405,
      headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  // Kept and rendered under the search its routes declare: `/?r=<random>` is `/`, not a new page.
  const url = pageAddress(request.url)
  const page = url === request.url ? request : new Request(url, request)
  return cachePublic(page, env, ctx, () => renderFresh(url, env, ctx), {
    tags: ['catalogue', 'reviews'],
    key: buildId,
  })
}

/** Renders the page at `url`, with the page security headers; its inline scripts are allowed by their hashes. */
async function renderFresh(url: string, env: Env, ctx: ExecutionContext): Promise<Response> {
  const config = getConfig(env)
  // The page's own API reads go to the API in-process, anonymously: a page is the same for everyone.
  const rendered = await render({
    request: new Request(url),
    fetchApi: async (apiRequest) => app.fetch(apiRequest, env, ctx),
  })
  const headers = new Headers(rendered.headers)
  // A redirect (a route's beforeLoad) has no page to secure.
  if (rendered.status >= 300 && rendered.status < 400) return new Response(null, { status: rendered.status, headers })
  const html = await rendered.text()
  applySecurityHeaders(headers, 'page', config, await inlineScriptHashes(html))
  return new Response(html, { status: rendered.status, headers })
}

/**
 * The CSP hashes (`'sha256-…'`) of the page's inline scripts (the router's hydration data), so the
 * page runs them and nothing else inline; JSON-LD blocks are data, not scripts, and need none.
 */
async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes: string[] = []
  for (const [, attrs, body] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    if (!body || /\bsrc=/.test(attrs ?? '') || /type="application\/ld\+json"/.test(attrs ?? '')) continue
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body))
    hashes.push(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`)
  }
  return hashes
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** /sitemap.xml: the public pages, every category's page that lists a tool, and every tool's page, from D1. */
export async function sitemap(env: Env, origin: string): Promise<Response> {
  const db = getDb(env)
  const [rows, categories] = await Promise.all([
    db.select({ id: tools.id, createdAt: tools.createdAt }).from(tools).orderBy(asc(tools.createdAt), asc(tools.id)),
    listCategories(db),
  ])
  const url = (path: string, lastmod?: number) =>
    `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString().slice(0, 10)}</lastmod>` : ''}</url>`
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PATHS.map((p) => url(p)),
    ...categories.filter((c) => c.count > 0).map((c) => url(`/service?category=${encodeURIComponent(c.slug)}`)),
    ...rows.map((r) => url(`/service/${encodeURIComponent(r.id)}`, r.createdAt)),
    '</urlset>',
    '',
  ].join('\n')
  // Kept at the edge like the pages (its caller): their Cache-Control is the one sent.
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } })
}

/**
 * /robots.txt: everything public may be crawled, the dashboard and the API not, except the
 * images (served under /api/images/): the merchant feed's `g:image_link`, `og:image` and the
 * Product JSON-LD point there, and Merchant Center refuses a product whose image robots.txt
 * blocks. Crawlers apply the longest matching rule, so the Allow wins for images. Names the sitemap.
 */
export function robots(origin: string): Response {
  const body = [
    'User-agent: *',
    'Disallow: /dashboard',
    'Allow: /api/images/',
    'Disallow: /api/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
