import type { TestProject } from 'vitest/node'
import startFakeStripe, { type FakeStripeRequest } from '#worker/test/fake-stripe.ts'
import { test } from './fixtures'
import { startTestStack } from './stacks'

// The Stripe path end to end, offline: a local stack of its own whose Worker is configured for Stripe
// (STRIPE_* keys) and talks to the fake Stripe server of the worker tests (STRIPE_API_BASE), and a
// stand-in for Stripe.js in the browser, which cannot load it from Stripe's host here.

export const STRIPE_KEYS = { secret: 'sk_test_e2e', publishable: 'pk_test_e2e', webhook: 'whsec_e2e' }

export type FakeStripe = {
  /** Every /v1 request the fake received (from the Worker, and from the page through Stripe.js's stand-in). */
  requests(): Promise<FakeStripeRequest[]>
}

/**
 * Stands in for Stripe.js: a card element that is one plain input (card number, expiry, CVC), and
 * `confirmCardPayment` doing what Stripe.js does, a POST to Stripe's
 * `/v1/payment_intents/{id}/confirm` with the publishable key and the client secret. The typed
 * card becomes Stripe's test payment method for that card number (4242… pays, 4000 0000 0000 0002
 * is declined). Each call is recorded in `window.__stripeCalls`.
 */
export const STRIPE_JS_STAND_IN = `
window.__stripeCalls = []
const TEST_CARDS = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_visa_chargeDeclinedInsufficientFunds',
}
window.Stripe = function Stripe(publishableKey) {
  const byType = {}
  return {
    _registerWrapper() {}, registerAppInfo() {}, createToken() {}, createPaymentMethod() {},
    elements() {
      return {
        update() {},
        getElement(t) { return byType[typeof t === 'string' ? t : t.__elementType] || null },
        create(type) {
          const handlers = {}
          const emit = (name, arg) => (handlers[name] || []).forEach((h) => h(arg))
          const element = {
            mount(node) {
              const input = document.createElement('input')
              input.setAttribute('aria-label', 'Card number, expiry and CVC')
              input.addEventListener('input', () => emit('change', { elementType: type, empty: !input.value, complete: input.value.length > 20, error: /^[0-9 /]*$/.test(input.value) ? undefined : { type: 'validation_error', message: 'Your card number is invalid.' } }))
              input.addEventListener('focus', () => emit('focus'))
              input.addEventListener('blur', () => emit('blur'))
              ;(typeof node === 'string' ? document.querySelector(node) : node).appendChild(input)
              element.input = input
              setTimeout(() => emit('ready', element))
            },
            on(name, h) { (handlers[name] = handlers[name] || []).push(h); return element },
            off(name, h) { handlers[name] = (handlers[name] || []).filter((x) => x !== h); return element },
            update() {}, focus() { element.input && element.input.focus() }, blur() {}, clear() {}, unmount() {},
            destroy() { delete byType[type] },
          }
          byType[type] = element
          return element
        },
      }
    },
    async confirmCardPayment(clientSecret, data) {
      const card = data && data.payment_method && data.payment_method.card
      const number = card && card.input ? card.input.value.replace(/\\D/g, '').slice(0, 16) : ''
      const paymentMethod = TEST_CARDS[number] || 'pm_card_unknown'
      window.__stripeCalls.push({ publishableKey, clientSecret, card: Boolean(card), paymentMethod, name: data.payment_method.billing_details.name })
      const intentId = clientSecret.split('_secret_')[0]
      const res = await fetch('https://api.stripe.com/v1/payment_intents/' + intentId + '/confirm', {
        method: 'POST',
        body: new URLSearchParams({ payment_method: paymentMethod, client_secret: clientSecret, key: publishableKey }),
      })
      const body = await res.json()
      return res.ok ? { paymentIntent: body } : { error: body.error }
    },
  }
}
window.Stripe.version = 'endive'
`

/**
 * `stripeTest`: `test` on a stack of its own configured for Stripe (started once per worker, only
 * when a Stripe test runs), with `baseURL` pointing at it and `stripe`, its fake Stripe server.
 */
export const stripeTest = test.extend<{ stripe: FakeStripe }, { stripeStack: { url: string; stripeUrl: string } }>({
  stripeStack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      let stripeUrl = ''
      // NOTE: the fake is the worker tests' vitest globalSetup, which only hands its URL to provide().
      const closeStripe = await startFakeStripe({
        provide: (_key: string, url: string) => (stripeUrl = url),
      } as unknown as TestProject)
      const stack = await startTestStack('stripe', workerInfo.parallelIndex, {
        STRIPE_SECRET_KEY: STRIPE_KEYS.secret,
        STRIPE_PUBLISHABLE_KEY: STRIPE_KEYS.publishable,
        STRIPE_WEBHOOK_SECRET: STRIPE_KEYS.webhook,
        STRIPE_API_BASE: stripeUrl,
      }).catch(async (error: unknown) => {
        await closeStripe()
        throw error
      })
      await use({ url: stack.url, stripeUrl })
      await stack.stop()
      await closeStripe()
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ stripeStack }, use) => {
    await use(stripeStack.url)
  },
  stripe: async ({ stripeStack, page }, use) => {
    const { stripeUrl } = stripeStack
    // Stripe.js itself: the stand-in, from the address the app loads it from.
    await page.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: STRIPE_JS_STAND_IN }),
    )
    // Its calls to Stripe's API go to the fake. Stripe.js sends the publishable key in the form;
    // the fake, like Stripe's server-side API, takes the secret key: this checks the one and
    // passes the other, as Stripe itself would.
    await page.route('https://api.stripe.com/v1/**', async (route) => {
      const form = new URLSearchParams(route.request().postData() ?? '')
      if (form.get('key') !== STRIPE_KEYS.publishable) return route.fulfill({ status: 401, json: {} })
      const response = await route.fetch({
        url: `${stripeUrl}${new URL(route.request().url()).pathname}`,
        headers: { Authorization: `Bearer ${STRIPE_KEYS.secret}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      })
      await route.fulfill({ response, headers: { ...response.headers(), 'Access-Control-Allow-Origin': '*' } })
    })
    await use({ requests: async () => (await (await fetch(`${stripeUrl}/__requests`)).json()) as FakeStripeRequest[] })
  },
})
