import type { APIRequestContext } from '@playwright/test'
import { expectSignedIn, uniqueEmail } from './auth'
import { API, expect, test } from './fixtures'

/** The Auth emulator's REST API, as the shop's config names it. */
async function emulator(request: APIRequestContext) {
  const { firebase } = (await (await request.get(`${API}/config`)).json()) as {
    firebase: { apiKey: string; projectId: string; emulatorUrl: string }
  }
  const call = async (method: string, data: object) => {
    const res = await request.post(
      `${firebase.emulatorUrl}/identitytoolkit.googleapis.com/v1/${method}?key=${firebase.apiKey}`,
      { data },
    )
    expect(res.ok(), `${method}: ${await res.text()}`).toBe(true)
    return (await res.json()) as { idToken: string }
  }
  const verifyCode = async (email: string) => {
    const res = await request.get(`${firebase.emulatorUrl}/emulator/v1/projects/${firebase.projectId}/oobCodes`)
    const codes = (await res.json()).oobCodes as { email: string; requestType: string; oobCode: string }[]
    return codes.findLast((c) => c.email === email && c.requestType === 'VERIFY_EMAIL')?.oobCode
  }
  return { call, verifyCode }
}

test('a squatter cannot order with an unverified address; the owner who verifies it gets a clean profile', async ({
  page,
  request,
}) => {
  const firebase = await emulator(request)
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
  const code = await firebase.verifyCode(email)
  expect(code, 'a verification e-mail to the address').toBeTruthy()
  await firebase.call('accounts:update', { oobCode: code })

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
