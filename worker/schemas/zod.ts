import { z } from 'zod'

/**
 * zod, set up once for the worker and the browser: every module takes `z` from here (Biome's
 * noRestrictedImports refuses 'zod' elsewhere), so this runs before any schema is built.
 *
 * Jitless: zod 4 compiles object parsers with `new Function` where it may, and finds out by trying
 * once when the first object schema is built. The shop's CSP has no 'unsafe-eval'
 * (worker/lib/security-headers.ts), so in the browser that probe is a CSP violation (reported in
 * DevTools' Issues, by Lighthouse's best practices and e2e/fixtures.ts) although zod catches it.
 * Workers forbid eval too, so the worker never compiled them either.
 */
z.config({ jitless: true })

export { z }
