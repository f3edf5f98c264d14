import { describe, expect, it } from 'vitest'
import { api, call, errorOf, json, PRODUCTION } from '#worker/test/helpers.ts'
import { signIn } from '#worker/test/tokens.ts'

describe('GET /api/health', () => {
  it('is ok once the database answers', async () => {
    const res = await api().api.health.$get()
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
  })
})

describe('GET /api/config', () => {
  it('tells the web app how to reach Firebase and which payments run', async () => {
    const body = await (await api().api.config.$get()).json()
    expect(body).toEqual({
      shopName: 'Toolhaus',
      currency: 'BDT',
      payments: 'simulated',
      // Cash on delivery and bank transfer wait for the shop's settings (payment-methods.test.ts).
      paymentMethods: ['card'],
      localOutbox: true,
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-storefront.firebaseapp.com',
        projectId: 'demo-storefront',
        emulatorUrl: 'http://127.0.0.1:9099',
      },
    })
  })
})

describe('GET /api/bench/baseline', () => {
  it('answers a fixed body outside production and does not exist in production', async () => {
    const res = await call('GET', '/api/bench/baseline')
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ ok: true, name: 'baseline' })
    const prod = await call('GET', '/api/bench/baseline', { env: PRODUCTION })
    expect(prod.status).toBe(404)
    expect((await errorOf(prod)).code).toBe('NOT_FOUND')
  })
})

describe('errors and headers', () => {
  it('answers an unknown API path with a 404 in the error shape', async () => {
    const res = await call('GET', '/api/nope')
    expect(res.status).toBe(404)
    expect(await json(res)).toEqual({ error: { code: 'NOT_FOUND', message: 'No API route for GET /api/nope.' } })
    const wrongMethod = await call('DELETE', '/api/health')
    expect(wrongMethod.status).toBe(404)
  })

  it('puts the security headers on API answers, errors included', async () => {
    for (const path of ['/api/health', '/api/nope', '/api/service?limit=abc']) {
      const res = await call('GET', path)
      expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'")
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
    }
  })

  it('answers JSON as application/json; charset=utf-8, errors and kept public answers included', async () => {
    // /api/service twice: the second answer is the one kept at the edge.
    for (const path of ['/api/health', '/api/nope', '/api/service?limit=abc', '/api/service', '/api/service']) {
      const res = await call('GET', path)
      expect(res.headers.get('Content-Type'), path).toBe('application/json; charset=utf-8')
    }
  })

  it('allows CORS only for configured origins', async () => {
    const allowed = await call('OPTIONS', '/api/service', {
      headers: { Origin: 'https://partner.example', 'Access-Control-Request-Method': 'GET' },
    })
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://partner.example')
    const other = await call('GET', '/api/service', { headers: { Origin: 'https://evil.example' } })
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  it('serves pages with a CSP that allows only what the shop uses', async () => {
    const res = await call('GET', '/dashboard/order')
    const csp = res.headers.get('Content-Security-Policy')!
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain(
      "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com http://127.0.0.1:9099",
    )
    expect(csp).not.toContain('stripe')
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })

  it('refuses to run in production with missing settings, naming them', async () => {
    const res = await call('GET', '/api/health', { env: { ENVIRONMENT: 'production', ACCESS_TOKEN_SECRET: 'short' } })
    expect(res.status).toBe(503)
    const error = await errorOf(res)
    expect(error.code).toBe('NOT_CONFIGURED')
    expect(error.message).toContain('ACCESS_TOKEN_SECRET')
    expect(error.message).toContain('FIREBASE_AUTH_EMULATOR_HOST must not be set in production')
  })

  it('answers bad JSON with a 400 in the error shape (past the guard: as an admin)', async () => {
    const admin = await signIn('admin@example.com')
    for (const body of ['{', '{"name": "x",}', 'null', '[]', 'not json']) {
      const res = await call('POST', '/api/service', {
        as: admin,
        raw: body,
        headers: { 'Content-Type': 'application/json' },
      })
      expect(res.status, body).toBe(400)
      expect((await errorOf(res)).code, body).toBe('VALIDATION_FAILED')
    }
  })
})
