/**
 * Time in Asia/Dhaka (api.md "VAT and tax documents": months, years and printed dates are
 * Dhaka's). Bangladesh keeps UTC+6 all year (no daylight saving since 2009), so a fixed offset is
 * exact and needs no time-zone data. Imports nothing but number-text.ts: the web app shares it.
 */

import { twoDigits } from './number-text'

export const DHAKA_OFFSET_MS = 6 * 3_600_000

/** A month as `YYYY-MM` (01–12). */
/** The instant (ms) the Dhaka day holding `ms` began: 18:00 UTC of the day before. */
export const dhakaDayStart = (ms: number): number =>
  Math.floor((ms + DHAKA_OFFSET_MS) / 86_400_000) * 86_400_000 - DHAKA_OFFSET_MS

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/

/** The day (`2026-11-27`, a date input's value) in Asia/Dhaka at `ms`. */
export const dhakaDate = (ms: number): string => new Date(ms + DHAKA_OFFSET_MS).toISOString().slice(0, 10)

/** The month (`2026-11`) in Asia/Dhaka at `ms`. */
export const dhakaMonth = (ms: number): string => new Date(ms + DHAKA_OFFSET_MS).toISOString().slice(0, 7)

/**
 * The instants of a month in Asia/Dhaka: from its first millisecond (`from`, included) to the
 * next month's first (`to`, excluded). `month` is `YYYY-MM` ({@link MONTH_PATTERN}).
 */
export function dhakaMonthRange(month: string): { from: number; to: number } {
  const year = Number(month.slice(0, 4))
  const index = Number(month.slice(5, 7)) - 1
  return {
    from: Date.UTC(year, index, 1) - DHAKA_OFFSET_MS,
    to: Date.UTC(year, index + 1, 1) - DHAKA_OFFSET_MS,
  }
}

// Formatted by hand from the shifted instant's UTC fields, not with Intl (number-text.ts says
// why): the same text as `Intl.DateTimeFormat('en-GB')` (tested against it) in the Worker and
// every browser.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const
// en-GB's short months: four letters for September, as ICU writes it.
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const
const inDhaka = (ms: number) => new Date(ms + DHAKA_OFFSET_MS)

/** "31 October 2026" or, with the short months, "31 Oct 2026": the day in Asia/Dhaka at `ms`. */
function dhakaDay(ms: number, months: readonly string[]): string {
  const day = inDhaka(ms)
  return `${day.getUTCDate()} ${months[day.getUTCMonth()]} ${day.getUTCFullYear()}`
}

/** "31 October 2026": the day in Asia/Dhaka at `ms`. */
export const formatDhakaDate = (ms: number): string => dhakaDay(ms, MONTHS)

/** "31 Oct 2026" ("12 Sept 2026"): the day in Asia/Dhaka at `ms`, its month short, for public pages. */
export const formatDhakaShortDate = (ms: number): string => dhakaDay(ms, SHORT_MONTHS)

/** "31 October 2026, 00:30": the day and time (24-hour) in Asia/Dhaka at `ms`. */
export function formatDhakaDateTime(ms: number): string {
  const time = inDhaka(ms)
  return `${formatDhakaDate(ms)}, ${twoDigits(time.getUTCHours())}:${twoDigits(time.getUTCMinutes())}`
}

/** "November 2026": a month `YYYY-MM` in words. */
export const formatMonth = (month: string): string => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`
