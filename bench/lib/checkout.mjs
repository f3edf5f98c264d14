// The checkout row: real `POST /api/checkout` of a full cart, one at a time, timed from the
// client. Placing an order takes stock and writes an order, its lines, its history and an
// e-mail, so it is not loaded with autocannon: the cart is filled again (`PUT /api/cart/{id}`,
// not timed) before each order.

/** Puts every line back in the cart (each PUT answers the cart); throws on anything but a 200. */
export async function fillCart(url, headers, lines) {
  for (const { serviceId, quantity } of lines) {
    const res = await fetch(`${url}/api/cart/${encodeURIComponent(serviceId)}`, {
      method: 'PUT',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ quantity }),
    })
    const text = await res.text()
    if (res.status !== 200) throw new Error(`PUT /api/cart/${serviceId} answered ${res.status}: ${text.slice(0, 200)}`)
  }
}

/**
 * One checkout, timed from the request to the whole answer read.
 * @returns {Promise<{ ms: number, status: number, body: string }>}
 */
export async function checkoutOnce(url, headers, body) {
  const t0 = performance.now()
  const res = await fetch(`${url}/api/checkout`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  return { ms: performance.now() - t0, status: res.status, body: text }
}

/** p50 / p95 (nearest rank), mean, min and max of some durations in ms, rounded to 0.1 ms. */
export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = (p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
  const r = (n) => Math.round(n * 10) / 10
  return {
    n: sorted.length,
    p50: r(rank(50)),
    p95: r(rank(95)),
    mean: r(sorted.reduce((sum, x) => sum + x, 0) / Math.max(1, sorted.length)),
    min: r(sorted[0] ?? 0),
    max: r(sorted.at(-1) ?? 0),
  }
}
