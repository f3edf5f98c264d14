export type PublicConfig = {
  shopName: string
  currency: 'BDT'
  payments: 'stripe' | 'simulated'
  /** Extension: true while e-mail goes to the local outbox (admins read it at /dashboard/outbox). */
  localOutbox: boolean
  /** The payment methods this deployment offers (api.md "Payment methods"). */
  paymentMethods: string[]
  stripePublishableKey?: string
  firebase: { apiKey: string; authDomain: string; projectId: string; emulatorUrl?: string }
}
