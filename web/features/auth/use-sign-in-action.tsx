import { useState } from 'react'
import { authErrorMessage } from '../../lib/firebase'

/**
 * Runs a sign-in or sign-up, then `onDone`; keeps the busy flag and the identity
 * provider's error as a sentence. `error` renders it in red under the form.
 */
export function useSignInAction(onDone: () => Promise<unknown>) {
  const [message, setMessage] = useState<string>()
  const [busy, setBusy] = useState(false)

  const run = async (action: () => Promise<void>) => {
    setMessage(undefined)
    setBusy(true)
    try {
      await action()
      await onDone()
    } catch (error) {
      setMessage(authErrorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const error = message && (
    <p className="text-sm font-medium text-red-700" role="alert" data-testid="auth-error">
      {message}
    </p>
  )
  return { busy, run, error }
}
