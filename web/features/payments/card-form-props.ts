/** What a card form tells the payment page once the money is taken and the order is paid. */
export type OnPaid = (transactionId: string) => void

/** Props both card forms take. */
export type CardFormProps = {
  orderId: string
  clientSecret: string
  /** Set once this order is paid: the form stays on screen with Pay disabled. */
  paid: boolean
  onPaid: OnPaid
  billing: { name: string; email: string }
}

export const CONNECTION_MESSAGE = 'We could not reach the payment service. Check your connection and try again.'
