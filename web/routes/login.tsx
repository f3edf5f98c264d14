import { zodResolver } from '@hookform/resolvers/zod'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { type LoginForm, LoginFormSchema } from '#schemas/sign-in.ts'
import { FormField } from '#web/components/form-field.tsx'
import { AuthCard } from '#web/features/auth/auth-card.tsx'
import { GoogleButton } from '#web/features/auth/google-button.tsx'
import { leaveIfSignedIn, validateRedirectSearch } from '#web/features/auth/sign-in-route.ts'
import { useSignInAction } from '#web/features/auth/use-sign-in-action.tsx'
import { mergeVisitorCart } from '#web/features/cart/cart-merge.ts'
import { browserPage } from '#web/lib/hydration.ts'
import { sessionPageHeaders } from '#web/lib/page-head.ts'
import { signIn } from '#web/lib/sign-in.ts'

export const Route = createFileRoute('/login')({
  // Signed-in pages and the way to them: rendered in the browser (the server does not know who
  // is signed in), and never indexed.
  ...browserPage({ guard: leaveIfSignedIn }),
  headers: sessionPageHeaders,
  validateSearch: validateRedirectSearch,
  head: () => ({ meta: [{ title: 'Login · Toolhaus' }] }),
  component: LoginPage,
})

function LoginPage() {
  const { redirect: back } = Route.useSearch()
  const navigate = useNavigate()
  // A visitor's cart joins the account's before going on (to /checkout, say).
  const { busy, run, error, code } = useSignInAction(async () => {
    await mergeVisitorCart()
    await navigate({ to: back ?? '/', replace: true })
  })
  const { register, handleSubmit, formState, getValues, control } = useForm<LoginForm>({
    resolver: zodResolver(LoginFormSchema),
  })
  const watchedEmail = useWatch({ control, name: 'email' })
  const [verification, setVerification] = useState<'sending' | 'sent' | string>()

  return (
    <AuthCard
      title="Login"
      footer={
        <>
          New to Toolhaus?{' '}
          <Link
            to="/signup"
            search={back ? { redirect: back } : {}}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            Create an account
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((v) => run(() => signIn.withPassword(v.email, v.password)))}
      >
        <FormField label="Email" error={formState.errors.email?.message}>
          <input type="email" autoComplete="email" className="field" {...register('email')} />
        </FormField>
        <FormField label="Password" error={formState.errors.password?.message}>
          <input type="password" autoComplete="current-password" className="field" {...register('password')} />
        </FormField>
        <p className="-mt-2 text-right text-sm">
          <Link
            to="/forgot-password"
            search={{ email: watchedEmail || undefined }}
            className="font-medium text-brand-700 underline underline-offset-4"
          >
            Forgot password?
          </Link>
        </p>
        <button type="submit" className="btn-dark w-full" disabled={busy}>
          {busy ? 'Signing in…' : 'Login'}
        </button>
        {error}
        {code === 'EMAIL_NOT_VERIFIED' && (
          <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" aria-live="polite">
            {verification === 'sent' ? (
              <p>We have sent a verification link to {getValues('email')}. Open it, then log in again here.</p>
            ) : (
              <>
                <p>
                  To use your password, verify your e-mail address first. Or continue with Google, as you did before.
                </p>
                <button
                  type="button"
                  className="btn-ghost mt-2 px-3 py-1.5"
                  disabled={verification === 'sending'}
                  onClick={async () => {
                    setVerification('sending')
                    try {
                      await signIn.sendVerificationEmail(getValues('email'), getValues('password'))
                      setVerification('sent')
                    } catch (err) {
                      setVerification(
                        err instanceof Error ? err.message : 'The e-mail could not be sent. Please try again.',
                      )
                    }
                  }}
                >
                  {verification === 'sending' ? 'Sending…' : 'Send verification e-mail'}
                </button>
                {verification && verification !== 'sending' && <p className="mt-2 text-red-700">{verification}</p>}
              </>
            )}
          </div>
        )}
      </form>
      <div className="mt-4">
        <GoogleButton disabled={busy} onClick={() => run(signIn.withGoogle)} />
      </div>
    </AuthCard>
  )
}
