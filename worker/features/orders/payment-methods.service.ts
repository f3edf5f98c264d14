import { OFFERED_PAYMENT_METHODS, type PaymentMethod } from '#schemas/booking.ts'
import type { Config } from '#worker/env.ts'
import { badRequest } from '#worker/lib/errors.ts'
import { gatewayConfigured } from './providers/sslcommerz'

// ─── MERGE NOTE (issue 23): the "pay" branch owns the function that decides the offered
//     methods; when it lands, this file goes and its one gateway line below moves into it. ───

/** The methods this deployment offers (`GET /api/config` `paymentMethods`, checkout's preview). */
export function offeredPaymentMethods(config: Config): PaymentMethod[] {
  return [
    ...OFFERED_PAYMENT_METHODS,
    ...(gatewayConfigured(config) ? (['gateway'] as const) : []), // gateway: SSLCommerz's credentials are set
  ]
}

/** @throws 400 when this deployment does not offer `method` (the gateway without SSLCommerz's credentials). */
export function assertPaymentMethodOffered(config: Config, method: PaymentMethod): void {
  if (!offeredPaymentMethods(config).includes(method)) {
    const message = 'This payment method is not offered yet. Pay by card.'
    throw badRequest(message, { paymentMethod: message })
  }
}
