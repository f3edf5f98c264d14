import type { Settings } from '../worker/schemas/settings'
import { ADMIN, signIn } from './auth'
import { type Api, expect, expectNoAxeViolations, sidewaysOverflow, test } from './fixtures'

test.describe.configure({ timeout: 90_000 })

/** The settings as the API answers them. */
const readSettings = async (api: Api): Promise<Settings> => (await api.get('/settings')).json()

/** Puts the shop and delivery sections back as they were, so the specs after this one see the demo shop's fees. */
async function restore(api: Api, original: Settings) {
  const { zones, pickup } = original.delivery
  const res = await api.patch('/settings', { data: { shop: original.shop, delivery: { zones, pickup } } })
  expect(res.status(), await res.text()).toBe(200)
}

test('an admin changes a zone fee and the BIN in Settings; both are saved and audited', async ({ page, api }) => {
  await signIn(page, ADMIN)
  const original = await readSettings(api)
  try {
    await page.goto('/dashboard')
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click()
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()

    // The demo shop's details are there.
    const shop = page.getByRole('form', { name: 'Shop details' })
    await expect(shop.getByLabel('Legal name')).toHaveValue('Toolhaus Manufacturing Ltd.')
    await expect(shop.getByLabel('BIN')).toHaveValue(original.shop.bin)
    await shop.getByLabel('BIN').fill('1234-56789-0123')
    await shop.getByRole('button', { name: 'Save shop details' }).click()
    await expect(page.getByText('Shop details saved')).toBeVisible()

    const delivery = page.getByRole('form', { name: 'Delivery zones and fees' })
    const dhaka = delivery.getByRole('group', { name: 'Dhaka city' })
    await expect(dhaka.getByLabel('Fee (BDT)')).toHaveValue('80')
    await expect(
      delivery.getByRole('group', { name: 'Pickup at the factory' }).getByLabel('Pickup address'),
    ).toHaveValue(/Tejgaon Industrial Area/)
    await dhaka.getByLabel('Fee (BDT)').fill('95.5')
    await delivery.getByRole('button', { name: 'Save delivery' }).click()
    await expect(page.getByText('Delivery saved')).toBeVisible()

    // Saved: the API answers it, and the page shows it after a reload.
    const saved = await readSettings(api)
    expect(saved.shop.bin).toBe('1234567890123')
    expect(saved.delivery.zones.find((z) => z.id === 'dhaka')?.fee).toBe(95.5)
    expect(saved.delivery.zones.find((z) => z.id === 'near')).toEqual(
      original.delivery.zones.find((z) => z.id === 'near'),
    )
    await page.reload()
    await expect(page.getByRole('form', { name: 'Shop details' }).getByLabel('BIN')).toHaveValue('1234567890123')
    await expect(
      page
        .getByRole('form', { name: 'Delivery zones and fees' })
        .getByRole('group', { name: 'Dhaka city' })
        .getByLabel('Fee (BDT)'),
    ).toHaveValue('95.5')
    await expectNoAxeViolations(page)

    // Each save is in the audit log, newest first.
    await page.goto('/dashboard/audit')
    const entries = page.getByTestId('audit-entry')
    await expect(entries.nth(0)).toContainText('Settings changed')
    await expect(entries.nth(0)).toContainText('delivery.zones.dhaka.fee 80 → 95.5')
    await expect(entries.nth(1)).toContainText('shop.bin')
  } finally {
    await restore(api, original)
  }
})

test('at 390 px: a bad BIN and a negative fee are shown at their fields, nothing is saved, nothing scrolls sideways', async ({
  page,
  api,
}) => {
  await signIn(page, ADMIN)
  await page.setViewportSize({ width: 390, height: 844 })
  const original = await readSettings(api)
  await page.goto('/dashboard/settings')
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  expect(await sidewaysOverflow(page)).toBe(0)

  const shop = page.getByRole('form', { name: 'Shop details' })
  const bin = shop.getByLabel('BIN')
  await bin.fill('12345')
  await shop.getByRole('button', { name: 'Save shop details' }).click()
  await expect(bin).toHaveAttribute('aria-invalid', 'true')
  await expect(bin).toHaveAccessibleDescription('Enter the 13-digit BIN.')
  await expect(bin).toBeFocused()

  const delivery = page.getByRole('form', { name: 'Delivery zones and fees' })
  const fee = delivery.getByRole('group', { name: 'Rest of Bangladesh' }).getByLabel('Fee (BDT)')
  await fee.fill('-5')
  await delivery.getByRole('button', { name: 'Save delivery' }).click()
  await expect(fee).toHaveAccessibleDescription('The delivery fee cannot be negative.')
  expect(await sidewaysOverflow(page)).toBe(0)
  await expectNoAxeViolations(page)

  expect(await readSettings(api)).toEqual(original)
})
