import { isRedirect, useRouter } from '@tanstack/react-router'
import { type ComponentType, createElement, useEffect, useState } from 'react'
import { loadQueryClient } from './browser-query-client'

let markDone: () => void = () => {}

/**
 * Resolves once React has taken over the document the Worker sent, the page's own part included.
 *
 * A guard that redirects on the first page load waits for it (`browserPage` does so for every
 * guard): TanStack Router can finish a `beforeLoad` redirect of an `ssr: false` route while
 * React is still hydrating that route's frame, and React then renders a match the router has
 * already dropped ("Cannot read properties of undefined (reading 'routeId')", React errors 520
 * and 422). Upstream issue: TanStack/router#7947, fixed upstream after 1.170.46, the newest
 * version this project can install. When a fixed version can be installed, drop this promise and
 * the marks, and let `browserPage` set only `ssr`, the pending component and the guard (keep the
 * signed-out /dashboard test at 6× CPU in e2e/ssr.spec.ts, which catches the race).
 *
 * Who resolves it: on a public page the document's first commit (`useDocumentHydrated`); on a
 * frame (an `ssr: false` route) the part that hydrates last, the route's placeholder (the one
 * `browserPage` sets, or the router's default `PagePending`, both marking it) or, if the route
 * rendered before that, its component (`useFrameHydrated`, as `_auth.tsx`'s frame does).
 */
const hydrated = new Promise<void>((resolve) => {
  markDone = resolve
})

/** The document's share: a page with no frame is hydrated when the document is. */
export function useDocumentHydrated() {
  const router = useRouter()
  // Hydration starts from the server's matches (the first render's): a frame (an ssr: false route) finishes later.
  const [hasFrame] = useState(() => router.state.matches.some((m) => m.ssr === false))
  useEffect(() => {
    if (!hasFrame) markDone()
  }, [hasFrame])
}

/** A frame's placeholder or route component has committed: the page is React's. */
export function useFrameHydrated() {
  useEffect(() => markDone(), [])
}

/** `Component`, marking the frame hydrated when it commits. */
function markingHydrated(Component: ComponentType) {
  function FrameHydrated() {
    useFrameHydrated()
    return createElement(Component)
  }
  FrameHydrated.displayName = `FrameHydrated(${Component.displayName ?? Component.name})`
  return FrameHydrated
}

type BrowserPage<TOptions, TContext> = {
  /**
   * The route's `beforeLoad`: throws `redirect(…)` to send the visitor elsewhere, returns what it
   * adds to the route context. Its redirect waits for hydration on the first page load.
   */
  guard?: (options: TOptions) => TContext | Promise<TContext>
  /**
   * The placeholder while the page loads (the server sends it in the frame); the router's default
   * (`PagePending`) without it. NOTE: it loads with the app's entry (the router plugin splits only
   * a route's own `component`, not what a spread holds): keep it small.
   */
  pending?: ComponentType
}

/**
 * The one way to declare a page the browser renders (signed-in pages and the way to them): spread
 * it into the route's options. It sets `ssr: false`, the placeholder (marking the frame hydrated
 * when it commits, whichever skeleton it is) and the guard, whose redirect waits for `hydrated`
 * (TanStack/router#7947, see above). The route keeps its own `component` (so its code is split).
 *
 * @example
 * export const Route = createFileRoute('/login')({
 *   ...browserPage({ guard: leaveIfSignedIn }),
 *   head: () => ({ meta: [{ title: 'Login · Toolhaus' }] }),
 *   component: LoginPage,
 * })
 */
export function browserPage<TOptions, TContext = void>({ guard, pending }: BrowserPage<TOptions, TContext> = {}) {
  return {
    ssr: false as const,
    pendingComponent: pending && markingHydrated(pending),
    beforeLoad: async (options: TOptions): Promise<TContext> => {
      // Opened first, such a page is loaded after hydration from its own beforeLoad on (the root's,
      // which loads Query's client on every navigation, ran on the server): its loader needs the
      // client too (web/lib/browser-query-client.ts).
      const client = loadQueryClient()
      client.catch(() => {}) // awaited below, unless the guard throws first
      try {
        const context = await (guard?.(options) as TContext | Promise<TContext>)
        await client
        return context
      } catch (error) {
        if (isRedirect(error)) await hydrated
        throw error
      }
    },
  }
}
