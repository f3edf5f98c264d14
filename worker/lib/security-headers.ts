import type { Config } from '../env'

/**
 * The page CSP: only the origins the shop really talks to, derived from the configuration, and
 * the page's own inline scripts by hash (`'sha256-…'`).
 */
export function pageCsp(config: Config, scriptHashes: string[] = []): string {
  const connect = ["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']
  const scripts = ["'self'", ...scriptHashes, 'https://apis.google.com']
  const frames = ["'self'"]
  if (config.FIREBASE_AUTH_EMULATOR_HOST) {
    // The emulator serves Firebase's auth iframe and its token endpoints itself.
    connect.push(`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`)
    frames.push(`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`)
  }
  if (config.FIREBASE_AUTH_DOMAIN) frames.push(`https://${config.FIREBASE_AUTH_DOMAIN}`)
  if (config.payments === 'stripe') {
    scripts.push('https://js.stripe.com')
    connect.push('https://api.stripe.com')
    frames.push('https://js.stripe.com', 'https://hooks.stripe.com')
  }
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // NOTE: sonner and the carousel set inline styles at runtime.
    "style-src 'self' 'unsafe-inline'",
    // NOTE: tools, reviews and profiles may show an image from any https address (the API
    // accepts them: schemas/image.ts); images run no code.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frames.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox"

const COMMON = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
}

/**
 * Adds the security headers; `kind` picks the CSP for pages (with their inline scripts' hashes) or for API answers.
 * `Cross-Origin-Opener-Policy` is not among them: the pages where a session is entered or used
 * declare it (web/lib/page-head.ts `sessionPageHeaders`, which says why the catalogue's pages do not).
 */
export function applySecurityHeaders(
  headers: Headers,
  kind: 'page' | 'api',
  config: Config | undefined,
  scriptHashes?: string[],
) {
  for (const [k, v] of Object.entries(COMMON)) headers.set(k, v)
  headers.set('Content-Security-Policy', kind === 'page' && config ? pageCsp(config, scriptHashes) : API_CSP)
  if (config?.ENVIRONMENT === 'production')
    headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
}
