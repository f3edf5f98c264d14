import { useRef } from 'react'
import type { Booking } from '#schemas/order.ts'
import { Modal } from '#web/components/modal.tsx'
import { useQuery } from '#web/lib/query.ts'
import { orderQueries } from '../order-queries'

/** The order's tax documents: the tax invoice (Mushak-6.3) of a paid order, the credit note (Mushak-6.7) of a refund. */
export type TaxDocumentKind = 'invoice' | 'credit-note'

const TITLES: Record<TaxDocumentKind, string> = { invoice: 'Tax invoice', 'credit-note': 'Credit note' }

/** A printable tax document of the order (the API's HTML page) in a frame, with a Print button. */
export function ReceiptDialog({
  order,
  open,
  onClose,
  kind = 'invoice',
}: {
  order: Booking
  open: boolean
  onClose: () => void
  kind?: TaxDocumentKind
}) {
  const frame = useRef<HTMLIFrameElement>(null)
  const { data: html, error } = useQuery({ ...orderQueries.taxDocument(order._id, kind), enabled: open })
  const title = `${TITLES[kind]} ${order.orderNumber}`
  return (
    <Modal open={open} onClose={onClose} title={title}>
      {error ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {error.message}
        </p>
      ) : html ? (
        <iframe ref={frame} title={title} srcDoc={html} className="h-[60vh] w-full rounded-lg ring-1 ring-slate-200" />
      ) : (
        <div
          className="h-[60vh] animate-pulse rounded-lg bg-slate-100"
          role="status"
          aria-label={`Loading the ${TITLES[kind].toLowerCase()}`}
        />
      )}
      <div className="mt-4 flex justify-end gap-3">
        <button type="button" className="btn-ghost" onClick={onClose}>
          Done
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={!html}
          onClick={() => frame.current?.contentWindow?.print()}
          data-autofocus
        >
          Print
        </button>
      </div>
    </Modal>
  )
}
