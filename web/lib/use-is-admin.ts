import { adminQuery } from './admin-query'
import { useQuery } from './query'
import { useSession } from './session'

/** Whether the signed-in user is an admin (false while unknown, and for nobody signed in). */
export function useIsAdmin(): boolean {
  const session = useSession()
  const email = session.status === 'signedIn' ? session.user.email : ''
  const { data: isAdmin = false } = useQuery({ ...adminQuery(email), enabled: Boolean(email) })
  return Boolean(email) && isAdmin
}
