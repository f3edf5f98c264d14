import type { Plugin } from 'vite'

/**
 * Lets the landing pages fetch their own code together with the app's, not after it.
 *
 * The router splits every route's component into its own chunk, which the app requests only once
 * its entry has run: one more round trip before a first visit paints. At build time this plugin
 * lists, for each path given, the chunks of that route's component (with what they import) that
 * index.html does not already preload, in `<meta name="route-preloads">`. The Worker
 * (worker/lib/route-preloads.ts) turns the line of the requested path into
 * `<link rel="modulepreload">` tags and drops the rest.
 *
 * Format: `path href href…|path href…` (paths and asset names hold no spaces or bars).
 * @param routes URL path → route file under web/routes, e.g. `{ '/blogs': 'blogs.tsx' }`
 */
export function routePreloads(routes: Record<string, string>): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html
        const imports = (fileName: string, seen = new Set<string>()): Set<string> => {
          const chunk = bundle[fileName]
          if (seen.has(fileName) || chunk?.type !== 'chunk') return seen
          seen.add(fileName)
          for (const child of chunk.imports) imports(child, seen)
          return seen
        }
        const preloaded = imports(entry.fileName)
        const lines = Object.entries(routes).map(([path, file]) => {
          const split = `/web/routes/${file}?tsr-split=component`
          const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(split))
          if (!chunk) throw new Error(`route-preloads: no chunk for ${file} (${path}); was the route renamed?`)
          const own = [...imports(chunk.fileName)].filter((f) => !preloaded.has(f))
          return [path, ...own.map((f) => `/${f}`)].join(' ')
        })
        return html.replace('</head>', `  <meta name="route-preloads" content="${lines.join('|')}">\n  </head>`)
      },
    },
  }
}
