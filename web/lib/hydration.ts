import { useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

let markDone: () => void = () => {}

/**
 * Resolves once React has taken over the document the Worker sent, the page's own part included.
 *
 * A guard that redirects on the first page load waits for it: TanStack Router (1.170) can
 * finish a `beforeLoad` redirect of an `ssr: false` route while React is still hydrating that
 * route's frame, and React then renders a match the router has already dropped ("Cannot read
 * properties of undefined (reading 'routeId')", React errors 520 and 422; upstream issue
 * TanStack/router#7947, fixed after the versions this project can install). After the first
 * page this is resolved and costs nothing.
 *
 * Who resolves it: on a public page the document's first commit (`useDocumentHydrated`); on a
 * frame (an `ssr: false` route) the part that hydrates last, the route's placeholder
 * (`PagePending`) or, if the route rendered before that, its component (`useFrameHydrated`).
 */
export const hydrated = new Promise<void>((resolve) => {
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
