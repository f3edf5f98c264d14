import { VISITOR_CART_EVENT, VISITOR_CART_KEY, visitorLines } from './visitor-cart'

/** Sets a tool's quantity in the visitor's browser cart (0 takes it out); a new tool goes last. */
export function setVisitorLine(serviceId: string, quantity: number) {
  const lines = visitorLines()
  const next =
    quantity <= 0
      ? lines.filter((l) => l.serviceId !== serviceId)
      : lines.some((l) => l.serviceId === serviceId)
        ? lines.map((l) => (l.serviceId === serviceId ? { serviceId, quantity } : l))
        : [...lines, { serviceId, quantity }]
  if (next.length) localStorage.setItem(VISITOR_CART_KEY, JSON.stringify(next))
  else localStorage.removeItem(VISITOR_CART_KEY)
  window.dispatchEvent(new Event(VISITOR_CART_EVENT))
}
