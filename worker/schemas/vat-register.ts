/**
 * The month's VAT sales register, `GET /api/admin/vat?month=YYYY-MM` (api.md "VAT and tax
 * documents"): every tax invoice and credit note issued in a month of Asia/Dhaka. Money in BDT.
 */

import { MONTH_PATTERN } from './dhaka-time'
import { z } from './zod'

export const VAT_REGISTER_FORMATS = ['json', 'csv'] as const

export const MONTH_MESSAGE = 'month must be a calendar month as YYYY-MM, such as 2026-11.'

/** `?month=YYYY-MM` (this month in Asia/Dhaka when left out) and `&format=csv` for the spreadsheet. */
export const VatRegisterQuerySchema = z.object({
  month: z
    .string({ error: MONTH_MESSAGE })
    .trim()
    .regex(MONTH_PATTERN, MONTH_MESSAGE)
    // Before 2000 no document of this shop exists, and Date.UTC reads years 0–99 as 1900–1999.
    .refine((m) => m >= '2000-01', MONTH_MESSAGE)
    .optional(),
  format: z
    .enum(VAT_REGISTER_FORMATS, { error: `format must be one of ${VAT_REGISTER_FORMATS.join(', ')}.` })
    .optional(),
})

/** What a document of the register is worth; always positive, a credit note's too. */
export type VatAmounts = { valueExVat: number; vat: number; total: number }

/** A tax invoice (Mushak-6.3) of the register. `orderId`, `orderNumber`'s record, is an extension for links. */
export type VatInvoiceEntry = VatAmounts & {
  invoiceNumber: string
  /** ISO 8601 UTC. */
  issuedAt: string
  orderNumber: string
  orderId: string
  /** The company when the order names one, else the customer. */
  buyer: string
  /** The company's BIN, or null. */
  bin: string | null
}

/**
 * A credit note (Mushak-6.7) of the register, with the invoice it corrects. `orderNumber`,
 * `orderId`, `buyer` and `bin` are extensions (the CSV has those columns for every document).
 */
export type VatCreditNoteEntry = VatAmounts & {
  creditNoteNumber: string
  issuedAt: string
  invoiceNumber: string | null
  orderNumber: string
  orderId: string
  buyer: string
  bin: string | null
}

export type VatRegister = {
  /** The month answered (`YYYY-MM`): the one asked for, or this month. */
  month: string
  invoices: VatInvoiceEntry[]
  creditNotes: VatCreditNoteEntry[]
  /** What the month's invoices add up to (an extension: the page's cards show it). */
  invoiced: VatAmounts
  /** What the month's credit notes add up to, positive (an extension). */
  credited: VatAmounts
  /** Invoices less credit notes. */
  totals: VatAmounts
}

/** The CSV's header row, in the contract's order. */
export const VAT_CSV_COLUMNS = [
  'type',
  'number',
  'issuedAt',
  'orderNumber',
  'invoiceNumber',
  'buyer',
  'bin',
  'valueExVat',
  'vat',
  'total',
] as const

/** The CSV's `type` of each document. */
export const VAT_DOCUMENT_TYPES = { invoice: 'invoice', creditNote: 'credit-note' } as const

/** The name a downloaded register is saved under. */
export const vatRegisterFileName = (month: string) => `vat-register-${month}.csv`
