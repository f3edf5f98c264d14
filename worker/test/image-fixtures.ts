/// <reference path="../features/images/wasm-modules.d.ts" />
// Real images for the image tests, made inside workerd: photo-like JPEGs (with ImageScript's
// JPEG encoder), PNGs (written here), EXIF orientation, and a WebP decoder to check answers.

import WEBP_DEC_WASM from '@jsquash/webp/codec/dec/webp_dec.wasm'
import decodeWebpBytes, { init as initWebpDecoder } from '@jsquash/webp/decode'
import JPEG_WASM from 'imagescript/wasm/any/jpeg.wasm'

type Fill = (x: number, y: number) => [number, number, number, number]

/** A photo-like picture: smooth gradients with grain, which compresses as badly as a photo. */
export const photoFill = (width: number, height: number, grain = 60): Fill => {
  let seed = 7
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
  return (x, y) => {
    const n = random() * grain
    return [
      (x / width) * 200 + n,
      (y / height) * 200 + n * 0.7 + 30 * Math.sin(x / 37),
      128 + 60 * Math.sin((x + y) / 53) + n * 0.5,
      255,
    ]
  }
}

function rgba(width: number, height: number, fill: Fill, into = new Uint8Array(width * height * 4)) {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      into.set(
        fill(x, y).map((v) => Math.max(0, Math.min(255, Math.round(v)))),
        (y * width + x) * 4,
      )
  }
  return into
}

/** A baseline JPEG (ImageScript's encoder, the image crate's). */
export function makeJpeg(
  width: number,
  height: number,
  fill: Fill = photoFill(width, height),
  quality = 90,
): Uint8Array {
  const wasm = new WebAssembly.Instance(JPEG_WASM).exports as unknown as {
    memory: WebAssembly.Memory
    walloc(size: number): number
    encode(ptr: number, width: number, height: number, quality: number): number
    wlen(): number
  }
  const size = width * height * 4
  const ptr = wasm.walloc(size)
  rgba(width, height, fill, new Uint8Array(wasm.memory.buffer, ptr, size))
  const out = wasm.encode(ptr, width, height, quality)
  return new Uint8Array(wasm.memory.buffer, out, wasm.wlen()).slice()
}

/** The same JPEG with an EXIF block (APP1) that gives its orientation (1–8). */
export function withOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  // "Exif\0\0", then a big-endian TIFF header and IFD0 with one entry: Orientation (0x0112, SHORT).
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]
  const payload = [...Array.from('Exif', (c) => c.charCodeAt(0)), 0, 0, ...tiff]
  const length = payload.length + 2
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 255, ...payload, ...jpeg.subarray(2)])
}

/** An 8-bit RGBA PNG. */
export async function makePng(width: number, height: number, fill: Fill): Promise<Uint8Array> {
  const pixels = rgba(width, height, fill)
  const raw = new Uint8Array(height * (width * 4 + 1))
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1)
  const idat = new Uint8Array(
    await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer(),
  )
  const ihdr = new Uint8Array(13)
  new DataView(ihdr.buffer).setUint32(0, width)
  new DataView(ihdr.buffer).setUint32(4, height)
  ihdr.set([8, 6, 0, 0, 0], 8)
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array(0)),
  ])
}

/** The same PNG claiming another size in its header (its pixels are not touched). */
export function withPngSize(png: Uint8Array, width: number, height: number): Uint8Array {
  const out = png.slice()
  const view = new DataView(out.buffer)
  view.setUint32(16, width)
  view.setUint32(20, height)
  view.setUint32(29, crc32(out.subarray(12, 29)))
  return out
}

function chunk(type: string, data: Uint8Array) {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  out.set(
    Array.from(type, (c) => c.charCodeAt(0)),
    4,
  )
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

function crc32(bytes: Uint8Array) {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** Decodes a WebP answer: its real size and pixels. */
export async function decodeWebp(
  bytes: Uint8Array,
): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  await initWebpDecoder({
    instantiateWasm: (imports: WebAssembly.Imports, done: (instance: never) => void) => {
      const instance = new WebAssembly.Instance(WEBP_DEC_WASM, imports)
      done(instance as never)
      return instance.exports
    },
  })
  const image = await decodeWebpBytes(bytes.slice().buffer)
  return { width: image.width, height: image.height, data: image.data }
}

/** The RGBA of one pixel. */
export const pixelAt = (img: { width: number; data: Uint8ClampedArray }, x: number, y: number) =>
  Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4))
