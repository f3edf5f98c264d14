import { useCallback } from 'react'
import type { BankPayment, OrderStatusChange } from '#schemas/order.ts'
import { toolQueries } from '#web/features/tools/tools-queries.ts'
import { api, unwrap } from '#web/lib/api.ts'
import { DESK_KEY } from '#web/lib/desk.ts'
import { useMutation, useQueryClient } from '#web/lib/query.ts'
import { orderQueries } from './order-queries'

/** After any change to an order: every order view and the desk; the tools too when stock moved. */
export function useOrderRefresh() {
  const queryClient = useQueryClient()
  // Stable, so an effect can depend on it.
  return useCallback(
    (stockChanged: boolean) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderQueries.all() }),
        queryClient.invalidateQueries({ queryKey: DESK_KEY }),
        ...(stockChanged ? [queryClient.invalidateQueries({ queryKey: toolQueries.all() })] : []),
      ]),
    [queryClient],
  )
}

/**
 * The customer or an admin cancels an unpaid order, or a cash-on-delivery order before it is
 * delivered (from shipped: an admin, saying why); its stock goes back.
 */
export function useCancelOrder() {
  const refresh = useOrderRefresh()
  return useMutation({
    mutationFn: (order: string | { id: string; note?: string }) => {
      const { id, note } = typeof order === 'string' ? { id: order, note: undefined } : order
      return unwrap(api.booking[':id'].cancel.$post({ param: { id }, json: note ? { note } : {} }))
    },
    // A 409 means the order changed meanwhile (paid, expired): show it as it is now.
    onSettled: () => refresh(true),
  })
}

/** An admin moves a paid order forward: processing, shipped (carrier, tracking number), delivered. */
export function useChangeOrderStatus(id: string) {
  const refresh = useOrderRefresh()
  return useMutation({
    mutationFn: (change: OrderStatusChange) => unwrap(api.booking[':id'].status.$post({ param: { id }, json: change })),
    onSettled: () => refresh(false),
  })
}

/**
 * An admin refunds a paid or processing order in full (its stock goes back); a bank transfer
 * with the reference of the transfer that sent the money back.
 */
export function useRefundOrder(id: string) {
  const refresh = useOrderRefresh()
  return useMutation({
    mutationFn: ({ reason, reference }: { reason?: string | undefined; reference?: string | undefined }) =>
      unwrap(
        api.booking[':id'].refund.$post({
          param: { id },
          json: { ...(reason ? { reason } : {}), ...(reference ? { reference } : {}) },
        }),
      ),
    onSettled: () => refresh(true),
  })
}

/** An admin records the bank transfer that paid an order (its reference and amount). */
export function useRecordPayment(id: string) {
  const refresh = useOrderRefresh()
  return useMutation({
    mutationFn: (payment: BankPayment) => unwrap(api.booking[':id'].payment.$post({ param: { id }, json: payment })),
    onSettled: () => refresh(false),
  })
}

/**
 * Pays an order: `confirmCard` takes the money (the simulated form or Stripe.js, each its own
 * way) and answers the payment's id; the spec's `PATCH /booking/{id}` then records it (the
 * server asks the provider; sending it again changes nothing).
 */
export function usePayOrder<Input = void>(orderId: string, confirmCard: (input: Input) => Promise<string>) {
  const refresh = useOrderRefresh()
  return useMutation({
    mutationFn: async (input: Input) => {
      const transactionId = await confirmCard(input)
      await unwrap(api.booking[':id'].$patch({ param: { id: orderId }, json: { transactionId } }))
      return transactionId
    },
    // Refused too (the order expired or was cancelled meanwhile): the page shows the order as it is now.
    onSettled: () => refresh(false),
  })
}
