export type PublicConfig = {
  shopName: string
  currency: 'BDT'
  payments: 'stripe' | 'simulated'
  stripePublishableKey?: string
  firebase: { apiKey: string; authDomain: string; projectId: string; emulatorUrl?: string }
}
