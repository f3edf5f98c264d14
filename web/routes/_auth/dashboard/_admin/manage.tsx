import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { formatBDT } from '#schemas/bdt.ts'
import type { Tool } from '#schemas/tool.ts'
import { EmptyState } from '#web/components/empty-state.tsx'
// NOTE: the app's one modal (native <dialog>) lives with bookings for now; it is generic.
import { Modal } from '#web/components/modal.tsx'
import { PagePending } from '#web/components/page-pending.tsx'
import { SearchBox } from '#web/components/search-box.tsx'
import { EditToolForm } from '#web/features/catalogue/edit-tool-form.tsx'
import { deskQueries } from '#web/features/desk/desk-queries.ts'
import { useDeleteTool } from '#web/features/tools/tools-mutations.ts'
import { toolQueries } from '#web/features/tools/tools-queries.ts'
import { ApiRequestError } from '#web/lib/api.ts'
import { formatCount } from '#web/lib/format.ts'
import { responsiveImage } from '#web/lib/image-variants.ts'
import { pageNumber, searchText } from '#web/lib/search-params.ts'

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
  // Its data still loading after a moment: the skeleton, under the sidebar.
  pendingComponent: PagePending,
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

      {data.total === 0 && (
        <EmptyState title={q ? `No tools match “${q}”` : 'No tools yet'} searched={Boolean(q)}>
          <Link to="/dashboard/addTools" className="font-medium text-brand-700 underline underline-offset-4">
            Add a tool
          </Link>{' '}
          and it shows up here and in the shop.
        </EmptyState>
      )}

      {/* relative: keeps the sr-only cells' absolute boxes inside this scroller, not the page.
          On a phone each row is a card: image, name, price, stock and minimum, then its actions. */}
      {data.total > 0 && (
        <div className="relative mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]">
            <caption className="sr-only">
              Tools in the catalogue, page {page} of {totalPages}
            </caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 max-sm:hidden">
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
            <tbody className="divide-y divide-slate-100 max-sm:block">
              {data.items.map((tool) => {
                const deleting = remove.isPending && remove.variables === tool._id
                return (
                  <tr
                    key={tool._id}
                    data-testid="tool-row"
                    aria-busy={deleting || undefined}
                    className="max-sm:grid max-sm:grid-cols-[3rem_1fr_1fr] max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3"
                  >
                    <td className="px-4 py-2 max-sm:row-span-3 max-sm:p-0">
                      <img
                        {...responsiveImage(tool.img, '48px', 160)}
                        alt=""
                        width={48}
                        height={48}
                        loading="lazy"
                        decoding="async"
                        className="size-12 max-w-none rounded-lg bg-slate-100 object-cover"
                      />
                    </td>
                    <th scope="row" className="px-4 py-3 font-medium text-ink max-sm:col-span-2 max-sm:p-0">
                      {tool.name}
                      {tool.quantity === 0 ? (
                        <span className="ml-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
                          Out of stock
                        </span>
                      ) : (
                        tool.quantity < tool.Minimum_quantity && (
                          <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
                            Low stock
                          </span>
                        )
                      )}
                    </th>
                    <td className="px-4 py-3 text-right tabular-nums whitespace-nowrap max-sm:col-span-2 max-sm:p-0 max-sm:text-left">
                      {formatBDT(tool.price)}
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums max-sm:p-0 max-sm:text-left">
                      <span className="text-slate-600 sm:hidden">Stock </span>
                      <span data-testid="tool-stock">{formatCount(tool.quantity)}</span>
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums max-sm:p-0 max-sm:text-left">
                      <span className="text-slate-600 sm:hidden">Minimum </span>
                      {formatCount(tool.Minimum_quantity)}
                    </td>
                    <td className="px-4 py-3 max-sm:col-span-3 max-sm:p-0 max-sm:pt-1">
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
                          onClick={() => {
                            remove.reset()
                            setDeleting(tool)
                          }}
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
      )}

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

      <DeleteToolDialog
        tool={deleting}
        busy={remove.isPending}
        error={remove.error?.message}
        onClose={() => setDeleting(undefined)}
        onConfirm={deleteTool}
      />

      <Modal
        open={editing !== null}
        onClose={() => setEditingId(null)}
        title={editing ? `Edit ${editing.name}` : 'Edit tool'}
        description="Change any of its details, or restock."
      >
        {editing && <EditToolForm key={editing._id} tool={editing} onDone={() => setEditingId(null)} />}
      </Modal>
    </div>
  )
}

/** Price and stock, each required, from the shared tool schema (so the messages are the server's). */

/**
 * The spec's 'Are You sure?' confirmation, saying what deleting does to the tool's open
 * orders before the admin confirms: unpaid ones are cancelled (customers e-mailed), paid
 * ones still have to be shipped.
 */
function DeleteToolDialog({
  tool,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  tool?: Tool
  busy: boolean
  error?: string
  onClose: () => void
  onConfirm: (tool: Tool) => void
}) {
  const { data: open } = useQuery({ ...deskQueries.toolOrders(tool?._id ?? ''), enabled: Boolean(tool) })
  return (
    <Modal
      open={Boolean(tool)}
      onClose={onClose}
      busy={busy}
      size="sm"
      title="Are You sure?"
      description={tool && `${tool.name} leaves the catalogue.`}
    >
      <div className="space-y-2 text-sm text-slate-700" aria-live="polite">
        {!open ? (
          <p className="h-10 animate-pulse rounded bg-slate-100" role="status" aria-label="Checking its orders" />
        ) : open.unpaid === 0 && open.toFulfil === 0 ? (
          <p>It has no open orders.</p>
        ) : (
          <>
            {open.unpaid > 0 && (
              <p>
                <strong>{formatCount(open.unpaid)}</strong> unpaid {open.unpaid === 1 ? 'order is' : 'orders are'}{' '}
                cancelled, and the customers are e-mailed.
              </p>
            )}
            {open.toFulfil > 0 && (
              <p>
                <strong>{formatCount(open.toFulfil)}</strong> paid{' '}
                {open.toFulfil === 1 ? 'order still has' : 'orders still have'} to be shipped: deleting does not cancel{' '}
                {open.toFulfil === 1 ? 'it' : 'them'}.
              </p>
            )}
          </>
        )}
        {error && (
          <p className="font-medium text-red-700" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-ghost" data-autofocus onClick={onClose} disabled={busy}>
          Keep it
        </button>
        <button
          type="button"
          className="btn bg-red-700 text-white hover:bg-red-800"
          disabled={busy || !open}
          onClick={() => tool && onConfirm(tool)}
        >
          {busy ? 'Deleting…' : 'Delete tool'}
        </button>
      </div>
    </Modal>
  )
}
