// How numbers and dates read on screen: one formatter each. Money is BDT everywhere, formatted
// by the shared formatBDT (worker/schemas/bdt.ts, also used in e-mails and receipts).
const count = new Intl.NumberFormat('en-US')
// Dates and times in the reader's own locale and time zone (the browser's).
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A count of things: "1,250". */
export const formatCount = (n: number) => count.format(n)

/** "24 Nov 2026, 14:05" in the reader's locale. */
export const formatDateTime = (iso: string | number) => dateTime.format(new Date(iso))
