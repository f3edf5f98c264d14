import { useEffect, useState } from 'react'
import { useQuery } from '#web/lib/query.ts'
import type { PreviewChoice } from './checkout-body'
import { checkoutQueries } from './checkout-queries'

/** How long the choice must rest before the preview is asked again (a keyboard walking the district list). */
const PREVIEW_DEBOUNCE_MS = 300

/**
 * The server's preview of the cart (or of the tool bought now) for the delivery and payment
 * chosen now, asked again (debounced) when they change; not asked while `enabled` is false (a
 * quantity the order would refuse). `current` is false while what shows is for an earlier choice
 * or being asked again: no order is placed at that total.
 */
export function useCheckoutPreview({ method, district, paymentMethod, buyNow }: PreviewChoice, enabled = true) {
  const serviceId = buyNow?.serviceId
  const quantity = buyNow?.quantity
  const [asked, setAsked] = useState<PreviewChoice>({ method, district, paymentMethod, buyNow })
  useEffect(() => {
    const choice = {
      method,
      district,
      paymentMethod,
      ...(serviceId !== undefined && quantity !== undefined ? { buyNow: { serviceId, quantity } } : {}),
    }
    const timer = setTimeout(() => setAsked(choice), PREVIEW_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [method, district, paymentMethod, serviceId, quantity])
  const query = useQuery({ ...checkoutQueries.preview(asked), enabled })
  const sameChoice =
    asked.method === method &&
    asked.district === district &&
    asked.paymentMethod === paymentMethod &&
    asked.buyNow?.serviceId === serviceId &&
    asked.buyNow?.quantity === quantity
  return {
    preview: query,
    current: enabled && sameChoice && query.isSuccess && !query.isPlaceholderData && !query.isFetching,
  }
}
