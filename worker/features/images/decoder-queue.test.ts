import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, json } from '#worker/test/helpers.ts'
import { makeJpeg, photoFill } from '#worker/test/image-fixtures.ts'
import { MAX_WAITING, withDecoder } from './codec'
import { storeImage } from './images.service'

describe('the decoder slot', () => {
  it('runs one piece of work at a time, in order, and turns away those past the waiting room', async () => {
    let running = 0
    let most = 0
    const order: number[] = []
    const results = await Promise.allSettled(
      Array.from({ length: 2 + MAX_WAITING + 3 }, (_, i) =>
        withDecoder(async () => {
          running++
          most = Math.max(most, running)
          await new Promise((resolve) => setTimeout(resolve, 20))
          order.push(i)
          running--
          return i
        }),
      ),
    )
    expect(most).toBe(1)
    const done = results.filter((r) => r.status === 'fulfilled').map((r) => r.value)
    // The first runs at once, MAX_WAITING wait for it, the rest come back later.
    expect(done).toEqual(Array.from({ length: 1 + MAX_WAITING }, (_, i) => i))
    expect(order).toEqual(done)
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect(r.reason).toMatchObject({ status: 503, code: 'BUSY', headers: { 'Retry-After': '5' } })
    }
  })

  it('is free again after work that failed', async () => {
    await expect(
      withDecoder(async () => {
        throw new Error('encoder broke')
      }),
    ).rejects.toThrow('encoder broke')
    expect(await withDecoder(async () => 'next')).toBe('next')
  })
})

describe('GET /api/images/{key}?w=N with many new photos at once', () => {
  it('decodes one at a time, reads an original only once it is its turn, and asks the rest to come back', async () => {
    // 20 different photos: every request has a variant to make.
    const keys: string[] = []
    for (let i = 0; i < 20; i++) {
      const stored = await storeImage(env.IMAGES, makeJpeg(900, 600, photoFill(900, 600, 20 + i)))
      keys.push(stored!.key)
    }
    // The bucket as the Worker sees it, telling when an original is read and a variant written.
    let originalsRead = 0
    let variantsWritten = 0
    let mostHeld = 0
    const bucket = new Proxy(env.IMAGES, {
      get(target, prop) {
        if (prop === 'get')
          return async (key: string, options?: R2GetOptions) => {
            const object = await target.get(key, options)
            if (keys.includes(key) && object) {
              originalsRead++
              mostHeld = Math.max(mostHeld, originalsRead - variantsWritten)
            }
            return object
          }
        if (prop === 'put')
          return async (key: string, value: Uint8Array, options?: R2PutOptions) => {
            const object = await target.put(key, value, options)
            if (key.startsWith('variants/')) variantsWritten++
            return object
          }
        const value = Reflect.get(target, prop)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const answers = await Promise.all(
      keys.map((key) => call('GET', `/api/images/${key}?w=320`, { env: { IMAGES: bucket } })),
    )
    const ok = answers.filter((r) => r.status === 200)
    const busy = answers.filter((r) => r.status === 503)
    expect(ok.length + busy.length).toBe(20)
    // At most one running and MAX_WAITING waiting; a slow machine may time out a waiter too.
    expect(busy.length).toBeGreaterThanOrEqual(20 - 1 - MAX_WAITING)
    for (const res of ok) expect(res.headers.get('Content-Type')).toBe('image/webp')
    for (const res of busy) {
      expect(res.headers.get('Retry-After')).toBe('5')
      expect((await json(res)).error).toEqual({
        code: 'BUSY',
        message: 'Too many images are being prepared right now. Please try again in a few seconds.',
      })
    }
    // Never two originals in memory for decoding at once; none read for a request turned away.
    expect(mostHeld).toBe(1)
    expect(originalsRead).toBe(ok.length)
    // Turned away, then back: the variant is made.
    const again = await call('GET', `/api/images/${keys[19]}?w=320`, { env: { IMAGES: bucket } })
    expect(again.status).toBe(200)
  })
})
