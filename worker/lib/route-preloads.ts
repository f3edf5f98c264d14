/**
 * The build (scripts/route-preloads.ts) lists in index.html, per landing path, the route code to
 * preload: `<meta name="route-preloads" content="path href href…|path href…">`. Every page is
 * index.html, so this swaps that line for `<link rel="modulepreload">` tags of the requested
 * path (none for other paths) and never lets the list itself reach the browser.
 */
export function withRoutePreloads(response: Response, pathname: string): Response {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return new HTMLRewriter()
    .on('meta[name="route-preloads"]', {
      element(meta) {
        const line = (meta.getAttribute('content') ?? '')
          .split('|')
          .map((entry) => entry.split(' '))
          .find(([linePath]) => linePath === path)
        const links = (line?.slice(1) ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
        meta.replace(links.join('\n    '), { html: true })
      },
    })
    .transform(response)
}
