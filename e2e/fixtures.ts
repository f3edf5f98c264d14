import { test as base, expect, type Page } from '@playwright/test'

/**
 * Every browser test fails on a console error or an uncaught page error, so a broken
 * page cannot pass by accident.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text())
      })
      page.on('pageerror', (err) => errors.push(err.message))
      await use(errors)
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
