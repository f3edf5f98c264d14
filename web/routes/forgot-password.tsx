import { createFileRoute, Link } from '@tanstack/react-router'
import { AuthCard } from '#web/features/auth/auth-card.tsx'
import { PasswordResetForm } from '#web/features/auth/password-reset-form.tsx'
import { browserPage } from '#web/lib/hydration.ts'
import { sessionPageHeaders } from '#web/lib/page-head.ts'

export const Route = createFileRoute('/forgot-password')({
  // Signed-in pages and the way to them: rendered in the browser (the server does not know who
  // is signed in), and never indexed.
  ...browserPage(),
  headers: sessionPageHeaders,
  validateSearch: (search: Record<string, unknown>): { email?: string } => ({
    email: typeof search.email === 'string' ? search.email.slice(0, 254) : undefined,
  }),
  head: () => ({ meta: [{ title: 'Reset your password · Toolhaus' }] }),
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  const { email } = Route.useSearch()
  return (
    <AuthCard
      title="Reset your password"
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-4">
          Back to login
        </Link>
      }
    >
      <PasswordResetForm initialEmail={email} />
    </AuthCard>
  )
}
