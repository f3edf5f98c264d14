import { useState } from 'react'
import { authErrorMessage } from '#web/lib/auth-errors.ts'

/**
 * Runs a sign-in or sign-up, then `onDone`; keeps the busy flag and the identity
 * provider's error as a sentence. `error` renders it in red under the form.
 */
export function useSignInAction(onDone: () => Promise<unknown>) {
  const [message, setMessage] = useState<string>()
  const [code, setCode] = useState<string>()
  const [busy, setBusy] = useState(false)

  const run = async (action: () => Promise<void>) => {
    setMessage(undefined)
    setCode(undefined)
    setBusy(true)
    try {
      await action()
      await onDone()
    } catch (error) {
      setMessage(authErrorMessage(error))
      setCode(typeof error === 'object' && error && 'code' in error ? String(error.code) : undefined)
    } finally {
      setBusy(false)
    }
  }

  const error = message && (
    <p className="text-sm font-medium text-red-700" role="alert" data-testid="auth-error">
      {message}
    </p>
  )
  /** The refusal's code (the API's `EMAIL_NOT_VERIFIED`, Firebase's `auth/…`), for a page that offers a way on. */
  return { busy, run, error, code }
}
