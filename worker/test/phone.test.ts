/**
 * One phone rule: the profile (`PUT /api/user/{email}`) and the order (`POST /api/booking`)
 * take the same numbers, keep them the same way and refuse the rest with the same words
 * (worker/schemas/phone.ts, also what the two web forms check).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Booking } from '#schemas/order.ts'
import type { UserProfile } from '#schemas/user.ts'
import { call, errorOf, json } from './helpers'
import { makeTool, orderBody, postOrder, type ToolFixture } from './order-fixtures'
import { signIn } from './tokens'

const EMAIL = 'phone-rule@example.com'
let token: string
let tool: ToolFixture

beforeAll(async () => {
  token = await signIn(EMAIL, { name: 'Phone Rule' })
  tool = await makeTool({ quantity: 1_000, min: 1 })
})

type Outcome = { ok: true; stored: string } | { ok: false; message: string | undefined }

async function asProfile(phone: string): Promise<Outcome> {
  const res = await call('PUT', `/api/user/${EMAIL}`, { as: token, body: { phone } })
  if (res.status === 200) return { ok: true, stored: (await json<[UserProfile, string]>(res))[0].phone }
  expect(res.status).toBe(400)
  return { ok: false, message: (await errorOf(res)).fields?.phone }
}

async function asOrder(phone: string): Promise<Outcome> {
  const res = await postOrder(token, orderBody(tool, EMAIL, { phone, quantity: 1 }))
  if (res.status === 201) {
    const { insertedId } = await json<{ insertedId: string }>(res)
    return {
      ok: true,
      stored: (await json<Booking>(await call('GET', `/api/booking/${insertedId}`, { as: token }))).phone,
    }
  }
  expect(res.status).toBe(400)
  return { ok: false, message: (await errorOf(res)).fields?.phone }
}

const INVALID = 'Enter a phone number of 6 to 20 digits; spaces, dashes, dots, brackets and a leading + are fine.'

describe('one phone rule for the profile and the order', () => {
  it.each([
    // Numbers the two forms used to treat differently: local and landline numbers, dots, short lines.
    '0171234567',
    '(02) 9123 4567',
    '01912.345.678',
    '123456',
    '01712345678',
    '+880 1711-000000',
    '+44 20 7946 0958',
    ' +8801712345678 ',
  ])('takes %j in both, kept as typed (trimmed)', async (phone) => {
    const [profile, order] = [await asProfile(phone), await asOrder(phone)]
    expect(profile).toEqual({ ok: true, stored: phone.trim() })
    expect(order).toEqual(profile)
  })

  it.each([
    '12345',
    'call me',
    '1'.repeat(21),
    '12 34 56 78 90 12 34 56 78 90 1',
    '017+12345678',
    '+',
    '0171 234 567 ext 2',
    '٠١٧١٢٣٤٥٦٧٨',
  ])('refuses %j in both, with the same plain message', async (phone) => {
    const [profile, order] = [await asProfile(phone), await asOrder(phone)]
    expect(profile).toEqual({ ok: false, message: INVALID })
    expect(order).toEqual(profile)
  })

  it('an order needs a phone number; a profile may clear it', async () => {
    expect(await asOrder('  ')).toEqual({ ok: false, message: 'Enter your phone number.' })
    expect(await asProfile('  ')).toEqual({ ok: true, stored: '' })
  })
})
