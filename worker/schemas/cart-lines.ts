import { toTaka } from './bdt'
import type { Cart, CartLine } from './cart'
import { TOOL_NOT_SOLD, WITHDRAWN_TOOL_NAME } from './cart-limits'
import { quantityError } from './order-quantity'
import { tieredPriceOf, unitPriceOf } from './unit-price'

// A cart priced and checked, alone: the API answers a customer's cart with it, and the web app
// builds a visitor's browser cart with it on /cart, whose code must not bring zod (cart.ts, which
// holds the cart's schemas, would).

/**
 * Why a line of `quantity` of `tool` cannot be checked out as it is, or null: the tool was
 * withdrawn, or the spec's order messages (below the minimum, not whole packs, more than the stock).
 */
export function cartLineError(
  tool: { quantity: number; minimumQuantity: number; packSize?: number } | undefined,
  quantity: number,
): string | null {
  if (!tool) return TOOL_NOT_SOLD
  return quantityError({ min: tool.minimumQuantity, available: tool.quantity, packSize: tool.packSize ?? 1 }, quantity)
}

/** What a cart line needs to know of its tool (a tool as the API answers it has these fields). */
export type CartTool = {
  name: string
  img: string
  price: number
  quantity: number
  Minimum_quantity: number
  priceTiers?: readonly { minQuantity: number; price: number }[]
  packSize?: number
}

/**
 * The cart of `lines`, priced from each line's tool (undefined for a withdrawn one, which then
 * shows `withdrawnName`, costs nothing and carries {@link TOOL_NOT_SOLD}). The API answers it for
 * a customer's cart; the web app builds a visitor's browser cart with it from the public tools.
 */
export function cartOf(
  lines: readonly { serviceId: string; quantity: number; tool: CartTool | undefined; withdrawnName?: string }[],
): Cart {
  let goodsPaisa = 0
  const priced = lines.map(({ serviceId, quantity, tool, withdrawnName }): CartLine => {
    if (!tool)
      return {
        serviceId,
        service: withdrawnName || WITHDRAWN_TOOL_NAME,
        img: '',
        quantity,
        unitPrice: 0,
        listUnitPrice: 0,
        price: 0,
        available: 0,
        Minimum_quantity: 0,
        packSize: 1,
        error: TOOL_NOT_SOLD,
      }
    const unitPaisa = unitPriceOf(tieredPriceOf(tool), quantity)
    const pricePaisa = unitPaisa * quantity
    goodsPaisa += pricePaisa
    const packSize = tool.packSize ?? 1
    return {
      serviceId,
      service: tool.name,
      img: tool.img,
      quantity,
      unitPrice: toTaka(unitPaisa),
      listUnitPrice: tool.price,
      price: toTaka(pricePaisa),
      available: tool.quantity,
      Minimum_quantity: tool.Minimum_quantity,
      packSize,
      error: cartLineError({ quantity: tool.quantity, minimumQuantity: tool.Minimum_quantity, packSize }, quantity),
    }
  })
  return { lines: priced, price: toTaka(goodsPaisa), count: priced.length }
}
