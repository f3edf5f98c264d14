import { describe, expect, it } from 'vitest'
import { PUBLISHED_SECRETS } from '#worker/env.ts'
import { call, json, PRODUCTION_SECRET } from '#worker/test/helpers.ts'
import wranglerToml from '../../wrangler.toml?raw'

/** A production configuration that passes every check; each test spoils one setting. */
const production = {
  ENVIRONMENT: 'production',
  ACCESS_TOKEN_SECRET: PRODUCTION_SECRET,
  FIREBASE_API_KEY: 'production-api-key',
  FIREBASE_AUTH_EMULATOR_HOST: '',
  CORS_ORIGINS: 'https://partner.example, https://shop.example:8443',
  STRIPE_SECRET_KEY: 'sk_live_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  STRIPE_API_BASE: '',
  EMAIL_API_URL: 'https://mail.example/send',
  SHOP_URL: 'https://shop.example',
}

async function refusal(overrides: Record<string, string>) {
  const res = await call('GET', '/api/config', { env: { ...production, ...overrides } })
  expect(res.status).toBe(503)
  const { error } = await json(res)
  expect(error.code).toBe('NOT_CONFIGURED')
  return error.message as string
}

describe('a production configuration', () => {
  it('is served when every setting is safe', async () => {
    const res = await call('GET', '/api/config', { env: production })
    expect(res.status).toBe(200)
  })

  it('refuses the development access-token secret from wrangler.toml, naming the variable', async () => {
    for (const secret of PUBLISHED_SECRETS) {
      expect(await refusal({ ACCESS_TOKEN_SECRET: secret })).toContain(
        'ACCESS_TOKEN_SECRET is the development value from wrangler.toml',
      )
    }
  })

  it('knows every access-token secret wrangler.toml publishes', () => {
    const published = [...wranglerToml.matchAll(/ACCESS_TOKEN_SECRET = "([^"]+)"/g)].map((m) => m[1])
    expect(published.length).toBeGreaterThan(0)
    for (const secret of published) expect(PUBLISHED_SECRETS).toContain(secret)
  })

  it('refuses Stripe test keys', async () => {
    expect(await refusal({ STRIPE_SECRET_KEY: 'sk_test_123' })).toContain('STRIPE_SECRET_KEY is a Stripe test key')
    expect(await refusal({ STRIPE_SECRET_KEY: 'rk_test_123' })).toContain('STRIPE_SECRET_KEY is a Stripe test key')
    expect(await refusal({ STRIPE_PUBLISHABLE_KEY: 'pk_test_123' })).toContain(
      'STRIPE_PUBLISHABLE_KEY is a Stripe test key',
    )
  })

  it.each([
    ['http://partner.example', 'http://partner.example'],
    ['null', 'null'],
    ['https://partner.example, *', '*'],
    ['https://partner.example/shop', 'https://partner.example/shop'],
    ['partner.example', 'partner.example'],
  ])('refuses CORS_ORIGINS=%s', async (origins, named) => {
    const message = await refusal({ CORS_ORIGINS: origins })
    expect(message).toContain('CORS_ORIGINS must list https:// origins only in production')
    expect(message).toContain(`(not ${named})`)
  })

  it('refuses a shop address that is missing, not an origin or not https (every link starts with it)', async () => {
    expect(await refusal({ SHOP_URL: '' })).toContain('SHOP_URL is required')
    expect(await refusal({ SHOP_URL: 'https://shop.example/store' })).toContain('SHOP_URL must be an origin')
    expect(await refusal({ SHOP_URL: 'http://shop.example' })).toContain(
      'SHOP_URL must be an https:// address in production',
    )
  })

  it('refuses an e-mail provider reached over plain http (it would receive the API key)', async () => {
    expect(await refusal({ EMAIL_API_URL: 'http://mail.example/send' })).toContain(
      'EMAIL_API_URL must be an https:// address in production',
    )
  })

  it('names every unsafe variable at once', async () => {
    const message = await refusal({
      ACCESS_TOKEN_SECRET: PUBLISHED_SECRETS[0]!,
      STRIPE_SECRET_KEY: 'sk_test_1',
      CORS_ORIGINS: 'null',
      EMAIL_API_URL: 'http://x.example',
    })
    for (const name of ['ACCESS_TOKEN_SECRET', 'STRIPE_SECRET_KEY', 'CORS_ORIGINS', 'EMAIL_API_URL'])
      expect(message).toContain(name)
  })

  it('leaves development alone: its http origins and test keys are what it runs on', async () => {
    const res = await call('GET', '/api/config', {
      env: { ENVIRONMENT: 'development', CORS_ORIGINS: 'http://127.0.0.1:5173', STRIPE_SECRET_KEY: '' },
    })
    expect(res.status).toBe(200)
  })
})
