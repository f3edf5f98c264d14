import { test as base, expect, type Page } from '@playwright/test'

/**
 * Every browser test fails on a console error or an uncaught page error, so a broken
 * page cannot pass by accident. A test that provokes an error answer on purpose (a declined
 * card, a wrong password) declares the one console line that Chromium logs for it with
 * `expectConsoleError(/status of 402/)`; that line must then appear, and nothing else may.
 */
export const test = base.extend<{ expectConsoleError: (pattern: RegExp) => void }>({
  expectConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = []
      const expected: RegExp[] = []
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text())
      })
      page.on('pageerror', (err) => errors.push(err.message))
      await use((pattern) => expected.push(pattern))
      for (const pattern of expected) {
        const at = errors.findIndex((e) => pattern.test(e))
        expect(at, `expected a console error matching ${pattern}`).toBeGreaterThanOrEqual(0)
        errors.splice(at, 1)
      }
      expect(errors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** API paths for `page.request`, which resolves them against the test stack's baseURL. */
export const API = '/api'

/** The horizontal overflow of the page, in pixels (0 when nothing scrolls sideways). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
