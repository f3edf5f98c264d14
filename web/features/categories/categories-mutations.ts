import type { CategoryInput, CategoryPatch } from '#schemas/category.ts'
import { toolQueries } from '#web/features/tools/tools-queries.ts'
import { api, unwrap } from '#web/lib/api.ts'
import { DESK_KEY } from '#web/lib/desk.ts'
import { useMutation, useQueryClient } from '#web/lib/query.ts'
import { categoryQueries } from './categories-queries'

/** After any change: the categories, the lists filtered by them, and the audit log. */
function useCategoriesRefresh() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: categoryQueries.all() }),
      queryClient.invalidateQueries({ queryKey: toolQueries.all() }),
      queryClient.invalidateQueries({ queryKey: DESK_KEY }),
    ])
}

/** An admin adds a category (top-level, or inside a top-level one). */
export function useAddCategory() {
  const refresh = useCategoriesRefresh()
  return useMutation({
    mutationFn: (json: CategoryInput) => unwrap(api.category.$post({ json })),
    onSuccess: () => refresh(),
  })
}

/** An admin renames or moves a category. */
export function useUpdateCategory(id: string) {
  const refresh = useCategoriesRefresh()
  return useMutation({
    mutationFn: (json: CategoryPatch) => unwrap(api.category[':id'].$patch({ param: { id }, json })),
    onSettled: () => refresh(),
  })
}

/** An admin deletes an empty category (a 409 says what it still holds). */
export function useDeleteCategory() {
  const refresh = useCategoriesRefresh()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.category[':id'].$delete({ param: { id } })),
    onSettled: () => refresh(),
  })
}
