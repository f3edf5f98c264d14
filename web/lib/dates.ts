// Dates and times in the reader's own locale and time zone (the browser's), one way everywhere.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** "24 Nov 2026, 14:05" in the reader's locale. */
export const formatDateTime = (iso: string | number) => dateTime.format(new Date(iso))
