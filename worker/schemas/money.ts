import { z } from 'zod'

/** BDT on the wire (whole taka or up to 2 decimals); paisa in the database. */
export const toPaisa = (taka: number) => Math.round(taka * 100)
export const toTaka = (paisa: number) => paisa / 100

const bdt = new Intl.NumberFormat('en-BD', { style: 'currency', currency: 'BDT', maximumFractionDigits: 2 })

/** The one money format, on screen, in e-mails and receipts: BDT (e.g. "BDT 1,250.50"). */
export const formatBDT = (taka: number) => bdt.format(taka)

export const TakaSchema = z
  .number({ error: 'price must be a number' })
  .positive('price must be more than 0')
  .max(10_000_000, 'price is too large')
  .refine((n) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6), 'price can have at most 2 decimals')
