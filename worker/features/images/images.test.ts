import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, json, PNG_1X1, seedDemo } from '../../test/helpers'
import { imageKey, sniffImage } from './images.service'

let url: string

beforeAll(async () => {
  await seedDemo()
  url = (await json(await call('/api/service/electric-saw'))).img
})

describe('GET /api/images/{key}', () => {
  it('serves the image from R2 with its type, ETag and an immutable cache', async () => {
    const res = await call(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/png')
    expect(res.headers.get('ETag')).toMatch(/^"[0-9a-f]+"$/)
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(sniffImage(bytes)).toBe('png')
    expect(url.endsWith(await imageKey(bytes, 'png'))).toBe(true)
  })

  it('answers 304 without a body when If-None-Match matches', async () => {
    const etag = (await call(url)).headers.get('ETag')!
    const res = await call(url, { headers: { 'If-None-Match': etag } })
    expect(res.status).toBe(304)
    expect(res.headers.get('ETag')).toBe(etag)
    expect(await res.text()).toBe('')
    const weak = await call(url, { headers: { 'If-None-Match': `W/${etag}` } })
    expect(weak.status).toBe(304)
  })

  it('answers 200 when If-None-Match does not match', async () => {
    const res = await call(url, { headers: { 'If-None-Match': '"something-else"' } })
    expect(res.status).toBe(200)
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0)
  })

  it('is a 404 for a well-formed key that is not stored', async () => {
    const res = await call(`/api/images/${'0'.repeat(64)}.png`)
    expect(res.status).toBe(404)
    expect((await json(res)).error.code).toBe('NOT_FOUND')
  })

  it.each(['../secret', 'abc.png', `${'a'.repeat(64)}.svg`, `${'A'.repeat(64)}.png`])('is a 404 for the key %s', async (key) => {
    const res = await call(`/api/images/${encodeURIComponent(key)}`)
    expect(res.status).toBe(404)
  })

  it('keeps one object per distinct image', async () => {
    const listed = await env.IMAGES.list()
    const urls = new Set(
      [...(await json<any[]>(await call('/api/service'))), ...(await json<any[]>(await call('/api/review')))].map((x) => x.img),
    )
    expect(listed.objects.length).toBe(urls.size)
  })
})

describe('sniffImage', () => {
  const header = (...bytes: number[]) => new Uint8Array([...bytes, ...new Array(16).fill(0)])
  const text = (s: string) => new Uint8Array([...new TextEncoder().encode(s), ...new Array(16).fill(0)])
  it.each([
    [header(0xff, 0xd8, 0xff, 0xe0), 'jpg'],
    [PNG_1X1, 'png'],
    [text('GIF89a'), 'gif'],
    [text('RIFF\0\0\0\0WEBPVP8 '), 'webp'],
    [text('\0\0\0\x1cftypavif'), 'avif'],
    [text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), undefined],
    [text('hello, this is text'), undefined],
    [new Uint8Array([0x89, 0x50]), undefined],
  ])('recognises %#', (bytes, type) => {
    expect(sniffImage(bytes)).toBe(type)
  })
})
