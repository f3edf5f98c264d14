import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import type { Booking } from '#schemas/booking.ts'
import { Modal } from '#web/components/modal.tsx'
import { bookingQueries } from '../bookings-queries'

/** The printable receipt (the API's invoice page) in a frame, with a Print button. */
export function ReceiptDialog({ order, open, onClose }: { order: Booking; open: boolean; onClose: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const { data: html, error } = useQuery({ ...bookingQueries.invoice(order._id), enabled: open })
  return (
    <Modal open={open} onClose={onClose} title={`Receipt ${order.orderNumber}`}>
      {error ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {error.message}
        </p>
      ) : html ? (
        <iframe
          ref={frame}
          title={`Receipt ${order.orderNumber}`}
          srcDoc={html}
          className="h-[60vh] w-full rounded-lg ring-1 ring-slate-200"
        />
      ) : (
        <div
          className="h-[60vh] animate-pulse rounded-lg bg-slate-100"
          role="status"
          aria-label="Loading the receipt"
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
