import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

type ViteChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
type ManifestRoute = { preloads?: string[]; css?: string[]; scripts?: { attrs: Record<string, string> }[] }

const MODULE_ID = 'virtual:router-manifest'

/**
 * For the server build: `import manifest from 'virtual:router-manifest'` gives TanStack Router's
 * manifest of the browser build (what `<HeadContent>` and `<Scripts>` put in a page): the app's
 * stylesheet and entry script on the root route, and on each route the chunks of its components
 * (`?tsr-split=component…`, with what they import) that the entry does not load already,
 * preloaded with the page so hydration does not wait for another round trip.
 * @param clientManifest the browser build's `.vite/manifest.json`
 */
export function routerManifest({ clientManifest }: { clientManifest: string }): Plugin {
  return {
    name: 'router-manifest',
    resolveId: (source) => (source === MODULE_ID ? `\0${MODULE_ID}` : undefined),
    load(id) {
      if (id !== `\0${MODULE_ID}`) return undefined
      let chunks: Record<string, ViteChunk>
      try {
        chunks = JSON.parse(readFileSync(clientManifest, 'utf8')) as Record<string, ViteChunk>
      } catch {
        throw new Error(
          `router-manifest: ${clientManifest} is missing; build the browser's bundle first (npm run build)`,
        )
      }
      this.addWatchFile(clientManifest)
      return `export default ${JSON.stringify(buildRouterManifest(chunks, join(dirname(clientManifest), '..', '..', 'web')))}`
    },
  }
}

function buildRouterManifest(chunks: Record<string, ViteChunk>, webRoot: string) {
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !chunks[key]) return seen
    seen.add(key)
    for (const child of chunks[key].imports ?? []) closure(child, seen)
    return seen
  }
  const href = (key: string) => `/${chunks[key]!.file}`
  const cssOf = (keys: Iterable<string>) =>
    [...new Set([...keys].flatMap((k) => chunks[k]!.css ?? []))].map((f) => `/${f}`)

  const entryKey = Object.keys(chunks).find((k) => chunks[k]!.isEntry)
  if (!entryKey) throw new Error('router-manifest: the browser build has no entry chunk')
  const loadedByEntry = closure(entryKey)
  const routes: Record<string, ManifestRoute> = {
    __root__: {
      css: cssOf(loadedByEntry),
      scripts: [{ attrs: { type: 'module', src: href(entryKey) } }],
      preloads: [...loadedByEntry].filter((k) => k !== entryKey).map(href),
    },
  }

  for (const key of Object.keys(chunks)) {
    // A route's loader runs in the browser only on a later navigation (the page's data came with
    // it): its chunk loads then, not with the page.
    const split = /^(routes\/.+\.tsx)\?tsr-split=(?!loader$)/.exec(key)
    if (!split) continue
    const source = readFileSync(join(webRoot, split[1]!), 'utf8')
    const routeId = /createFileRoute\(\s*'([^']+)'\s*\)/.exec(source)?.[1]
    if (!routeId) throw new Error(`router-manifest: no createFileRoute('…') in web/${split[1]}`)
    const own = [...closure(key)].filter((k) => !loadedByEntry.has(k))
    const route = (routes[routeId] ??= { preloads: [], css: [] })
    route.preloads = [...new Set([...(route.preloads ?? []), ...own.map(href)])]
    route.css = [...new Set([...(route.css ?? []), ...cssOf(own)])]
  }
  return { routes }
}
