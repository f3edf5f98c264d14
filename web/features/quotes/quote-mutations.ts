import type { CheckoutInput } from '#schemas/checkout.ts'
import type { QuoteOfferInput } from '#schemas/quote.ts'
import { summaryQueries } from '#web/features/desk/summary-queries.ts'
import { useOrderRefresh } from '#web/features/orders/order-mutations.ts'
import { api, unwrap } from '#web/lib/api.ts'
import { useMutation, useQueryClient } from '#web/lib/query.ts'
import { quoteQueries } from './quote-queries'

/** After any change to a quote: every list and detail of quotes (and the overview's count) reads again. */
function useQuotesChanged() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: quoteQueries.all() }),
      queryClient.invalidateQueries({ queryKey: summaryQueries.detail().queryKey }),
    ])
}

export function useOfferQuote(id: string) {
  const changed = useQuotesChanged()
  return useMutation({
    mutationFn: (body: QuoteOfferInput) => unwrap(api.quotes[':id'].offer.$post({ param: { id }, json: body })),
    onSuccess: () => changed(),
  })
}

export function usePostQuoteMessage(id: string) {
  const changed = useQuotesChanged()
  return useMutation({
    mutationFn: (text: string) => unwrap(api.quotes[':id'].messages.$post({ param: { id }, json: { text } })),
    onSuccess: () => changed(),
  })
}

export function useDeclineQuote(id: string) {
  const changed = useQuotesChanged()
  return useMutation({
    mutationFn: (reason?: string) =>
      unwrap(api.quotes[':id'].decline.$post({ param: { id }, json: reason ? { reason } : {} })),
    onSuccess: () => changed(),
  })
}

/**
 * Accepts the offer at the total the customer saw: an order, paid like any other. The quotes are
 * only marked stale (the page moves on to the payment; reading the quote now would swap the form
 * for "accepted" before it does), as the checkout does with its preview.
 */
export function useAcceptQuote(id: string) {
  const queryClient = useQueryClient()
  const changed = useQuotesChanged()
  const refreshOrders = useOrderRefresh()
  return useMutation({
    mutationFn: (body: CheckoutInput) => unwrap(api.quotes[':id'].accept.$post({ param: { id }, json: body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: quoteQueries.all(), refetchType: 'none' })
      return refreshOrders(true)
    },
    onError: () => changed(),
  })
}
