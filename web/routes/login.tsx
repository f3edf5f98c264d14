import { zodResolver } from '@hookform/resolvers/zod'
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { LoginFormSchema, type LoginForm } from '../../worker/schemas/sign-in'
import { FormField } from '../components/form-field'
import { AuthCard } from '../features/auth/auth-card'
import { GoogleButton } from '../features/auth/google-button'
import { useSignInAction } from '../features/auth/use-sign-in-action'
import { localPath } from '../lib/search-params'
import { auth } from '../lib/auth'

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: localPath(search.redirect) }),
  beforeLoad: async ({ context, search }) => {
    if ((await context.auth.ready()).status === 'signedIn') throw redirect({ to: search.redirect ?? '/' })
  },
  head: () => ({ meta: [{ title: 'Login · Toolhaus' }] }),
  component: LoginPage,
})

function LoginPage() {
  const { redirect: back } = Route.useSearch()
  const navigate = useNavigate()
  const { busy, run, error } = useSignInAction(() => navigate({ to: back ?? '/', replace: true }))
  const { register, handleSubmit, formState } = useForm<LoginForm>({ resolver: zodResolver(LoginFormSchema) })

  return (
    <AuthCard
      title="Login"
      footer={
        <>
          New to Toolhaus?{' '}
          <Link to="/signup" className="font-semibold text-brand-700 underline underline-offset-4">
            Create an account
          </Link>
        </>
      }
    >
      <form noValidate className="space-y-4" onSubmit={handleSubmit((v) => run(() => auth.signInWithPassword(v.email, v.password)))}>
        <FormField label="Email" error={formState.errors.email?.message}>
          <input type="email" autoComplete="email" className="field" {...register('email')} />
        </FormField>
        <FormField label="Password" error={formState.errors.password?.message}>
          <input type="password" autoComplete="current-password" className="field" {...register('password')} />
        </FormField>
        <button type="submit" className="btn-dark w-full" disabled={busy}>
          {busy ? 'Signing in…' : 'Login'}
        </button>
        {error}
      </form>
      <div className="mt-4">
        <GoogleButton disabled={busy} onClick={() => run(auth.signInWithGoogle)} />
      </div>
    </AuthCard>
  )
}
