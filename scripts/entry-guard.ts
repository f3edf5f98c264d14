import type { Plugin, Rolldown } from 'vite'

type OutputChunk = Rolldown.OutputChunk

/**
 * Packages that must never be in the browser's entry chunk (what every page, the home page first,
 * runs before `load`; bench/README.md "Home JS"). Each loads with the code that needs it: zod and
 * the form library with a form, the typed API client with the first call, Firebase with a sign-in,
 * Stripe with a card form. One stray static import from a route's `validateSearch`, `beforeLoad`
 * or `head` (they stay in the entry; only `loader` and the components are split) drags them in:
 * zod alone is about 32 kB gzipped.
 */
const KEPT_OUT: { name: string; id: RegExp; onlyFrom?: (typeof FIRST_PAGES)[number][] }[] = [
  { name: 'zod', id: /\/node_modules\/zod\// },
  { name: 'react-hook-form', id: /\/node_modules\/react-hook-form\// },
  { name: 'the typed API client (hono/client)', id: /\/node_modules\/hono\// },
  { name: 'firebase', id: /\/node_modules\/(@firebase|firebase)\// },
  { name: 'Stripe', id: /\/node_modules\/@stripe\// },
  { name: 'sonner', id: /\/node_modules\/sonner\// },
  // TanStack Query's client, out of the entry and the home page (web/lib/browser-query-client.ts);
  // the catalogue's pages render their queries as they hydrate, so they load it before `load`.
  {
    name: "TanStack Query's client (@tanstack/query-core)",
    id: /\/node_modules\/@tanstack\/query-core\//,
    onlyFrom: ['index'],
  },
]

/**
 * The pages most visitors open first, by their route file under web/routes/: what they load before
 * `load` (the entry, the route's component chunk and what it imports statically) is held to
 * {@link KEPT_OUT} too. Their forms and toasts load when used.
 */
const FIRST_PAGES = ['index', 'service.index', 'service.$serviceId', 'blogs', 'portfolio', 'cart'] as const

/**
 * For the browser build: fails it when the entry chunk, or what one of {@link FIRST_PAGES} loads
 * before `load`, holds one of {@link KEPT_OUT}, naming the chain of imports that brought it in, so
 * the fix (a constant moved to a file of its own, a lazy import) is plain.
 */
export function entryGuard(): Plugin {
  return {
    name: 'entry-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, OutputChunk>()
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') chunks.set(chunk.fileName, chunk)
      const firstPageOf = (chunk: OutputChunk) =>
        FIRST_PAGES.find((page) => chunk.facadeModuleId?.includes(`/web/routes/${page}.tsx?tsr-split=component`))
      for (const root of chunks.values()) {
        const page = root.isEntry ? undefined : firstPageOf(root)
        if (!root.isEntry && !page) continue
        // The chunk and every chunk it imports statically: what the browser fetches before running it.
        const loaded = new Set<string>()
        const visit = (fileName: string) => {
          const chunk = chunks.get(fileName)
          if (!chunk || loaded.has(fileName)) return
          loaded.add(fileName)
          for (const imported of chunk.imports) visit(imported)
        }
        visit(root.fileName)
        const modules = new Set([...loaded].flatMap((fileName) => chunks.get(fileName)?.moduleIds ?? []))
        for (const { name, id, onlyFrom } of KEPT_OUT) {
          if (page && onlyFrom && !onlyFrom.includes(page)) continue
          const found = [...modules].find((moduleId) => id.test(moduleId))
          if (!found) continue
          const chain = importChain(found, modules, (moduleId) => this.getModuleInfo(moduleId)?.importers ?? [])
          const where = page
            ? `what the page web/routes/${page}.tsx loads before \`load\``
            : `the entry chunk ${root.fileName}, which every page loads first`
          this.error(
            `${name} is in ${where}. Imported through:\n  ${chain.map(shortId).join('\n  ← ')}\nImport it lazily, or move what the page needs into a file that does not import it.`,
          )
        }
      }
    },
  }
}

/** The shortest chain of importers from `moduleId` up to a route file or the entry itself (breadth first). */
function importChain(moduleId: string, inEntry: Set<string>, importersOf: (id: string) => readonly string[]) {
  const parent = new Map<string, string>([[moduleId, '']])
  const queue = [moduleId]
  while (queue.length) {
    const current = queue.shift()!
    if (/\/web\/(routes\/|main\.tsx)/.test(current)) {
      const chain = [current]
      for (let child = parent.get(current)!; child; child = parent.get(child)!) chain.unshift(child)
      return chain
    }
    // Ours only if the entry holds it; a package's own files may be re-exports the bundle dropped.
    for (const importer of importersOf(current))
      if ((importer.includes('/node_modules/') || inEntry.has(importer)) && !parent.has(importer)) {
        parent.set(importer, current)
        queue.push(importer)
      }
  }
  return [moduleId]
}

const shortId = (id: string) => id.replace(/^.*\/(node_modules|web|worker)\//, '$1/')
