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
import { type ReactNode, useEffect } from 'react'
import { ErrorPage } from '#web/components/error-page.tsx'
import { Footer } from '#web/components/footer.tsx'
import { hydrateOnInteraction } from '#web/components/hydrate-on-sight.tsx'
import { LateToaster } from '#web/components/late-toaster.tsx'
import { Navbar } from '#web/components/navbar.tsx'
import { NotFound } from '#web/components/not-found.tsx'
import { CartLink } from '#web/features/cart/components/cart-link.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { loadQueryClient } from '#web/lib/browser-query-client.ts'
import { useDocumentHydrated } from '#web/lib/hydration.ts'
import { isServer } from '#web/lib/is-server.ts'
import { SHOP_DESCRIPTION, SHOP_TITLE } from '#web/lib/page-head.ts'
import type { Session } from '#web/lib/session.ts'

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

function RootError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()

  // Failed suspense queries stay failed until their boundary is reset; do it once the error shows.
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary])

  // Server messages are written for people; anything else (a crash, a dropped connection) is not.
  const detail = error instanceof ApiRequestError ? error.message : 'Check your connection and try again.'

  return (
    <Shell>
      <ErrorPage detail={detail} onRetry={() => void router.invalidate()} />
    </Shell>
  )
}
