import { getFirebaseAuth } from '#web/lib/firebase.ts'
import { session } from '#web/lib/session.ts'

/**
 * The sign-in actions of the login and sign-up pages: Firebase signs the person in, then
 * the session exchanges its ID token for the API's access token.
 */
export const signIn = {
  async withPassword(email: string, password: string) {
    const [firebaseAuth, { signInWithEmailAndPassword }] = await Promise.all([
      getFirebaseAuth(),
      import('firebase/auth'),
    ])
    const credential = await signInWithEmailAndPassword(firebaseAuth, email, password)
    await session.start(credential.user)
  },
  /**
   * Creates the account and sends Firebase's verification e-mail at once: ordering needs a
   * verified address (api.md). @returns whether the link was sent (sign-up says so).
   */
  async signUp(name: string, email: string, password: string): Promise<boolean> {
    const [firebaseAuth, { createUserWithEmailAndPassword, sendEmailVerification, updateProfile }] = await Promise.all([
      getFirebaseAuth(),
      import('firebase/auth'),
    ])
    const credential = await createUserWithEmailAndPassword(firebaseAuth, email, password)
    await updateProfile(credential.user, { displayName: name })
    const sent = await sendEmailVerification(credential.user).then(
      () => true,
      (err: unknown) => {
        // The account exists either way; the link can be sent again from the checkout.
        console.warn('Sending the verification e-mail failed', err)
        return false
      },
    )
    await session.start(credential.user, { name })
    return sent
  },
  async withGoogle() {
    const [firebaseAuth, { GoogleAuthProvider, signInWithPopup, browserPopupRedirectResolver }] = await Promise.all([
      getFirebaseAuth(),
      import('firebase/auth'),
    ])
    const credential = await signInWithPopup(firebaseAuth, new GoogleAuthProvider(), browserPopupRedirectResolver)
    await session.start(credential.user)
  },
  /**
   * After a 403 EMAIL_NOT_VERIFIED: signs in with the same e-mail and password once more, has
   * Firebase send its verification e-mail, and signs out again. Once the owner opens the link,
   * the password sign-in is verified and works.
   */
  async sendVerificationEmail(email: string, password: string) {
    const [firebaseAuth, { signInWithEmailAndPassword, sendEmailVerification, signOut }] = await Promise.all([
      getFirebaseAuth(),
      import('firebase/auth'),
    ])
    const credential = await signInWithEmailAndPassword(firebaseAuth, email, password)
    try {
      await sendEmailVerification(credential.user)
    } finally {
      await signOut(firebaseAuth)
    }
  },
  /**
   * The signed-in person may not order yet (403 EMAIL_NOT_VERIFIED): Firebase sends the
   * verification link again to the account signed in now. Once it is opened, the next sign-in
   * carries the verified address and the session renews with it.
   */
  async resendVerificationEmail() {
    const [firebaseAuth, { sendEmailVerification }] = await Promise.all([getFirebaseAuth(), import('firebase/auth')])
    if (!firebaseAuth.currentUser) throw new Error('No user is logged in')
    await sendEmailVerification(firebaseAuth.currentUser)
  },
  /** Updates the account's display name (the spec's 'No user is logged in' when nobody is). */
  async updateDisplayName(name: string) {
    const [firebaseAuth, { updateProfile }] = await Promise.all([getFirebaseAuth(), import('firebase/auth')])
    if (!firebaseAuth.currentUser) throw new Error('No user is logged in')
    await updateProfile(firebaseAuth.currentUser, { displayName: name })
    session.setDisplayName(name)
  },
  /** "Forgot password?": Firebase e-mails the address a link to choose a new password. */
  async sendPasswordReset(email: string) {
    const [firebaseAuth, { sendPasswordResetEmail }] = await Promise.all([getFirebaseAuth(), import('firebase/auth')])
    await sendPasswordResetEmail(firebaseAuth, email)
  },
}
