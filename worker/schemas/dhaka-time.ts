/**
 * Time in Asia/Dhaka (api.md "VAT and tax documents": months, years and printed dates are
 * Dhaka's). Bangladesh keeps UTC+6 all year (no daylight saving since 2009), so a fixed offset is
 * exact and needs no time-zone data. Imports nothing: the web app shares it.
 */

export const DHAKA_OFFSET_MS = 6 * 3_600_000

/** A month as `YYYY-MM` (01–12). */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/

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

// Formatted in UTC after shifting by the offset: the same text in the Worker and every browser.
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
})
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** "31 October 2026": the day in Asia/Dhaka at `ms`. */
export const formatDhakaDate = (ms: number): string => dateFormat.format(ms + DHAKA_OFFSET_MS)

/** "31 October 2026, 00:30": the day and time (24-hour) in Asia/Dhaka at `ms`. */
export const formatDhakaDateTime = (ms: number): string =>
  `${dateFormat.format(ms + DHAKA_OFFSET_MS)}, ${timeFormat.format(ms + DHAKA_OFFSET_MS)}`

/** "November 2026": a month `YYYY-MM` in words. */
export const formatMonth = (month: string): string => monthFormat.format(dhakaMonthRange(month).from + DHAKA_OFFSET_MS)
