import type { SettingsPatch } from '#schemas/settings.ts'
import { api, unwrap } from '#web/lib/api.ts'
import { configQuery } from '#web/lib/config.ts'
import { DESK_KEY } from '#web/lib/desk.ts'
import { useMutation, useQueryClient } from '#web/lib/query.ts'
import { settingsQueries } from './settings-queries'

/**
 * An admin saves one or more sections of the settings, each whole; the settings, the audit log and
 * the public config (the payment methods offered) refetch.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (json: SettingsPatch) => unwrap(api.settings.$patch({ json })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsQueries.all() }),
        queryClient.invalidateQueries({ queryKey: DESK_KEY }),
        queryClient.invalidateQueries({ queryKey: configQuery.queryKey }),
      ]),
  })
}
