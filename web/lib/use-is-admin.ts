import type { AdminFlag } from '#schemas/user.ts'
import { adminQuery } from './admin-query'
import { useQuery } from './query'
import { useSession } from './session'

const NOBODY: AdminFlag = { admin: false, roles: [], permissions: [] }

/** The signed-in user's staff roles and permissions (none while unknown, and for nobody signed in). */
export function useStaff(): AdminFlag {
  const session = useSession()
  const email = session.status === 'signedIn' ? session.user.email : ''
  const { data = NOBODY } = useQuery({ ...adminQuery(email), enabled: Boolean(email) })
  return email ? data : NOBODY
}

/** Whether the signed-in user is staff, the wire's "admin" (false while unknown, and for nobody signed in). */
export const useIsAdmin = (): boolean => useStaff().admin
