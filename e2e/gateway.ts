import startFakeSslcommerz, { FAKE_SSLCOMMERZ_STORE } from '#worker/test/fake-sslcommerz.ts'
import { test } from './fixtures'
import { startTestStack } from './stacks'

// The SSLCommerz path end to end, offline: a local stack of its own whose Worker is configured
// for SSLCommerz (SSLCOMMERZ_* settings) and talks to the fake SSLCommerz server of the worker
// tests, whose gateway page the browser is sent to and posted back from.

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
    async ({}, use, workerInfo) => {
      let fakeUrl = ''
      const closeFake = await startFakeSslcommerz({ provide: (_key: string, url: string) => (fakeUrl = url) })
      const stack = await startTestStack('gateway', workerInfo.parallelIndex, {
        SSLCOMMERZ_STORE_ID: FAKE_SSLCOMMERZ_STORE.id,
        SSLCOMMERZ_STORE_PASSWORD: FAKE_SSLCOMMERZ_STORE.password,
        SSLCOMMERZ_SANDBOX: 'true',
        SSLCOMMERZ_API_BASE: fakeUrl,
      }).catch(async (error: unknown) => {
        await closeFake()
        throw error
      })
      await use({ url: stack.url, fakeUrl })
      await stack.stop()
      await closeFake()
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
