import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import { toast } from 'sonner'
import type { Tool } from '../../../../../worker/schemas/tool'
// NOTE: the app's one modal (native <dialog>) lives with bookings for now; it is generic.
import { Modal } from '../../../../components/modal'
import { pageNumber, searchText } from '../../../../lib/search-params'
import { toolQueries } from '../../../../features/tools/tools-queries'
import { api, ApiRequestError, unwrap } from '../../../../lib/api'
import { formatBDT } from '../../../../lib/money'
import { EditToolForm } from '../../../../features/catalogue/edit-tool-form'

const PAGE_SIZE = 20

const validateManageSearch = (search: Record<string, unknown>): { q?: string; page?: number } => ({
  q: searchText(search.q),
  page: pageNumber(search.page),
})

const listQuery = ({ q, page = 1 }: { q?: string; page?: number }) =>
  toolQueries.list({ q, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })

export const Route = createFileRoute('/_auth/dashboard/_admin/manage')({
  validateSearch: validateManageSearch,
  loaderDeps: ({ search: { q, page } }) => ({ q, page }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(listQuery(deps)),
  head: () => ({ meta: [{ title: 'Manage Tools · Toolhaus' }] }),
  component: ManagePage,
})

const count = new Intl.NumberFormat('en-US')

function ManagePage() {
  const { q, page = 1 } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(listQuery({ q, page }))
  const queryClient = useQueryClient()
  // The id, not a copy: after a refetch (say, a 409 because orders took stock) the form sees
  // the tool's current figures, so saving again compares against today's stock.
  const [editingId, setEditingId] = useState<string | null>(null)
  const editing = data.items.find((tool) => tool._id === editingId) ?? null
  const totalPages = Math.max(1, Math.ceil(data.total / PAGE_SIZE))

  // Deleting the last tool of a page (or a stale ?page=) leaves it empty: go to the last page that has tools.
  useEffect(() => {
    if (data.items.length === 0 && page > 1)
      void navigate({ search: (prev) => ({ ...prev, page: totalPages > 1 ? totalPages : undefined }), replace: true })
  }, [data.items.length, page, totalPages, navigate])

  const remove = useMutation({
    mutationFn: (tool: Tool) => unwrap(api.service[':id'].$delete({ param: { id: tool._id } })),
    // The row goes only once the server has deleted it and the list has been read again.
    onSuccess: async (_result, tool) => {
      await queryClient.invalidateQueries({ queryKey: toolQueries.all() })
      toast.success(`${tool.name} deleted`)
    },
    onError: async (error, tool) => {
      if (error instanceof ApiRequestError && error.status === 404) {
        await queryClient.invalidateQueries({ queryKey: toolQueries.all() })
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
            {data.total === 0 ? (q ? `No tools match “${q}”.` : 'No tools yet.') : `${first}–${last} of ${count.format(data.total)} tools`}
          </p>
        </div>
        <Link to="/dashboard/addTools" className="btn-primary">
          Add a Tool
        </Link>
      </div>

      <SearchForm key={q ?? ''} initial={q ?? ''} onSearch={(text) => void navigate({ search: { q: text || undefined }, replace: true })} />

      {/* relative: keeps the sr-only cells' absolute boxes inside this scroller, not the page. */}
      <div className="relative mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">
            Tools in the catalogue, page {page} of {totalPages}
          </caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Image</span>
              </th>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Price
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Stock
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Minimum
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.items.map((tool) => {
              const deleting = remove.isPending && remove.variables?._id === tool._id
              return (
                <tr key={tool._id} data-testid="tool-row" aria-busy={deleting || undefined}>
                  <td className="px-4 py-2">
                    <img
                      src={tool.img}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      decoding="async"
                      className="size-12 max-w-none rounded-lg bg-slate-100 object-cover"
                    />
                  </td>
                  <th scope="row" className="px-4 py-3 font-medium text-ink">
                    {tool.name}
                  </th>
                  <td className="px-4 py-3 text-right tabular-nums whitespace-nowrap">{formatBDT(tool.price)}</td>
                  <td className="px-4 py-3 text-right tabular-nums" data-testid="tool-stock">
                    {count.format(tool.quantity)}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{count.format(tool.Minimum_quantity)}</td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-2">
                      <button
                        type="button"
                        className="btn-ghost px-3 py-1.5"
                        onClick={() => setEditingId(tool._id)}
                        aria-label={`Edit ${tool.name}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn-ghost px-3 py-1.5 text-red-700"
                        disabled={deleting}
                        aria-label={`Delete ${tool.name}`}
                        onClick={() => window.confirm('Are You sure?') && remove.mutate(tool)}
                      >
                        {deleting ? 'Deleting…' : 'Delete'}
                      </button>
                    </div>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>

      {totalPages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
          <Link
            to="/dashboard/manage"
            search={(prev) => ({ ...prev, page: page - 1 > 1 ? page - 1 : undefined })}
            disabled={page <= 1}
            className={`btn-ghost ${page <= 1 ? 'pointer-events-none opacity-50' : ''}`}
            aria-disabled={page <= 1 || undefined}
          >
            Previous
          </Link>
          <span className="text-sm text-slate-600">
            Page {page} of {totalPages}
          </span>
          <Link
            to="/dashboard/manage"
            search={(prev) => ({ ...prev, page: page + 1 })}
            disabled={page >= totalPages}
            className={`btn-ghost ${page >= totalPages ? 'pointer-events-none opacity-50' : ''}`}
            aria-disabled={page >= totalPages || undefined}
          >
            Next
          </Link>
        </nav>
      )}

      <Modal
        open={editing !== null}
        onClose={() => setEditingId(null)}
        title={editing ? `Edit ${editing.name}` : 'Edit tool'}
        description="Change the price or restock."
      >
        {editing && <EditToolForm key={editing._id} tool={editing} onDone={() => setEditingId(null)} />}
      </Modal>
    </div>
  )
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initial)
  const id = useId()
  return (
    <form
      role="search"
      className="mt-6 flex gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        onSearch(text.trim())
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search tools
      </label>
      <input
        id={id}
        type="search"
        className="field min-w-0 flex-1 sm:max-w-sm"
        placeholder="Search by name"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn-dark shrink-0">
        Search
      </button>
    </form>
  )
}

/** Price and stock, each required, from the shared tool schema (so the messages are the server's). */
