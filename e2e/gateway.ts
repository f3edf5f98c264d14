import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import startFakeSslcommerz, { FAKE_SSLCOMMERZ_STORE } from '#worker/test/fake-sslcommerz.ts'
import { E2E_AUTH_PORT, E2E_PORT } from '../playwright.config'
import { startStack } from '../scripts/stack.mjs'
import { test } from './fixtures'

// The SSLCommerz path end to end, offline: a local stack of its own whose Worker is configured
// for SSLCommerz (SSLCOMMERZ_* settings) and talks to the fake SSLCommerz server of the worker
// tests, whose gateway page the browser is sent to and posted back from.

/** Five ports above the main stack (the Stripe stack takes ten): E2E_GATEWAY_PORT / E2E_GATEWAY_AUTH_PORT. */
const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? E2E_PORT + 5)
const GATEWAY_AUTH_PORT = Number(process.env.E2E_GATEWAY_AUTH_PORT ?? E2E_AUTH_PORT + 5)

export type FakeGateway = {
  /** The tran_id of the last session opened for the order. */
  tranIdOf(orderId: string): Promise<string>
  /** The gateway sends the IPN of that payment to the shop; answers the shop's answer. */
  sendIpn(tranId: string): Promise<{ status: number; body: string }>
  /** The customer pays that session, and the gateway holds the payment for risk review (risk level 1). */
  payHeld(tranId: string): Promise<void>
}

/**
 * `gatewayTest`: `test` on a stack of its own configured for SSLCommerz (started once per worker,
 * only when a gateway test runs), with `baseURL` pointing at it and `gateway`, its fake server.
 */
export const gatewayTest = test.extend<{ gateway: FakeGateway }, { gatewayStack: { url: string; fakeUrl: string } }>({
  gatewayStack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      let fakeUrl = ''
      const closeFake = await startFakeSslcommerz({ provide: (_key: string, url: string) => (fakeUrl = url) })
      const persistTo = mkdtempSync(join(tmpdir(), 'toolhaus-e2e-gateway-'))
      const logs: string[] = []
      const stack = await startStack({
        port: GATEWAY_PORT,
        authPort: GATEWAY_AUTH_PORT,
        persistTo,
        build: false,
        vars: {
          SSLCOMMERZ_STORE_ID: FAKE_SSLCOMMERZ_STORE.id,
          SSLCOMMERZ_STORE_PASSWORD: FAKE_SSLCOMMERZ_STORE.password,
          SSLCOMMERZ_SANDBOX: 'true',
          SSLCOMMERZ_API_BASE: fakeUrl,
        },
        log: (line: string) => {
          logs.push(line)
          if (process.env.E2E_DEBUG) process.stdout.write(line)
        },
      }).catch(async (error: unknown) => {
        process.stdout.write(logs.join(''))
        await closeFake()
        throw error
      })
      await use({ url: stack.url, fakeUrl })
      await stack.stop()
      await closeFake()
      rmSync(persistTo, { recursive: true, force: true })
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ gatewayStack }, use) => {
    await use(gatewayStack.url)
  },
  gateway: async ({ gatewayStack }, use) => {
    const { fakeUrl } = gatewayStack
    await use({
      tranIdOf: async (orderId) => {
        const requests = (await (await fetch(`${fakeUrl}/__requests`)).json()) as {
          path: string
          params: Record<string, string>
        }[]
        const session = requests.findLast((r) => r.path === '/gwprocess/v4/api.php' && r.params.value_a === orderId)
        if (!session?.params.tran_id) throw new Error(`No SSLCommerz session for order ${orderId}`)
        return session.params.tran_id
      },
      payHeld: async (tranId) => {
        const res = await fetch(`${fakeUrl}/__pay`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ tran_id: tranId, risk_level: '1' }),
        })
        if (!res.ok) throw new Error(`The fake gateway refused the payment: ${await res.text()}`)
      },
      sendIpn: async (tranId) => {
        const res = await fetch(`${fakeUrl}/__ipn`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ tran_id: tranId }),
        })
        return (await res.json()) as { status: number; body: string }
      },
    })
  },
})
