/**
 * Which e-mail addresses the shop takes (product.md: "every address a mail server accepts (dots,
 * hyphens, plus signs, long endings, subdomains)"), through the one field every form uses.
 */
import { describe, expect, it } from 'vitest'
import { emailField } from '#schemas/email.ts'
import { call, json } from '#worker/test/helpers.ts'
import { emulatorIdToken } from '#worker/test/tokens.ts'

const field = emailField({ required: 'Email is Required', invalid: 'Provide a Valid Email' })

describe('an e-mail address', () => {
  it.each([
    'karim@example.com',
    'karim.traders+orders@example.com',
    'sales@mail.example.com.bd',
    'hello@example.photography',
    // Bangladesh's own ending, .বাংলা, as mail servers write it.
    'info@example.xn--54b7fta0cc',
    "o'brien@example.ie",
    'a&b=c@example.com',
    'x_y-z@sub-domain.example.org',
  ])('takes %s', (address) => {
    expect(field.safeParse(address)).toMatchObject({ success: true, data: address })
  })

  it.each([
    'karim',
    'karim@example',
    'karim@example.c',
    '.karim@example.com',
    'karim.@example.com',
    'ka..rim@example.com',
    'karim@-example.com',
    'karim@example-.com',
    'karim@example..com',
    'kar im@example.com',
    'karim@exa_mple.com',
    'karim@example.123',
    'karim@@example.com',
  ])('refuses %s with the form’s message', (address) => {
    const parsed = field.safeParse(address)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe('Provide a Valid Email')
  })

  it('signs in with an address under an internationalised ending', async () => {
    const email = `buyer-${crypto.randomUUID().slice(0, 8)}@example.xn--54b7fta0cc`
    const res = await call('PUT', `/api/user/${email}`, { as: emulatorIdToken({ email }), body: { email } })
    expect(res.status).toBe(200)
    const [profile] = await json<[{ email: string }, string]>(res)
    expect(profile.email).toBe(email)
  })
})
