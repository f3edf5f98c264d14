import { Link } from '@tanstack/react-router'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { barLinkTone } from '#web/components/navbar.tsx'
import { useSession } from '#web/lib/session.ts'
import { subscribeVisitorCart, visitorLines } from '../visitor-cart'

const visitorCount = () => visitorLines().length

/**
 * The navbar's Cart with the number of tools in it. The server renders it without a number (it
 * does not know who reads the page) in a slot of the number's width, and the browser fills it in
 * after hydration: a visitor's from this browser, a signed-in user's from `GET /api/cart`. So the
 * count never holds the page up nor moves the navbar.
 */
export function CartLink() {
  const session = useSession()
  const signedIn = session.status === 'signedIn'
  const inBrowser = useSyncExternalStore(subscribeVisitorCart, visitorCount, () => null)
  const signedInCount = useSignedInCartCount(signedIn)

  // A browser cart beside a session (the visitor signed in in another tab, or the merge at sign-in
  // failed): it joins the user's cart now. Its code loads only then.
  useEffect(() => {
    if (signedIn && inBrowser) void import('../cart-merge').then((m) => m.mergeVisitorCart())
  }, [signedIn, inBrowser])

  const count = session.status === 'signedOut' ? inBrowser : signedIn ? signedInCount : null
  return (
    <Link
      to="/cart"
      className={`inline-flex items-center gap-0.5 rounded-md px-1 py-2 text-sm font-medium sm:gap-1.5 sm:px-3 ${barLinkTone}`}
      aria-label={count === null ? 'Cart' : `Cart, ${count} ${count === 1 ? 'tool' : 'tools'}`}
    >
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.8a1 1 0 0 0 1-.8L20 8H6.2" />
        <circle cx="9.5" cy="19" r="1.5" />
        <circle cx="17" cy="19" r="1.5" />
      </svg>
      <span className="hidden sm:inline">Cart</span>
      {/* Two digits at most (50 tools): the slot keeps its width whatever the count, or none yet. */}
      <span
        className={`grid h-5 w-5 place-items-center rounded-full bg-brand-500 text-xs font-bold tabular-nums text-ink ${count === null ? 'invisible' : ''}`}
        aria-hidden="true"
        data-testid="cart-count"
      >
        {count ?? ''}
      </span>
    </Link>
  )
}

/** A signed-in user's count, from the cart's query: its code (TanStack Query's) loads with the session, not the page. */
function useSignedInCartCount(signedIn: boolean): number | null {
  const [count, setCount] = useState<number | null>(null)
  useEffect(() => {
    if (!signedIn) return setCount(null)
    let stop: (() => void) | undefined
    let stopped = false
    void import('../cart-count').then(({ watchCartCount }) => {
      if (!stopped) stop = watchCartCount(setCount)
    })
    return () => {
      stopped = true
      stop?.()
    }
  }, [signedIn])
  return count
}
