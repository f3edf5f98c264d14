import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SettingsPatch } from '#schemas/settings.ts'
import { deskQueries } from '#web/features/desk/desk-queries.ts'
import { api, unwrap } from '#web/lib/api.ts'
import { settingsQueries } from './settings-queries'

/** An admin saves one or more sections of the settings, each whole; the settings and the audit log refetch. */
export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (json: SettingsPatch) => unwrap(api.settings.$patch({ json })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsQueries.all() }),
        queryClient.invalidateQueries({ queryKey: deskQueries.all() }),
      ]),
  })
}
