import type { Permission, Role } from '#schemas/staff.ts'
import { z } from '#schemas/zod.ts'

/**
 * Vars and secrets, validated once per isolate. A production deployment with a missing
 * or unsafe setting fails on its first request with a message naming the variable.
 */
/**
 * Secrets published in this repository (wrangler.toml's development and test settings): a
 * production deployment that kept one would let anyone mint an admin's access token.
 */
export const PUBLISHED_SECRETS: readonly string[] = [
  'local-development-secret-not-for-production',
  'test-secret-that-is-long-enough-for-hs256-000',
]

/** `value` without a trailing `/`, when that is an origin (`http(s)://host[:port]`, nothing after it). */
const originOf = (value: string): string | undefined => {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.replace(/\/$/, '')
      ? url.origin
      : undefined
  } catch {
    return undefined
  }
}

/** An origin a browser sends over TLS: `https://host[:port]`, nothing after it. */
const isHttpsOrigin = (value: string) => {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.origin === value
  } catch {
    return false
  }
}

const ConfigSchema = z
  .object({
    ENVIRONMENT: z.enum(['development', 'test', 'production']).default('production'),
    SHOP_NAME: z.string().min(1).default('Toolhaus'),
    /** Where the shop's own notices (a new paid order) go; the first of ADMIN_EMAILS when empty. */
    SHOP_EMAIL: z.string().default(''),
    /**
     * The shop's public address, an origin (https://host): every absolute link it hands out (in
     * e-mails, the sitemap, robots.txt, the merchant feed, the payment gateway's return and IPN
     * addresses) starts with it, never with a request's Host (which a client chooses).
     */
    SHOP_URL: z.string().default(''),
    FIREBASE_PROJECT_ID: z.string().default(''),
    FIREBASE_API_KEY: z.string().default(''),
    FIREBASE_AUTH_DOMAIN: z.string().default(''),
    /** host:port of the Firebase Auth emulator; its unsigned tokens are accepted only when set. */
    FIREBASE_AUTH_EMULATOR_HOST: z.string().default(''),
    ACCESS_TOKEN_SECRET: z.string().default(''),
    ADMIN_EMAILS: z.string().default(''),
    CORS_ORIGINS: z.string().default(''),
    /** Minutes an unpaid order holds its stock before it expires. */
    UNPAID_HOLD_MINUTES: z.coerce.number().positive().default(120),
    /** How many unpaid orders one customer may hold at once. */
    MAX_UNPAID_ORDERS: z.coerce.number().int().positive().default(5),
    /** The goods a customer's unpaid orders may hold together, in BDT. */
    MAX_UNPAID_BDT: z.coerce.number().int().positive().default(500_000),
    STRIPE_SECRET_KEY: z.string().default(''),
    STRIPE_PUBLISHABLE_KEY: z.string().default(''),
    STRIPE_WEBHOOK_SECRET: z.string().default(''),
    /** Only for tests: point the Stripe SDK at a local fake server (http://127.0.0.1:port). */
    STRIPE_API_BASE: z.string().default(''),
    /** SSLCommerz (the `gateway` payment method): offered when both are set (wrangler secret put …). */
    SSLCOMMERZ_STORE_ID: z.string().default(''),
    SSLCOMMERZ_STORE_PASSWORD: z.string().default(''),
    /** `true`: sandbox.sslcommerz.com (test stores); otherwise the live securepay.sslcommerz.com. */
    SSLCOMMERZ_SANDBOX: z.string().default(''),
    /** Only for tests: point the SSLCommerz client at a local fake server (http://127.0.0.1:port). */
    SSLCOMMERZ_API_BASE: z.string().default(''),
    EMAIL_API_URL: z.string().default(''),
    EMAIL_API_KEY: z.string().default(''),
    EMAIL_FROM: z.string().default(''),
    CONTACT_INBOX: z.string().default(''),
    /** Only for tests: where Google's securetoken JWKS is fetched from. */
    FIREBASE_JWKS_URL: z.string().default(''),
    /**
     * The Cloudflare zone the shop is served from and an API token allowed to purge its cache
     * (Zone → Cache Purge). With both, public answers are kept in the Workers Cache API and
     * purged by tag when the data behind them changes (decision 010); without them production
     * keeps nothing at the edge (ETag and 304 only).
     */
    CACHE_ZONE_ID: z.string().default(''),
    CACHE_PURGE_TOKEN: z.string().default(''),
    /** Only for tests: where purge requests go instead of Cloudflare's API. */
    CACHE_PURGE_API_BASE: z.string().default(''),
  })
  .superRefine((c, ctx) => {
    const need = (key: keyof typeof c, why: string) =>
      ctx.addIssue({ code: 'custom', path: [key], message: `${key} ${why}` })
    if (c.ENVIRONMENT === 'production') {
      if (!c.FIREBASE_PROJECT_ID) need('FIREBASE_PROJECT_ID', 'is required in production')
      if (!c.FIREBASE_API_KEY) need('FIREBASE_API_KEY', 'is required in production')
      if (c.ACCESS_TOKEN_SECRET.length < 32)
        need(
          'ACCESS_TOKEN_SECRET',
          'must be set to at least 32 characters in production (wrangler secret put ACCESS_TOKEN_SECRET)',
        )
      else if (PUBLISHED_SECRETS.includes(c.ACCESS_TOKEN_SECRET))
        need(
          'ACCESS_TOKEN_SECRET',
          'is the development value from wrangler.toml: set a secret of your own (wrangler secret put ACCESS_TOKEN_SECRET)',
        )
      if (/^(sk|rk)_test_/.test(c.STRIPE_SECRET_KEY))
        need('STRIPE_SECRET_KEY', 'is a Stripe test key (sk_test_…): production needs the live key (sk_live_…)')
      if (c.STRIPE_PUBLISHABLE_KEY.startsWith('pk_test_'))
        need('STRIPE_PUBLISHABLE_KEY', 'is a Stripe test key (pk_test_…): production needs the live key (pk_live_…)')
      const unsafeOrigins = splitList(c.CORS_ORIGINS).filter((o) => !isHttpsOrigin(o))
      if (unsafeOrigins.length)
        need('CORS_ORIGINS', `must list https:// origins only in production (not ${unsafeOrigins.join(', ')})`)
      // NOTE: a loopback address never leaves the machine (the tests' fake provider listens there).
      if (c.EMAIL_API_URL && !/^(https:\/\/|http:\/\/127\.0\.0\.1[:/])/.test(c.EMAIL_API_URL))
        need('EMAIL_API_URL', 'must be an https:// address in production: it receives EMAIL_API_KEY')
      if (c.FIREBASE_AUTH_EMULATOR_HOST) need('FIREBASE_AUTH_EMULATOR_HOST', 'must not be set in production')
      if (c.STRIPE_API_BASE) need('STRIPE_API_BASE', 'must not be set in production')
      if (c.SSLCOMMERZ_API_BASE) need('SSLCOMMERZ_API_BASE', 'must not be set in production')
      if (c.FIREBASE_JWKS_URL) need('FIREBASE_JWKS_URL', 'must not be set in production')
      if (c.CACHE_PURGE_API_BASE) need('CACHE_PURGE_API_BASE', 'must not be set in production')
      if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET)
        need('STRIPE_WEBHOOK_SECRET', 'is required when STRIPE_SECRET_KEY is set')
    } else if (!c.ACCESS_TOKEN_SECRET) {
      need('ACCESS_TOKEN_SECRET', 'is required')
    }
    const shopUrl = originOf(c.SHOP_URL)
    if (!c.SHOP_URL) need('SHOP_URL', "is required: the shop's public address, such as https://toolhaus.com.bd")
    else if (!shopUrl) need('SHOP_URL', 'must be an origin, such as https://toolhaus.com.bd (no path)')
    else if (c.ENVIRONMENT === 'production' && !shopUrl.startsWith('https://'))
      need('SHOP_URL', 'must be an https:// address in production')
    if (!['', 'true', 'false'].includes(c.SSLCOMMERZ_SANDBOX))
      need('SSLCOMMERZ_SANDBOX', 'must be true (the sandbox) or false (the live gateway)')
    if (Boolean(c.SSLCOMMERZ_STORE_ID) !== Boolean(c.SSLCOMMERZ_STORE_PASSWORD))
      need(
        c.SSLCOMMERZ_STORE_ID ? 'SSLCOMMERZ_STORE_PASSWORD' : 'SSLCOMMERZ_STORE_ID',
        'is required when the other SSLCommerz credential is set (wrangler secret put SSLCOMMERZ_STORE_ID / SSLCOMMERZ_STORE_PASSWORD)',
      )
    if (c.CACHE_PURGE_TOKEN && !c.CACHE_ZONE_ID) need('CACHE_ZONE_ID', 'is required when CACHE_PURGE_TOKEN is set')
    if (c.CACHE_ZONE_ID && !c.CACHE_PURGE_TOKEN)
      need('CACHE_PURGE_TOKEN', 'is required when CACHE_ZONE_ID is set (wrangler secret put CACHE_PURGE_TOKEN)')
  })
  .transform((c) => ({
    ...c,
    adminEmails: splitList(c.ADMIN_EMAILS).map((e) => e.toLowerCase()),
    shopEmail: (c.SHOP_EMAIL || splitList(c.ADMIN_EMAILS)[0] || '').toLowerCase(),
    corsOrigins: splitList(c.CORS_ORIGINS),
    /** SHOP_URL without a trailing `/`: links are `${shopUrl}/path`. */
    shopUrl: originOf(c.SHOP_URL) ?? '',
    unpaidHoldMs: c.UNPAID_HOLD_MINUTES * 60_000,
    payments: c.STRIPE_SECRET_KEY ? ('stripe' as const) : ('simulated' as const),
  }))

export type Config = z.infer<typeof ConfigSchema>

function splitList(value: string) {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const cache = new WeakMap<object, Config>()

/** Parses the bindings' vars once per env object; throws ConfigError naming every bad variable. */
export function getConfig(env: Env): Config {
  const hit = cache.get(env)
  if (hit) return hit
  const parsed = ConfigSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `- ${i.message}`).join('\n')
    throw new ConfigError(`Invalid configuration:\n${lines}`)
  }
  cache.set(env, parsed.data)
  return parsed.data
}

/** What an access token says: whose session, which session version, until when (seconds since the epoch). */
export type AccessTokenClaims = { email: string; sessionVersion: number; exp: number }

export type SessionUser = {
  id: string
  email: string
  name: string
  role: 'admin' | 'user'
  /** The e-mail address is verified (the latest ID token's `email_verified`): the user may order. */
  verified: boolean
  /** The staff roles it holds, read from D1 with the account (none: a customer). */
  roles: Role[]
  /** Their permissions' union (contract/operations.md "Staff roles and permissions"). */
  permissions: Permission[]
}

export type AppEnv = {
  Bindings: Env
  Variables: { config: Config; user: SessionUser | undefined; session: AccessTokenClaims | undefined }
}

/** A route's environment behind `requireUser`, `requireVerifiedUser` or `requireAdmin`: the user is there. */
export type SignedInEnv = AppEnv & { Variables: { user: SessionUser } }
