import { type QueryClient, useQueryErrorResetBoundary } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  type ErrorComponentProps,
  HeadContent,
  Outlet,
  Scripts,
  useRouter,
  useRouterState,
} from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react'
import { Footer } from '#web/components/footer.tsx'
import { hydrateOnInteraction } from '#web/components/hydrate-on-sight.tsx'
import { Navbar } from '#web/components/navbar.tsx'
import { NotFound } from '#web/components/not-found.tsx'
import { StrokeIcon } from '#web/components/stroke-icon.tsx'
import { CartLink } from '#web/features/cart/components/cart-link.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { loadQueryClient } from '#web/lib/browser-query-client.ts'
import { useDocumentHydrated } from '#web/lib/hydration.ts'
import { isServer } from '#web/lib/is-server.ts'
import { SHOP_DESCRIPTION, SHOP_TITLE } from '#web/lib/page-head.ts'
import type { Session } from '#web/lib/session.ts'
import { toasterState } from '#web/lib/toaster-state.ts'

// The toaster mounts once code that raises toasts has loaded (web/lib/toast.ts): not with the page.
const Toaster = lazy(() => import('#web/lib/toast.ts').then((m) => ({ default: m.Toaster })))

/** What every route's beforeLoad, loader and head receive. Add fields here and supply them in router.tsx. */
export interface RouterContext {
  queryClient: QueryClient
  auth: Session
  /** The shop's origin (`https://…`), for canonical and Open Graph links: the same on the server and in the browser. */
  origin: string
}

// The navbar's search comes in the server's HTML; its code (the suggestions) loads when the visitor
// first points at or focuses it, not with every page's first load.
const NavSearch = hydrateOnInteraction(() =>
  import('#web/features/tools/components/nav-search.tsx').then((m) => m.NavSearch),
)
const navSearch = (id: string) => <NavSearch id={id} />

export const Route = createRootRouteWithContext<RouterContext>()({
  // In the browser, a navigation or a preload loads Query's client first (it may not be loaded
  // yet: web/lib/browser-query-client.ts); every beforeLoad and loader below can use it.
  beforeLoad: async () => {
    await loadQueryClient()
  },
  // The server renders the search whole, so its code must be there first.
  loader: () => (isServer ? NavSearch.preload() : undefined),
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: SHOP_TITLE },
      { name: 'description', content: SHOP_DESCRIPTION },
      { name: 'theme-color', content: '#0f172a' },
    ],
    links: [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }],
  }),
  shellComponent: Document,
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RootError,
})

/** The HTML document around every page: the server renders it whole, the browser hydrates it. */
function Document({ children }: { children: ReactNode }) {
  useDocumentHydrated()
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body className="bg-slate-50 text-slate-900 antialiased">
        {children}
        <Scripts />
      </body>
    </html>
  )
}

function RootLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

/** The page frame shared by every screen, also around the error page so the navigation stays usable. */
function Shell({ children }: { children: ReactNode }) {
  // A page the browser renders (an `ssr: false` route) arrives as a placeholder and grows when it
  // renders: at least a screen tall, it keeps the footer below the fold, so nothing in view shifts.
  const router = useRouter()
  const browserRendered = useRouterState({
    select: (s) => s.matches.some((m) => router.routesById[m.routeId].options.ssr === false),
  })
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-md bg-brand-500 px-4 py-2 font-semibold text-ink focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh flex-col">
        <Navbar cart={<CartLink />} search={navSearch} />
        <main id="main" tabIndex={-1} className={`flex-1 focus:outline-none ${browserRendered ? 'min-h-dvh' : ''}`}>
          {children}
        </main>
        <Footer />
      </div>
      <LateToaster />
    </>
  )
}

function LateToaster() {
  const wanted = useSyncExternalStore(toasterState.subscribe, toasterState.get, () => false)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      {/* Below the navbar (about 4 rem), so a toast never hides it, on phones too. */}
      <Toaster richColors position="top-center" offset={{ top: 80 }} mobileOffset={{ top: 72 }} />
    </Suspense>
  )
}

function RootError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()

  // Failed suspense queries stay failed until their boundary is reset; do it once the error shows.
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary])

  // Server messages are written for people; anything else (a crash, a dropped connection) is not.
  const detail = error instanceof ApiRequestError ? error.message : 'Check your connection and try again.'

  return (
    <Shell>
      <section
        className="container-page flex flex-col items-center py-20 text-center"
        aria-labelledby="error-title"
        role="alert"
      >
        <div className="grid size-16 place-items-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
          <StrokeIcon size={32}>
            <path d="M12 8v5M12 16.5v.5" />
            <path d="M10.3 3.9 2.5 17.5A2 2 0 0 0 4.2 20.5h15.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
          </StrokeIcon>
        </div>
        <h1 id="error-title" className="mt-6 text-3xl font-extrabold tracking-tight text-ink">
          Something went wrong
        </h1>
        <p className="mt-3 max-w-md text-slate-600">We could not load this page. {detail}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn-primary" onClick={() => void router.invalidate()}>
            Try again
          </button>
          <a href="/" className="btn-ghost">
            Go to home
          </a>
        </div>
      </section>
    </Shell>
  )
}
