import { useNavigate } from '@tanstack/react-router'
import { type CartToolRef, toastAdded, toastNotAdded, useAddToCart } from '#web/features/cart/cart-mutations.ts'

type AddToCartButtonProps = {
  tool: CartToolRef & { name: string }
  /** The button's own classes (its size and colour where it sits). */
  className?: string
  /** How many go in (the tool page's quantity); the tool's minimum order without it. */
  quantity?: number
  /** The quantity beside it cannot be ordered (its field says why). */
  disabled?: boolean
}

/**
 * Add to cart, with a toast that says what happened. A GET form, so a click before (or without)
 * JavaScript is not lost: it opens /cart?add={id}&quantity={minimum}, which adds the tool there.
 * Above a tool card's stretched link (`relative z-10`), so it is a control of its own.
 */
export function AddToCartButton({
  tool,
  className = 'btn-ghost w-full',
  quantity,
  disabled = false,
}: AddToCartButtonProps) {
  const add = useAddToCart()
  const navigate = useNavigate()
  const viewCart = () => void navigate({ to: '/cart' })
  return (
    <form
      method="get"
      action="/cart"
      className="relative z-10"
      onSubmit={(e) => {
        e.preventDefault()
        if (add.isPending) return
        add.mutate(quantity === undefined ? tool : { ...tool, addQuantity: quantity }, {
          onSuccess: (result) => toastAdded(result, { name: tool.name, viewCart }),
          onError: toastNotAdded,
        })
      }}
    >
      <input type="hidden" name="add" value={tool._id} />
      <input type="hidden" name="quantity" value={quantity ?? tool.Minimum_quantity} />
      <button type="submit" className={className} aria-busy={add.isPending || undefined} disabled={disabled}>
        Add to cart
      </button>
    </form>
  )
}
