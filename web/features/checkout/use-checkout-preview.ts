import { useEffect, useState } from 'react'
import { useQuery } from '#web/lib/query.ts'
import type { PreviewChoice } from './checkout-body'
import { checkoutQueries } from './checkout-queries'

/** How long the choice must rest before the preview is asked again (a keyboard walking the district list). */
const PREVIEW_DEBOUNCE_MS = 300

/**
 * The server's preview of the cart for the delivery and payment chosen now, asked again
 * (debounced) when they change. `current` is false while what shows is for an earlier choice or
 * being asked again: no order is placed at that total.
 */
export function useCheckoutPreview({ method, district, paymentMethod }: PreviewChoice) {
  const [asked, setAsked] = useState<PreviewChoice>({ method, district, paymentMethod })
  useEffect(() => {
    const timer = setTimeout(() => setAsked({ method, district, paymentMethod }), PREVIEW_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [method, district, paymentMethod])
  const query = useQuery(checkoutQueries.preview(asked))
  const sameChoice = asked.method === method && asked.district === district && asked.paymentMethod === paymentMethod
  return { preview: query, current: sameChoice && query.isSuccess && !query.isPlaceholderData && !query.isFetching }
}
