import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { type Quote, QuoteDeclineSchema } from '#schemas/quote.ts'
import type { z } from '#schemas/zod.ts'
import { FormField } from '#web/components/form-field.tsx'
import { Modal } from '#web/components/modal.tsx'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
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
  const decline = useDeclineQuote(quote._id)
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
      <DeclineQuoteForm quote={quote} by={by} decline={decline} onClose={onClose} />
    </Modal>
  )
}

type DeclineFormValues = z.input<typeof QuoteDeclineSchema>
type DeclineForm = z.output<typeof QuoteDeclineSchema>

function DeclineQuoteForm({
  quote,
  by,
  decline,
  onClose,
}: Omit<DeclineQuoteDialogProps, 'open'> & { decline: ReturnType<typeof useDeclineQuote> }) {
  const { register, handleSubmit, formState, setError } = useForm<DeclineFormValues, unknown, DeclineForm>({
    resolver: zodResolver(QuoteDeclineSchema),
    defaultValues: { reason: '' },
  })
  const submit = ({ reason }: DeclineForm) =>
    decline.mutate(reason, {
      onSuccess: () => {
        toast.success(`Quote ${quote.quoteNumber} declined`)
        onClose()
      },
      onError: (err) => {
        if (showServerFieldErrors(err, setError, ['reason'] as const) === 0)
          toast.error(err instanceof ApiRequestError ? err.message : 'We could not reach the shop.')
      },
    })
  return (
    <form noValidate onSubmit={handleSubmit(submit)}>
      {by === 'shop' && (
        <div className="mt-4">
          <FormField label="Reason (optional, kept in the audit log)" error={formState.errors.reason?.message}>
            <textarea className="field" rows={3} maxLength={500} {...register('reason')} />
          </FormField>
        </div>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-ghost" onClick={onClose} data-autofocus>
          Keep it
        </button>
        <button type="submit" className="btn-primary" disabled={decline.isPending}>
          Decline quote
        </button>
      </div>
    </form>
  )
}
