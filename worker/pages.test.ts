import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_CACHE_CONTROL } from './lib/edge-cache'
import { type CallOptions, call, seedDemo } from './test/helpers'
import { makeTool } from './test/order-fixtures'
import { signIn } from './test/tokens'

/** A page as a browser or crawler gets it: status, headers and the HTML. */
async function page(path: string, options?: CallOptions) {
  const res = await call('GET', path, options)
  return { res, html: await res.text() }
}

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1]
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, any>,
  )

/** Paths that are no page: unknown paths and unknown tools. */
const NOT_FOUND_PATHS = ['/nope', '/service/no-such-tool', '/blogs/extra', '/service/x/y', '/sitemap']

/** A CSP header as its directives: name → sources, in order. */
const cspDirectives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  )

/** The CSP source that allows an inline script with this body. */
async function sha256Source(body: string) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)))
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`
}

beforeAll(async () => {
  await seedDemo()
})

describe('public pages arrive whole (server-rendered)', () => {
  it('/ holds the tools with their prices, the reviews, its own head and Organization JSON-LD', async () => {
    const { res, html } = await page('/')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/)
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true)
    // The first five tools of the catalogue, by name and price, and a review's text.
    expect(html).toContain('Electric Saw')
    expect(html).toMatch(/BDT\s?[\d,]+\.\d\d/)
    const { description } = (await env.DB.prepare(
      'select description from reviews order by created_at desc limit 1',
    ).first<{ description: string }>())!
    expect(html).toContain(description.slice(0, 30).replace(/&/g, '&amp;'))
    expect(title(html)).toBe('Toolhaus · Power tools since 1992')
    expect(meta(html, 'description')).toContain('since 1992')
    expect(canonical(html)).toBe('http://shop.test/')
    expect(meta(html, 'og:title')).toBe('Toolhaus · Power tools since 1992')
    expect(jsonLd(html)).toContainEqual(
      expect.objectContaining({ '@type': 'Organization', name: 'Toolhaus', url: 'http://shop.test/' }),
    )
    expect(res.headers.get('X-Robots-Tag')).toBeNull()
    // The catalogue's pages open in the browsing context they are given (web/lib/page-head.ts).
    expect(res.headers.get('Cross-Origin-Opener-Policy')).toBeNull()
  })

  it('/service/{id} is public: the tool, Open Graph for link previews, Product and BreadcrumbList JSON-LD', async () => {
    const tool = await makeTool({ name: 'Bench Grinder 200', pricePaisa: 1_234_550, quantity: 3, min: 5 })
    const { res, html } = await page(`/service/${tool.id}`)
    expect(res.status).toBe(200)
    expect(html).toContain('<h1')
    expect(html).toContain('Bench Grinder 200')
    expect(title(html)).toBe('Bench Grinder 200 · Toolhaus')
    expect(meta(html, 'og:type')).toBe('product')
    expect(meta(html, 'og:title')).toBe('Bench Grinder 200 · Toolhaus')
    expect(meta(html, 'og:description')).toContain('12,345.50')
    expect(meta(html, 'og:image')).toMatch(/^http:\/\/shop\.test\/|^https:\/\//)
    expect(meta(html, 'twitter:card')).toBe('summary_large_image')
    expect(canonical(html)).toBe(`http://shop.test/service/${tool.id}`)
    const [product, crumbs] = jsonLd(html)
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Bench Grinder 200',
      offers: {
        '@type': 'Offer',
        price: '12345.50',
        priceCurrency: 'BDT',
        availability: 'https://schema.org/OutOfStock',
      },
    })
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [{ name: 'Service' }, { name: 'Bench Grinder 200' }],
    })
  })

  it("preloads the page's first image (the tool's photo, the first card on /service) in the width that fits", async () => {
    const { html } = await page('/service/drill-machine')
    const preload =
      /<link rel="preload" as="image" href="([^"]+)" imageSrcSet="([^"]+)" imageSizes="([^"]+)" fetchPriority="high"\/>/.exec(
        html,
      )
    expect(preload).not.toBeNull()
    expect(preload![1]).toMatch(/^\/api\/images\/[0-9a-f]{64}\.\w+\?w=640$/)
    expect(preload![2]).toContain('?w=320 320w')
    // The <img> asks for the same srcset and sizes, so the preloaded variant is the one it uses.
    expect(html).toContain(`srcSet="${preload![2]}" sizes="${preload![3]}"`)
    expect(/<link rel="preload" as="image" href="[^"]+" imageSrcSet/.exec((await page('/service')).html)).not.toBeNull()
  })

  it('says InStock when at least the minimum order is in stock', async () => {
    const tool = await makeTool({ quantity: 500, min: 10 })
    const [product] = jsonLd((await page(`/service/${tool.id}`)).html)
    expect(product!.offers.availability).toBe('https://schema.org/InStock')
  })

  it('escapes what an admin typed: no markup or script from a tool name or description reaches the page', async () => {
    const tool = await makeTool({ name: '<script>alert(1)</script> Saw' })
    await env.DB.prepare('update tools set description = ? where id = ?')
      .bind('Cuts </script><img src=x onerror=alert(2)> fast', tool.id)
      .run()
    const { html } = await page(`/service/${tool.id}`)
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).not.toContain('<img src=x onerror')
    // The JSON-LD still parses and holds the text as it was typed.
    expect(jsonLd(html)[0]!.description).toBe('Cuts </script><img src=x onerror=alert(2)> fast')
  })

  it('/service, /blogs and /portfolio have titles, descriptions and canonical links of their own', async () => {
    const seen = new Set<string>()
    for (const path of ['/service', '/blogs', '/portfolio']) {
      const { res, html } = await page(path)
      expect(res.status, path).toBe(200)
      expect(canonical(html), path).toBe(`http://shop.test${path}`)
      seen.add(title(html)!)
      seen.add(meta(html, 'description')!)
    }
    expect(seen.size).toBe(6)
    expect((await page('/service')).html).toContain('Drill Machine')
    expect((await page('/blogs')).html).toMatch(/<h1[^>]*>[^<]*JavaScript/)
  })

  it('carries the data it rendered, so the app hydrates without fetching it again', async () => {
    const { html } = await page('/service')
    expect(html).toContain('$_TSR')
    // The Query cache, dehydrated: the list the page shows, with its data and status.
    expect(html).toMatch(/queryKey:\$R\[\d+\]=\["tools","list"/)
    expect(html).toMatch(/status:"success",fetchStatus:"idle"/)
  })

  it("allows the page's own inline scripts by hash in its CSP, and no other inline script", async () => {
    for (const path of ['/', '/service', '/blogs']) {
      const { res, html } = await page(path)
      const directives = cspDirectives(res.headers.get('Content-Security-Policy')!)
      // The scripts the page runs inline (JSON-LD is data, not a script; an empty element runs nothing).
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
        .map((m) => m[1]!)
        .filter((body) => body !== '')
      expect(inline.length, path).toBeGreaterThan(0)
      const hashes = await Promise.all(inline.map(sha256Source))
      // Exactly the shop's own script origins and these hashes: no 'unsafe-inline', no other hash.
      expect(directives.get('script-src'), path).toEqual(["'self'", ...hashes, 'https://apis.google.com'])
      // Nothing else decides over scripts: no script-src-elem or -attr, a default-src without inline code.
      expect(directives.has('script-src-elem') || directives.has('script-src-attr'), path).toBe(false)
      expect(directives.get('default-src'), path).toEqual(["'self'"])
      for (const [name, sources] of directives)
        if (name !== 'style-src') expect(sources, `${path} ${name}`).not.toContain("'unsafe-inline'")
    }
  })

  it('links the app stylesheet and entry script of the build, and preloads the route code', async () => {
    const { html } = await page('/blogs')
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/main-[\w-]+\.css"/)
    expect(html).toMatch(/<script type="module" src="\/assets\/main-[\w-]+\.js"><\/script>/)
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/blogs-[\w-]+\.js"/)
  })

  it('answers HEAD with the headers and no body, and refuses other methods', async () => {
    const head = await call('HEAD', '/blogs')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const post = await call('POST', '/blogs', { raw: 'x' })
    expect(post.status).toBe(405)
    expect(post.headers.get('Allow')).toBe('GET, HEAD')
  })
})

describe('pages kept at the edge', () => {
  it('carry an ETag and answer 304 to If-None-Match', async () => {
    const first = await call('GET', '/blogs')
    const etag = first.headers.get('ETag')
    expect(etag).toMatch(/^"[0-9a-f]+"$/)
    expect(first.headers.get('Cache-Control')).toMatch(/^public, max-age=0, must-revalidate/)
    const again = await call('GET', '/blogs', { headers: { 'If-None-Match': etag! } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    // The security headers (with the page's script hashes) come with the copy.
    expect(again.headers.get('Content-Security-Policy')).toBe(first.headers.get('Content-Security-Policy'))
  })

  it('show the very next request after an admin changes a price, a shopper orders (stock) or a review is posted', async () => {
    const admin = await signIn('admin@example.com')
    const tool = await makeTool({ name: 'Cache Check Sander', pricePaisa: 100_000, quantity: 900, min: 10 })
    const path = `/service/${tool.id}`
    expect((await page(path)).html).toContain('1,000.00')
    expect((await page(path)).html).toContain('1,000.00')
    const edit = await call('PATCH', `/api/service/${tool.id}`, { as: admin, body: { price: 1234.5 } })
    expect(edit.status).toBe(200)
    expect((await page(path)).html).toContain('1,234.50')
    expect((await page('/service?sort=newest')).html).toContain('1,234.50')

    const customer = await signIn('pages-buyer@example.com')
    const order = await call('POST', '/api/booking', {
      as: customer,
      body: {
        serviceId: tool.id,
        quantity: 10,
        phone: '01712345678',
        address: 'Road 1, Dhaka',
        customer: 'pages-buyer@example.com',
        customerName: 'Buyer',
      },
    })
    expect(order.status).toBe(201)
    expect((await page(path)).html).toMatch(/data-testid="available-quantity">890</)

    const text = `Kept pages drop on a new review ${crypto.randomUUID()}`
    const review = await call('POST', '/api/review', {
      as: customer,
      body: { name: 'Buyer', description: text, img: 'https://example.com/me.png', rating: 5 },
    })
    expect(review.status).toBe(201)
    expect((await page('/')).html).toContain(text)
  })

  it('never keeps a 404: each one is rendered anew, and a tool that appears shows at once', async () => {
    const late = `late-${crypto.randomUUID()}`
    for (const path of [...NOT_FOUND_PATHS, `/service/${late}`]) {
      for (let i = 0; i < 3; i++) {
        const res = await call('GET', path)
        expect(res.status, `${path} #${i + 1}`).toBe(404)
        expect(res.headers.get('ETag'), `${path} #${i + 1}`).toBeNull()
        expect(res.headers.get('Cache-Control') ?? '', `${path} #${i + 1}`).not.toMatch(/\bpublic\b/)
      }
    }
    // Written straight to D1 (nothing drops the kept pages): only a 404 that was not kept lets it show.
    await env.DB.prepare(
      `insert into tools (id, name, description, price_paisa, quantity, minimum_quantity, img) values (?, 'Late Lathe', 'Late.', 100, 5, 1, '/api/images/x.png')`,
    )
      .bind(late)
      .run()
    const { res, html } = await page(`/service/${late}`)
    expect(res.status).toBe(200)
    expect(html).toContain('Late Lathe')
  })
})

describe('real status codes', () => {
  it('answers a page number past any list with the empty page, not a 500', async () => {
    for (const page of ['83335', '1e300', '99999999999']) {
      const res = await call('GET', `/service?page=${page}`)
      expect(res.status, page).toBe(200)
      expect(await res.text()).not.toContain('offset must be at most')
    }
  })

  it('answers 404 with the not-found page for unknown paths and unknown tools', async () => {
    for (const path of NOT_FOUND_PATHS) {
      const { res, html } = await page(path)
      expect(res.status, path).toBe(404)
      expect(html, path).toMatch(/not found/i)
      expect(html, path).toContain('href="/service"')
    }
    expect(title((await page('/service/no-such-tool')).html)).toBe('Tool not found · Toolhaus')
  })

  it('answers a missing static file with a plain 404, a missing hashed script too (never HTML)', async () => {
    const script = await call('GET', '/assets/main-doesnotexist.js')
    expect(script.status).toBe(404)
    expect(script.headers.get('Content-Type')).toMatch(/^text\/plain/)
    const file = await call('GET', '/missing.png')
    expect(file.status).toBe(404)
  })

  it("never serves the build's own files (.vite/manifest.json)", async () => {
    const res = await call('GET', '/.vite/manifest.json')
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('"isEntry"')
  })

  it('serves static files with long caching for hashed assets', async () => {
    const { html } = await page('/blogs')
    const script = /src="(\/assets\/main-[\w-]+\.js)"/.exec(html)![1]!
    const res = await call('GET', script)
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect((await call('GET', '/favicon.svg')).status).toBe(200)
  })
})

describe('private pages', () => {
  it('are never indexed and arrive as the frame the browser fills in (the server does not know who signs in)', async () => {
    const token = await signIn('customer@example.com')
    for (const path of [
      '/dashboard',
      '/dashboard/order',
      '/dashboard/payment/abc',
      '/login',
      '/signup',
      '/forgot-password',
      '/cart',
    ]) {
      const { res, html } = await page(path, { as: token })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('X-Robots-Tag'), path).toBe('noindex')
      // A page where a session is entered or used, opened by another site's page, is cut off from
      // it (the sign-in popups are not); the cart opens where it is given, as the catalogue does.
      expect(res.headers.get('Cross-Origin-Opener-Policy'), path).toBe(
        path === '/cart' ? null : 'same-origin-allow-popups',
      )
      expect(html, path).toContain('<nav')
      // No private data: nothing of the signed-in customer is in the HTML.
      expect(html, path).not.toContain('customer@example.com')
    }
  })
})

describe('sitemap and robots', () => {
  it('/sitemap.xml lists the public pages and every tool', async () => {
    const tool = await makeTool({ name: 'Sitemap Drill' })
    const res = await call('GET', '/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^application\/xml/)
    // Kept at the edge like the pages, and dropped with them when the catalogue changes.
    expect(res.headers.get('Cache-Control')).toBe(PUBLIC_CACHE_CONTROL)
    const xml = await res.text()
    for (const path of ['/', '/service', '/blogs', '/portfolio', `/service/${tool.id}`, '/service/drill-machine']) {
      expect(xml).toContain(`<loc>http://shop.test${path}</loc>`)
    }
    expect(xml).not.toContain('/dashboard')
  })

  it('/robots.txt names the sitemap and disallows the dashboard and the API, not its images', async () => {
    const text = await (await call('GET', '/robots.txt')).text()
    expect(text).toContain('Sitemap: http://shop.test/sitemap.xml')
    expect(text).toContain('Disallow: /dashboard')
    expect(text).toContain('Disallow: /api/')
    // The feed's, Open Graph's and JSON-LD's images live under /api/images/: Merchant Center
    // refuses a product whose image robots.txt blocks.
    expect(text).toContain('Allow: /api/images/')
  })
})
