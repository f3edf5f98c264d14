import { api, unwrap } from '../../lib/api'

/**
 * The spec's `PATCH /booking/{id}` after a confirmed card payment. The server asks the
 * payment provider about `transactionId` and marks the booking paid only if that payment
 * succeeded for it; sending it again changes nothing.
 */
export const recordPayment = (bookingId: string, transactionId: string) =>
  unwrap(api.booking[':id'].$patch({ param: { id: bookingId }, json: { transactionId } }))

/** What a card form tells the payment page once the money is taken and the booking is paid. */
export type OnPaid = (transactionId: string) => void

/** Props both card forms take. */
export type CardFormProps = {
  bookingId: string
  clientSecret: string
  /** Set once this booking is paid: the form stays on screen with Pay disabled. */
  paid: boolean
  onPaid: OnPaid
  billing: { name: string; email: string }
}

export const CONNECTION_MESSAGE = 'We could not reach the payment service. Check your connection and try again.'
