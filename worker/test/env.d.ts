declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[]
    /** An empty D1 database (vitest.config.ts) for the migration tests; DB has every migration applied. */
    MIGRATIONS_DB: D1Database
  }
}

/** Vite's `?raw` imports in the worker tests: the file's text. */
declare module '*?raw' {
  const text: string
  export default text
}
