/**
 * Money, counts and Dhaka dates are written by hand, not with Intl (worker/schemas/number-text.ts
 * says why: a page's first Intl object costs 100 ms and more in a browser). The text must stay
 * exactly what Intl wrote before, in the Worker and every browser: each formatter is checked here
 * against Intl itself (workerd carries the same ICU data as V8 in Chromium), at the rounding
 * edges and over many generated values.
 */
import { describe, expect, it } from 'vitest'
import { formatBDT, formatBDTAmount, toTaka } from '#schemas/bdt.ts'
import {
  DHAKA_OFFSET_MS,
  dhakaDate,
  formatDhakaDate,
  formatDhakaDateTime,
  formatDhakaShortDate,
  formatMonth,
} from '#schemas/dhaka-time.ts'
import { formatCount } from '#schemas/number-text.ts'

const bdt = new Intl.NumberFormat('en-BD', { style: 'currency', currency: 'BDT', maximumFractionDigits: 2 })
const amount = new Intl.NumberFormat('en-BD', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const count = new Intl.NumberFormat('en-US')

// A fixed sequence (a linear congruential generator): the same values on every run.
function* generated(n: number, seed = 7): Generator<number> {
  let x = seed
  for (let i = 0; i < n; i++) {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31
    yield x
  }
}

const EDGES = [
  0,
  -0,
  0.001,
  -0.001,
  0.004,
  0.005,
  0.0051,
  0.01,
  0.015,
  0.045,
  0.995,
  1,
  1.005,
  1.015,
  1.125,
  2.675,
  9.995,
  99.995,
  999.995,
  1000,
  1234.5,
  999_999.995,
  1_000_000,
  12_345_678.9,
  123_456_789.01,
  1e-7,
  5e-3,
  -5,
  -1250.5,
  -0.005,
  -999.995,
  toTaka(1),
  toTaka(999),
  toTaka(123_456_789),
]

describe('formatBDT and formatBDTAmount', () => {
  it('write what Intl en-BD writes at the rounding edges', () => {
    for (const taka of EDGES) {
      expect(formatBDT(taka), String(taka)).toBe(bdt.format(taka))
      expect(formatBDTAmount(taka), String(taka)).toBe(amount.format(taka))
    }
  })

  it('write what Intl en-BD writes for every kind of stored amount', () => {
    for (const x of generated(3_000)) {
      // Paisa as stored (to BDT 10 crore), and taka with a third decimal (a rate applied).
      for (const taka of [toTaka(x % 1_000_000_000), (x % 10_000_000) / 1000, -toTaka(x % 100_000)]) {
        expect(formatBDT(taka), String(taka)).toBe(bdt.format(taka))
        expect(formatBDTAmount(taka), String(taka)).toBe(amount.format(taka))
      }
    }
  })

  it('keep the no-break space of the currency', () => {
    expect(formatBDT(1250.5)).toBe('BDT\u00a01,250.50')
    expect(formatBDT(-5)).toBe('-BDT\u00a05.00')
  })
})

describe('formatCount', () => {
  it('groups whole numbers as Intl en-US does', () => {
    for (const n of [0, 1, 12, 999, 1000, 1001, 99_999, 100_000, 1_000_000, -1, -1000, -123_456, 2 ** 53 - 1])
      expect(formatCount(n), String(n)).toBe(count.format(n))
    for (const x of generated(2_000, 3))
      for (const n of [x, x % 10_000, -(x % 1_000_000)]) expect(formatCount(n)).toBe(count.format(n))
  })

  it('rounds what is not a whole number, and writes what is not a number as it is', () => {
    expect(formatCount(1234.6)).toBe('1,235')
    expect(formatCount(Number.NaN)).toBe('NaN')
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity')
  })
})

describe('Dhaka dates', () => {
  const long = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  })
  const short = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Asia/Dhaka' })
  // en-CA writes a day as a date input's value: 2026-10-31.
  const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' })
  const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })

  // From 2010 (Bangladesh has kept UTC+6 all year since), every month and hour over 16 years.
  const instants = [...generated(3_000, 11)].map((x) => Date.UTC(2010, 0, 1) + (x % (16 * 365 * 24 * 60)) * 60_000)
  const boundaries = [
    Date.UTC(2026, 9, 31, 18, 0) - 1,
    Date.UTC(2026, 9, 31, 18, 0),
    Date.UTC(2026, 11, 31, 17, 59),
    Date.UTC(2026, 11, 31, 18),
  ]

  it('write the day, the time, the short day and the date input’s day as Intl does in Asia/Dhaka', () => {
    for (const ms of [...boundaries, ...instants]) {
      const shifted = ms + DHAKA_OFFSET_MS
      expect(formatDhakaDate(ms)).toBe(long.format(shifted))
      expect(formatDhakaDateTime(ms)).toBe(`${long.format(shifted)}, ${time.format(shifted)}`)
      expect(formatDhakaShortDate(ms)).toBe(short.format(ms))
      expect(dhakaDate(ms)).toBe(isoDay.format(ms))
    }
    expect(formatDhakaDateTime(Date.UTC(2026, 9, 30, 18, 30))).toBe('31 October 2026, 00:30')
    expect(dhakaDate(Date.UTC(2026, 9, 30, 17, 59, 59, 999))).toBe('2026-10-30')
    expect(dhakaDate(Date.UTC(2026, 9, 30, 18))).toBe('2026-10-31')
    expect(formatDhakaShortDate(Date.UTC(2026, 8, 12))).toBe('12 Sept 2026')
  })

  it('write every month in words as Intl en-GB does', () => {
    for (let m = 1; m <= 12; m++) {
      const key = `2026-${String(m).padStart(2, '0')}`
      expect(formatMonth(key)).toBe(month.format(Date.UTC(2026, m - 1, 1)))
    }
  })
})
