import type { Plugin } from 'vite'

/**
 * Packages that must never be in the browser's entry chunk (what every page, the home page first,
 * runs before `load`; bench/README.md "Home JS"). Each loads with the code that needs it: zod and
 * the form library with a form, the typed API client with the first call, Firebase with a sign-in,
 * Stripe with a card form. One stray static import from a route's `validateSearch`, `beforeLoad`
 * or `head` (they stay in the entry; only `loader` and the components are split) drags them in:
 * zod alone is about 32 kB gzipped.
 */
const KEPT_OUT: { name: string; id: RegExp }[] = [
  { name: 'zod', id: /\/node_modules\/zod\// },
  { name: 'react-hook-form', id: /\/node_modules\/react-hook-form\// },
  { name: 'the typed API client (hono/client)', id: /\/node_modules\/hono\// },
  { name: 'firebase', id: /\/node_modules\/(@firebase|firebase)\// },
  { name: 'Stripe', id: /\/node_modules\/@stripe\// },
  { name: 'sonner', id: /\/node_modules\/sonner\// },
]

/**
 * For the browser build: fails it when the entry chunk holds one of {@link KEPT_OUT}, naming the
 * chain of imports from the entry that brought it in, so the fix (a constant moved to a file of
 * its own, a lazy import) is plain.
 */
export function entryGuard(): Plugin {
  return {
    name: 'entry-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue
        const inEntry = new Set(chunk.moduleIds)
        for (const { name, id } of KEPT_OUT) {
          const found = chunk.moduleIds.find((moduleId) => id.test(moduleId))
          if (!found) continue
          const chain = importChain(found, inEntry, (moduleId) => this.getModuleInfo(moduleId)?.importers ?? [])
          this.error(
            `${name} is in the entry chunk ${chunk.fileName}, which every page loads first. Imported through:\n  ${chain
              .map(shortId)
              .join('\n  ← ')}\nImport it lazily, or move what the entry needs into a file that does not import it.`,
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
