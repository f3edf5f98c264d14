import { useLocation, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { authErrorMessage } from '#web/lib/auth-errors.ts'
import { session, useSession } from '#web/lib/session.ts'
import { signIn } from '#web/lib/sign-in.ts'

type Sending =
  | { status: 'idle' | 'sending' | 'sent' | 'checking' | 'not-yet' | 'verified' }
  | { status: 'failed'; message: string }

/** Asks to verify before anything is typed: the heading of the notice shown as a form opens. */
const VERIFY_FIRST = 'Verify your e-mail address to order'

/**
 * Whether the signed-in customer's address is unverified, so the checkout and the Purchase dialog
 * say so as they open; it stays true once it was, so the notice can say the address is verified.
 */
export function useUnverifiedEmail(): boolean {
  const snapshot = useSession()
  const unverified = snapshot.status === 'signedIn' && !snapshot.user.emailVerified
  const [was, setWas] = useState(unverified)
  if (unverified && !was) setWas(true)
  return unverified || was
}

/**
 * Why a signed-in customer cannot order yet, at checkout and in the Purchase dialog: the address
 * is not verified. Shown as they open (heading {@link VERIFY_FIRST}), or with the message of the
 * API's 403 EMAIL_NOT_VERIFIED. Offers to send the link again and, once it is opened, renews the
 * same sign-in with the verified address (not a takeover: docs/api-extensions.md "Verifying is
 * not a takeover"); then it says the address is verified.
 */
export function EmailNotVerified({
  email,
  message = VERIFY_FIRST,
  returnTo,
}: {
  email: string
  message?: string
  /** Where the new sign-in comes back to; this page by default. */
  returnTo?: string
}) {
  const [sending, setSending] = useState<Sending>({ status: 'idle' })
  const navigate = useNavigate()
  const here = useLocation({ select: (l) => l.href })

  const resend = async () => {
    setSending({ status: 'sending' })
    try {
      await signIn.resendVerificationEmail()
      setSending({ status: 'sent' })
    } catch (error) {
      setSending({ status: 'failed', message: authErrorMessage(error) })
    }
  }
  const signInAgain = async () => {
    await session.signOut()
    await navigate({ to: '/login', search: { redirect: returnTo ?? here } })
  }
  // The same sign-in, renewed once Firebase reads the address verified; without a Firebase
  // session in this browser (signed in elsewhere), signing in again is the way.
  const recheck = async () => {
    setSending({ status: 'checking' })
    try {
      setSending({ status: (await session.recheckVerification()) ? 'verified' : 'not-yet' })
    } catch (error) {
      if (error instanceof Error && error.message === 'No user is logged in') return signInAgain()
      setSending({ status: 'failed', message: authErrorMessage(error) })
    }
  }

  if (sending.status === 'verified')
    return (
      <div
        className="rounded-xl bg-emerald-50 p-4 text-sm text-emerald-950 ring-1 ring-emerald-600/20"
        data-testid="email-not-verified"
        role="status"
      >
        <p className="font-semibold">Your e-mail address is verified</p>
        <p className="mt-1">You can place your order now.</p>
      </div>
    )

  return (
    <div
      className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-600/20"
      data-testid="email-not-verified"
    >
      <p className="font-semibold">{message}</p>
      <p className="mt-1">
        Open the verification link e-mailed to <span className="break-all font-medium">{email}</span> (no e-mail? Send
        the link again), then come back here: ordering works once it is opened.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-ghost px-3 py-1.5"
          disabled={sending.status === 'sending'}
          onClick={() => void resend()}
        >
          {sending.status === 'sending' ? 'Sending…' : 'Send the link again'}
        </button>
        <button
          type="button"
          className="btn-ghost px-3 py-1.5"
          disabled={sending.status === 'checking'}
          onClick={() => void recheck()}
        >
          {sending.status === 'checking' ? 'Checking…' : 'I opened the link'}
        </button>
      </div>
      <div role="status" aria-live="polite" className="empty:hidden mt-2">
        {sending.status === 'sent' && <p>We sent a new link to {email}. Open it, then come back here.</p>}
        {sending.status === 'not-yet' && (
          <p className="font-medium">Not verified yet: open the link in the e-mail first, then try again.</p>
        )}
        {sending.status === 'failed' && <p className="font-medium text-red-700">{sending.message}</p>}
      </div>
    </div>
  )
}
