// How numbers and dates read on screen: one formatter each. Money is BDT everywhere, formatted
// by the shared formatBDT (worker/schemas/bdt.ts, also used in e-mails and receipts). What the
// public pages show is formatted without Intl (worker/schemas/number-text.ts says why); only the
// dashboard's dates, in the reader's own locale, need it, and create it on first use.
export { formatCount } from '#schemas/number-text.ts'

let dateTime: Intl.DateTimeFormat | undefined

/** "24 Nov 2026, 14:05" in the reader's locale and time zone (the browser's). */
export const formatDateTime = (iso: string | number) =>
  (dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })).format(new Date(iso))

/** A customer's name beside their e-mail, or nothing when they gave none (orders then carry the e-mail as the name). */
export const nameBesideEmail = (name: string | null | undefined, email: string) =>
  name && name.trim().toLowerCase() !== email.toLowerCase() ? name : undefined
