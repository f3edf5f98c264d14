import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { formatBDT } from '#schemas/bdt.ts'
import { type Booking, CARRIER_MAX, OrderRefundSchema, TRACKING_MAX } from '#schemas/booking.ts'
import { FormField } from '#web/components/form-field.tsx'
import { Modal } from '#web/components/modal.tsx'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { type ShipForm, ShipFormSchema, type ShipFormValues } from '../order-forms'
import { useCancelOrder, useChangeOrderStatus, useRefundOrder } from '../order-mutations'
import { orderSummary } from './order-lines'

// Each dialog's form mounts only while it is open (Modal), so it starts fresh every time; the
// mutation lives around it, so Esc waits while it runs.

type OrderDialogProps = { order: Booking; open: boolean; onClose: () => void }
type FormProps<M> = { order: Booking; mutation: M; onClose: () => void }

/** An admin ships a paid order: carrier and tracking number, e-mailed to the customer. */
export function ShipOrderDialog({ order, open, onClose }: OrderDialogProps) {
  const status = useChangeOrderStatus(order._id)
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={status.isPending}
      title={`Ship order ${order.orderNumber}`}
      description={`${orderSummary(order)} to ${order.customerName}.`}
    >
      <ShipOrderForm order={order} mutation={status} onClose={onClose} />
    </Modal>
  )
}

const SHIP_FIELDS = ['carrier', 'trackingNumber'] as const

function ShipOrderForm({ order, mutation, onClose }: FormProps<ReturnType<typeof useChangeOrderStatus>>) {
  const [formError, setFormError] = useState<string>()
  const { register, handleSubmit, formState, setError } = useForm<ShipFormValues, unknown, ShipForm>({
    resolver: zodResolver(ShipFormSchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  })
  const submit = ({ carrier, trackingNumber }: ShipForm) => {
    setFormError(undefined)
    mutation.mutate(
      { status: 'shipped', carrier: carrier || undefined, trackingNumber },
      {
        onSuccess: () => {
          toast.success(`Order ${order.orderNumber} shipped`, {
            description: 'The customer has been e-mailed the tracking number.',
          })
          onClose()
        },
        onError: (error) => {
          if (showServerFieldErrors(error, setError, SHIP_FIELDS) === 0) setFormError(error.message)
        },
      },
    )
  }
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <FormField label="Carrier" error={formState.errors.carrier?.message}>
        <input
          className="field"
          maxLength={CARRIER_MAX}
          placeholder="e.g. Sundarban Courier"
          data-autofocus
          {...register('carrier')}
        />
      </FormField>
      <FormField label="Tracking number" error={formState.errors.trackingNumber?.message}>
        <input className="field" maxLength={TRACKING_MAX} required {...register('trackingNumber')} />
      </FormField>
      <FormError message={formError} />
      <DialogButtons
        busy={mutation.isPending}
        confirm={mutation.isPending ? 'Saving…' : 'Mark shipped'}
        onClose={onClose}
      />
    </form>
  )
}

/** An admin refunds a paid order in full, with an optional reason for the customer. */
export function RefundOrderDialog({ order, open, onClose }: OrderDialogProps) {
  const refund = useRefundOrder(order._id)
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={refund.isPending}
      size="sm"
      title={`Refund ${formatBDT(order.total)}?`}
      description={`The full amount of order ${order.orderNumber} goes back to ${order.customerName}'s card, the items go back to stock and the customer is e-mailed. This cannot be undone.`}
    >
      <RefundOrderForm order={order} mutation={refund} onClose={onClose} />
    </Modal>
  )
}

type RefundFormValues = z.input<typeof OrderRefundSchema>
type RefundForm = z.output<typeof OrderRefundSchema>
const REFUND_FIELDS = ['reason'] as const

function RefundOrderForm({ order, mutation, onClose }: FormProps<ReturnType<typeof useRefundOrder>>) {
  const [formError, setFormError] = useState<string>()
  const { register, handleSubmit, formState, setError } = useForm<RefundFormValues, unknown, RefundForm>({
    resolver: zodResolver(OrderRefundSchema),
    defaultValues: { reason: '' },
  })
  const submit = ({ reason }: RefundForm) => {
    setFormError(undefined)
    mutation.mutate(reason ?? '', {
      onSuccess: () => {
        toast.success(`Order ${order.orderNumber} refunded`, {
          description: `${formatBDT(order.total)} goes back to the customer's card.`,
        })
        onClose()
      },
      onError: (error) => {
        if (showServerFieldErrors(error, setError, REFUND_FIELDS) === 0) setFormError(error.message)
      },
    })
  }
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <FormField
        label={
          <>
            Reason <span className="font-normal text-slate-500">(optional, sent to the customer)</span>
          </>
        }
        error={formState.errors.reason?.message}
      >
        <textarea rows={3} maxLength={500} className="field" data-autofocus {...register('reason')} />
      </FormField>
      <FormError message={formError} />
      <DialogButtons
        busy={mutation.isPending}
        confirm={mutation.isPending ? 'Refunding…' : 'Refund'}
        danger
        onClose={onClose}
      />
    </form>
  )
}

/** The customer (or an admin) cancels an unpaid order; its items go back to stock. */
export function CancelOrderDialog({ order, open, onClose }: OrderDialogProps) {
  const cancel = useCancelOrder()
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={cancel.isPending}
      size="sm"
      title="Cancel this order?"
      description={`${orderSummary(order)} for ${formatBDT(order.total)}. The items go back to stock; this cannot be undone.`}
    >
      <CancelOrderForm order={order} mutation={cancel} onClose={onClose} />
    </Modal>
  )
}

function CancelOrderForm({ order, mutation, onClose }: FormProps<ReturnType<typeof useCancelOrder>>) {
  const [formError, setFormError] = useState<string>()
  // No fields: the form library only submits, as in the other dialogs.
  const { handleSubmit } = useForm()
  const submit = () => {
    setFormError(undefined)
    mutation.mutate(order._id, {
      onSuccess: () => {
        toast.success('Order cancelled', { description: `${order.service}: the items went back to stock.` })
        onClose()
      },
      onError: (error) => setFormError(error.message),
    })
  }
  return (
    <form noValidate onSubmit={handleSubmit(submit)}>
      <FormError message={formError} />
      <DialogButtons
        busy={mutation.isPending}
        confirm={mutation.isPending ? 'Cancelling…' : 'Cancel order'}
        danger
        onClose={onClose}
      />
    </form>
  )
}

/** What the server said when it refused the whole form rather than a field. */
function FormError({ message }: { message?: string }) {
  if (!message) return null
  return (
    <p className="text-sm font-medium text-red-700" role="alert">
      {message}
    </p>
  )
}

function DialogButtons({
  busy,
  confirm,
  danger,
  onClose,
}: {
  busy: boolean
  confirm: string
  danger?: boolean
  onClose: () => void
}) {
  return (
    <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button type="button" className="btn-ghost" onClick={onClose} disabled={busy}>
        Back
      </button>
      <button
        type="submit"
        className={danger ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}
        disabled={busy}
      >
        {confirm}
      </button>
    </div>
  )
}
