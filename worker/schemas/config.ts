import type { PaymentMethod } from './order-status'

export type PublicConfig = {
  shopName: string
  currency: 'BDT'
  payments: 'stripe' | 'simulated'
  /** The payment methods this deployment offers (api.md "Payment methods"). */
  paymentMethods: PaymentMethod[]
  /** Extension: true while e-mail goes to the local outbox (admins read it at /dashboard/outbox). */
  localOutbox: boolean
  stripePublishableKey?: string
  firebase: { apiKey: string; authDomain: string; projectId: string; emulatorUrl?: string }
}
