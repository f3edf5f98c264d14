#!/usr/bin/env node
// Renders every seed/images/*.svg into seed/images/<slug>.webp using headless
// Chromium (via playwright-core). The output has the same pixel size as the
// SVG viewBox. Then draws the other photos of each tool's gallery that
// seed/catalogue.json names (see `photoSvg`). Usage: node scripts/make-seed-images.mjs
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

// ─── Gallery photos ─────────────────────────────────────────────────────────────────────
// A gallery photo `<tool>--<view>.webp` (and a model's main photo `<tool>.webp` where there is no
// <tool>.svg) is drawn from a drawing: the tool's own, or for another model of the same tool a
// drawing recoloured (MODELS). The views: `side` (the other side, on a cool background),
// `detail` (a close-up of the working end), `case` (in its carry case), `box` (beside its box).

/** Other models drawn from a drawing: which one and the hue turn of its colours. */
const MODELS = {
  'cordless-hammer-drill': { drawing: 'drill-machine', hue: 110 },
  'compact-hammer-drill': { drawing: 'drill-machine', hue: -35 },
  'demolition-hammer': { drawing: 'rotary-hammer', hue: 170 },
  'drywall-screwdriver': { drawing: 'cordless-screwdriver', hue: 150 },
  'impact-driver': { drawing: 'impact-wrench', hue: 200 },
  'heavy-impact-wrench': { drawing: 'impact-wrench', hue: 300 },
  'circular-saw-235': { drawing: 'electric-saw', hue: 160 },
  'mini-angle-grinder': { drawing: 'angle-grinder', hue: 120 },
  'large-angle-grinder': { drawing: 'angle-grinder', hue: 230 },
  'random-orbit-sander': { drawing: 'orbital-sander', hue: 90 },
  'palm-sander': { drawing: 'orbital-sander', hue: 220 },
  'digital-heat-gun': { drawing: 'heat-gun', hue: 190 },
}

/** Where the close-up looks (the working end: bit, blade, disc, pad), in the drawing's 800×600. */
const FOCUS = {
  'drill-machine': [200, 250],
  'rotary-hammer': [220, 260],
  'cordless-screwdriver': [260, 250],
  'impact-wrench': [250, 260],
  'electric-saw': [330, 330],
  'angle-grinder': [300, 330],
  'orbital-sander': [400, 420],
  'heat-gun': [240, 240],
  jigsaw: [300, 440],
  'air-compressor': [560, 250],
  'wet-dry-vacuum': [380, 200],
  'work-light': [400, 245],
}

const VIEW_BACKGROUNDS = { side: '#E9EEF3', detail: '#F4F1EC', case: '#E7ECEF', box: '#F6EFE6' }

const inner = (svg) => svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '')
const dropBackground = (body) => body.replace(/<rect width="800" height="600"[^>]*\/>/, '')

/** The SVG of a gallery photo `<tool>--<view>` or a model's main photo `<tool>`. */
async function photoSvg(name) {
  const [tool, view] = name.split('--')
  const model = MODELS[tool]
  const drawing = model?.drawing ?? tool
  const source = await readFile(join(imagesDir, `${drawing}.svg`), 'utf8')
  const hue = model ? `<filter id="hue"><feColorMatrix type="hueRotate" values="${model.hue}"/></filter>` : ''
  const paint = (body) => (model ? `<g filter="url(#hue)">${body}</g>` : body)
  const body = inner(source)
  const [fx, fy] = FOCUS[drawing] ?? [400, 300]
  let content
  if (!view) content = paint(body)
  else if (view === 'side')
    content = `<rect width="800" height="600" fill="${VIEW_BACKGROUNDS.side}"/>${paint(
      `<g transform="translate(800 20) scale(-0.92 0.92) translate(-30 0)">${dropBackground(body)}</g>`,
    )}`
  else if (view === 'detail')
    content = `<rect width="800" height="600" fill="${VIEW_BACKGROUNDS.detail}"/>${paint(
      `<g transform="translate(400 300) scale(2.2) translate(${-fx} ${-fy})">${dropBackground(body)}</g>`,
    )}<rect x="10" y="10" width="780" height="580" rx="24" fill="none" stroke="#FFFFFF" stroke-width="20"/>`
  else if (view === 'case')
    content = `<rect width="800" height="600" fill="${VIEW_BACKGROUNDS.case}"/>
      <ellipse cx="400" cy="540" rx="330" ry="20" fill="#1E2A36" opacity="0.1"/>
      <rect x="70" y="70" width="660" height="460" rx="36" fill="#2F3A45"/>
      <rect x="96" y="96" width="608" height="408" rx="22" fill="#45525F"/>
      <rect x="330" y="44" width="140" height="40" rx="16" fill="none" stroke="#2F3A45" stroke-width="16"/>
      <rect x="120" y="120" width="560" height="360" rx="14" fill="#1F2830"/>
      ${paint(`<g transform="translate(128 96) scale(0.68)">${dropBackground(body)}</g>`)}`
  else if (view === 'box')
    content = `<rect width="800" height="600" fill="${VIEW_BACKGROUNDS.box}"/>
      <ellipse cx="420" cy="520" rx="340" ry="20" fill="#3A2A1D" opacity="0.1"/>
      <path d="M470 190 L720 190 L720 510 L470 510 Z" fill="#D9A066"/>
      <path d="M470 190 L520 140 L760 140 L720 190 Z" fill="#E8B981"/>
      <path d="M720 190 L760 140 L760 460 L720 510 Z" fill="#C08550"/>
      <rect x="500" y="240" width="190" height="34" rx="6" fill="#2F3A45"/>
      <rect x="500" y="290" width="120" height="14" rx="7" fill="#B57A45"/>
      <rect x="500" y="316" width="150" height="14" rx="7" fill="#B57A45"/>
      ${paint(`<g transform="translate(20 130) scale(0.62)">${dropBackground(body)}</g>`)}`
  else throw new Error(`${name}: no view "${view}"`)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600">${hue}${content}</svg>`
}

const catalogue = JSON.parse(await readFile(join(root, 'seed', 'catalogue.json'), 'utf8'))
const drawn = new Set(files.map((f) => basename(f, '.svg')))
const photos = catalogue.tools
  .flatMap((t) => t.images.map((file) => basename(file, '.webp')))
  .filter((name) => !drawn.has(name))

/** Each SVG to render: its name (the output's) and text. */
const jobs = [
  ...(await Promise.all(files.map(async (f) => ({ file: f, svg: await readFile(join(imagesDir, f), 'utf8') })))),
  ...(await Promise.all(photos.map(async (name) => ({ file: `${name}.svg`, svg: await photoSvg(name) })))),
]

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

  for (const { file, svg } of jobs) {
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
