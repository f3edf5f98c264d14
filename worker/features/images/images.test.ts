import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_WIDTH_MESSAGE, MAX_UPLOAD_BODY_BYTES } from '#schemas/image.ts'
import { IMAGE_WIDTHS } from '#schemas/image-urls.ts'
import { call, errorOf, json, PNG_1X1, seedDemo } from '#worker/test/helpers.ts'
import { decodeWebp, makeJpeg, makePng, pixelAt, withOrientation, withPngSize } from '#worker/test/image-fixtures.ts'
import { accessTokenFor, signIn } from '#worker/test/tokens.ts'
import type { UploadAnswer } from './images.routes'
import { imageKey, sniffImage } from './images.service'
import { variantKey } from './variants.service'

let url: string

beforeAll(async () => {
  await seedDemo()
  url = (await json(await call('GET', '/api/service/electric-saw'))).img
})

describe('GET /api/images/{key}', () => {
  it('serves the image from R2 with its type, ETag and an immutable cache', async () => {
    const res = await call('GET', url)
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
    const etag = (await call('GET', url)).headers.get('ETag')!
    const res = await call('GET', url, { headers: { 'If-None-Match': etag } })
    expect(res.status).toBe(304)
    expect(res.headers.get('ETag')).toBe(etag)
    expect(await res.text()).toBe('')
    const weak = await call('GET', url, { headers: { 'If-None-Match': `W/${etag}` } })
    expect(weak.status).toBe(304)
  })

  it('answers 200 when If-None-Match does not match', async () => {
    const res = await call('GET', url, { headers: { 'If-None-Match': '"something-else"' } })
    expect(res.status).toBe(200)
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0)
  })

  it('is a 404 for a well-formed key that is not stored', async () => {
    const res = await call('GET', `/api/images/${'0'.repeat(64)}.png`)
    expect(res.status).toBe(404)
    expect((await errorOf(res)).code).toBe('NOT_FOUND')
  })

  it.each(['../secret', 'abc.png', `${'a'.repeat(64)}.svg`, `${'A'.repeat(64)}.png`])(
    'is a 404 for the key %s',
    async (key) => {
      const res = await call('GET', `/api/images/${encodeURIComponent(key)}`)
      expect(res.status).toBe(404)
    },
  )

  it('keeps one object per distinct image', async () => {
    const listed = await env.IMAGES.list()
    const urls = new Set([
      ...(await json<any[]>(await call('GET', '/api/service'))).flatMap((t) => t.images),
      ...(await json<any[]>(await call('GET', '/api/review'))).map((r) => r.img),
    ])
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

// ─── POST /api/images ────────────────────────────────────────────────────────────────────

const pad = (head: number[] | string, size = 64) => {
  const start = typeof head === 'string' ? Array.from(head, (ch) => ch.charCodeAt(0)) : head
  const bytes = new Uint8Array(Math.max(size, start.length))
  bytes.set(start)
  // Random trailing bytes keep the images (and their keys) apart.
  crypto.getRandomValues(bytes.subarray(Math.max(start.length, bytes.length - 16)))
  return bytes
}

const SAMPLES = {
  jpg: () => pad([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Array.from('JFIF\0', (c) => c.charCodeAt(0))]),
  png: () => new Uint8Array([...PNG_1X1, ...pad([], 16)]),
  webp: () => pad('RIFF\x24\0\0\0WEBPVP8 '),
  gif: () => pad('GIF89a\x01\0\x01\0'),
  avif: () => pad('\0\0\0\x1cftypavif\0\0\0\0'),
} as const

const TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif' } as const

function form(bytes: Uint8Array | string, name = 'photo.bin', type = 'application/octet-stream', field = 'image') {
  const fd = new FormData()
  if (typeof bytes === 'string') fd.append(field, bytes)
  else fd.append(field, new File([bytes], name, { type }))
  return fd
}

const upload = (token: string | undefined, body: BodyInit, headers?: HeadersInit) =>
  call('POST', '/api/images', { as: token, raw: body, headers })

/** A multipart body serialised up front, so that it can be sent with an exact Content-Length. */
async function serialised(fd: FormData) {
  const req = new Request('http://x/', { method: 'POST', body: fd })
  const bytes = new Uint8Array(await req.arrayBuffer())
  return { bytes, contentType: req.headers.get('Content-Type')! }
}

/** The same body as a stream of chunks: no Content-Length, as a chunked upload. */
function streamed(bytes: Uint8Array) {
  let offset = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(offset, offset + 256 * 1024))
      offset += 256 * 1024
    },
  })
}

describe('POST /api/images', () => {
  let token: string
  beforeAll(async () => {
    token = await signIn('uploader@example.com')
  })

  it.each(Object.keys(SAMPLES) as (keyof typeof SAMPLES)[])(
    'stores a %s image and answers {success, data: {url, key, size, type}}',
    async (ext) => {
      const bytes = SAMPLES[ext]()
      // The declared type and name say nothing true: only the bytes count.
      const res = await upload(token, form(bytes, 'upload.txt', 'text/plain'))
      expect(res.status).toBe(200)
      const key = await imageKey(bytes, ext)
      expect(await json(res)).toEqual({
        success: true,
        data: { url: `/api/images/${key}`, key, size: bytes.length, type: TYPES[ext] },
      })
      const object = await env.IMAGES.get(key)
      expect(object?.httpMetadata?.contentType).toBe(TYPES[ext])
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes)
      const served = await call('GET', `/api/images/${key}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('Content-Type')).toBe(TYPES[ext])
    },
  )

  it('stores the same image twice as one object under the same key', async () => {
    const bytes = SAMPLES.png()
    const first = await json(await upload(token, form(bytes, 'a.png', 'image/png')))
    const before = (await env.IMAGES.list()).objects.length
    const other = await signIn('second-uploader@example.com')
    const second = await upload(other, form(bytes, 'b-renamed.gif', 'image/gif'))
    expect(second.status).toBe(200)
    const again = await json(second)
    expect(again.data.key).toBe(first.data.key)
    expect(again.data.url).toBe(first.data.url)
    expect(again.data.type).toBe('image/png')
    expect((await env.IMAGES.list()).objects.length).toBe(before)
  })

  it('refuses a text file named .png with 415', async () => {
    const bytes = new TextEncoder().encode('This is just some text, not a picture at all.\n')
    const res = await upload(token, form(bytes, 'holiday.png', 'image/png'))
    expect(res.status).toBe(415)
    const error = await errorOf(res)
    expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    expect(error.message).toBe('This file is not an accepted image. Upload a JPEG, PNG, WebP, GIF or AVIF image.')
    expect(error.fields).toHaveProperty('image')
  })

  it.each([
    ['logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['logo.png', 'image/png', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'],
  ])('refuses an SVG (%s) with 415', async (name, type, text) => {
    const before = (await env.IMAGES.list()).objects.length
    const res = await upload(token, form(new TextEncoder().encode(text), name, type))
    expect(res.status).toBe(415)
    const error = await errorOf(res)
    expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    expect(error.message).toMatch(/^SVG images are not accepted/)
    expect((await env.IMAGES.list()).objects.length).toBe(before)
  })

  describe('size', () => {
    const SIX_MB = 6 * 1024 * 1024

    it('refuses a 6 MB file by its Content-Length with 413', async () => {
      const { bytes, contentType } = await serialised(form(pad('GIF89a', SIX_MB), 'big.gif', 'image/gif'))
      const res = await upload(token, bytes, { 'Content-Type': contentType, 'Content-Length': String(bytes.length) })
      expect(res.status).toBe(413)
      const error = await errorOf(res)
      expect(error.code).toBe('PAYLOAD_TOO_LARGE')
      expect(error.message).toBe('The image is larger than 5 MB. Please choose a smaller one.')
      expect(error.fields).toEqual({ image: 'The image is larger than 5 MB' })
    })

    it('decides by Content-Length alone, before reading the body', async () => {
      // The body itself is not even multipart: read, it would be a 400.
      const res = await upload(token, new Uint8Array(16), {
        'Content-Type': 'multipart/form-data; boundary=abc',
        'Content-Length': String(SIX_MB),
      })
      expect(res.status).toBe(413)
    })

    it('refuses a body without Content-Length as soon as it passes the limit', async () => {
      const { bytes, contentType } = await serialised(form(pad('GIF89a', SIX_MB), 'big.gif', 'image/gif'))
      // NOTE: the stream ends one byte past the limit: the server must refuse on that byte
      // (with more left unread, workerd logs "Network connection lost" for the aborted pipe).
      const res = await upload(token, streamed(bytes.subarray(0, MAX_UPLOAD_BODY_BYTES + 1)), {
        'Content-Type': contentType,
      })
      expect(res.status).toBe(413)
      expect((await errorOf(res)).code).toBe('PAYLOAD_TOO_LARGE')
    })

    it('refuses a file one byte over 5 MB (within the multipart allowance) by its actual size', async () => {
      const res = await upload(token, form(pad('GIF89a', 5 * 1024 * 1024 + 1), 'big.gif', 'image/gif'))
      expect(res.status).toBe(413)
      expect((await errorOf(res)).code).toBe('PAYLOAD_TOO_LARGE')
    })

    it('accepts a file of exactly 5 MB', async () => {
      const bytes = pad('GIF89a', 5 * 1024 * 1024)
      const res = await upload(token, form(bytes, 'max.gif', 'image/gif'))
      expect(res.status).toBe(200)
      expect((await json(res)).data.size).toBe(bytes.length)
    })
  })

  it('refuses anonymous uploads with 401 and stores nothing', async () => {
    const before = (await env.IMAGES.list()).objects.length
    const res = await upload(undefined, form(SAMPLES.png(), 'a.png', 'image/png'))
    expect(res.status).toBe(401)
    expect((await errorOf(res)).code).toBe('UNAUTHENTICATED')
    const expired = await upload(
      await accessTokenFor('uploader@example.com', { variant: 'expired' }),
      form(SAMPLES.png()),
    )
    expect(expired.status).toBe(401)
    expect((await env.IMAGES.list()).objects.length).toBe(before)
  })

  it.each([
    ['no image field', () => form(SAMPLES.png(), 'a.png', 'image/png', 'photo'), 'image is Required'],
    ['a text value in the image field', () => form('https://example.com/a.png'), 'image must be a file'],
    ['an empty file', () => form(new Uint8Array(0), 'empty.png', 'image/png'), 'The image file is empty.'],
    [
      'two images',
      () => {
        const fd = form(SAMPLES.png(), 'a.png', 'image/png')
        fd.append('image', new File([SAMPLES.gif()], 'b.gif'))
        return fd
      },
      'Send one image at a time.',
    ],
  ])('answers 400 for %s', async (_, body, message) => {
    const res = await upload(token, body())
    expect(res.status).toBe(400)
    const error = await errorOf(res)
    expect(error).toEqual({ code: 'VALIDATION_FAILED', message, fields: { image: message } })
  })

  it.each([
    ['JSON', 'application/json', JSON.stringify({ image: 'x' })],
    ['no body', undefined, undefined],
    ['multipart without a boundary', 'multipart/form-data', '--x\r\n\r\n'],
    [
      'broken multipart',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nPNG...',
    ],
    ['multipart with no parts', 'multipart/form-data; boundary=abc', 'not multipart at all'],
  ])('answers 400 (never 500) for %s', async (_, contentType, body) => {
    const res = await upload(token, body as BodyInit, contentType ? { 'Content-Type': contentType } : {})
    expect(res.status).toBe(400)
    expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
  })
})

// ─── GET /api/images/{key}?w=N: images that fit the screen ────────────────────────────────

describe('GET /api/images/{key}?w=N', () => {
  let token: string
  let photo: Uint8Array
  let photoUrl: string
  let photoKey: string

  const uploadBytes = async (bytes: Uint8Array) => {
    const res = await upload(token, form(bytes, 'photo.jpg', 'image/jpeg'))
    expect(res.status).toBe(200)
    return (await json<UploadAnswer>(res)).data
  }
  const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer())

  beforeAll(async () => {
    token = await signIn('photographer@example.com')
    // A 6 MP photo, as an admin's phone would send it (3000×2000, a few MB).
    photo = makeJpeg(3000, 2000)
    ;({ url: photoUrl, key: photoKey } = await uploadBytes(photo))
  })

  it('answers a WebP no wider than 320 with far fewer bytes, kept in R2', async () => {
    expect(photo.length).toBeGreaterThan(1_500_000)
    const res = await call('GET', `${photoUrl}?w=320`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/webp')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const bytes = await bytesOf(res)
    expect(Number(res.headers.get('Content-Length'))).toBe(bytes.length)
    expect(bytes.length).toBeLessThan(photo.length / 20)
    const image = await decodeWebp(bytes)
    expect(image).toMatchObject({ width: 320, height: 213 })
    const kept = await env.IMAGES.head(variantKey(photoKey, 320))
    expect(kept?.size).toBe(bytes.length)
    expect(res.headers.get('ETag')).toBe(kept?.httpEtag)
  })

  it('serves the kept variant again without making it again', async () => {
    const before = await env.IMAGES.head(variantKey(photoKey, 320))
    const res = await call('GET', `${photoUrl}?w=320`)
    expect(res.status).toBe(200)
    const bytes = await bytesOf(res)
    const after = await env.IMAGES.head(variantKey(photoKey, 320))
    // Re-made, it would have been written again (a new upload time).
    expect(after?.uploaded.getTime()).toBe(before?.uploaded.getTime())
    expect(bytes.length).toBe(before?.size)
    expect(res.headers.get('ETag')).toBe(before?.httpEtag)
  })

  it.each(IMAGE_WIDTHS)('w=%i: a WebP exactly that wide, same aspect ratio', async (w) => {
    const res = await call('GET', `${photoUrl}?w=${w}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/webp')
    const bytes = await bytesOf(res)
    expect(await decodeWebp(bytes)).toMatchObject({ width: w, height: Math.round((w * 2000) / 3000) })
    expect(bytes.length).toBeLessThan(photo.length / 4)
    expect(await env.IMAGES.head(variantKey(photoKey, w))).not.toBeNull()
  })

  it('keeps one variant per width, apart from the originals', async () => {
    const listed = await env.IMAGES.list({ prefix: 'variants/' })
    const mine = listed.objects.filter((o) => o.key.includes(photoKey)).map((o) => o.key)
    expect(mine.sort()).toEqual(IMAGE_WIDTHS.map((w) => variantKey(photoKey, w)).sort())
  })

  it('serves the original unchanged without w', async () => {
    const res = await call('GET', photoUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/jpeg')
    // The key is the SHA-256 of the bytes (and much faster to compare than 3 MB).
    expect(await imageKey(await bytesOf(res), 'jpg')).toBe(photoKey)
  })

  it.each([['0'], ['999'], ['abc'], ['320.5'], [''], ['0320'], ['-320'], ['320 ']])(
    'w=%j is a 400 in the error shape',
    async (w) => {
      const res = await call('GET', `${photoUrl}?w=${encodeURIComponent(w)}`)
      expect(res.status).toBe(400)
      expect(await json(res)).toEqual({
        error: { code: 'VALIDATION_FAILED', message: IMAGE_WIDTH_MESSAGE, fields: { w: IMAGE_WIDTH_MESSAGE } },
      })
    },
  )

  it('a repeated w is a 400, even when both are allowed widths', async () => {
    const res = await call('GET', `${photoUrl}?w=320&w=640`)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', fields: { w: IMAGE_WIDTH_MESSAGE } })
  })

  it('is a 404 for a key that is not stored, and makes nothing', async () => {
    const key = `${'1'.repeat(64)}.jpg`
    const res = await call('GET', `/api/images/${key}?w=320`)
    expect(res.status).toBe(404)
    expect((await errorOf(res)).code).toBe('NOT_FOUND')
    expect(await env.IMAGES.head(variantKey(key, 320))).toBeNull()
    expect((await call('GET', `/api/images/not-a-key.jpg?w=320`)).status).toBe(404)
  })

  it('answers 304 to If-None-Match, on the first request for a width and on later ones', async () => {
    const first = await uploadBytes(makeJpeg(900, 600))
    // The variant's ETag is that of its bytes, so a client can hold it before the variant is
    // kept (a variant made again after a purge): the first request already compares it.
    const made = await call('GET', `${first.url}?w=640`)
    const etag = made.headers.get('ETag')!
    await env.IMAGES.delete(variantKey(first.key, 640))
    const remade = await call('GET', `${first.url}?w=640`, { headers: { 'If-None-Match': etag } })
    expect(remade.status).toBe(304)
    expect(await remade.text()).toBe('')
    const kept = await call('GET', `${first.url}?w=640`, { headers: { 'If-None-Match': etag } })
    expect(kept.status).toBe(304)
    expect(kept.headers.get('ETag')).toBe(etag)
    expect(kept.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect((await call('GET', `${first.url}?w=640`, { headers: { 'If-None-Match': `W/${etag}` } })).status).toBe(304)
    // The original's ETag is not the variant's.
    const other = await call('GET', `${first.url}?w=640`, {
      headers: { 'If-None-Match': (await call('GET', first.url)).headers.get('ETag')! },
    })
    expect(other.status).toBe(200)
  })

  it('never upscales: an image narrower than w keeps its size', async () => {
    const small = await uploadBytes(makeJpeg(300, 200, undefined, 95))
    const res = await call('GET', `${small.url}?w=1280`)
    expect(res.headers.get('Content-Type')).toBe('image/webp')
    expect(await decodeWebp(await bytesOf(res))).toMatchObject({ width: 300, height: 200 })
  })

  it('turns a JPEG the way its EXIF orientation says', async () => {
    // Stored 400×200, red on the left, blue on the right; orientation 6: turn 90° clockwise,
    // so it shows 200×400 with red on top.
    const stored = makeJpeg(400, 200, (x) => (x < 200 ? [220, 20, 20, 255] : [20, 20, 220, 255]))
    const turned = await uploadBytes(withOrientation(stored, 6))
    const image = await decodeWebp(await bytesOf(await call('GET', `${turned.url}?w=160`)))
    expect(image).toMatchObject({ width: 160, height: 320 })
    const [r1, , b1] = pixelAt(image, 80, 40)
    const [r2, , b2] = pixelAt(image, 80, 280)
    expect(r1).toBeGreaterThan(150)
    expect(b1).toBeLessThan(80)
    expect(b2).toBeGreaterThan(150)
    expect(r2).toBeLessThan(80)
  })

  it('shrinks a PNG and keeps its transparency', async () => {
    const png = await makePng(800, 400, (x) => (x < 400 ? [0, 160, 0, 255] : [0, 0, 0, 0]))
    const stored = await uploadBytes(png)
    const res = await call('GET', `${stored.url}?w=160`)
    expect(res.headers.get('Content-Type')).toBe('image/webp')
    const image = await decodeWebp(await bytesOf(res))
    expect(image).toMatchObject({ width: 160, height: 80 })
    expect(pixelAt(image, 20, 40)[3]).toBe(255)
    expect(pixelAt(image, 140, 40)[3]).toBe(0)
  })

  it('serves a WebP that is already narrow enough as it is', async () => {
    const webp = await bytesOf(await call('GET', `${photoUrl}?w=640`))
    const stored = await uploadBytes(webp)
    const res = await call('GET', `${stored.url}?w=1280`)
    expect(res.headers.get('Content-Type')).toBe('image/webp')
    expect(await bytesOf(res)).toEqual(webp)
    // …and shrinks it for a smaller width (from 640×427).
    expect(await decodeWebp(await bytesOf(await call('GET', `${stored.url}?w=320`)))).toMatchObject({
      width: 320,
      height: 214,
    })
  })

  it.each([
    ['a GIF', SAMPLES.gif, 'image/gif', 'format'],
    ['an AVIF', SAMPLES.avif, 'image/avif', 'format'],
    ['a JPEG that does not decode', SAMPLES.jpg, 'image/jpeg', 'undecodable'],
    // 400 MP: decoding it would need far more than a Worker's memory.
    ['a PNG too large to decode', () => withPngSize(PNG_1X1, 20_000, 20_000), 'image/png', 'too-large'],
  ] as const)('serves the original for %s, and remembers that', async (_, sample, type, reason) => {
    const bytes = sample()
    const stored = await uploadBytes(bytes)
    for (let i = 0; i < 2; i++) {
      const res = await call('GET', `${stored.url}?w=320`)
      expect(res.status).toBe(200)
      expect(res.headers.get('Content-Type')).toBe(type)
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      expect(await bytesOf(res)).toEqual(bytes)
    }
    const marker = await env.IMAGES.head(variantKey(stored.key, 320))
    expect(marker?.customMetadata).toEqual({ serve: 'original', reason })
    const etag = (await call('GET', stored.url)).headers.get('ETag')!
    expect((await call('GET', `${stored.url}?w=320`, { headers: { 'If-None-Match': etag } })).status).toBe(304)
  })

  it('makes every width of a 12 MP phone photo (4000×3000) within the memory a Worker has', async () => {
    const big = makeJpeg(4000, 3000, undefined, 80)
    expect(big.length).toBeGreaterThan(3_000_000)
    const stored = await uploadBytes(big)
    // Every wasm instance the codecs make, to add up their memory (it only grows, so its
    // size at the end is its peak). Counted as if none were freed before the next one.
    const memories: WebAssembly.Memory[] = []
    const Instance = WebAssembly.Instance
    // biome-ignore lint/complexity/useArrowFunction: called with `new`, which an arrow function refuses
    WebAssembly.Instance = function (module: WebAssembly.Module, imports?: WebAssembly.Imports) {
      const instance = new Instance(module, imports)
      const memory = Object.values(instance.exports).find((e) => e instanceof WebAssembly.Memory)
      if (memory) memories.push(memory)
      return instance
    } as unknown as typeof WebAssembly.Instance
    try {
      for (const w of IMAGE_WIDTHS) {
        memories.length = 0
        const res = await call('GET', `${stored.url}?w=${w}`)
        expect(res.headers.get('Content-Type')).toBe('image/webp')
        // Measured at all: the JPEG decoder's memory and the WebP encoder's, each a new instance per image.
        expect(memories.length, `w=${w}: wasm memories measured`).toBeGreaterThanOrEqual(2)
        const wasmBytes = memories.reduce((sum, m) => sum + m.buffer.byteLength, 0)
        // 22–39 MiB here (the JPEG decoder and the WebP encoder). With the photo itself (5 MB
        // at most, twice), the variant and the Worker's own heap, that leaves room under 128 MB.
        expect(wasmBytes).toBeLessThan(64 * 2 ** 20)
        expect(await decodeWebp(await bytesOf(res))).toMatchObject({ width: w, height: (w * 3) / 4 })
      }
    } finally {
      WebAssembly.Instance = Instance
    }
    // A 12 MP photo made, uploaded and shrunk four times: allow for a busy machine.
  }, 90_000)
})
