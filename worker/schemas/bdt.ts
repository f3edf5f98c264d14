/**
 * Money in BDT: paisa in the database, taka on the wire, one format on screen, in e-mails and
 * receipts. Imports nothing (the web app's first page loads it; zod stays out of that page).
 */
export const toPaisa = (taka: number) => Math.round(taka * 100)
export const toTaka = (paisa: number) => paisa / 100

const bdt = new Intl.NumberFormat('en-BD', { style: 'currency', currency: 'BDT', maximumFractionDigits: 2 })

/** The one money format (e.g. "BDT 1,250.50"). */
export const formatBDT = (taka: number) => bdt.format(taka)

const amount = new Intl.NumberFormat('en-BD', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** The same amount without the currency, for the columns of a table headed in BDT ("1,250.50"). */
export const formatBDTAmount = (taka: number) => amount.format(taka)
