import { readFileSync } from 'node:fs'
import { API, expect, sidewaysOverflow, test } from './fixtures'

test('the home page shows the first 5 tools, the statistics and the review carousel', async ({ page }) => {
  // The sections below the hero arrive in the HTML; the carousel's and the contact form's code
  // loads only when the visitor scrolls near them.
  const belowTheFold: string[] = []
  page.on('request', (req) => {
    if (/\/assets\/(review-carousel|contact-section)-/.test(req.url())) belowTheFold.push(new URL(req.url()).pathname)
  })
  await page.goto('/')
  await expect(page).toHaveTitle(/Toolhaus/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const tools = page.locator('section[aria-labelledby="tools-title"] article')
  await expect(tools).toHaveCount(5)
  const api = await (await page.request.get(`${API}/service?limit=5`)).json()
  await expect(tools.getByRole('heading')).toHaveText(api.map((t: { name: string }) => t.name))
  await expect(page.getByRole('link', { name: 'See All Service' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(belowTheFold).toEqual([])
  // The hero's tagline starts typing once the page has settled.
  const tagline = page.locator('#hero-title + p [aria-hidden="true"]')
  await expect(tagline).toBeAttached({ timeout: 15_000 })
  await expect(tagline).not.toHaveText('construction crews.')

  const stats = page.locator('section[aria-labelledby="stats-title"]')
  await stats.scrollIntoViewIfNeeded()
  for (const figure of ['2.6K+', '200+', '1M+'])
    await expect(stats.getByText(figure, { exact: true })).toBeVisible({ timeout: 5000 })

  await expect(page.locator('#newest')).toContainText('Electric Saw')
  await expect(page.locator('#most-sold')).toContainText('Drill Machine')
  await page.locator('#reviews').scrollIntoViewIfNeeded()
  const carousel = page.getByRole('region', { name: 'Customer reviews' })
  await expect(carousel).toBeVisible()
  await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(5)
  // The server's cards become the carousel once its code has loaded.
  await expect(carousel.getByRole('button', { name: 'Next reviews' })).toBeVisible()
  await page.locator('#contact').scrollIntoViewIfNeeded()
  await expect(page.locator('#contact').getByRole('button', { name: /send/i })).toBeVisible()
  expect(belowTheFold).toHaveLength(2)
  // Off screen the tagline waits where it was: no work for a phone's main thread that nobody sees
  // (2 s spans a whole pause on a typed line, so a tagline still typing would change).
  const seen = new Set<string | null>()
  for (let sample = 0; sample < 9; sample++) {
    seen.add(await tagline.textContent())
    await page.waitForTimeout(250)
  }
  expect([...seen], 'the tagline off screen').toHaveLength(1)
})

test('the navbar clock ticks in 12-hour time', async ({ page }) => {
  await page.goto('/')
  const clock = page.getByTestId('clock')
  await expect(clock).toHaveText(/^\d{1,2}:\d{2}:\d{2}\s?(AM|PM)$/)
  const first = await clock.textContent()
  await expect(clock).not.toHaveText(first!, { timeout: 3000 })
})

test('/service shows as many tools as the API counts, with search and sort', async ({ page }) => {
  /** What the API answers for a query: how many tools and the names on the first page. */
  const apiList = async (query: string) => {
    const res = await page.request.get(`${API}/service?limit=12${query}`)
    const names = ((await res.json()) as { name: string }[]).map((t) => t.name)
    return { total: Number(res.headers()['x-total-count']), names }
  }
  const all = await apiList('')
  await page.goto('/service')
  await expect(page.getByText(`${all.total} tools`, { exact: true })).toBeVisible()
  await expect(page.locator('main article')).toHaveCount(Math.min(all.total, 12))

  // Search matches names, descriptions and specifications, best match first, as the API ranks them.
  const drill = await apiList('&q=drill')
  expect(drill.names).toContain('Drill Machine')
  await page.getByRole('main').getByRole('searchbox').fill('drill')
  await expect(page).toHaveURL(/q=drill/)
  await expect(page.locator('main article').getByRole('heading')).toHaveText(drill.names)
  const chuck = await apiList('&q=keyed%20chuck')
  expect(chuck.names).toContain('Drill Machine')
  await page.getByRole('main').getByRole('searchbox').fill('keyed chuck')
  await expect(page.locator('main article').getByRole('heading')).toHaveText(chuck.names)
})

test('a deep link reloads fine', async ({ page }) => {
  await page.goto('/blogs')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.reload()
  await expect(page).toHaveTitle(/Blogs/)
  await expect(page.getByRole('article')).toHaveCount(5)
  await page.goto('/service?sort=price')
  await page.reload()
  await expect(page.locator('main article').first()).toBeVisible()
})

test('an unknown path answers 404 with the not-found page and a way home', async ({ page, expectConsoleError }) => {
  const res = await page.goto('/no/such/page')
  expect(res?.status()).toBe(404)
  // Chromium logs the document's own 404.
  expectConsoleError(/status of 404 \(Not Found\)/)
  await expect(page.getByRole('main').locator('img[src="/not-found.svg"]')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: /home/i }).click()
  await expect(page).toHaveURL('/')
})

for (const path of ['/', '/service', '/blogs', '/portfolio', '/login', '/signup', '/missing']) {
  test(`${path} has no console errors and no sideways scrolling on a phone`, async ({ page, expectConsoleError }) => {
    // An unknown path is a real 404, which Chromium logs (and nothing else may be).
    if (path === '/missing') expectConsoleError(/status of 404 \(Not Found\)/)
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0)
  })
}

test('the phone menu opens and navigates', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.locator('#mobile-menu').getByRole('link', { name: 'Blogs' }).click()
  await expect(page).toHaveURL('/blogs')
  await expect(page.locator('#mobile-menu')).toHaveCount(0)
})

test("the README's command runs the scheduled job on the local stack", async ({ request, baseURL }) => {
  // The README once gave /cdn-cgi/handler/scheduled, which answers 500 under wrangler dev.
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const command = readme.match(/curl "(http:\/\/127\.0\.0\.1:\d+)(\/[^"]*)"/)
  expect(command, 'the README shows how to run the scheduled job').not.toBeNull()
  const res = await request.get(`${baseURL}${command![2]}`)
  expect(res.status()).toBe(200)
  expect(await res.text()).toContain('Ran scheduled event')
})
