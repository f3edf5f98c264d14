// Image bytes on a phone: a photo-like JPEG of about 1.5 MB made in Chromium (a canvas, no
// native dependencies), uploaded as an admin and shown by a new tool; then the image bytes a
// phone loads for a page's first screen, against what the same images cost as originals.
import { chromium } from 'playwright-core'
import { CHROMIUM, LAUNCH_ARGS } from './weight.mjs'

/** A current phone: the viewport, pixel ratio and user agent Chromium gives a mid-size one. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }

/**
 * Draws a 3000 × 2000 "photo" on a canvas (sky and ground gradients, soft shapes, fine grain,
 * from a fixed seed, so every run makes the same picture) and encodes it with
 * `toBlob('image/jpeg', 0.95)`; the grain is tuned until the file is within 10 % of `targetBytes`.
 * @returns {Promise<{ bytes: Buffer, width: number, height: number, grain: number }>}
 */
export async function makePhoto({ targetBytes = 1_500_000 } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, timeout: 60_000 })
  try {
    const page = await browser.newPage()
    const encode = (grain) =>
      page.evaluate(async (grain) => {
        const width = 3000
        const height = 2000
        const canvas = document.createElement('canvas')
        canvas.width = width
        canvas.height = height
        const g = canvas.getContext('2d')
        let s = 20240201
        const random = () => {
          s = (Math.imul(s, 1664525) + 1013904223) >>> 0
          return s / 2 ** 32
        }
        // A sky, a horizon and a workbench: smooth areas like a real photo has.
        const sky = g.createLinearGradient(0, 0, 0, height * 0.55)
        sky.addColorStop(0, '#3b6ea8')
        sky.addColorStop(1, '#d9e4ef')
        g.fillStyle = sky
        g.fillRect(0, 0, width, height * 0.55)
        const bench = g.createLinearGradient(0, height * 0.55, width, height)
        bench.addColorStop(0, '#7a5230')
        bench.addColorStop(1, '#3d2a1a')
        g.fillStyle = bench
        g.fillRect(0, height * 0.55, width, height * 0.45)
        // Soft objects with edges (tools on the bench, leaves against the sky).
        for (let i = 0; i < 120; i++) {
          const x = random() * width
          const y = random() * height
          const r = 20 + random() * 260
          const shape = g.createRadialGradient(x, y, r * 0.1, x, y, r)
          const hue = Math.floor(random() * 360)
          shape.addColorStop(0, `hsla(${hue}, 55%, ${30 + random() * 40}%, 0.9)`)
          shape.addColorStop(1, `hsla(${hue}, 55%, 40%, 0)`)
          g.fillStyle = shape
          g.beginPath()
          g.arc(x, y, r, 0, Math.PI * 2)
          g.fill()
        }
        // Wood grain: thin lines.
        g.lineWidth = 2
        for (let i = 0; i < 400; i++) {
          const y = height * 0.55 + random() * height * 0.45
          g.strokeStyle = `rgba(30, 15, 5, ${0.05 + random() * 0.15})`
          g.beginPath()
          g.moveTo(0, y)
          g.bezierCurveTo(width * 0.3, y + random() * 40 - 20, width * 0.7, y + random() * 40 - 20, width, y + random() * 30 - 15)
          g.stroke()
        }
        // Sensor grain: what keeps a real photo from compressing to nothing.
        const pixels = g.getImageData(0, 0, width, height)
        const d = pixels.data
        for (let i = 0; i < d.length; i += 4) {
          const n = (random() - 0.5) * grain
          d[i] += n
          d[i + 1] += n
          d[i + 2] += n
        }
        g.putImageData(pixels, 0, 0)
        const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.95))
        const buffer = new Uint8Array(await blob.arrayBuffer())
        let binary = ''
        for (let i = 0; i < buffer.length; i += 0x8000) binary += String.fromCharCode(...buffer.subarray(i, i + 0x8000))
        return { base64: btoa(binary), width, height }
      }, grain)
    // The JPEG's size grows with the grain: a few steps of a secant search land within 10 %.
    let lo = { grain: 0, size: 0 }
    let grain = 12
    let best
    for (let step = 0; step < 6; step++) {
      const { base64, width, height } = await encode(grain)
      const bytes = Buffer.from(base64, 'base64')
      best = { bytes, width, height, grain }
      if (Math.abs(bytes.length - targetBytes) <= targetBytes * 0.1) break
      const next = lo.size === bytes.length ? grain * 1.5 : grain + ((targetBytes - bytes.length) * (grain - lo.grain)) / (bytes.length - lo.size)
      lo = { grain, size: bytes.length }
      grain = Math.min(120, Math.max(1, next))
    }
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
              return { url: response.url(), status: response.status(), type: response.headers()['content-type'], bytes: body?.length ?? 0 }
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
            .map((img) => ({ src: img.currentSrc || img.src, alt: img.alt, cssWidth: Math.round(img.getBoundingClientRect().width), naturalWidth: img.naturalWidth })),
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
      if (key && originals.has(key)) original = 0 // the same original once per page
      else if (key) {
        const res = await fetch(`${url}/api/images/${key}`)
        original = res.ok ? (await res.arrayBuffer()).byteLength : 0
        originals.set(key, original)
      }
      const shown = seen.onScreen.find((i) => i.src === r.url)
      images.push({ url: u.origin === new URL(url).origin ? u.pathname + u.search : r.url, status: r.status, type: r.type, bytes: r.bytes, originalBytes: original, onFirstScreen: Boolean(shown), cssWidth: shown?.cssWidth, naturalWidth: shown?.naturalWidth })
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
