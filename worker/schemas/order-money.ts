/**
 * An order's money, summed in one place for every way an order is priced: buy now and the cart
 * (worker/features/orders/place-order.service.ts), an accepted quote (features/quotes) and the
 * quote checkout's summary in the web app. Integer paisa in and out; the VAT is rounded once
 * per line and once for the delivery (api.md "VAT and tax documents"), never on the sum.
 */
import { DELIVERY_VAT_BP, vatIncludedPaisa } from './vat'

/** A line's price (unit price × quantity) and the VAT included in it at `vatRateBp`. */
export function lineMoney(unitPricePaisa: number, quantity: number, vatRateBp: number) {
  const pricePaisa = unitPricePaisa * quantity
  return { pricePaisa, vatPaisa: vatIncludedPaisa(pricePaisa, vatRateBp) }
}

export type OrderMoney = { pricePaisa: number; deliveryFeePaisa: number; vatPaisa: number; totalPaisa: number }

/**
 * What an order of `lines` delivered for `deliveryFeePaisa` costs: the goods, the fee, the VAT
 * included (each line's, as {@link lineMoney} rounded it, and the fee's at 15%) and the total.
 * A line without its VAT (a quote whose tools' rates are not asked for) adds none.
 */
export function orderMoney(
  lines: readonly { pricePaisa: number; vatPaisa?: number }[],
  deliveryFeePaisa: number,
): OrderMoney {
  let pricePaisa = 0
  let vatPaisa = vatIncludedPaisa(deliveryFeePaisa, DELIVERY_VAT_BP)
  for (const line of lines) {
    pricePaisa += line.pricePaisa
    vatPaisa += line.vatPaisa ?? 0
  }
  return { pricePaisa, deliveryFeePaisa, vatPaisa, totalPaisa: pricePaisa + deliveryFeePaisa }
}
