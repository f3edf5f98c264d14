import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api.ts'

export const userQueries = {
  all: () => ['users'] as const,
  profile: (email: string) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'profile', email] as const,
      queryFn: () => unwrap(api.user[':email'].$get({ param: { email } })),
    }),
}
