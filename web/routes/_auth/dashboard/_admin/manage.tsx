import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { Tool } from '#schemas/tool.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
import { Pager } from '#web/components/pager.tsx'
import { SearchBox } from '#web/components/search-box.tsx'
import { useDeleteTool } from '#web/features/catalogue/catalogue-mutations.ts'
import { DeleteToolDialog } from '#web/features/catalogue/components/delete-tool-dialog.tsx'
import { ToolTable } from '#web/features/catalogue/components/tool-table.tsx'
import { EditToolDialog } from '#web/features/catalogue/edit-tool-form.tsx'
import { toolQueries } from '#web/features/tools/tools-queries.ts'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { formatCount } from '#web/lib/format.ts'
import { useQuery, useSuspenseQuery } from '#web/lib/query.ts'
import { pageNumber, searchText } from '#web/lib/search-params.ts'
import { toast } from '#web/lib/toast.ts'

const PAGE_SIZE = 20

const validateManageSearch = (search: Record<string, unknown>): { q?: string; page?: number; edit?: string } => ({
  q: searchText(search.q),
  page: pageNumber(search.page),
  // A tool to open for editing (the overview's Restock links here).
  edit: typeof search.edit === 'string' && search.edit.length <= 64 ? search.edit : undefined,
})

const listQuery = ({ q, page = 1 }: { q?: string; page?: number }) =>
  toolQueries.list({ q, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })

export const Route = createFileRoute('/_auth/dashboard/_admin/manage')({
  validateSearch: validateManageSearch,
  loaderDeps: ({ search: { q, page } }) => ({ q, page }),
  // NOTE: `edit` is not a loader dep: opening or closing the dialog must not reload the list.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(listQuery(deps)),
  head: () => ({ meta: [{ title: 'Manage Tools · Toolhaus' }] }),
  component: ManagePage,
})

function ManagePage() {
  const { q, page = 1, edit } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(listQuery({ q, page }))
  // The id, not a copy: after a refetch (say, a 409 because orders took stock) the form sees
  // the tool's current figures, so saving again compares against today's stock.
  const editingId = edit ?? null
  const setEditingId = (id: string | null) =>
    void navigate({ search: (prev) => ({ ...prev, edit: id ?? undefined }), replace: true })
  // The tool being edited may sit on another page (a Restock link): read it on its own.
  const { data: editingAlone } = useQuery({
    ...toolQueries.detail(editingId ?? ''),
    enabled: Boolean(editingId) && !data.items.some((t) => t._id === editingId),
  })
  const editing = data.items.find((tool) => tool._id === editingId) ?? editingAlone ?? null
  const [deleting, setDeleting] = useState<Tool>()
  const totalPages = Math.max(1, Math.ceil(data.total / PAGE_SIZE))

  // Deleting the last tool of a page (or a stale ?page=) leaves it empty: go to the last page that has tools.
  useEffect(() => {
    if (data.items.length === 0 && page > 1)
      void navigate({ search: (prev) => ({ ...prev, page: totalPages > 1 ? totalPages : undefined }), replace: true })
  }, [data.items.length, page, totalPages, navigate])

  const remove = useDeleteTool()
  const deleteTool = (tool: Tool) =>
    remove.mutate(tool._id, {
      onSuccess: () => {
        setDeleting(undefined)
        toast.success(`${tool.name} deleted`)
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 404) {
          setDeleting(undefined)
          toast.error(`${tool.name} was already deleted`)
          return
        }
        toast.error(error.message)
      },
    })

  const first = data.total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1
  const last = (page - 1) * PAGE_SIZE + data.items.length

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Manage Tools</h1>
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            {data.total === 0
              ? q
                ? `No tools match “${q}”.`
                : 'No tools yet.'
              : `${first}–${last} of ${formatCount(data.total)} tools`}
          </p>
        </div>
        <Link to="/dashboard/addTools" className="btn-primary">
          Add a Tool
        </Link>
      </div>

      <SearchBox
        value={q ?? ''}
        label="Search tools"
        placeholder="Search by name or description"
        onSearch={(text) => void navigate({ search: { q: text || undefined }, replace: true })}
      />

      {data.total === 0 ? (
        <EmptyState title={q ? `No tools match “${q}”` : 'No tools yet'} searched={Boolean(q)}>
          <Link to="/dashboard/addTools" className="font-medium text-brand-700 underline underline-offset-4">
            Add a tool
          </Link>{' '}
          and it shows up here and in the shop.
        </EmptyState>
      ) : (
        <ToolTable
          tools={data.items}
          page={page}
          pages={totalPages}
          deletingId={remove.isPending ? remove.variables : undefined}
          onEdit={(tool) => setEditingId(tool._id)}
          onDelete={(tool) => {
            remove.reset()
            setDeleting(tool)
          }}
        />
      )}
      <Pager page={page} pageSize={PAGE_SIZE} total={data.total} noun="tools" />

      <DeleteToolDialog
        tool={deleting}
        busy={remove.isPending}
        error={remove.error?.message}
        onClose={() => setDeleting(undefined)}
        onConfirm={deleteTool}
      />
      <EditToolDialog tool={editing} onClose={() => setEditingId(null)} />
    </div>
  )
}
