import type { CheckoutInput } from '#schemas/checkout.ts'
import { cartQueries } from '#web/features/cart/cart-queries.ts'
import { useOrderRefresh } from '#web/features/orders/order-mutations.ts'
import { api, unwrap } from '#web/lib/api.ts'
import { useMutation, useQueryClient } from '#web/lib/query.ts'
import { checkoutQueries } from './checkout-queries'

/**
 * Places the cart as one order at the total the customer saw (`expectedTotal`). A refusal (a
 * total or stock that changed) asks the preview again, so the checkout shows the cart as it is
 * now. A placed order empties the cart and takes stock: the preview is only marked stale (the
 * page moves on to the payment; asking now would flash an empty cart first).
 */
export function usePlaceCheckout() {
  const queryClient = useQueryClient()
  const refreshOrders = useOrderRefresh()
  return useMutation({
    mutationFn: (body: CheckoutInput) => unwrap(api.checkout.$post({ json: body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: checkoutQueries.all(), refetchType: 'none' })
      // The server emptied the cart with the order: the navbar's count follows.
      void queryClient.invalidateQueries({ queryKey: cartQueries.all() })
      return refreshOrders(true)
    },
    // The order may have been placed all the same (an answer lost on the way): the cart and the
    // orders are read again with the preview.
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checkoutQueries.all() }),
        queryClient.invalidateQueries({ queryKey: cartQueries.all() }),
        refreshOrders(false),
      ]),
  })
}
