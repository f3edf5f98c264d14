import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { useSession } from '#web/lib/session.ts'
import type { QuoteAsked } from './request-quote-dialog'

// The dialog (its form, the form library, the quote's schema and the API client) loads when it is
// first opened, not with the tool page or the cart every visitor reads (scripts/entry-guard.ts).
const RequestQuoteDialog = lazy(() => import('./request-quote-dialog').then((m) => ({ default: m.RequestQuoteDialog })))

type RequestQuoteProps = {
  /** What to ask about: the cart, or one tool at a quantity. */
  what: QuoteAsked
  /** Where a visitor comes back to after signing in. */
  returnTo: string
  className?: string
}

/**
 * **Request a quote**: a dialog with an optional message; the request goes to the shop, and the
 * customer lands on their Quotes page. A visitor signs in first.
 */
export function RequestQuote({ what, returnTo, className = 'btn-ghost w-full py-3 text-base' }: RequestQuoteProps) {
  const session = useSession()
  const [open, setOpen] = useState(false)
  // Mounted once first opened, then kept (its code loads then).
  const [wanted, setWanted] = useState(false)

  if (session.status !== 'signedIn')
    return (
      <Link to="/login" search={{ redirect: returnTo }} className={className}>
        Request a quote
      </Link>
    )

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        Request a quote
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <RequestQuoteDialog what={what} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
