import { redirect } from '@tanstack/react-router'
import { localPath } from '#web/lib/search-params.ts'
import type { Session } from '#web/lib/session.ts'

/** What /login and /signup share: where the person was going (`?redirect=`, a path of this shop only). */
export const validateRedirectSearch = (search: Record<string, unknown>): { redirect?: string } => ({
  redirect: localPath(search.redirect),
})

/** A signed-in person has nothing to do on /login or /signup: on to where they were going. */
export async function leaveIfSignedIn({
  context,
  search,
}: {
  context: { auth: Pick<Session, 'ready'> }
  search: { redirect?: string }
}) {
  if ((await context.auth.ready()).status === 'signedIn') {
    throw redirect({ to: search.redirect ?? '/' })
  }
}
