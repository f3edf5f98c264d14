import { expect, type Page } from '@playwright/test'

export const ADMIN = { email: 'admin@example.com', password: 'admin123' }
export const CUSTOMER = { email: 'customer@example.com', password: 'customer123' }

/** Signs in through the real login form and waits until the shop shows the session. */
export async function logIn(page: Page, account: { email: string; password: string }, from = '/login') {
  // The form is what matters; `load` also waits for firebase's helper frames, which a busy machine can hold up.
  await page.goto(from, { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
}

/** A fresh address for a test that signs up, so tests never depend on each other. */
export const uniqueEmail = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`

/** Creates a customer account through the real sign-up form; returns its credentials. */
export async function signUp(page: Page, name: string, prefix = 'buyer') {
  const account = { email: uniqueEmail(prefix), password: 'secret123' }
  await page.goto('/signup', { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
  return account
}
