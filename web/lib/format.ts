// How numbers and dates read on screen: one formatter each. Money is BDT everywhere, formatted
// by the shared formatBDT (worker/schemas/bdt.ts, also used in e-mails and receipts).
const count = new Intl.NumberFormat('en-US')
// Dates and times in the reader's own locale and time zone (the browser's).
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A count of things: "1,250". */
export const formatCount = (n: number) => count.format(n)

/** "24 Nov 2026, 14:05" in the reader's locale. */
export const formatDateTime = (iso: string | number) => dateTime.format(new Date(iso))

// A day on a server-rendered page: one locale and the shop's time zone, so the server's HTML and
// the browser's first render agree (the reader's own would differ and fail hydration).
const shopDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Asia/Dhaka' })

/** "12 Mar 2026", the day in Bangladesh: for dates on public pages. */
export const formatShopDay = (ms: number) => shopDay.format(new Date(ms))
