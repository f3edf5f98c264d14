/**
 * A business buyer's company on the profile (api.md "Wholesale"): `company: {name, bin}` through
 * `PUT /api/user/{email}`, the BIN 13 digits.
 */
import { describe, expect, it } from 'vitest'
import type { UserProfile } from '#schemas/user.ts'
import { call, errorOf, json } from '#worker/test/helpers.ts'
import { emulatorIdToken, signIn } from '#worker/test/tokens.ts'

async function customer() {
  const email = `company-${crypto.randomUUID().slice(0, 8)}@example.com`
  return { email, token: await signIn(email) }
}

const put = (email: string, token: string, body: unknown) => call('PUT', `/api/user/${email}`, { as: token, body })
const profileOf = async (email: string, token: string) =>
  json<UserProfile>(await call('GET', `/api/user/${email}`, { as: token }))

describe('the company on a profile', () => {
  it('starts empty, is set, kept through other edits, and cleared with null or two empty fields', async () => {
    const { email, token } = await customer()
    expect((await profileOf(email, token)).company).toBeNull()

    const res = await put(email, token, { company: { name: ' Karim Traders ', bin: '000123456-0101' } })
    expect(res.status).toBe(200)
    const [profile] = await json<[UserProfile, string]>(res)
    expect(profile.company).toEqual({ name: 'Karim Traders', bin: '0001234560101' })

    await put(email, token, { phone: '01712345678' })
    expect((await profileOf(email, token)).company).toEqual({ name: 'Karim Traders', bin: '0001234560101' })

    await put(email, token, { company: null })
    expect((await profileOf(email, token)).company).toBeNull()

    await put(email, token, { company: { name: 'Karim Traders', bin: '0001234560101' } })
    await put(email, token, { company: { name: '', bin: ' ' } })
    expect((await profileOf(email, token)).company).toBeNull()
  })

  it.each([
    ['a BIN of 12 digits', { name: 'Karim Traders', bin: '000123456010' }, 'company.bin', 'Enter the 13-digit BIN.'],
    ['a BIN of 14 digits', { name: 'Karim Traders', bin: '00012345601011' }, 'company.bin', 'Enter the 13-digit BIN.'],
    ['a BIN with letters', { name: 'Karim Traders', bin: '000123456010A' }, 'company.bin', 'Enter the 13-digit BIN.'],
    ['a BIN as a number', { name: 'Karim Traders', bin: 1234560101 }, 'company.bin', 'Enter the 13-digit BIN.'],
    ['a name without its BIN', { name: 'Karim Traders' }, 'company.bin', 'Enter the 13-digit BIN.'],
    ['a BIN without a name', { bin: '0001234560101' }, 'company.name', 'Enter the company name.'],
    [
      'a name too long',
      { name: 'K'.repeat(121), bin: '0001234560101' },
      'company.name',
      'The company name must be 120 characters or fewer.',
    ],
    ['a company that is text', 'Karim Traders', 'company', 'company must be {name, bin} or null'],
    ['a company that is a list', [], 'company', 'company must be {name, bin} or null'],
    ['a company with neither field', { foo: 1 }, 'company.name', 'Enter the company name.'],
  ])('refuses %s (400), changing nothing', async (_, company, field, message) => {
    const { email, token } = await customer()
    await put(email, token, { company: { name: 'Before Ltd', bin: '1111111111111' } })
    const res = await put(email, token, { company })
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error.fields?.[field]).toBe(message)
    expect((await profileOf(email, token)).company).toEqual({ name: 'Before Ltd', bin: '1111111111111' })
  })

  it('is the owner’s: another customer cannot set it', async () => {
    const owner = await customer()
    const other = await customer()
    const res = await put(owner.email, other.token, { company: { name: 'Squatter Ltd', bin: '2222222222222' } })
    expect(res.status).toBe(403)
    expect((await profileOf(owner.email, owner.token)).company).toBeNull()
  })

  it('can come with the sign-in itself', async () => {
    const email = `company-${crypto.randomUUID().slice(0, 8)}@example.com`
    const idToken = emulatorIdToken({ email })
    const res = await put(email, idToken, { email, company: { name: 'First Order Ltd', bin: '3333333333333' } })
    expect(res.status).toBe(200)
    const [profile] = await json<[UserProfile, string]>(res)
    expect(profile.company).toEqual({ name: 'First Order Ltd', bin: '3333333333333' })
  })
})
