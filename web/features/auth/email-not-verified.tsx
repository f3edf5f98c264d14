import { useLocation, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { session } from '#web/lib/session.ts'
import { authErrorMessage } from './auth-errors'
import { signIn } from './sign-in'

type Sending = { status: 'idle' | 'sending' | 'sent' } | { status: 'failed'; message: string }

/**
 * Why a signed-in customer cannot order yet (the API's 403 EMAIL_NOT_VERIFIED), at checkout and
 * in the Purchase dialog: the address is not verified. Offers to send the link again and to sign
 * in again once it is opened (the new sign-in carries the verified address: api.md "Tokens").
 */
export function EmailNotVerified({
  email,
  message,
  returnTo,
}: {
  email: string
  message: string
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

  return (
    <div
      className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-600/20"
      data-testid="email-not-verified"
    >
      <p className="font-semibold">{message}</p>
      <p className="mt-1">
        Open the verification link e-mailed to <span className="break-all font-medium">{email}</span> (no e-mail? Send
        the link again), then sign in again: ordering works from that sign-in on.
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
        <button type="button" className="btn-ghost px-3 py-1.5" onClick={() => void signInAgain()}>
          Sign in again
        </button>
      </div>
      <div role="status" aria-live="polite" className="empty:hidden mt-2">
        {sending.status === 'sent' && <p>We sent a new link to {email}. Open it, then sign in again.</p>}
        {sending.status === 'failed' && <p className="font-medium text-red-700">{sending.message}</p>}
      </div>
    </div>
  )
}
