/**
 * Numbers as text without `Intl`. A browser's first `Intl` object loads the ICU data: 100–150 ms
 * of one task on a fresh page on these machines (bench/README "The first Intl call"), more than
 * hydrating the whole home page. The public pages only need digits in groups of three, which
 * take a line; the result is the same text `Intl.NumberFormat('en-US')` gives (tested against
 * it), in the Worker and in every browser. Imports nothing.
 */

/** A whole number with its thousands grouped: 1250 → "1,250", -1000000 → "-1,000,000". */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return Number.isFinite(n) ? formatCount(Math.round(n)) : String(n)
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',')
  return n < 0 ? `-${digits}` : digits
}

/** 0–99 in two digits: 5 → "05" (clock times, dates). */
export const twoDigits = (n: number): string => String(n).padStart(2, '0')
