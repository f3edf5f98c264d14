import { formatBDT, toTaka } from '#schemas/bdt.ts'
import type { BankDetails, ShopSettings } from '#schemas/delivery.ts'
import { PAYMENT_METHODS, type PaymentMethod } from '#schemas/order.ts'
import type { Config } from '#worker/env.ts'
import type { Db } from '#worker/lib/db.ts'
import { badRequest } from '#worker/lib/errors.ts'
import { loadSettings } from '../settings/settings.service'
import { gatewayConfigured } from './providers/sslcommerz'
import { cardPaymentsAvailable } from './providers.service'

/** What decides the methods: the deployment's configuration and the shop's settings. */
export type MethodContext = { config: Config; settings: Pick<ShopSettings, 'bank' | 'cod'> }

type MethodRule = {
  /** Whether this deployment offers the method at all (`GET /api/config`'s `paymentMethods`). */
  offered: (ctx: MethodContext) => boolean
  /** Why an order of `totalPaisa` cannot use it although it is offered; null when it can. */
  refusal?: (ctx: MethodContext, totalPaisa: number) => string | null
}

/** Bank transfer needs somewhere to send the money (the settings accept all three or none). */
export const bankDetailsComplete = (bank: BankDetails) =>
  bank.bankName !== '' && bank.accountName !== '' && bank.accountNumber !== ''

/**
 * The one place that says which payment methods an order may use (api.md "Payment methods").
 * A method missing here is never offered.
 */
const METHOD_RULES: Partial<Record<PaymentMethod, MethodRule>> = {
  card: { offered: ({ config }) => cardPaymentsAvailable(config) },
  cod: {
    offered: ({ settings }) => settings.cod.enabled,
    refusal: ({ settings }, totalPaisa) =>
      totalPaisa > settings.cod.maxTotalPaisa
        ? `Cash on delivery is for orders up to ${formatBDT(toTaka(settings.cod.maxTotalPaisa))}. Choose another way to pay.`
        : null,
  },
  bank: { offered: ({ settings }) => bankDetailsComplete(settings.bank) },
  // SSLCommerz's hosted checkout: offered once its store credentials are set.
  gateway: { offered: ({ config }) => gatewayConfigured(config) },
}

/** The methods this deployment offers, in the contract's order. */
export const offeredMethods = (ctx: MethodContext): PaymentMethod[] =>
  PAYMENT_METHODS.filter((m) => METHOD_RULES[m]?.offered(ctx) ?? false)

/** Why an order of `totalPaisa` cannot be paid by `method`, or null when it can. */
export function methodRefusal(ctx: MethodContext, method: PaymentMethod, totalPaisa: number): string | null {
  const rule = METHOD_RULES[method]
  if (!rule?.offered(ctx)) return 'This shop does not offer this payment method. Choose another way to pay.'
  return rule.refusal?.(ctx, totalPaisa) ?? null
}

/** The methods an order of `totalPaisa` may use (the checkout preview's `paymentMethods`). */
export const methodsForOrder = (ctx: MethodContext, totalPaisa: number): PaymentMethod[] =>
  offeredMethods(ctx).filter((m) => methodRefusal(ctx, m, totalPaisa) === null)

/** @throws 400 naming why (cash on delivery: its limit) when an order of `totalPaisa` cannot be paid by `method`. */
export function assertMethodAllowed(ctx: MethodContext, method: PaymentMethod, totalPaisa: number): void {
  const refusal = methodRefusal(ctx, method, totalPaisa)
  if (refusal) throw badRequest(refusal, { paymentMethod: refusal })
}

/** The context of this request, with the settings read from the database. */
export const methodContext = async (config: Config, db: Db): Promise<MethodContext> => ({
  config,
  settings: await loadSettings(db),
})
