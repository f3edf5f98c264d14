import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { LoginFormSchema } from '#schemas/sign-in.ts'
import type { z } from '#schemas/zod.ts'
import { FormField } from '#web/components/form-field.tsx'
import { authErrorMessage } from '#web/lib/auth-errors.ts'
import { signIn } from '#web/lib/sign-in.ts'

// NOTE: its own module, not in the route file: a schema at a route's top level stays in the
// route's part of the entry chunk and takes zod there with it.
/** The login form's e-mail, with its messages. */
const ResetFormSchema = LoginFormSchema.pick({ email: true })
type ResetFormValues = z.input<typeof ResetFormSchema>
type ResetForm = z.output<typeof ResetFormSchema>

/** "Forgot password?": Firebase e-mails a link to set a new one; then the page says where it went. */
export function PasswordResetForm({ initialEmail }: { initialEmail?: string }) {
  // The address the link went to, once sent.
  const [sentTo, setSentTo] = useState<string>()
  const { register, handleSubmit, formState, setError } = useForm<ResetFormValues, unknown, ResetForm>({
    resolver: zodResolver(ResetFormSchema),
    defaultValues: { email: initialEmail ?? '' },
  })

  const submit = async ({ email }: ResetForm) => {
    try {
      await signIn.sendPasswordReset(email)
      setSentTo(email)
    } catch (error) {
      // An unknown address is answered like a known one: the page never tells who has an account.
      if ((error as { code?: string })?.code === 'auth/user-not-found') setSentTo(email)
      else setError('email', { type: 'server', message: authErrorMessage(error) })
    }
  }

  if (sentTo !== undefined)
    return (
      <p role="status" className="rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900">
        If {sentTo} has an account, we have sent it a link to choose a new password. Open it, then log in with the new
        password.
      </p>
    )
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      <p className="text-sm text-slate-600">
        Enter the e-mail address you signed up with and we will send you a link to choose a new password.
      </p>
      <FormField label="Email" error={formState.errors.email?.message}>
        <input type="email" autoComplete="email" className="field" {...register('email')} />
      </FormField>
      <button type="submit" className="btn-dark w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending…' : 'Send the reset link'}
      </button>
    </form>
  )
}
