import { useId, useState } from 'react'
import type { Quote } from '#schemas/quote.ts'
import { Modal } from '#web/components/modal.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { toast } from '#web/lib/toast.ts'
import { useDeclineQuote } from '../quote-mutations'

type DeclineQuoteDialogProps = {
  quote: Pick<Quote, '_id' | 'quoteNumber'>
  open: boolean
  onClose: () => void
  /** Who declines: the customer, or the shop (whose reason goes into the audit log). */
  by: 'customer' | 'shop'
}

/** Decline, asked first: it cannot be undone. The shop may say why (kept with the quote and audited). */
export function DeclineQuoteDialog({ quote, open, onClose, by }: DeclineQuoteDialogProps) {
  const id = useId()
  const decline = useDeclineQuote(quote._id)
  const [reason, setReason] = useState('')
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={decline.isPending}
      size="sm"
      title={`Decline ${quote.quoteNumber}?`}
      description={
        by === 'customer'
          ? 'The shop sees it declined on its quote desk; you can ask for a new quote any time.'
          : 'The customer sees it declined in their quotes and can ask for a new one. This cannot be undone.'
      }
    >
      {by === 'shop' && (
        <div className="mt-4">
          <label htmlFor={`${id}-reason`} className="label">
            Reason (optional, kept in the audit log)
          </label>
          <textarea
            id={`${id}-reason`}
            className="field"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-ghost" onClick={onClose} data-autofocus>
          Keep it
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={decline.isPending}
          onClick={() =>
            decline.mutate(reason.trim() || undefined, {
              onSuccess: () => {
                toast.success(`Quote ${quote.quoteNumber} declined`)
                onClose()
              },
              onError: (err) =>
                toast.error(err instanceof ApiRequestError ? err.message : 'We could not reach the shop.'),
            })
          }
        >
          Decline quote
        </button>
      </div>
    </Modal>
  )
}
