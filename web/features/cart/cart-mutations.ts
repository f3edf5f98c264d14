import type { Cart } from '#schemas/cart.ts'
import { CART_FULL_MESSAGE, CART_MAX_LINES, MAX_ORDER_QUANTITY } from '#schemas/cart-limits.ts'
import { QUANTITY_TOO_LARGE_MESSAGE } from '#schemas/order-quantity.ts'
import { ApiRequestError } from '#web/lib/api-error.ts'
import { formatCount } from '#web/lib/format.ts'
import { withApi } from '#web/lib/lazy-api.ts'
import { useMutation, useQueryClient } from '#web/lib/query.ts'
import { useSession } from '#web/lib/session.ts'
import { cartQueries } from './cart-queries'
import { visitorLines } from './visitor-cart'
import { setVisitorLine } from './visitor-cart-writes'

// Every change of a cart: a signed-in user's on the server (each answer is the whole cart, which
// replaces the cached one), a visitor's in this browser. Routes and components call these hooks.

/** What Add to cart needs of a tool; `addQuantity` (the tool page's quantity) instead of its minimum order. */
export type CartToolRef = { _id: string; Minimum_quantity: number; addQuantity?: number }

/** Add to cart's outcome: the tool went in at `quantity`, or it was already there (nothing changed). */
export type Added = { added: true; quantity: number } | { added: false }

/** Why Checkout or a quote from the cart waits: a quantity typed in the cart is not saved. */
export const CART_NOT_SAVED = 'A quantity in your cart is not saved: see the message under the tool.'

/**
 * The cart saves still under way, so that Checkout can wait for the last quantity typed: it
 * resolves once they are saved and rejects when one was refused, or a line still shows a quantity
 * it refused (the page stays, showing why, rather than going on with the quantity saved before).
 */
const saving = new Set<Promise<unknown>>()
const refused = new Set<string>()
export const cartSaved = () =>
  Promise.all([...saving]).then(() => {
    if (refused.size) throw new Error(CART_NOT_SAVED)
  })

/** While a cart line shows a typed quantity it refused: `cartSaved` rejects. Returns the undo. */
export function holdCart(toolId: string) {
  refused.add(toolId)
  return () => void refused.delete(toolId)
}

function tracked<T>(promise: Promise<T>): Promise<T> {
  saving.add(promise)
  void promise.finally(() => saving.delete(promise)).catch(() => {})
  return promise
}

function useCartWrites() {
  const session = useSession()
  const queryClient = useQueryClient()
  const signedIn = session.status === 'signedIn'
  const put = async (serviceId: string, quantity: number) => {
    const cart = await withApi(({ api, unwrap }) =>
      unwrap(api.cart[':serviceId'].$put({ param: { serviceId }, json: { quantity } })),
    )
    queryClient.setQueryData<Cart>(cartQueries.mine().queryKey, cart)
  }
  // A refused change (the stock or the minimum moved, the tool was withdrawn) reads the cart again,
  // so its lines show what holds now.
  const onError = () => {
    if (signedIn) void queryClient.invalidateQueries({ queryKey: cartQueries.mine().queryKey })
  }
  return { signedIn, queryClient, put, onError }
}

/**
 * Add to cart: the tool's minimum order goes in as a new line (a visitor's in this browser). A tool
 * already in the cart stays as it is: its quantity is changed on the cart page. A visitor's cart
 * holds 50 tools, like the server's (which refuses the 51st with 409 `CART_FULL`).
 */
export function useAddToCart() {
  const { signedIn, queryClient, put } = useCartWrites()
  return useMutation({
    mutationFn: async (tool: CartToolRef): Promise<Added> => {
      const quantity = tool.addQuantity ?? tool.Minimum_quantity
      if (!signedIn) {
        const lines = visitorLines()
        if (lines.some((l) => l.serviceId === tool._id)) return { added: false }
        if (lines.length >= CART_MAX_LINES) throw new Error(CART_FULL_MESSAGE)
        // As the server refuses it (400), so that the browser keeps only lines the merge takes.
        if (quantity > MAX_ORDER_QUANTITY) throw new Error(QUANTITY_TOO_LARGE_MESSAGE)
        setVisitorLine(tool._id, quantity)
        return { added: true, quantity }
      }
      const cart = await queryClient.ensureQueryData(cartQueries.mine())
      if (cart.lines.some((l) => l.serviceId === tool._id)) return { added: false }
      await put(tool._id, quantity)
      return { added: true, quantity }
    },
  })
}

/** A new quantity for a line of the cart page; 0 takes the tool out. */
export function useSetCartQuantity() {
  const { signedIn, put, onError } = useCartWrites()
  return useMutation({
    mutationFn: ({ serviceId, quantity }: { serviceId: string; quantity: number }) =>
      tracked(signedIn ? put(serviceId, quantity) : Promise.resolve(setVisitorLine(serviceId, quantity))),
    onError,
  })
}

/** Remove: takes a tool out of the cart. */
export function useRemoveFromCart() {
  const { signedIn, queryClient, onError } = useCartWrites()
  return useMutation({
    onError,
    mutationFn: (serviceId: string) =>
      tracked(
        signedIn
          ? withApi(({ api, unwrap }) => unwrap(api.cart[':serviceId'].$delete({ param: { serviceId } }))).then(
              (cart) => void queryClient.setQueryData<Cart>(cartQueries.mine().queryKey, cart),
            )
          : Promise.resolve(setVisitorLine(serviceId, 0)),
      ),
  })
}

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
