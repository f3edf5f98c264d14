import type { ContactInput } from '#schemas/contact.ts'
import { api, unwrap } from '#web/lib/api.ts'
import { useMutation, useQueryClient } from '#web/lib/query.ts'

/** A visitor sends a message through the contact form (admins see it in Messages). */
export function useSendMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (json: ContactInput) => unwrap(api.contact.$post({ json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contact'] }),
  })
}
