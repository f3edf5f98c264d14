import type { ProfileUpdateInput, UserProfile } from '#schemas/user.ts'
import { api, unwrap } from '#web/lib/api.ts'
import { useMutation, useQueryClient } from '#web/lib/query.ts'
import { session } from '#web/lib/session.ts'
import { signIn } from '#web/lib/sign-in.ts'
import { userQueries } from './users-queries'

function useUsersRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: userQueries.all() })
}

/** An admin makes a user an admin. */
export function useMakeAdmin() {
  const refresh = useUsersRefresh()
  return useMutation({
    mutationFn: (email: string) => unwrap(api.user.admin[':email'].$put({ param: { email } })),
    onSettled: () => refresh(),
  })
}

/** An admin removes (blocks) a user. */
export function useRemoveUser() {
  const refresh = useUsersRefresh()
  return useMutation({
    mutationFn: (email: string) => unwrap(api.user[':email'].$delete({ param: { email } })),
    onSettled: () => refresh(),
  })
}

/** An admin lets a removed user back in. */
export function useRestoreUser() {
  const refresh = useUsersRefresh()
  return useMutation({
    mutationFn: (email: string) => unwrap(api.user[':email'].restore.$post({ param: { email } })),
    onSettled: () => refresh(),
  })
}

/** Someone updates their profile (a new name goes to Firebase too, as the spec's form does). */
export function useUpdateProfile(profile: UserProfile, displayName: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (values: ProfileUpdateInput) => {
      const [saved] = await unwrap(api.user[':email'].$put({ param: { email: profile.email }, json: values }))
      // Only a saved name goes to Firebase: a refused save leaves both as they were.
      if (values.name && values.name !== displayName) await signIn.updateDisplayName(values.name)
      return saved
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(userQueries.profile(profile.email).queryKey, saved)
      session.setProfile(saved)
    },
  })
}
