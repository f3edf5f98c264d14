/// <reference path="./wasm-modules.d.ts" />
// The wasm codecs behind image variants: decode (JPEG, PNG, WebP), shrink, encode WebP.
// Why these codecs, and the memory they need: docs/decisions/011-image-variants.md.

import WEBP_DEC_WASM from '@jsquash/webp/codec/dec/webp_dec.wasm'
import WEBP_ENC_WASM from '@jsquash/webp/codec/enc/webp_enc_simd.wasm'
import decodeWebp, { init as initWebpDecoder } from '@jsquash/webp/decode'
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode'
// NOTE: the .wasm files are imported, not fetched: Workers cannot compile wasm from bytes at
// run time, so wrangler (and the vitest pool) upload each as a compiled module.
import JPEG_WASM from 'imagescript/wasm/any/jpeg.wasm'
import PNG_WASM from 'imagescript/wasm/any/png.wasm'
import type { ImageExt } from '#schemas/image.ts'
import { ApiError } from '#worker/lib/errors.ts'
import { displaySize, downscale, type ImageHeader, orient, type Pixels, type Rgba, readImageHeader } from './pixels'

/** WebP quality of variants: photos at 75–80 look the same as the original on a phone screen. */
const WEBP_QUALITY = 78

/**
 * The most bytes a decoder may hold at once, estimated from the header before decoding. The
 * decoders' real peak is up to 40% above the estimate (their copy of the input, allocator
 * slack: 68 MB measured for 48 MB estimated); with the encoder (under 20 MB) and the rest of
 * the isolate that stays under Workers' 128 MB.
 */
const DECODE_BUDGET_BYTES = 48 * 1024 * 1024

/**
 * The most pixels decoded at all, whatever the memory estimate: a baseline JPEG decodes at a
 * reduced scale in little memory, but its time still grows with every pixel (a small file can
 * claim a huge size). No camera photo under the 5 MB upload limit comes near it.
 */
const MAX_PIXELS = 64_000_000

/** A variant, or why the original is served instead. */
export type Variant =
  | { ok: true; bytes: Uint8Array<ArrayBuffer>; width: number; height: number }
  | { ok: false; reason: 'format' | 'animated' | 'too-large' | 'undecodable' | 'fits' | 'not-smaller' | 'failed' }

/** How long a request waits for the decoder before it is told to come back. */
const QUEUE_WAIT_MS = 10_000
/**
 * How many requests may wait for the decoder at once; the next one is told to come back. Waiting
 * costs no memory (the original is read in turn), and a page's images (6 at a time over HTTP/1.1)
 * must not be turned away.
 */
export const MAX_WAITING = 8
/** What a request told to come back hears: Retry-After in seconds. */
const RETRY_AFTER_SECONDS = 5

const busy = () =>
  new ApiError(
    503,
    'BUSY',
    'Too many images are being prepared right now. Please try again in a few seconds.',
    undefined,
    {
      'Retry-After': String(RETRY_AFTER_SECONDS),
    },
  )

/** The decoder's one slot per isolate: whether it is held, and who waits for it, in order. */
let held = false
const waiting: Array<() => void> = []

/**
 * Runs `work` holding the isolate's one decoder slot. NOTE: a page of new photos asks for many
 * variants at once, and the isolate's 128 MB holds one decoder's peak, not several; the work is
 * CPU-bound, so waiting costs nothing. The slot passes to the next waiter in order; a request
 * that would wait behind MAX_WAITING others, or waits longer than QUEUE_WAIT_MS, gets a 503
 * with Retry-After instead of starting beside the one running. Callers read the original only
 * inside `work`, so a waiting request holds no image in memory.
 * @throws 503 BUSY with Retry-After.
 */
export async function withDecoder<T>(work: () => Promise<T>): Promise<T> {
  if (held) {
    if (waiting.length >= MAX_WAITING) throw busy()
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(turn), 1)
        reject(busy())
      }, QUEUE_WAIT_MS)
      waiting.push(turn)
    })
  } else held = true
  try {
    return await work()
  } finally {
    // Hand the slot to the next waiter (it stays held), or free it.
    const next = waiting.shift()
    if (next) next()
    else held = false
  }
}

/**
 * Makes the WebP of an image no wider than `maxWidth` (never wider than the original, same
 * aspect ratio, EXIF orientation applied).
 * @returns the WebP, or the reason to serve the original instead: a type not decoded here
 *   (GIF, AVIF), an animation, too many pixels for the memory budget, bytes that do not
 *   decode, a WebP already narrow enough, a WebP no smaller than the original; or 'failed'
 *   when the encoder failed (not a property of the image: worth trying again).
 */
export async function makeVariant(bytes: Uint8Array, type: ImageExt, maxWidth: number): Promise<Variant> {
  if (type === 'gif' || type === 'avif') return { ok: false, reason: 'format' }
  const header = readImageHeader(bytes, type)
  if (!header || header.width === 0 || header.height === 0) return { ok: false, reason: 'undecodable' }
  if (header.animated) return { ok: false, reason: 'animated' }
  if (type === 'jpg' && header.unsupportedCoding) return { ok: false, reason: 'format' }

  const shown = displaySize(header.width, header.height, header.orientation)
  const width = Math.min(maxWidth, shown.width)
  if (type === 'webp' && width === shown.width) return { ok: false, reason: 'fits' }
  const height = Math.max(1, Math.round((shown.height * width) / shown.width))
  // The size to shrink to before turning: stored orientation.
  const swap = header.orientation >= 5
  const target = { width: swap ? height : width, height: swap ? width : height }
  if (header.width * header.height > MAX_PIXELS || decodeCost(header, target) > DECODE_BUDGET_BYTES)
    return { ok: false, reason: 'too-large' }

  let shrunk: Rgba
  try {
    shrunk = await decodeShrunk(bytes, type, target)
  } catch {
    return { ok: false, reason: 'undecodable' }
  }
  const turned = orient(shrunk, header.orientation)
  let encoded: Uint8Array<ArrayBuffer>
  try {
    encoded = await encode(turned)
  } catch {
    return { ok: false, reason: 'failed' }
  }
  if (width === shown.width && encoded.byteLength >= bytes.byteLength) return { ok: false, reason: 'not-smaller' }
  return { ok: true, bytes: encoded, width: turned.width, height: turned.height }
}

/**
 * Bytes the decoder holds at its peak, as modelled from measurements (decision 011):
 * - JPEG decodes straight to the smallest 1/8, 1/4, 1/2 or 1/1 scale at least as large as the
 *   target, so a baseline JPEG costs little more than its bytes; a progressive one also keeps
 *   every DCT coefficient (2 bytes per sample) until its last scan.
 * - PNG and WebP decode whole: RGBA (4 bytes a pixel), twice for WebP (its decoder's memory
 *   and the copy it hands over).
 */
function decodeCost(header: ImageHeader, target: { width: number; height: number }): number {
  const pixels = header.width * header.height
  switch (header.type) {
    case 'jpg': {
      const scale =
        [1 / 8, 1 / 4, 1 / 2, 1].find((s) => header.width * s >= target.width && header.height * s >= target.height) ??
        1
      const output = Math.ceil(header.width * scale) * Math.ceil(header.height * scale) * 4
      return output + (header.progressive ? header.coefficientBytes : 0)
    }
    case 'png':
      return pixels * 4
    default:
      return pixels * 8
  }
}

async function decodeShrunk(
  bytes: Uint8Array,
  type: ImageExt,
  target: { width: number; height: number },
): Promise<Rgba> {
  if (type === 'jpg') return withJpegPixels(bytes, target, (px) => shrink(px, target))
  if (type === 'png') return withPngPixels(bytes, (px) => shrink(px, target))
  // NOTE: a new instance per image: its memory (the whole RGBA) is freed with it, where a
  // kept instance would hold its largest image's memory for the isolate's life.
  await initWebpDecoder({ instantiateWasm: instantiate(WEBP_DEC_WASM) })
  const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
  const image = await decodeWebp(copy)
  return shrink({ data: image.data, width: image.width, height: image.height, channels: 4 }, target)
}

const shrink = (px: Pixels, target: { width: number; height: number }) =>
  downscale(px, Math.min(target.width, px.width), Math.min(target.height, px.height))

async function encode(img: Rgba): Promise<Uint8Array<ArrayBuffer>> {
  await initWebpEncoder({ instantiateWasm: instantiate(WEBP_ENC_WASM) })
  const imageData = { ...img, colorSpace: 'srgb' } as unknown as Parameters<typeof encodeWebp>[0]
  return new Uint8Array(await encodeWebp(imageData, { quality: WEBP_QUALITY }))
}

/** Emscripten's hook for instantiating a module it cannot fetch (typed loosely upstream). */
function instantiate(module: WebAssembly.Module) {
  return (imports: WebAssembly.Imports, done: (instance: never) => void) => {
    const instance = new WebAssembly.Instance(module, imports)
    done(instance as never)
    return instance.exports
  }
}

// ─── ImageScript's JPEG and PNG decoders ──────────────────────────────────────────────────
// Plain wasm exports (no JS glue to bundle), the ABI of imagescript@1.3.1's own loader
// (wasm/node/jpeg.js, png.js); the version is pinned exactly because of it. A new instance
// per image, dropped after use, so the decoder's memory goes with it.

type JpegExports = {
  memory: WebAssembly.Memory
  walloc(size: number): number
  decode(ptr: number, length: number, width: number, height: number): number
  decode_width(handle: number): number
  decode_height(handle: number): number
  /** 0: grey, 1: RGB, 2: CMYK. */
  decode_format(handle: number): number
  decode_buffer(handle: number): number
  /** Length of the buffer decode_buffer last pointed to. */
  wlen(): number
}

/**
 * Decodes a JPEG at the smallest DCT scale (1/8…1) at least as large as `atLeast`, and gives
 * its pixels, in the decoder's memory, to `use` (they are gone once it returns).
 */
function withJpegPixels<T>(bytes: Uint8Array, atLeast: { width: number; height: number }, use: (px: Pixels) => T): T {
  const wasm = new WebAssembly.Instance(JPEG_WASM).exports as unknown as JpegExports
  const input = wasm.walloc(bytes.byteLength)
  new Uint8Array(wasm.memory.buffer, input, bytes.byteLength).set(bytes)
  const handle = wasm.decode(input, bytes.byteLength, atLeast.width, atLeast.height)
  if (handle === 0 || handle === 1) throw new Error('jpeg: cannot decode')
  const format = wasm.decode_format(handle)
  if (format !== 0 && format !== 1) throw new Error('jpeg: CMYK is not decoded here')
  const data = new Uint8Array(wasm.memory.buffer, wasm.decode_buffer(handle), wasm.wlen())
  return use({
    data,
    width: wasm.decode_width(handle),
    height: wasm.decode_height(handle),
    channels: format === 0 ? 1 : 3,
  })
}

type PngExports = {
  memory: WebAssembly.Memory
  walloc(size: number): number
  /** A pointer to RGBA pixels, or a negative error. */
  decode(ptr: number, length: number): number
  width(): number
  height(): number
}

/** Decodes a PNG (any colour type and depth, as 8-bit RGBA) and gives its pixels to `use`. */
function withPngPixels<T>(bytes: Uint8Array, use: (px: Pixels) => T): T {
  const wasm = new WebAssembly.Instance(PNG_WASM, { env: { emscripten_notify_memory_growth() {} } })
    .exports as unknown as PngExports
  const input = wasm.walloc(bytes.byteLength)
  new Uint8Array(wasm.memory.buffer, input, bytes.byteLength).set(bytes)
  const pixels = wasm.decode(input, bytes.byteLength)
  if (pixels < 0) throw new Error(`png: cannot decode (${pixels})`)
  const width = wasm.width()
  const height = wasm.height()
  return use({ data: new Uint8Array(wasm.memory.buffer, pixels, width * height * 4), width, height, channels: 4 })
}
