import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api.ts'
import { type PreviewChoice, previewBody, pricesDelivery } from './checkout-body'

export const checkoutQueries = {
  all: () => ['checkout'] as const,
  /**
   * `POST /api/checkout/preview`: the cart priced for a delivery choice, as the server would charge
   * it now; `priced` says whether its delivery fee, VAT and total are the choice's (a courier
   * without a district has only its goods priced).
   */
  preview: (choice: PreviewChoice) =>
    queryOptions({
      queryKey: [...checkoutQueries.all(), 'preview', choice] as const,
      queryFn: async () => ({
        ...(await unwrap(api.checkout.preview.$post({ json: previewBody(choice) }))),
        priced: pricesDelivery(choice),
      }),
      // Prices and stock move: a preview is asked again whenever the checkout is shown.
      staleTime: 0,
      // Another choice keeps showing the last preview until its own arrives: nothing jumps meanwhile.
      placeholderData: keepPreviousData,
    }),
}
