// Image bytes on a phone: a photo-like JPEG of about 1.5 MB made in Chromium (a canvas, no
// native dependencies), uploaded as an admin and shown by a new tool; then the image bytes a
// phone loads for a page's first screen, against what the same images cost as originals.
import { chromium } from 'playwright-core'
import { CHROMIUM, LAUNCH_ARGS } from './weight.mjs'

/** A current phone: the viewport, pixel ratio and user agent Chromium gives a mid-size one. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }

/**
 * Draws a 3000 × 2000 "photo" on a canvas and encodes it with `toBlob('image/jpeg', 0.95)`:
 * a sky and a workbench (gradients), soft shapes, and texture at every scale (value noise in
 * octaves from 1 to 256 px, stronger at coarse scales, as in natural images), from a fixed seed.
 * The texture's strength is tuned until the file is within 8 % of `targetBytes`.
 * NOTE: per-pixel grain alone would also make a 1.5 MB JPEG, but a downscale averages it away
 * and the variants would look far smaller than a real photo's; detail at every scale survives
 * the downscale as a photo's does.
 * @returns {Promise<{ bytes: Buffer, width: number, height: number, texture: number }>}
 */
export async function makePhoto({ targetBytes = 1_500_000, width = 3000, height = 2000 } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, timeout: 60_000 })
  try {
    const page = await browser.newPage()
    const encode = (texture) =>
      page.evaluate(
        async ({ texture, width, height }) => {
          const canvas = document.createElement('canvas')
          canvas.width = width
          canvas.height = height
          const g = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'))
          let s = 20240201
          const random = () => {
            s = (Math.imul(s, 1664525) + 1013904223) >>> 0
            return s / 2 ** 32
          }
          const sky = g.createLinearGradient(0, 0, 0, height * 0.55)
          sky.addColorStop(0, '#3b6ea8')
          sky.addColorStop(1, '#d9e4ef')
          g.fillStyle = sky
          g.fillRect(0, 0, width, height * 0.55)
          const bench = g.createLinearGradient(0, height * 0.55, width, height)
          bench.addColorStop(0, '#8a6038')
          bench.addColorStop(1, '#3d2a1a')
          g.fillStyle = bench
          g.fillRect(0, height * 0.55, width, height * 0.45)
          for (let i = 0; i < 150; i++) {
            const x = random() * width
            const y = random() * height
            const r = 20 + random() * 260
            const hue = Math.floor(random() * 360)
            g.fillStyle = `hsla(${hue}, ${30 + random() * 40}%, ${25 + random() * 50}%, ${0.5 + random() * 0.4})`
            g.beginPath()
            if (random() < 0.5) g.arc(x, y, r, 0, Math.PI * 2)
            else g.rect(x, y, r * (0.5 + random()), r * (0.3 + random()))
            g.fill()
          }
          // Texture: value noise octaves (cell 256 → 1 px), amplitude ∝ cell^0.5, on the luma.
          const lum = new Float32Array(width * height)
          for (let cell = 256; cell >= 1; cell /= 2) {
            const amp = texture * Math.sqrt(cell)
            const gw = Math.ceil(width / cell) + 2
            const gh = Math.ceil(height / cell) + 2
            const grid = new Float32Array(gw * gh)
            for (let i = 0; i < grid.length; i++) grid[i] = (random() - 0.5) * amp
            if (cell === 1) {
              for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) lum[y * width + x] += grid[y * gw + x]
              continue
            }
            for (let y = 0; y < height; y++) {
              const gy = y / cell
              const y0 = Math.floor(gy)
              const fy = gy - y0
              const row0 = y0 * gw
              const row1 = row0 + gw
              for (let x = 0; x < width; x++) {
                const gx = x / cell
                const x0 = Math.floor(gx)
                const fx = gx - x0
                const top = grid[row0 + x0] + (grid[row0 + x0 + 1] - grid[row0 + x0]) * fx
                const bottom = grid[row1 + x0] + (grid[row1 + x0 + 1] - grid[row1 + x0]) * fx
                lum[y * width + x] += top + (bottom - top) * fy
              }
            }
          }
          const pixels = g.getImageData(0, 0, width, height)
          const d = pixels.data
          for (let i = 0, p = 0; i < d.length; i += 4, p++) {
            d[i] += lum[p]
            d[i + 1] += lum[p]
            d[i + 2] += lum[p]
          }
          g.putImageData(pixels, 0, 0)
          const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.95))
          const buffer = new Uint8Array(await blob.arrayBuffer())
          let binary = ''
          for (let i = 0; i < buffer.length; i += 0x8000)
            binary += String.fromCharCode(...buffer.subarray(i, i + 0x8000))
          return btoa(binary)
        },
        { texture, width, height },
      )
    // The JPEG grows with the texture: a few secant steps land within 8 %.
    let prev = { texture: 0, size: 0 }
    let texture = 2
    /** @type {{ bytes: Buffer, width: number, height: number, texture: number } | undefined} */
    let best
    for (let step = 0; step < 8; step++) {
      const bytes = Buffer.from(await encode(texture), 'base64')
      if (!best || Math.abs(bytes.length - targetBytes) < Math.abs(best.bytes.length - targetBytes))
        best = { bytes, width, height, texture }
      if (Math.abs(bytes.length - targetBytes) <= targetBytes * 0.08) break
      const next =
        prev.size === bytes.length
          ? texture * 1.5
          : texture + ((targetBytes - bytes.length) * (texture - prev.texture)) / (bytes.length - prev.size)
      prev = { texture, size: bytes.length }
      texture = Math.min(64, Math.max(0.05, next))
    }
    if (!best) throw new Error('no photo was made')
    return best
  } finally {
    await browser.close()
  }
}

/** The R2 key in an uploaded image's address (`/api/images/<key>`, with or without `?w=`). */
const imageKey = (pathname) => /^\/api\/images\/([^/?]+)$/.exec(pathname)?.[1]

/**
 * Opens `path` on a phone (fresh context, empty cache) and records every image response until
 * `load` and network idle, and which images are on the first screen. "Originals" are what the
 * same images cost without variants: each uploaded image's original (GET /api/images/<key>,
 * no `?w=`) once, any other image as it is.
 * A first navigation, not counted, lets the server make the variants it makes on first request.
 */
export async function measurePhoneImages({ url, path }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, timeout: 60_000 })
  try {
    const visit = async () => {
      const context = await browser.newContext({ baseURL: url, ...PHONE })
      try {
        const page = await context.newPage()
        const pending = []
        page.on('response', (response) => {
          if (response.request().resourceType() !== 'image') return
          pending.push(
            (async () => {
              const body = await response.body().catch(() => undefined)
              return {
                url: response.url(),
                status: response.status(),
                type: response.headers()['content-type'],
                bytes: body?.length ?? 0,
              }
            })(),
          )
        })
        const started = Date.now()
        await page.goto(path, { waitUntil: 'load', timeout: 120_000 })
        await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {})
        const ms = Date.now() - started
        const responses = await Promise.all(pending)
        // What the first screen shows: every <img> whose box meets the viewport, with the file it chose.
        const onScreen = await page.evaluate(() =>
          [...document.images]
            .filter((img) => {
              const r = img.getBoundingClientRect()
              return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth && r.width > 0
            })
            .map((img) => ({
              src: img.currentSrc || img.src,
              alt: img.alt,
              cssWidth: Math.round(img.getBoundingClientRect().width),
              naturalWidth: img.naturalWidth,
            })),
        )
        return { ms, responses, onScreen }
      } finally {
        await context.close()
      }
    }
    const warm = await visit()
    const seen = await visit()
    const originals = new Map()
    const images = []
    for (const r of seen.responses) {
      const u = new URL(r.url)
      const key = u.origin === new URL(url).origin ? imageKey(u.pathname) : undefined
      let original = r.bytes
      if (key && originals.has(key))
        original = 0 // the same original once per page
      else if (key) {
        const res = await fetch(`${url}/api/images/${key}`)
        original = res.ok ? (await res.arrayBuffer()).byteLength : 0
        originals.set(key, original)
      }
      const shown = seen.onScreen.find((i) => i.src === r.url)
      images.push({
        url: u.origin === new URL(url).origin ? u.pathname + u.search : r.url,
        status: r.status,
        type: r.type,
        bytes: r.bytes,
        originalBytes: original,
        onFirstScreen: Boolean(shown),
        cssWidth: shown?.cssWidth,
        naturalWidth: shown?.naturalWidth,
      })
    }
    const sum = (list, field) => list.reduce((n, i) => n + i[field], 0)
    const firstScreen = images.filter((i) => i.onFirstScreen)
    return {
      path,
      phone: PHONE,
      bytes: sum(images, 'bytes'),
      originalBytes: sum(images, 'originalBytes'),
      firstScreenBytes: sum(firstScreen, 'bytes'),
      firstScreenOriginalBytes: sum(firstScreen, 'originalBytes'),
      images,
      firstVisitMs: warm.ms,
      measuredVisitMs: seen.ms,
    }
  } finally {
    await browser.close()
  }
}
