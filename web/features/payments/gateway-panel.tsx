import { useEffect } from 'react'
import { useOrderRefresh } from '#web/features/orders/order-mutations.ts'
import { orderQueries } from '#web/features/orders/order-queries.ts'
import { ApiRequestError, api, unwrap } from '#web/lib/api.ts'
import { useMutation, useQuery } from '#web/lib/query.ts'
import type { GatewayReturn } from './gateway-return'

/** How often the page asks for the order while it waits for the gateway's confirmation. */
const WAIT_REFETCH_MS = 2_000
/** How long after coming back from a payment its order's page waits instead of offering Pay again. */
const RETURNED_WAIT_MS = 30 * 60_000
const returnKey = (orderId: string) => `toolhaus:gateway-returned:${orderId}`

function rememberReturn(orderId: string) {
  try {
    localStorage.setItem(returnKey(orderId), String(Date.now()))
  } catch {}
}

/** Whether the customer came back from paying this order at the gateway: on this visit, or a recent one. */
export const cameBackPaying = (orderId: string, returned: GatewayReturn | undefined) =>
  returned === 'success' || returnedRecently(orderId)

function returnedRecently(orderId: string): boolean {
  try {
    const at = Number(localStorage.getItem(returnKey(orderId)))
    return at > 0 && Date.now() - at < RETURNED_WAIT_MS
  } catch {
    return false
  }
}

/**
 * A `gateway` order's payment, while it is unpaid: a button that opens a session at SSLCommerz
 * and sends the whole page there (bKash, Nagad, cards are chosen on its page). Back from it,
 * the page shows what the gateway said, and after a payment keeps asking for the order until
 * the gateway's confirmation (its IPN, checked by the server) makes it paid; the page around
 * this panel then shows it paid.
 */
export function GatewayPanel({ orderId, returned }: { orderId: string; returned: GatewayReturn | undefined }) {
  // Back from a payment, on this visit or a recent one (My Orders links here without the mark):
  // a second payment would only be refunded.
  const waiting = cameBackPaying(orderId, returned)
  useEffect(() => {
    if (returned === 'success') rememberReturn(orderId)
  }, [returned, orderId])
  // The same query as the page's: each answer updates the whole page.
  useQuery({ ...orderQueries.detail(orderId), refetchInterval: waiting ? WAIT_REFETCH_MS : false })
  const refresh = useOrderRefresh()
  const start = useMutation({
    mutationFn: async () => {
      const created = await unwrap(api['create-payment-intent'].$post({ json: { bookingId: orderId } }))
      if (created.provider !== 'sslcommerz') throw new Error('This order is not paid through SSLCommerz.')
      return created.redirectUrl
    },
    // A full-page navigation: the gateway's page is not ours to frame.
    onSuccess: (redirectUrl) => window.location.assign(redirectUrl),
    // Refused because the order changed (paid, cancelled, expired): the page shows it as it is now.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409) void refresh(false)
    },
  })
  const leaving = start.isPending || start.isSuccess
  // Back from the gateway's page by the browser's Back button, the page may come from its cache as
  // it was left, "Opening SSLCommerz…": it is ready again.
  const { reset } = start
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) reset()
    }
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [reset])

  return (
    <div className="space-y-4">
      <div role="status" aria-live="polite" className="empty:hidden">
        {waiting && (
          <div className="rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-600/20">
            <p className="font-semibold">Waiting for the gateway’s confirmation…</p>
            <p className="mt-1 text-sm">
              SSLCommerz tells us when your payment has gone through. This page updates by itself; you can also leave it
              and find the order in My Orders.
            </p>
          </div>
        )}
      </div>
      {(returned === 'failed' || returned === 'cancelled') && (
        <div className="rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-600/20" role="alert">
          <p className="font-semibold">
            {returned === 'failed' ? 'The payment failed.' : 'The payment was cancelled.'}
          </p>
          <p className="mt-1 text-sm">Nothing was charged. You can try again.</p>
        </div>
      )}
      {/* While a payment waits for its confirmation, a second one would only be refunded. */}
      {!waiting && (
        <>
          <p className="text-sm text-slate-700">
            You pay on SSLCommerz’s secure page with bKash, Nagad, Rocket, a local or international card, or internet
            banking, and come back here afterwards.
          </p>
          <button type="button" className="btn-primary w-full" onClick={() => start.mutate()} disabled={leaving}>
            {leaving ? 'Opening SSLCommerz…' : 'Pay with bKash, Nagad or card'}
          </button>
        </>
      )}
      {start.isError && (
        <p className="text-sm font-medium text-red-700" role="alert">
          {start.error instanceof ApiRequestError
            ? start.error.message
            : 'We could not reach the shop. Check your connection.'}
        </p>
      )}
    </div>
  )
}
