// The admin's changes to the catalogue (add, edit, delete a tool); the storefront's tools feature only reads them.
import type { ToolInput, ToolPatch } from '#schemas/tool.ts'
import { categoryQueries } from '#web/features/categories/categories-queries.ts'
import { orderQueries } from '#web/features/orders/order-queries.ts'
import { toolQueries } from '#web/features/tools/tools-queries.ts'
import { api, unwrap } from '#web/lib/api.ts'
import { DESK_KEY } from '#web/lib/desk.ts'
import { useMutation, useQueryClient } from '#web/lib/query.ts'

/** Every view of the catalogue, the categories' counts, and the overview's low-stock list. */
function useToolsRefresh() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: toolQueries.all() }),
      queryClient.invalidateQueries({ queryKey: categoryQueries.all() }),
      queryClient.invalidateQueries({ queryKey: DESK_KEY }),
    ])
}

/** An admin adds a tool. */
export function useAddTool() {
  const refresh = useToolsRefresh()
  return useMutation({
    mutationFn: (json: ToolInput) => unwrap(api.service.$post({ json })),
    onSuccess: () => refresh(),
  })
}

/**
 * An admin edits a tool: only the fields sent change; with a new `quantity`, `previousQuantity`
 * makes the server refuse (409) when orders took stock meanwhile, and the list refetches so
 * the form shows today's stock.
 */
export function useUpdateTool(id: string) {
  const refresh = useToolsRefresh()
  return useMutation({
    mutationFn: (json: ToolPatch) => unwrap(api.service[':id'].$patch({ param: { id }, json })),
    onSettled: () => refresh(),
  })
}

/** An admin deletes a tool; its unpaid orders are cancelled, so orders refetch too. */
export function useDeleteTool() {
  const queryClient = useQueryClient()
  const refresh = useToolsRefresh()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.service[':id'].$delete({ param: { id } })),
    // The row goes only once the server has deleted it and the list has been read again.
    onSettled: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: orderQueries.all() })]),
  })
}
