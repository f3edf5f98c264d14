import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { isHydrated } from './shop'

// What a person types or clicks on a server-rendered page before React has taken it over must not
// be lost (issue 21, docs style rule 22). On a phone (the CPU slowed down 6×) the app's scripts
// arrive and run long after the page shows; to make the race certain, each test holds the app's
// scripts back until it has typed, then lets them through and checks that hydration keeps what
// was typed and acts on it.

/** A phone's speed: the CPU slowed down 6×. */
async function phoneSpeed(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
}

/** Holds every script of the app back until the returned function is called (then lets them all through). */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/assets/*.js', async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** The names of the tools the list shows. */
const listedTools = (page: Page) => page.getByRole('main').locator('ul article h2').allInnerTexts()

/** The names of the tools the API lists for a search (`q=…&sort=…`), in its order. */
async function toolsFor(page: Page, search: string) {
  const tools = (await (await page.request.get(`/api/service?${search}&limit=12`)).json()) as { name: string }[]
  return tools.map((tool) => tool.name)
}

test('/service: a search typed before the app takes over is kept and searched for', async ({ page }) => {
  await phoneSpeed(page)
  const release = await holdScripts(page)
  // Without its scripts the page never finishes loading: wait for the server's HTML only.
  await page.goto('/service', { waitUntil: 'commit' })
  const search = page.getByRole('main').getByRole('searchbox', { name: 'Search tools' })
  await search.pressSequentially('drill')
  // Other tests add tools to the same stack: compare with what the API lists now.
  const all = await toolsFor(page, 'q=')
  expect(await listedTools(page), 'the server listed every tool').toEqual(all)

  release()
  await isHydrated(search)
  await expect(page).toHaveURL(/\/service\?q=drill$/, { timeout: 15_000 })
  await expect(page.getByRole('status')).toHaveText(/matching “drill”/)
  const drills = await toolsFor(page, 'q=drill')
  expect(drills.length).toBeLessThan(all.length)
  await expect.poll(() => listedTools(page)).toEqual(drills)
  await expect(search).toHaveValue('drill')

  // And the field is the app's now: refining the search searches again.
  await search.fill('saw')
  await expect(page).toHaveURL(/\/service\?q=saw$/)
  await expect(page.getByRole('status')).toHaveText(/matching “saw”/)
})

test('/service: Enter before the app takes over searches as a plain GET form', async ({ page }) => {
  await phoneSpeed(page)
  await holdScripts(page)
  await page.goto('/service', { waitUntil: 'commit' })
  const search = page.getByRole('main').getByRole('searchbox', { name: 'Search tools' })
  await search.fill('grinder')
  await search.press('Enter')
  // The browser itself sent the form: the server answers with the search already made.
  await expect(page).toHaveURL(/\/service\?q=grinder/)
  await expect(page.getByRole('status')).toHaveText(/matching “grinder”/)
})

test('/service: a sort chosen before the app takes over is kept and applied', async ({ page }) => {
  await phoneSpeed(page)
  const release = await holdScripts(page)
  await page.goto('/service', { waitUntil: 'commit' })
  const sort = page.getByRole('combobox', { name: 'Sort by' })
  await sort.selectOption({ label: 'Price high to low' })
  const byPrice = await toolsFor(page, 'sort=-price')
  expect(await listedTools(page), 'the server listed the default order').not.toEqual(byPrice)

  release()
  await isHydrated(sort)
  await expect(page).toHaveURL(/\/service\?sort=-price$/, { timeout: 15_000 })
  await expect(sort).toHaveValue('-price')
  await expect.poll(() => listedTools(page)).toEqual(byPrice)
})

test('a tool page: Purchase clicked before the app takes over still opens the order dialog', async ({
  asCustomer: { page },
}) => {
  // The order dialog itself opens on a click, so it can only be typed into once the app runs; what
  // must not be lost is the click on Purchase that opens it. Before the app runs, Purchase is a
  // plain GET form to /login, which sends a signed-in customer back here with the dialog open.
  await phoneSpeed(page)
  const release = await holdScripts(page)
  await page.goto('/service/drill-machine', { waitUntil: 'commit' })
  const purchase = page.getByRole('button', { name: 'Purchase' })
  await expect(purchase).toBeEnabled()
  expect(await purchase.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$')))).toBe(false)
  await purchase.click()

  release()
  const dialog = page.getByRole('dialog', { name: 'Order Drill Machine' })
  await expect(dialog).toBeVisible({ timeout: 30_000 })
  await expect(page).toHaveURL('/service/drill-machine')
  // The form is the app's: typed text shows in the live price of the goods.
  await dialog.getByLabel('Quantity').fill('150')
  await expect(dialog.getByTestId('goods')).toHaveText(/BDT\s?630,000\.00/)
})

test('the home page: the contact form renders in the browser, and what is typed into it is sent', async ({ page }) => {
  // The contact form is not in the server's HTML (web/routes/index.tsx renders it when the visitor
  // comes near): nothing can be typed into it before the app runs, so nothing can be lost there.
  await phoneSpeed(page)
  const release = await holdScripts(page)
  const response = await page.goto('/', { waitUntil: 'commit' })
  expect(await response!.text()).not.toContain('Send message')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('#contact').locator('input, textarea')).toHaveCount(0)

  release()
  await isHydrated(page.getByRole('link', { name: 'Talk to sales' }))
  await page.locator('#contact').scrollIntoViewIfNeeded()
  const form = page.locator('#contact')
  await expect(form.getByLabel('Name')).toBeVisible({ timeout: 30_000 })
  await form.getByLabel('Name').fill('Rafiq Ahmed')
  await form.getByLabel('E-mail').fill('rafiq@example.com')
  await form.getByLabel('Message').fill('Do you deliver 300 drill machines to Chattogram?')
  const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/contact')
  await form.getByRole('button', { name: 'Send message' }).click()
  expect((await sent).postDataJSON()).toMatchObject({
    name: 'Rafiq Ahmed',
    email: 'rafiq@example.com',
    message: 'Do you deliver 300 drill machines to Chattogram?',
  })
  await expect(page.getByText('Message Successfully sent!')).toBeVisible()
  await expect(form.getByLabel('Name')).toHaveValue('')
})
