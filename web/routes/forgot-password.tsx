import { createFileRoute, Link } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { emailField } from '#schemas/email.ts'
import { PagePending } from '../components/page-pending'
import { AuthCard } from '../features/auth/auth-card'
import { authErrorMessage } from '../features/auth/auth-errors'
import { signIn } from '../features/auth/sign-in'

const EmailSchema = emailField({ required: 'Email is Required', invalid: 'Provide a Valid Email' })

export const Route = createFileRoute('/forgot-password')({
  // Signed-in pages and the way to them: rendered in the browser (the server does not know who
  // is signed in), and never indexed.
  ssr: false,
  pendingComponent: PagePending,
  headers: () => ({ 'X-Robots-Tag': 'noindex' }),
  validateSearch: (search: Record<string, unknown>): { email?: string } => ({
    email: typeof search.email === 'string' ? search.email.slice(0, 254) : undefined,
  }),
  head: () => ({ meta: [{ title: 'Reset your password · Toolhaus' }] }),
  component: ForgotPasswordPage,
})

/** "Forgot password?": Firebase e-mails a link to set a new one. */
function ForgotPasswordPage() {
  const { email: initial } = Route.useSearch()
  const [state, setState] = useState<{ step: 'form' | 'sending' | 'sent'; error?: string; email?: string }>({
    step: 'form',
  })
  const id = useId()

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const parsed = EmailSchema.safeParse(new FormData(e.currentTarget).get('email') ?? '')
    if (!parsed.success) return setState({ step: 'form', error: parsed.error.issues[0]?.message })
    setState({ step: 'sending', email: parsed.data })
    try {
      await signIn.sendPasswordReset(parsed.data)
      setState({ step: 'sent', email: parsed.data })
    } catch (error) {
      // An unknown address is answered like a known one: the page never tells who has an account.
      if ((error as { code?: string })?.code === 'auth/user-not-found') setState({ step: 'sent', email: parsed.data })
      else setState({ step: 'form', error: authErrorMessage(error), email: parsed.data })
    }
  }

  return (
    <AuthCard
      title="Reset your password"
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-4">
          Back to login
        </Link>
      }
    >
      {state.step === 'sent' ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900">
          If {state.email} has an account, we have sent it a link to choose a new password. Open it, then log in with
          the new password.
        </p>
      ) : (
        <form noValidate className="space-y-4" onSubmit={submit}>
          <p className="text-sm text-slate-600">
            Enter the e-mail address you signed up with and we will send you a link to choose a new password.
          </p>
          <div>
            <label htmlFor={id} className="label">
              Email
            </label>
            <input
              id={id}
              name="email"
              type="email"
              autoComplete="email"
              className="field mt-1 w-full"
              defaultValue={state.email ?? initial ?? ''}
              aria-invalid={Boolean(state.error) || undefined}
              aria-describedby={state.error ? `${id}-error` : undefined}
            />
            {state.error && (
              <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" role="alert">
                {state.error}
              </p>
            )}
          </div>
          <button type="submit" className="btn-dark w-full" disabled={state.step === 'sending'}>
            {state.step === 'sending' ? 'Sending…' : 'Send the reset link'}
          </button>
        </form>
      )}
    </AuthCard>
  )
}
