import { expectSignedIn, firebaseOf, uniqueEmail } from './auth'
import { API, expect, test } from './fixtures'

test('a squatter cannot order with an unverified address; the owner who verifies it gets a clean profile', async ({
  page,
  request,
}) => {
  const firebase = await firebaseOf(request)
  const email = uniqueEmail('squatted')
  const password = 'secret123'

  // Someone who does not own the address signs up with it (unverified), fills the profile and tries to order.
  const squatter = await firebase.call('accounts:signUp', { email, password, returnSecureToken: true })
  const exchange = async (idToken: string, body: object = {}) => {
    const res = await request.put(`${API}/user/${encodeURIComponent(email)}`, {
      headers: { Authorization: `Bearer ${idToken}` },
      data: { email, ...body },
    })
    expect(res.status(), await res.text()).toBe(200)
    return (await res.json()) as [{ phone: string; address: string; name: string }, string]
  }
  const [, squatterToken] = await exchange(squatter.idToken, {
    name: 'Squatter',
    phone: '01811111111',
    address: 'Not the owner’s address, Mirpur, Dhaka',
  })
  const tool = (await (await request.get(`${API}/service/orbital-sander`)).json()) as {
    quantity: number
    Minimum_quantity: number
  }
  const order = await request.post(`${API}/booking`, {
    headers: { Authorization: `Bearer ${squatterToken}` },
    data: {
      serviceId: 'orbital-sander',
      quantity: tool.Minimum_quantity,
      phone: '01811111111',
      address: 'Not the owner’s address, Mirpur, Dhaka',
      customer: email,
    },
  })
  // Ordering needs a verified address: nothing is held in the owner's name.
  expect(order.status(), await order.text()).toBe(403)
  expect((await order.json()).error.code).toBe('EMAIL_NOT_VERIFIED')
  const stockOf = async () =>
    ((await (await request.get(`${API}/service/orbital-sander`)).json()) as { quantity: number }).quantity
  expect(await stockOf()).toBe(tool.quantity)

  // The owner verifies the address through the link Firebase e-mails (the emulator keeps its code).
  await firebase.call('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: squatter.idToken })
  await firebase.openVerificationLink(email)

  // Their first sign-in with the verified address takes the account over.
  await page.goto('/login', { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expectSignedIn(page)
  const ownerToken = await page.evaluate(() => localStorage.getItem('accessToken'))
  const profile = await (
    await request.get(`${API}/user/${encodeURIComponent(email)}`, {
      headers: { Authorization: `Bearer ${ownerToken}` },
    })
  ).json()
  expect(profile).toMatchObject({ phone: '', address: '' })
  expect(profile.name).not.toBe('Squatter')

  const orders = await (
    await request.get(`${API}/booking?customer=${encodeURIComponent(email)}`, {
      headers: { Authorization: `Bearer ${ownerToken}` },
    })
  ).json()
  expect(orders).toEqual([])
  // The squatter's session is over.
  const old = await request.get(`${API}/user/${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${squatterToken}` },
  })
  expect(old.status()).toBe(401)
})
