import type { Page } from '@playwright/test'
import { logIn, verifiedCustomer } from './auth'
import { API, addTool, expect, expectNoAxeViolations, sidewaysOverflow, test } from './fixtures'
import type { Tool } from './shop'

type CartAnswer = { lines: { serviceId: string; quantity: number }[]; count: number }

/**
 * Two tools on the first page of /service that can go into a cart and whose minimum is above 1
 * (so one below it is not 0, which takes a tool out). Read from the API: other specs add tools.
 */
async function twoTools(page: Page): Promise<[Tool, Tool]> {
  const tools = (await (await page.request.get(`${API}/service?limit=12`)).json()) as Tool[]
  const picked = tools.filter((t) => t.Minimum_quantity > 1 && t.quantity >= t.Minimum_quantity).slice(0, 2)
  expect(picked, 'two orderable tools on the first page').toHaveLength(2)
  return picked as [Tool, Tool]
}

const cardOf = (page: Page, tool: Tool) =>
  page.locator('main article').filter({ has: page.locator(`a[href="/service/${tool._id}"]`) })
const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart/ })
const cartCount = (page: Page) => page.getByTestId('cart-count')
const cartLines = (page: Page) => page.getByTestId('cart-line')

test('a visitor’s cart joins their account at sign-in and shows on every device', async ({ page, browser, api }) => {
  const [first, second] = await twoTools(page)

  // A visitor's cart lives in the browser: the count fills in once the page runs. (Pressed before the
  // card's code runs, Add to cart goes by /cart, which adds the tool: either way it is in.)
  await page.goto('/service')
  await expect(cartCount(page)).toHaveText('0')
  await cardOf(page, first).getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByText('Added to your cart')).toBeVisible()
  await expect(cartCount(page)).toHaveText('1')
  await expectNoAxeViolations(page, `${new URL(page.url()).pathname} after Add to cart`)
  await page.goto(`/service/${second._id}`)
  await expect(cartCount(page)).toHaveText('1')
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click()
  await expect(cartCount(page)).toHaveText('2')
  // The count moves first; the toast follows once the toaster's code has loaded (axe waits for it
  // to settle only once it is there).
  await expect(page.getByText('Added to your cart')).toBeVisible()
  await expectNoAxeViolations(page, 'a tool page after Add to cart')
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 tools')
  // Pressed again, the tool stays in the cart once, at the quantity it has.
  await page.goto(`/service/${second._id}`)
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).first().click()
  await expect(page.getByText('Already in your cart')).toBeVisible()
  await expect(cartCount(page)).toHaveText('2')

  await cartLink(page).click()
  await expect(page).toHaveURL('/cart')
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible()
  await expect(cartLines(page).getByRole('heading')).toHaveText([first.name, second.name])
  // Each line starts at the tool's minimum order.
  await expect(page.getByLabel(`Quantity of ${first.name}`)).toHaveValue(String(first.Minimum_quantity))
  await expect(page.getByLabel(`Quantity of ${second.name}`)).toHaveValue(String(second.Minimum_quantity))
  // Checkout asks a visitor to log in and comes back to it.
  await expect(page.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/login?redirect=%2Fcheckout')
  await expectNoAxeViolations(page, '/cart (visitor)')

  // Signing up (a fresh account: the stack is shared) merges the browser's cart onto the server.
  const account = await verifiedCustomer(page, 'Cart Buyer', 'cart')
  await expect(cartCount(page)).toHaveText('2')
  const merged = (await (await api.get('/cart')).json()) as CartAnswer
  expect(merged.lines.map((l) => [l.serviceId, l.quantity])).toEqual([
    [first._id, first.Minimum_quantity],
    [second._id, second.Minimum_quantity],
  ])
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull()

  // The same cart on another device, signed in as the same person.
  const other = await browser.newContext()
  try {
    const phone = await other.newPage()
    await phone.setViewportSize({ width: 390, height: 844 })
    await logIn(phone, account)
    await expect(cartCount(phone)).toHaveText('2')
    await cartLink(phone).click()
    await expect(cartLines(phone).getByRole('heading')).toHaveText([first.name, second.name])
    expect(await sidewaysOverflow(phone)).toBe(0)
    await expectNoAxeViolations(phone, '/cart (signed in, 390 px)')

    // Below the tool's minimum: the spec's message, and the cart keeps its quantity.
    const quantity = phone.getByLabel(`Quantity of ${first.name}`)
    await quantity.fill(String(first.Minimum_quantity - 1))
    await quantity.press('Enter')
    const line = cartLines(phone).filter({ hasText: first.name })
    await expect(line.getByTestId('line-error')).toHaveText(`Please Order Minimum : ${first.Minimum_quantity}`)
    await expect(quantity).toHaveAttribute('aria-invalid', 'true')
    expect(await sidewaysOverflow(phone)).toBe(0)

    // A quantity that fits is saved on the server.
    await quantity.fill(String(first.Minimum_quantity + 1))
    await quantity.press('Enter')
    await expect(line.getByTestId('line-error')).toHaveCount(0)
    await expect
      .poll(async () => ((await (await api.get('/cart')).json()) as CartAnswer).lines[0]?.quantity)
      .toBe(first.Minimum_quantity + 1)

    // Remove takes the tool out, here and in the count.
    await phone.getByRole('button', { name: `Remove ${second.name}` }).click()
    await expect(cartLines(phone)).toHaveCount(1)
    await expect(cartCount(phone)).toHaveText('1')
    const after = (await (await api.get('/cart')).json()) as CartAnswer
    expect(after.lines.map((l) => l.serviceId)).toEqual([first._id])

    // The first device reads the server's cart again on its next page.
    await page.goto('/cart')
    await expect(cartLines(page).getByRole('heading')).toHaveText([first.name])
    await expect(page.getByLabel(`Quantity of ${first.name}`)).toHaveValue(String(first.Minimum_quantity + 1))
  } finally {
    await other.close()
  }
})

test('Add to cart pressed before the page’s JavaScript runs is not lost', async ({ browser }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false })
  const withScript = await browser.newContext()
  try {
    const before = await noScript.newPage()
    const [tool] = await twoTools(before)
    // Without JavaScript the button's form opens /cart with the tool and its minimum order…
    await before.goto('/service')
    await cardOf(before, tool).getByRole('button', { name: 'Add to cart' }).click()
    await expect(before).toHaveURL(`/cart?add=${tool._id}&quantity=${tool.Minimum_quantity}`)

    // …where the app, once it runs, puts it in the cart.
    const page = await withScript.newPage()
    await page.goto(new URL(before.url()).pathname + new URL(before.url()).search)
    await expect(cartLines(page).getByRole('heading')).toHaveText([tool.name])
    await expect(page).toHaveURL('/cart')
    await expect(cartCount(page)).toHaveText('1')
  } finally {
    await noScript.close()
    await withScript.close()
  }
})

test('a line the shop would refuse never makes sign-in drop the browser’s cart', async ({ page, api }) => {
  const [first, second] = await twoTools(page)
  // More than one order holds, from a link: refused as the server refuses it, the cart left empty.
  await page.goto(`/cart?add=${second._id}&quantity=2000000`)
  await expect(page.getByText('One order can hold at most 1,000,000.')).toBeVisible()
  await expect(page).toHaveURL('/cart')
  await expect(page.getByText('Your cart is empty')).toBeVisible()
  await expect(cartCount(page)).toHaveText('0')

  // A cart kept by an older version of the shop (or edited by hand) holding such a line: the line
  // is not shown, and the rest joins the account at sign-in instead of the whole cart being refused.
  await page.evaluate(
    (lines) => localStorage.setItem('cart', JSON.stringify(lines)),
    [
      { serviceId: first._id, quantity: first.Minimum_quantity },
      { serviceId: second._id, quantity: 2_000_000 },
      { serviceId: 'x'.repeat(65), quantity: 1 },
    ],
  )
  await page.reload()
  await expect(cartLines(page).getByRole('heading')).toHaveText([first.name])
  await verifiedCustomer(page, 'Cart Keeper', 'cartkeep')
  await expect(cartCount(page)).toHaveText('1')
  const merged = (await (await api.get('/cart')).json()) as CartAnswer
  expect(merged.lines.map((l) => [l.serviceId, l.quantity])).toEqual([[first._id, first.Minimum_quantity]])
})

test('a quantity the shop refuses keeps the buyer on the cart, the line showing the stock and the tool as they are now', async ({
  page,
  api,
  asAdmin,
  expectConsoleError,
}) => {
  const name = `Cart Vice ${Date.now().toString(36)}`
  const id = await addTool(asAdmin.api, {
    name,
    description: 'A vice the shop sells out of.',
    price: 300,
    quantity: 50,
    Minimum_quantity: 10,
  })
  await verifiedCustomer(page, 'Nasir Tools', 'cartfix')
  expect((await api.put(`/cart/${id}`, { data: { quantity: 10 } })).status()).toBe(200)
  await page.goto('/cart')
  const line = cartLines(page).filter({ hasText: name })
  await expect(line).toContainText('50 in stock')

  // The shop sells most of it while the page is open: 30 looks fine here, the shop refuses it, and
  // Checkout stays on the cart with the reason and the stock now.
  const cut = await asAdmin.api.patch(`/service/${id}`, { data: { quantity: 20, previousQuantity: 50 } })
  expect(cut.status(), await cut.text()).toBe(200)
  expectConsoleError(/status of 400/)
  await page.getByLabel(`Quantity of ${name}`).fill('30')
  await page.getByRole('link', { name: 'Checkout' }).click()
  await expect(line).toContainText('Please Order Less Then : 20')
  await expect(line).toContainText('20 in stock')
  await expect(page).toHaveURL('/cart')
  // Pressed again, Checkout still stays: the line shows 30, which is not what the cart holds (10).
  await page.getByRole('link', { name: 'Checkout' }).click()
  await page.waitForTimeout(500)
  await expect(page).toHaveURL('/cart')
  // Nor does a quote from the cart ask for the quantity saved before.
  await page.getByRole('button', { name: 'Request a quote' }).click()
  const dialog = page.getByRole('dialog', { name: 'Request a quote' })
  await dialog.getByRole('button', { name: 'Send request' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'A quantity in your cart is not saved: see the message under the tool.',
  )
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // Withdrawn meanwhile: changing it says so on the line, which keeps only Remove.
  expect((await asAdmin.api.delete(`/service/${id}`)).status()).toBe(200)
  expectConsoleError(/status of 404/)
  await page.getByLabel(`Quantity of ${name}`).fill('20')
  await page.getByLabel(`Quantity of ${name}`).press('Enter')
  // (A withdrawn tool's line no longer shows its name: the cart keeps only its id.)
  const withdrawn = cartLines(page).filter({ hasText: 'This tool is no longer sold.' })
  await expect(withdrawn).toHaveCount(1)
  await expect(cartLines(page)).toHaveCount(1)
  await expect(withdrawn.getByRole('spinbutton')).toHaveCount(0)
  await withdrawn.getByRole('button', { name: /^Remove/ }).click()
  await expect(cartLines(page)).toHaveCount(0)
  await expectNoAxeViolations(page, '/cart after a refused change')
})
