import { ApiRequestError } from '#web/lib/api-error.ts'
import { withApi } from '#web/lib/lazy-api.ts'
import { queryClient } from '#web/lib/query-client.ts'
import { cartQueries } from './cart-queries'
import { visitorLines } from './visitor-cart'
import { setVisitorLine } from './visitor-cart-writes'

let inFlight: Promise<void> | undefined

/**
 * At sign-in, the cart this browser kept for the visitor joins the user's cart on the server
 * (`POST /api/cart/merge`; a tool in both keeps the larger quantity), and the browser's copy is
 * emptied. The sign-in forms await it before going on (to /checkout, say); the navbar runs it too
 * when a signed-in page finds a browser cart. One at a time; never throws: a cart that could not
 * be merged now stays in the browser for the next try.
 */
export function mergeVisitorCart(): Promise<void> {
  if (visitorLines().length === 0) return Promise.resolve()
  inFlight ??= (async () => {
    const lines = visitorLines()
    try {
      const cart = await withApi(({ api, unwrap }) => unwrap(api.cart.merge.$post({ json: { lines } })))
      queryClient.setQueryData(cartQueries.mine().queryKey, cart)
      forget(lines)
    } catch (error) {
      // The API refused these lines for good (a hand-edited cart, say): trying again cannot help.
      if (error instanceof ApiRequestError && error.status === 400) forget(lines)
    } finally {
      inFlight = undefined
    }
  })()
  return inFlight
}

/** Takes `merged` out of the browser's cart; a line added or changed meanwhile (another tab) stays. */
function forget(merged: readonly { serviceId: string; quantity: number }[]) {
  const done = new Map(merged.map((l) => [l.serviceId, l.quantity]))
  for (const line of visitorLines()) if (done.get(line.serviceId) === line.quantity) setVisitorLine(line.serviceId, 0)
}
