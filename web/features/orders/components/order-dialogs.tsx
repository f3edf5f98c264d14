import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { formatBDT } from '#schemas/bdt.ts'
import { AmountSchema, moneyFromFormText } from '#schemas/money.ts'
import {
  type BankPayment,
  BankPaymentSchema,
  type Booking,
  CARRIER_MAX,
  OrderCancelSchema,
  OrderRefundSchema,
  TRACKING_MAX,
} from '#schemas/order.ts'
import { z } from '#schemas/zod.ts'
import { FormField } from '#web/components/form-field.tsx'
import { Modal } from '#web/components/modal.tsx'
import { showServerFieldErrors } from '#web/lib/form-errors.ts'
import { toast } from '#web/lib/toast.ts'
import { type ShipForm, ShipFormSchema, type ShipFormValues } from '../order-forms'
import { useCancelOrder, useChangeOrderStatus, useRecordPayment, useRefundOrder } from '../order-mutations'
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
      description={
        order.paymentMethod === 'bank'
          ? `Send the full amount of order ${order.orderNumber} back to ${order.customerName} by bank transfer first, then record its reference here. The items go back to stock and the customer is e-mailed. This cannot be undone.`
          : `The full amount of order ${order.orderNumber} goes back to ${order.customerName}'s card, the items go back to stock and the customer is e-mailed. This cannot be undone.`
      }
    >
      <RefundOrderForm order={order} mutation={refund} onClose={onClose} />
    </Modal>
  )
}

type RefundFormValues = z.input<typeof OrderRefundSchema>
type RefundForm = z.output<typeof OrderRefundSchema>
const REFUND_FIELDS = ['reason', 'reference'] as const

function RefundOrderForm({ order, mutation, onClose }: FormProps<ReturnType<typeof useRefundOrder>>) {
  const [formError, setFormError] = useState<string>()
  const { register, handleSubmit, formState, setError } = useForm<RefundFormValues, unknown, RefundForm>({
    resolver: zodResolver(OrderRefundSchema),
    defaultValues: { reason: '' },
  })
  const bank = order.paymentMethod === 'bank'
  const submit = ({ reason, reference }: RefundForm) => {
    setFormError(undefined)
    if (bank && !reference) {
      setError('reference', { message: 'Enter the reference of the transfer that sent the money back.' })
      return
    }
    mutation.mutate(
      { reason, reference },
      {
        onSuccess: () => {
          toast.success(`Order ${order.orderNumber} refunded`, {
            description: bank
              ? `${formatBDT(order.total)} was sent back by bank transfer.`
              : `${formatBDT(order.total)} goes back to the customer's card.`,
          })
          onClose()
        },
        onError: (error) => {
          if (showServerFieldErrors(error, setError, REFUND_FIELDS) === 0) setFormError(error.message)
        },
      },
    )
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
      {bank && (
        <FormField label="Reference of the transfer back" error={formState.errors.reference?.message}>
          <input className="field" maxLength={64} autoComplete="off" {...register('reference')} />
        </FormField>
      )}
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

type CancelFormValues = z.input<typeof OrderCancelSchema>
type CancelForm = z.output<typeof OrderCancelSchema>

function CancelOrderForm({ order, mutation, onClose }: FormProps<ReturnType<typeof useCancelOrder>>) {
  const [formError, setFormError] = useState<string>()
  // A cash-on-delivery order on its way comes back only with a reason (refused at the door, say).
  const needsNote = order.status === 'shipped'
  const { register, handleSubmit, formState, setError } = useForm<CancelFormValues, unknown, CancelForm>({
    resolver: zodResolver(OrderCancelSchema),
    defaultValues: { note: '' },
  })
  const submit = ({ note }: CancelForm) => {
    setFormError(undefined)
    if (needsNote && !note) {
      setError('note', { message: 'Say why the order came back.' })
      return
    }
    mutation.mutate(note ? { id: order._id, note } : order._id, {
      onSuccess: () => {
        toast.success('Order cancelled', { description: `${order.service}: the items went back to stock.` })
        onClose()
      },
      onError: (error) => {
        if (showServerFieldErrors(error, setError, ['note'] as const) === 0) setFormError(error.message)
      },
    })
  }
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      {order.status !== 'unpaid' && (
        <FormField
          label={
            needsNote ? (
              'Why did it come back?'
            ) : (
              <>
                Reason <span className="font-normal text-slate-500">(optional, sent to the customer)</span>
              </>
            )
          }
          error={formState.errors.note?.message}
        >
          <textarea rows={3} maxLength={500} className="field" data-autofocus {...register('note')} />
        </FormField>
      )}
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

/** An admin records the bank transfer that paid an order: the bank's reference and the amount that arrived. */
export function RecordPaymentDialog({ order, open, onClose }: OrderDialogProps) {
  const record = useRecordPayment(order._id)
  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={record.isPending}
      size="sm"
      title={`Record payment of order ${order.orderNumber}`}
      description={`The transfer must bring the order's total, ${formatBDT(order.total)}. The customer gets the receipt by e-mail.`}
    >
      <RecordPaymentForm order={order} mutation={record} onClose={onClose} />
    </Modal>
  )
}

type PaymentFormValues = { reference: string; amount: string }
const PAYMENT_FIELDS = ['reference', 'amount'] as const
const PaymentFormSchema = BankPaymentSchema.extend({ amount: z.preprocess(moneyFromFormText, AmountSchema) })

function RecordPaymentForm({ order, mutation, onClose }: FormProps<ReturnType<typeof useRecordPayment>>) {
  const [formError, setFormError] = useState<string>()
  const { register, handleSubmit, formState, setError } = useForm<PaymentFormValues, unknown, BankPayment>({
    resolver: zodResolver(PaymentFormSchema) as never,
    defaultValues: { reference: '', amount: String(order.total) },
  })
  const submit = (payment: BankPayment) => {
    setFormError(undefined)
    mutation.mutate(payment, {
      onSuccess: () => {
        toast.success(`Order ${order.orderNumber} paid`, { description: 'The customer has been e-mailed the receipt.' })
        onClose()
      },
      onError: (error) => {
        if (showServerFieldErrors(error, setError, PAYMENT_FIELDS) === 0) setFormError(error.message)
      },
    })
  }
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <FormField label="Bank reference" error={formState.errors.reference?.message}>
        <input className="field" maxLength={64} autoComplete="off" data-autofocus {...register('reference')} />
      </FormField>
      <FormField label="Amount received (BDT)" error={formState.errors.amount?.message}>
        <input className="field" inputMode="decimal" autoComplete="off" {...register('amount')} />
      </FormField>
      <FormError message={formError} />
      <DialogButtons
        busy={mutation.isPending}
        confirm={mutation.isPending ? 'Recording…' : 'Record payment'}
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
