import { zodResolver } from '@hookform/resolvers/zod'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { type SignupForm, SignupFormSchema } from '#schemas/sign-in.ts'
import { FormField } from '#web/components/form-field.tsx'
import { AuthCard } from '#web/features/auth/auth-card.tsx'
import { GoogleButton } from '#web/features/auth/google-button.tsx'
import { leaveIfSignedIn, validateRedirectSearch } from '#web/features/auth/sign-in-route.ts'
import { useSignInAction } from '#web/features/auth/use-sign-in-action.tsx'
import { mergeVisitorCart } from '#web/features/cart/cart-merge.ts'
import { browserPage } from '#web/lib/hydration.ts'
import { sessionPageHeaders } from '#web/lib/page-head.ts'
import { signIn } from '#web/lib/sign-in.ts'

export const Route = createFileRoute('/signup')({
  // Signed-in pages and the way to them: rendered in the browser (the server does not know who
  // is signed in), and never indexed.
  ...browserPage({ guard: leaveIfSignedIn }),
  headers: sessionPageHeaders,
  // Where the person was going before they chose to create an account (kept from /login).
  validateSearch: validateRedirectSearch,
  head: () => ({ meta: [{ title: 'Sign up · Toolhaus' }] }),
  component: SignupPage,
})

/** Creates the account and says where the verification link went (ordering needs it opened). */
async function signUpAndSay(v: SignupForm) {
  const sent = await signIn.signUp(v.name, v.email, v.password)
  const { toast } = await import('#web/lib/toast.ts')
  if (sent)
    toast.success('Account created', {
      description: `We sent a verification link to ${v.email}. Open it before your first order.`,
    })
  else toast.warning('Account created', { description: VERIFY_LATER })
}

const VERIFY_LATER = 'We could not send the verification link yet: send it again from the checkout before you order.'

function SignupPage() {
  const { redirect: back } = Route.useSearch()
  const navigate = useNavigate()
  // A visitor's cart joins the account's before going on (to /checkout, say).
  const { busy, run, error } = useSignInAction(async () => {
    await mergeVisitorCart()
    await navigate({ to: back ?? '/', replace: true })
  })
  const { register, handleSubmit, formState } = useForm<SignupForm>({ resolver: zodResolver(SignupFormSchema) })

  return (
    <AuthCard
      title="Create your account"
      footer={
        <>
          Already have an account?{' '}
          <Link
            to="/login"
            search={back ? { redirect: back } : {}}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            Login
          </Link>
        </>
      }
    >
      <form noValidate className="space-y-4" onSubmit={handleSubmit((v) => run(() => signUpAndSay(v)))}>
        <FormField label="Name" error={formState.errors.name?.message}>
          <input autoComplete="name" className="field" {...register('name')} />
        </FormField>
        <FormField label="Email" error={formState.errors.email?.message}>
          <input type="email" autoComplete="email" className="field" {...register('email')} />
        </FormField>
        <FormField label="Password" error={formState.errors.password?.message} hint="At least 6 characters.">
          <input type="password" autoComplete="new-password" className="field" {...register('password')} />
        </FormField>
        <button type="submit" className="btn-dark w-full" disabled={busy}>
          {busy ? 'Creating your account…' : 'Sign up'}
        </button>
        {error}
      </form>
      <div className="mt-4">
        <GoogleButton disabled={busy} onClick={() => run(signIn.withGoogle)} />
      </div>
    </AuthCard>
  )
}
