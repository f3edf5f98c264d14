const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'The e-mail or password is wrong.',
  'auth/wrong-password': 'The e-mail or password is wrong.',
  'auth/user-not-found': 'The e-mail or password is wrong.',
  'auth/invalid-email': 'That e-mail address does not look right.',
  'auth/user-disabled': 'This account has been disabled. Please contact us.',
  'auth/email-already-in-use': 'An account with this e-mail already exists. Log in instead.',
  'auth/weak-password': 'Please choose a stronger password (at least 6 characters).',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Check your connection and try again.',
  'auth/popup-closed-by-user': 'The Google window was closed before sign-in finished.',
  'auth/cancelled-popup-request': 'The Google window was closed before sign-in finished.',
  'auth/popup-blocked': 'Your browser blocked the Google window. Allow pop-ups for this site and try again.',
  'auth/account-exists-with-different-credential':
    'This e-mail already signs in another way. Use your password instead.',
}

/** Turns an identity-provider error into a sentence a person understands. */
export function authErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error && 'code' in error ? String(error.code) : ''
  if (MESSAGES[code]) return MESSAGES[code]
  // The shop's API refused the sign-in (a removed account, an unverified e-mail): its words.
  if (error instanceof Error && (!code || typeof (error as { status?: unknown }).status === 'number'))
    return error.message
  return 'Sign-in failed. Please try again.'
}
