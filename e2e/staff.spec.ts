import { addTool, expect, sidewaysOverflow, test } from './fixtures'

// Staff roles (contract/operations.md "Dashboard entries"): the owner gives a store-keeper the
// catalogue role; the store-keeper sees only the entries it opens, on a phone, edits a tool, and
// reads which permission the Orders page needs, still signed in.
test('a store-keeper with the catalogue role sees its entries and edits a tool, not the orders', async ({
  asAdmin,
  newCustomer,
}) => {
  const keeper = await newCustomer('Store Keeper', 'keeper')
  const name = `Keeper Saw ${Date.now()}`
  const toolId = await addTool(asAdmin.api, {
    name,
    description: 'A saw the store-keeper prices.',
    price: 500,
    quantity: 40,
    Minimum_quantity: 1,
  })
  const grant = await asAdmin.api.put(`/staff/${keeper.account.email}/roles`, {
    data: { roles: ['catalogue'], expectedRoles: [] },
  })
  expect(grant.status(), await grant.text()).toBe(200)

  const { page } = keeper
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/dashboard')
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' })
  await expect(sidebar.getByRole('link')).toHaveText(['Overview', 'My Order', 'Manage', 'Add a Tool', 'Categories'])
  // The overview shows only the part the role opens: low stock, no orders or revenue.
  await expect(page.getByRole('heading', { name: 'Low stock' })).toBeVisible()
  await expect(page.getByText('Revenue today')).toHaveCount(0)
  expect(await sidewaysOverflow(page)).toBe(0)

  await page.goto(`/dashboard/manage?edit=${toolId}`)
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` })
  await dialog.getByLabel('Price (BDT per unit)').fill('550')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog).toBeHidden()
  expect(await (await page.request.get(`/api/service/${toolId}`)).json()).toMatchObject({ price: 550 })

  await page.goto('/dashboard/orders')
  await expect(page.getByText("You don't have access to this page. It needs the orders.read permission.")).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/orders/)
  await expect(sidebar.getByRole('link', { name: 'Manage' })).toBeVisible()
})
