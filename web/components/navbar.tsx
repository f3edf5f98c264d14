import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { type ReactNode, useEffect, useState } from 'react'
import { session as sessionStore, useSession } from '#web/lib/session.ts'
import { Clock } from './clock'

/** The spec's order: Home, Service, Dashboard (signed in), Blogs, Portfolio, then Login or Sign Out. */
const links = [
  { to: '/', label: 'Home', signedInOnly: false },
  { to: '/service', label: 'Service', signedInOnly: false },
  { to: '/dashboard', label: 'Dashboard', signedInOnly: true },
  { to: '/blogs', label: 'Blogs', signedInOnly: false },
  { to: '/portfolio', label: 'Portfolio', signedInOnly: false },
] as const

/**
 * The colours of a link in the bar (the Cart link in web/features/cart too): the router marks the
 * page's own link `data-status="active"`, on the server's render as well.
 */
export const barLinkTone =
  'text-slate-200 hover:bg-white/10 hover:text-white data-[status=active]:bg-white/10 data-[status=active]:text-white'
const linkClass = `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${barLinkTone}`

/**
 * `cart`: the Cart link with its count (web/features/cart), always in sight, on phones too.
 * `search`: the catalogue's search field (web/features/tools), given an element id: in the bar from
 * md, at the top of the phone menu below.
 */
export function Navbar({ cart, search }: { cart?: ReactNode; search?: (id: string) => ReactNode }) {
  const [open, setOpen] = useState(false)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the phone menu
  useEffect(() => setOpen(false), [pathname])

  const session = useSession()
  const navigate = useNavigate()
  const signOut = async () => {
    await sessionStore.signOut()
    await navigate({ to: '/' })
  }

  const items = (
    <>
      {links
        .filter((l) => !l.signedInOnly || session.status === 'signedIn')
        .map((l) => (
          <Link key={l.to} to={l.to} className={linkClass} activeOptions={{ exact: l.to === '/' }}>
            {l.label}
          </Link>
        ))}
      {session.status === 'signedIn' ? (
        <button type="button" className={`${linkClass} text-left`} onClick={() => void signOut()}>
          Sign Out
        </button>
      ) : (
        // Invisible while the first auth state loads, so the bar does not flicker.
        <Link to="/login" className={`${linkClass} ${session.status === 'loading' ? 'invisible' : ''}`}>
          Login
        </Link>
      )}
    </>
  )

  return (
    <header className="sticky top-0 z-40 bg-ink/95 backdrop-blur">
      <nav className="container-page flex h-16 items-center justify-between gap-4" aria-label="Main">
        <Link to="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-white">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          Toolhaus
        </Link>
        <div className="hidden items-center gap-1 md:flex">{items}</div>
        {/* A fixed width, so the bar does not move when its code arrives; only where the links leave room
            for it (from 1280 px: a signed-in bar has six links, the clock and the cart). Narrower
            screens search in the phone menu or on /service. */}
        {search && <div className="hidden h-11 w-56 xl:block">{search('nav-search')}</div>}
        <div className="flex items-center gap-1 sm:gap-3">
          <Clock />
          {cart}
          <button
            type="button"
            className="rounded-md p-2 text-slate-200 hover:bg-white/10 md:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            <svg
              width="24"
              height="24"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </nav>
      {open && (
        <div id="mobile-menu" className="container-page flex flex-col gap-1 pb-4 md:hidden">
          {search && <div className="mb-2 h-11">{search('nav-search-menu')}</div>}
          {items}
        </div>
      )}
    </header>
  )
}
