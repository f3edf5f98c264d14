import { createFileRoute } from '@tanstack/react-router'
import { CartPage } from '#web/features/cart/components/cart-page.tsx'
import { RequestQuote } from '#web/features/quotes/components/request-quote.tsx'
import { browserPage } from '#web/lib/hydration.ts'
import { noindexPageHeaders } from '#web/lib/page-head.ts'

export const Route = createFileRoute('/cart')({
  // Anyone's, and only theirs: a visitor's cart lives in the browser, so the browser renders the
  // page (the server sends the frame). Never indexed. Its search (`?add=`) is read by the page's
  // own code (CartPage), not in the app's entry, where every route's validateSearch is.
  ...browserPage(),
  headers: noindexPageHeaders,
  head: () => ({ meta: [{ title: 'Your cart · Toolhaus' }] }),
  component: CartRoute,
})

function CartRoute() {
  return <CartPage requestQuote={<RequestQuote what={{ fromCart: true }} returnTo="/cart" />} />
}
