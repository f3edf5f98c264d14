import { ApiRequestError } from '#web/lib/api-error.ts'
import { formatCount } from '#web/lib/format.ts'
import type { Added } from './cart-mutations'

// What Add to cart says, wherever it was pressed. The toaster's code loads with the first toast,
// not with the tool cards.

/** The tool went in (with its name and quantity when known), or it was already there. */
export async function toastAdded(result: Added, { name, viewCart }: { name?: string; viewCart?: () => void }) {
  const { toast } = await import('#web/lib/toast.ts')
  const action = viewCart ? { action: { label: 'View cart', onClick: viewCart } } : {}
  if (result.added)
    toast.success('Added to your cart', {
      ...(name ? { description: `${name} × ${formatCount(result.quantity)}` } : {}),
      ...action,
    })
  else toast.info('Already in your cart', { description: 'Change its quantity in the cart.', ...action })
}

/** Why the tool could not go in: the API's refusals (and a full browser cart's) are sentences for people; a dropped connection is not. */
export async function toastNotAdded(error: Error) {
  const { toast } = await import('#web/lib/toast.ts')
  const known = error instanceof ApiRequestError || !(error instanceof TypeError)
  toast.error(known ? error.message : 'We could not reach the shop. Check your connection and try again.')
}
