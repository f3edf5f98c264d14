import { type APIRequestContext, expect, type Locator } from '@playwright/test'
import type { Tool } from '../worker/schemas/tool'
import { API } from './fixtures'

export type { Tool }

/**
 * The element has been taken over by React (hydrated), not just shown by the server's HTML: until
 * then a button is the no-script form's (Purchase goes to /login and back with `?order=1`).
 */
export const isHydrated = (element: Locator) =>
  expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'))), {
      timeout: 30_000,
    })
    .toBe(true)

/** A BDT amount on screen, compared by its digits so the test does not depend on the browser's currency symbol. */
export async function expectPaisa(locator: Locator, paisa: number) {
  await expect(locator).toHaveText(/৳|BDT|Tk/)
  await expect.poll(async () => (await locator.textContent())?.replace(/\D/g, '')).toBe(String(paisa))
}

/**
 * The tool in stock whose minimum order costs least (well inside the cash-on-delivery limit),
 * priced at `minPrice` BDT or more.
 */
export async function cheapTool(request: APIRequestContext, { minPrice = 0 } = {}): Promise<Tool> {
  const tools = (await (await request.get(`${API}/service?limit=100`)).json()) as Tool[]
  const orderable = tools
    .filter((t) => t.Minimum_quantity > 0 && t.quantity >= t.Minimum_quantity && t.price >= minPrice)
    .sort((a, b) => a.price * a.Minimum_quantity - b.price * b.Minimum_quantity)
  expect(orderable.length, 'a tool in stock to order').toBeGreaterThan(0)
  return orderable[0]!
}
