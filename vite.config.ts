import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { entryGuard } from './scripts/entry-guard.ts'
import { routerManifest } from './scripts/router-manifest.ts'

/**
 * What the catalogue's pages (the tool list, a tool page, the cart) share beyond the entry: prices
 * and categories, Add to cart and its toasts, the quote dialog, TanStack Query's suspense and
 * mutation hooks. One chunk of about 6 kB instead of sixteen of a few hundred bytes each: a page
 * fetches its files six at a time, and each round costs a round trip on a slow link (bench
 * "Lighthouse"). Only what no first page must load stays out (the entry guard checks it). A path
 * that no longer exists fails the build (a moved file would silently leave the group).
 */
const CATALOGUE_SHARED = [
  'node_modules/@tanstack/react-query/build/modern/useSuspenseQuery.js',
  'node_modules/@tanstack/react-query/build/modern/useMutation.js',
  'worker/schemas/bdt.ts',
  'worker/schemas/category-tree.ts',
  'worker/schemas/unit-price.ts',
  'worker/schemas/order-quantity.ts',
  'web/components/empty-state.tsx',
  'web/components/modal.tsx',
  'web/components/pager.tsx',
  'web/features/categories/categories-queries.ts',
  'web/features/cart/cart-mutations.ts',
  'web/features/cart/visitor-cart-writes.ts',
  'web/features/quotes/quote-keys.ts',
  'web/features/quotes/components/request-quote.tsx',
  'web/features/tools/components/add-to-cart-button.tsx',
  'web/features/tools/components/tool-card.tsx',
]
for (const path of CATALOGUE_SHARED)
  if (!existsSync(new URL(`./${path}`, import.meta.url)))
    throw new Error(`vite.config.ts: ${path} is gone; update CATALOGUE_SHARED`)

/**
 * Rolldown warns when a module one file imports lazily is imported statically by another (toast.ts and
 * cart-merge.ts). In the browser's build each still gets a chunk of its own, fetched
 * when the lazy import runs; the server's build is one file anyway. So the warning is noise here:
 * what must stay out of a first load is held by the entry guard, which fails the build instead.
 */
const checks = { ineffectiveDynamicImport: false }

/** The browser build's entry chunk: `assets/main-<hash>.js`. */
const ENTRY_NAME = 'main'

const web = (path: string) => fileURLToPath(new URL(`./web/${path}`, import.meta.url))

/**
 * Two builds from one route tree (`npm run build`, scripts/build.mjs runs both):
 * - the browser's: `dist/` (served as Workers static assets), entry web/main.tsx, with a Vite
 *   manifest the server build reads;
 * - the server's (`--ssr`): `build/server/entry-server.js`, which the Worker imports to render the
 *   public pages (docs/decisions/009-server-rendering.md). Dependencies stay bare imports there:
 *   wrangler bundles them with the Worker under its own `workerd` conditions.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [
    // The router plugin must come before react(); its route folder resolves from the Vite root.
    // The server renders every route at once, so only the browser's build splits route code: each
    // route's loader (with the queries it imports) and its components load with the route, and the
    // app's entry keeps only the route tree.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: !isSsrBuild,
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
      },
      routesDirectory: './routes',
      generatedRouteTree: './routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    // The browser build fails when its entry chunk takes in zod, the form library, the API client…
    !isSsrBuild && entryGuard(),
    // The server build turns the browser build's manifest into the router's (assets per route).
    isSsrBuild &&
      routerManifest({ clientManifest: fileURLToPath(new URL('./dist/.vite/manifest.json', import.meta.url)) }),
  ],
  build: isSsrBuild
    ? {
        outDir: '../build/server',
        emptyOutDir: true,
        target: 'es2022',
        rolldownOptions: { input: web('entry-server.tsx'), output: { entryFileNames: '[name].js' }, checks },
      }
    : {
        outDir: '../dist',
        emptyOutDir: true,
        target: 'es2022',
        manifest: true,
        // Every browser the shop supports knows <link rel="modulepreload">: no polyfill in the entry.
        // The entry's own lazy imports (route code, the session's sign-in code) preload nothing
        // beside their chunk: listing each one's dependencies put every chunk's name in the entry,
        // 2.2 kB gz that every first visit paid (bench "Page weight"). A first page gets its routes'
        // files from the router's manifest (scripts/router-manifest.ts); a later page's route code
        // loads on intent (hover or touch), and its imports follow one round trip after it.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file, deps, { hostId }) => (hostId.startsWith(`assets/${ENTRY_NAME}-`) ? [] : deps),
        },
        rolldownOptions: {
          input: { [ENTRY_NAME]: web('main.tsx') },
          checks,
          // What the entry imports statically ships as one file, not a dozen small shared chunks: the
          // first visit fetches the app in one request (each request costs a round trip on a slow link).
          output: {
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'] },
                {
                  name: 'catalogue',
                  test: (id) => CATALOGUE_SHARED.some((path) => id.replaceAll('\\', '/').endsWith(path)),
                },
              ],
            },
          },
        },
      },
}))
