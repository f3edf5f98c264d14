#!/usr/bin/env node
// Renders every seed/images/*.svg into seed/images/<slug>.webp using headless
// Chromium (via playwright-core). The output has the same pixel size as the
// SVG viewBox. Usage: node scripts/make-seed-images.mjs
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const QUALITY = 0.82
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const imagesDir = join(root, 'seed', 'images')

function viewBoxSize(svg, file) {
  const match = svg.match(/viewBox\s*=\s*"([^"]+)"/)
  if (!match) throw new Error(`${file}: missing viewBox`)
  const [, , width, height] = match[1]
    .trim()
    .split(/[\s,]+/)
    .map(Number)
  if (!(width > 0 && height > 0)) throw new Error(`${file}: bad viewBox "${match[1]}"`)
  return { width: Math.round(width), height: Math.round(height) }
}

const files = (await readdir(imagesDir)).filter((f) => f.endsWith('.svg')).sort()
if (files.length === 0) {
  console.error(`No SVG files found in ${imagesDir}`)
  process.exit(1)
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
})

try {
  const page = await browser.newPage()
  await page.setContent('<!doctype html><html><body></body></html>')

  for (const file of files) {
    const svg = await readFile(join(imagesDir, file), 'utf8')
    const { width, height } = viewBoxSize(svg, file)
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`

    const dataUrl = await page.evaluate(
      async ({ src, width, height, quality }) => {
        const img = new Image()
        img.width = width
        img.height = height
        await new Promise((resolve, reject) => {
          img.onload = resolve
          img.onerror = () => reject(new Error('image failed to load'))
          img.src = src
        })
        const canvas = document.createElement('canvas')
        canvas.width = width
        canvas.height = height
        const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'))
        ctx.drawImage(img, 0, 0, width, height)
        return canvas.toDataURL('image/webp', quality)
      },
      { src, width, height, quality: QUALITY },
    )

    const prefix = 'data:image/webp;base64,'
    if (!dataUrl.startsWith(prefix)) {
      throw new Error(`${file}: browser did not produce WebP output`)
    }
    const bytes = Buffer.from(dataUrl.slice(prefix.length), 'base64')
    const out = join(imagesDir, `${basename(file, '.svg')}.webp`)
    await writeFile(out, bytes)
    console.log(`${basename(out).padEnd(28)} ${width}x${height}  ${(bytes.length / 1024).toFixed(1)} KB`)
  }
} finally {
  await browser.close()
}
