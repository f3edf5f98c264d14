// Pure-JS pixel work for image variants: what an image's header says (size, orientation,
// animation) without decoding it, an area-averaging downscale, and EXIF orientation.

import type { ImageExt } from '#schemas/image.ts'

/** What the first bytes of an accepted image tell, before any pixel is decoded. */
export type ImageHeader = {
  type: ImageExt
  /** Stored size, before EXIF orientation. */
  width: number
  height: number
  /** EXIF orientation 1–8 (JPEG only; 1 for the others). 5–8 swap width and height on screen. */
  orientation: number
  /** Animated GIF/PNG/WebP: a variant would keep only the first frame. */
  animated: boolean
  /** JPEG only: progressive (the decoder keeps every DCT coefficient until the last scan). */
  progressive: boolean
  /** JPEG only: a coding the decoder cannot read (arithmetic, lossless, hierarchical). */
  unsupportedCoding: boolean
  /** JPEG only: bytes of DCT coefficients a progressive decode holds (2 per sample). */
  coefficientBytes: number
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8)
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16)
const tag = (b: Uint8Array, i: number) => String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!)

const base = { orientation: 1, animated: false, progressive: false, unsupportedCoding: false, coefficientBytes: 0 }

/**
 * Reads the size (and for JPEG the EXIF orientation and coding) from an image's header.
 * @returns undefined when the header is truncated or not one of the accepted types.
 */
export function readImageHeader(bytes: Uint8Array, type: ImageExt): ImageHeader | undefined {
  try {
    switch (type) {
      case 'jpg':
        return readJpegHeader(bytes)
      case 'png':
        return readPngHeader(bytes)
      case 'webp':
        return readWebpHeader(bytes)
      case 'gif':
        return { ...base, type, width: u16le(bytes, 6), height: u16le(bytes, 8), animated: true }
      case 'avif':
        // Not decoded here (see decision 011); the size is not needed.
        return { ...base, type, width: 0, height: 0 }
    }
  } catch {
    return undefined
  }
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])

function readJpegHeader(b: Uint8Array): ImageHeader | undefined {
  let orientation = 1
  let i = 2
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return undefined
    const marker = b[i + 1]!
    if (marker === 0xff) {
      i += 1 // fill byte
      continue
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return undefined // no frame header before the scan
    const length = u16be(b, i + 2)
    const data = i + 4
    if (length < 2 || data + length - 2 > b.length) return undefined
    if (marker === 0xe1 && tag(b, data) === 'Exif' && b[data + 4] === 0 && b[data + 5] === 0) {
      orientation = exifOrientation(b.subarray(data + 6, data + length - 2))
    } else if (SOF_MARKERS.has(marker)) {
      const height = u16be(b, data + 1)
      const width = u16be(b, data + 3)
      const count = b[data + 5]!
      let hMax = 1
      let vMax = 1
      const factors: [number, number][] = []
      for (let c = 0; c < count; c++) {
        const hv = b[data + 6 + c * 3 + 1]!
        factors.push([hv >> 4, hv & 15])
        hMax = Math.max(hMax, hv >> 4)
        vMax = Math.max(vMax, hv & 15)
      }
      // Each component's samples, rounded up to whole 8×8 blocks, 2 bytes per coefficient.
      const coefficientBytes = factors.reduce(
        (sum, [h, v]) => sum + Math.ceil((width * h) / hMax / 8) * 8 * Math.ceil((height * v) / vMax / 8) * 8 * 2,
        0,
      )
      return {
        ...base,
        type: 'jpg',
        width,
        height,
        orientation,
        progressive: marker === 0xc2 || marker === 0xc6 || marker === 0xca || marker === 0xce,
        // Arithmetic coding (C9–CB, CD–CF), lossless (C3) and hierarchical (C5–C7) frames.
        unsupportedCoding: marker !== 0xc0 && marker !== 0xc1 && marker !== 0xc2,
        coefficientBytes,
      }
    }
    i = data + length - 2
  }
  return undefined
}

/** The Orientation tag (0x0112) of IFD0 in an EXIF block (a TIFF structure), 1 when absent or odd. */
function exifOrientation(tiff: Uint8Array): number {
  const little = tiff[0] === 0x49 && tiff[1] === 0x49
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return 1
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength)
  const ifd = view.getUint32(4, little)
  const entries = view.getUint16(ifd, little)
  for (let e = 0; e < entries; e++) {
    const at = ifd + 2 + e * 12
    if (view.getUint16(at, little) === 0x0112) {
      const value = view.getUint16(at + 8, little)
      return value >= 1 && value <= 8 ? value : 1
    }
  }
  return 1
}

function readPngHeader(b: Uint8Array): ImageHeader | undefined {
  if (tag(b, 12) !== 'IHDR') return undefined
  const header: ImageHeader = { ...base, type: 'png', width: u32be(b, 16), height: u32be(b, 20) }
  // An animation control chunk before the first image data: an APNG.
  for (let i = 8; i + 8 <= b.length; ) {
    const name = tag(b, i + 4)
    if (name === 'acTL') return { ...header, animated: true }
    if (name === 'IDAT') break
    i += 12 + u32be(b, i)
  }
  return header
}

function readWebpHeader(b: Uint8Array): ImageHeader | undefined {
  const chunk = tag(b, 12)
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { ...base, type: 'webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff }
  }
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)
    return { ...base, type: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') {
    return { ...base, type: 'webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1, animated: (b[20]! & 0x02) !== 0 }
  }
  return undefined
}

// ─── Pixels ──────────────────────────────────────────────────────────────────────────────

/** Decoded pixels: 1 (grey), 3 (RGB) or 4 (RGBA) bytes each, rows packed. */
export type Pixels = { data: Uint8Array | Uint8ClampedArray; width: number; height: number; channels: 1 | 3 | 4 }

/** RGBA pixels, the encoder's input. */
export type Rgba = { data: Uint8ClampedArray; width: number; height: number }

/** For each target position, the source positions it covers and how much of each (box filter). */
function spans(from: number, to: number) {
  const scale = from / to
  const start = new Int32Array(to)
  const count = new Int32Array(to)
  const weights: number[] = []
  for (let t = 0; t < to; t++) {
    const a = t * scale
    const b = Math.min(from, (t + 1) * scale)
    const first = Math.floor(a)
    const last = Math.min(from - 1, Math.ceil(b) - 1)
    start[t] = first
    count[t] = last - first + 1
    for (let s = first; s <= last; s++) weights.push((Math.min(b, s + 1) - Math.max(a, s)) / (b - a))
  }
  const offset = new Int32Array(to)
  for (let t = 1; t < to; t++) offset[t] = offset[t - 1]! + count[t - 1]!
  return { start, count, offset, weights: Float32Array.from(weights) }
}

/**
 * Shrinks pixels to `width`×`height` (each no larger than the source) by averaging the area
 * every target pixel covers, weighting colour by alpha so transparent pixels do not bleed.
 * Reads the source in place (it may be a view into a decoder's memory) and holds only one
 * row of sums besides the result, so a large source costs no second copy.
 */
export function downscale(src: Pixels, width: number, height: number): Rgba {
  const out = new Uint8ClampedArray(width * height * 4)
  const xs = spans(src.width, width)
  const ys = spans(src.height, height)
  const { data, channels } = src
  const rowStride = src.width * channels
  const sums = new Float64Array(width * 4)
  for (let ty = 0; ty < height; ty++) {
    sums.fill(0)
    for (let k = 0; k < ys.count[ty]!; k++) {
      const sy = ys.start[ty]! + k
      const wy = ys.weights[ys.offset[ty]! + k]!
      const row = sy * rowStride
      for (let tx = 0; tx < width; tx++) {
        let r = 0
        let g = 0
        let b = 0
        let a = 0
        const first = xs.start[tx]!
        const wAt = xs.offset[tx]!
        for (let j = 0; j < xs.count[tx]!; j++) {
          const w = xs.weights[wAt + j]!
          const p = row + (first + j) * channels
          if (channels === 1) {
            const v = data[p]! * w
            r += v
            g += v
            b += v
            a += w
          } else if (channels === 3) {
            r += data[p]! * w
            g += data[p + 1]! * w
            b += data[p + 2]! * w
            a += w
          } else {
            const wa = (data[p + 3]! / 255) * w
            r += data[p]! * wa
            g += data[p + 1]! * wa
            b += data[p + 2]! * wa
            a += wa
          }
        }
        const s = tx * 4
        sums[s] = sums[s]! + r * wy
        sums[s + 1] = sums[s + 1]! + g * wy
        sums[s + 2] = sums[s + 2]! + b * wy
        sums[s + 3] = sums[s + 3]! + a * wy
      }
    }
    const o = ty * width * 4
    for (let tx = 0; tx < width; tx++) {
      const s = tx * 4
      const a = sums[s + 3]!
      if (a > 0) {
        out[o + s] = sums[s]! / a
        out[o + s + 1] = sums[s + 1]! / a
        out[o + s + 2] = sums[s + 2]! / a
      }
      out[o + s + 3] = a * 255
    }
  }
  return { data: out, width, height }
}

/** The on-screen size of an image stored at width×height with an EXIF orientation. */
export const displaySize = (width: number, height: number, orientation: number) =>
  orientation >= 5 ? { width: height, height: width } : { width, height }

/**
 * Turns stored pixels the way EXIF orientation 2–8 says (browsers do it when they show the
 * original JPEG; a re-encoded WebP carries no EXIF, so the pixels must be turned).
 */
export function orient(img: Rgba, orientation: number): Rgba {
  if (orientation <= 1 || orientation > 8) return img
  const { width: w, height: h } = img
  const swap = orientation >= 5
  const ow = swap ? h : w
  const oh = swap ? w : h
  const out = new Uint32Array(ow * oh)
  const src = new Uint32Array(img.data.buffer, img.data.byteOffset, w * h)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let tx: number
      let ty: number
      switch (orientation) {
        case 2:
          tx = w - 1 - x
          ty = y
          break // mirrored
        case 3:
          tx = w - 1 - x
          ty = h - 1 - y
          break // turned 180°
        case 4:
          tx = x
          ty = h - 1 - y
          break // mirrored vertically
        case 5:
          tx = y
          ty = x
          break // transposed
        case 6:
          tx = h - 1 - y
          ty = x
          break // turned 90° clockwise
        case 7:
          tx = h - 1 - y
          ty = w - 1 - x
          break // transversed
        default:
          tx = y
          ty = w - 1 - x
          break // 8: turned 90° counter-clockwise
      }
      out[ty * ow + tx] = src[y * w + x]!
    }
  }
  return { data: new Uint8ClampedArray(out.buffer), width: ow, height: oh }
}
