import { MAX_ORDER_QUANTITY } from '#schemas/cart-limits.ts'

// A visitor's cart lives in this browser (localStorage) until they sign in, when it joins their
// cart on the server (cart-merge.ts). This part reads it and is in every page's entry (the navbar's
// count): small, free of zod and the API client. Changing it is visitor-cart-writes.ts, loaded
// with the code that changes it.

/** A line as the browser keeps it, the shape `POST /api/cart/merge` takes. */
export type VisitorLine = { serviceId: string; quantity: number }

export const VISITOR_CART_KEY = 'cart'
/** The event a change in this tab raises (another tab's raises `storage`). */
export const VISITOR_CART_EVENT = 'toolhaus:cart'

let cached: { text: string | null; lines: VisitorLine[] } = { text: null, lines: [] }

/**
 * A line the merge takes (`CartLineInputSchema`): one it would refuse would make it refuse the whole
 * browser cart at sign-in, so such a line (a hand edit) is no line.
 */
const isLine = (line: Partial<VisitorLine> | null): line is VisitorLine =>
  typeof line?.serviceId === 'string' &&
  line.serviceId !== '' &&
  line.serviceId.length <= 64 &&
  Number.isInteger(line.quantity) &&
  line.quantity! > 0 &&
  line.quantity! <= MAX_ORDER_QUANTITY

/** The lines, in the order they were added; the same array until localStorage changes. */
export function visitorLines(): VisitorLine[] {
  const text = typeof localStorage === 'undefined' ? null : localStorage.getItem(VISITOR_CART_KEY)
  if (text === cached.text) return cached.lines
  let lines: VisitorLine[] = []
  try {
    const parsed: unknown = text ? JSON.parse(text) : []
    // Anything else (an old format, a hand edit) counts as an empty cart.
    if (Array.isArray(parsed)) lines = parsed.filter(isLine)
  } catch {}
  cached = { text, lines }
  return lines
}

/** Calls `listener` when the lines change, in this tab or another. */
export function subscribeVisitorCart(listener: () => void) {
  const onStorage = (e: StorageEvent) => (e.key === VISITOR_CART_KEY || e.key === null) && listener()
  window.addEventListener(VISITOR_CART_EVENT, listener)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener(VISITOR_CART_EVENT, listener)
    window.removeEventListener('storage', onStorage)
  }
}
