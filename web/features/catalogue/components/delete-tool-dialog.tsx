import type { Tool } from '#schemas/tool.ts'
import { Modal } from '#web/components/modal.tsx'
import { toolQueries } from '#web/features/tools/tools-queries.ts'
import { formatCount } from '#web/lib/format.ts'
import { useQuery } from '#web/lib/query.ts'

/**
 * The spec's 'Are You sure?' confirmation, saying what deleting does to the tool's open
 * orders before the admin confirms: unpaid ones are cancelled (customers e-mailed), paid
 * ones still have to be shipped.
 */
export function DeleteToolDialog({
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
  const { data: open } = useQuery({ ...toolQueries.orders(tool?._id ?? ''), enabled: Boolean(tool) })
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
