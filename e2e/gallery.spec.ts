import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { ADMIN, signIn } from './auth'
import { expect, expectNoAxeViolations, sidewaysOverflow, test } from './fixtures'
import { isHydrated } from './shop'

const seedImage = (name: string) => fileURLToPath(new URL(`../seed/images/${name}`, import.meta.url))
const webp = (name: string) => ({ name, mimeType: 'image/webp', buffer: readFileSync(seedImage(name)) })

const gallery = (page: Page) => page.getByTestId('tool-gallery')
const position = (page: Page) => page.getByTestId('gallery-position')
const thumbnail = (page: Page, n: number, of: number) =>
  gallery(page).getByRole('link', { name: `Show photo ${n} of ${of}` })

/**
 * A finger's swipe across the photo strip (touch events, as a phone sends them). The finger rests
 * before it lifts, so the browser sees no fling: on a loaded machine the moves arrive bunched, and
 * a fling would carry the strip on by its own momentum, which is the browser's to decide, not ours.
 */
async function swipe(page: Page, direction: 'left' | 'right') {
  const box = (await gallery(page).getByRole('region').boundingBox())!
  const cdp = await page.context().newCDPSession(page)
  const y = Math.round(box.y + box.height / 2)
  const from = Math.round(box.x + box.width * (direction === 'left' ? 0.8 : 0.2))
  const step = Math.round((box.width * 0.6) / 10) * (direction === 'left' ? -1 : 1)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] })
  for (let i = 1; i <= 10; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + i * step, y }] })
  await page.waitForTimeout(200)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + 10 * step, y }] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

// A touch screen, so the strip can be swiped.
test.use({ hasTouch: true })

test('a shopper moves through a tool’s photos by thumbnail, arrow keys and swipe @phone', async ({ page }, info) => {
  await page.goto('/service/drill-machine')
  await expect(page.getByRole('heading', { level: 1, name: 'Drill Machine' })).toBeVisible()
  // The server's page: four photos, the first preloaded at the width the screen needs, the rest lazy.
  const photos = gallery(page).getByRole('region').getByRole('img')
  await expect(photos).toHaveCount(4)
  await expect(photos.first()).toHaveAttribute('srcset', /\?w=320 320w, .*\?w=1280 1280w/)
  await expect(photos.first()).toHaveAttribute('alt', 'Drill Machine, photo 1 of 4')
  await expect(photos.nth(1)).toHaveAttribute('loading', 'lazy')
  await expect(position(page)).toHaveText('1 / 4')
  await isHydrated(thumbnail(page, 3, 4))
  // Product JSON-LD lists every photo.
  const product = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts.map((s) => JSON.parse(s.textContent ?? '{}')).find((d) => d['@type'] === 'Product'),
    )
  expect(product.image).toHaveLength(4)

  // Photo by thumbnail: the strip moves, nothing else on the page does.
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox()
  await thumbnail(page, 3, 4).click()
  await expect(position(page)).toHaveText('3 / 4')
  await expect(thumbnail(page, 3, 4)).toHaveAttribute('aria-current', 'true')
  await expect(photos.nth(2)).toBeInViewport()
  expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(heading)

  // By keyboard: the strip takes the arrow keys, Home and End.
  await gallery(page)
    .getByRole('region', { name: /Photos of Drill Machine/ })
    .focus()
  await page.keyboard.press('ArrowRight')
  await expect(position(page)).toHaveText('4 / 4')
  await page.keyboard.press('ArrowRight')
  await expect(position(page)).toHaveText('4 / 4')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(position(page)).toHaveText('2 / 4')
  await page.keyboard.press('Home')
  await expect(position(page)).toHaveText('1 / 4')
  await expect(photos.first()).toBeInViewport({ ratio: 1 })

  // By swipe: one photo on, and back.
  await swipe(page, 'left')
  await expect(position(page)).toHaveText('2 / 4')
  await expect(thumbnail(page, 2, 4)).toHaveAttribute('aria-current', 'true')
  await swipe(page, 'right')
  await expect(position(page)).toHaveText('1 / 4')

  expect(await sidewaysOverflow(page)).toBe(0)
  await expectNoAxeViolations(page, 'the tool page')
  await page.screenshot({ path: info.outputPath(`tool-page-${info.project.name}.png`), fullPage: true })
  await page.screenshot({ path: `test-results/gallery-tool-page-${info.project.name}.png` })
})

test('an admin uploads two photos, makes the second the main one, and the tool page shows them so', async ({
  page,
}) => {
  await signIn(page, ADMIN)
  await page.goto('/dashboard/addTools')
  const name = `Gallery Vice ${Date.now().toString(36)}`
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Description').fill('A bench vice with two photos.')
  await page.getByLabel('Price (BDT per unit)').fill('2450')
  await page.getByLabel('Quantity', { exact: true }).fill('300')
  await page.getByLabel('Minimum order quantity').fill('10')

  // Both at once, each with its own progress bar.
  await page.route('**/api/images', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800))
    await route.continue()
  })
  await page.getByLabel('Add photos').setInputFiles([webp('jigsaw.webp'), webp('jigsaw--side.webp')])
  await expect(page.getByRole('progressbar', { name: 'Uploading jigsaw.webp' })).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Uploading jigsaw--side.webp' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Uploading photo…' })).toBeDisabled()
  const tiles = page.getByTestId('gallery-photo')
  await expect(tiles).toHaveCount(2)
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  await expect(tiles.first().getByText('Main photo')).toBeVisible()
  const [first, second] = await page
    .getByTestId('image-preview')
    .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')!.replace(/\?w=\d+$/, '')))
  expect(first).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/)
  expect(second).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/)

  // Reordered by keyboard: the second becomes the main photo.
  await page.getByRole('button', { name: 'Move photo 2 earlier' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Photo 2 is now the main photo' })).toBeAttached()
  await expect(page.getByTestId('image-preview').first()).toHaveAttribute('src', new RegExp(`^${second}`))
  await expect(page.getByTestId('image-preview').first()).toHaveAttribute('alt', '1 of 2')
  await expectNoAxeViolations(page, 'the add-tool form with two photos')

  const created = page.waitForRequest((req) => req.url().endsWith('/api/service') && req.method() === 'POST')
  await page.getByRole('button', { name: 'Add Tool' }).click()
  await expect(page.getByText('Tools added successfully')).toBeVisible()
  expect((await created).postDataJSON()).toMatchObject({ name, images: [second, first] })
  await expect(page.getByTestId('gallery-photo')).toHaveCount(0)

  await page.goto(`/service?q=${encodeURIComponent(name)}`)
  await page.getByRole('link', { name }).first().click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const shown = gallery(page).getByRole('region').getByRole('img')
  await expect(shown).toHaveCount(2)
  await expect(shown.first()).toHaveAttribute('src', new RegExp(`^${second}`))
  await expect(shown.nth(1)).toHaveAttribute('src', new RegExp(`^${first}`))
})

test('the navbar suggests tools as one types; the keyboard picks one @phone', async ({ page }, info) => {
  const phone = info.project.name === 'phone'
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click()
  const search = page.getByRole('search', { name: 'Search the catalogue' })
  const field = search.getByRole('searchbox', { name: 'Search tools' })
  const before = await page.locator('main').boundingBox()
  await field.click()
  await field.pressSequentially('cord scr')
  const list = page.getByRole('listbox', { name: 'Matching tools' })
  await expect(list.getByRole('option', { name: /Cordless Screwdriver/ })).toBeVisible()
  // Over the page, not pushing it down.
  expect(await page.locator('main').boundingBox()).toEqual(before)
  await expectNoAxeViolations(page, 'the navbar’s suggestions')

  const options = list.getByRole('option')
  const names = await options.allTextContents()
  const target = names.findIndex((n) => n.startsWith('Cordless Screwdriver'))
  for (let i = 0; i <= target; i++) await field.press('ArrowDown')
  await expect(options.nth(target)).toHaveAttribute('aria-selected', 'true')
  await field.press('Enter')
  await expect(page).toHaveURL(/\/service\/cordless-screwdriver$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Cordless Screwdriver' })).toBeVisible()

  // Enter without a pick searches the catalogue; Esc closes the list first.
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click()
  await field.fill('')
  await field.pressSequentially('angle')
  await expect(list).toBeVisible()
  await field.press('Escape')
  await expect(list).toBeHidden()
  await field.press('Enter')
  await expect(page).toHaveURL(/\/service\?q=angle$/)
  await expect(page.getByRole('status').filter({ hasText: /matching “angle”/ })).toBeVisible()
})

test('before its code runs, the navbar’s search is a form that searches the catalogue', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  await page.goto('/')
  const field = page.getByRole('search', { name: 'Search the catalogue' }).getByRole('searchbox')
  await field.fill('rotary')
  await field.press('Enter')
  await expect(page).toHaveURL(/\/service\?q=rotary$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Rotary Hammer' })).toBeVisible()
  await context.close()
})
