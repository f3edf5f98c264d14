import { stringify } from 'csv-stringify/sync'
import { and, asc, gte, isNotNull, lt } from 'drizzle-orm'
import { toTaka } from '#schemas/bdt.ts'
import { dhakaMonthRange } from '#schemas/dhaka-time.ts'
import { formatOrderNumber } from '#schemas/order.ts'
import {
  VAT_CSV_COLUMNS,
  VAT_DOCUMENT_TYPES,
  type VatAmounts,
  type VatCreditNoteEntry,
  type VatInvoiceEntry,
  type VatRegister,
} from '#schemas/vat-register.ts'
import { orders } from '#worker/db/schema.ts'
import type { Db } from '#worker/lib/db.ts'

/** What the register reads of an order: who bought, what the documents are worth, their numbers. */
const registerColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  customerName: orders.customerName,
  companyName: orders.companyName,
  companyBin: orders.companyBin,
  totalPaisa: orders.totalPaisa,
  vatPaisa: orders.vatPaisa,
  invoiceNumber: orders.invoiceNumber,
  invoiceIssuedAt: orders.invoiceIssuedAt,
  creditNoteNumber: orders.creditNoteNumber,
  creditNoteIssuedAt: orders.creditNoteIssuedAt,
}

type Range = { from: number; to: number }

/** The invoices issued in `range`, in the order they were issued (a range of `bookings_invoice_issued_idx`). */
export const invoicesIssuedQuery = (db: Db, { from, to }: Range) =>
  db
    .select(registerColumns)
    .from(orders)
    .where(and(gte(orders.invoiceIssuedAt, from), lt(orders.invoiceIssuedAt, to), isNotNull(orders.invoiceNumber)))
    .orderBy(asc(orders.invoiceIssuedAt), asc(orders.invoiceNumber))

/** The credit notes issued in `range`, in the order they were issued (`bookings_credit_note_issued_idx`). */
export const creditNotesIssuedQuery = (db: Db, { from, to }: Range) =>
  db
    .select(registerColumns)
    .from(orders)
    .where(
      and(gte(orders.creditNoteIssuedAt, from), lt(orders.creditNoteIssuedAt, to), isNotNull(orders.creditNoteNumber)),
    )
    .orderBy(asc(orders.creditNoteIssuedAt), asc(orders.creditNoteNumber))

type RegisterRow = Awaited<ReturnType<typeof invoicesIssuedQuery>>[number]

/** A document is worth the whole order: an invoice what was paid, a credit note (a full refund) the same. */
const amountsOf = (row: RegisterRow) => ({
  exVat: row.totalPaisa - row.vatPaisa,
  vat: row.vatPaisa,
  total: row.totalPaisa,
})

const inTaka = (p: { exVat: number; vat: number; total: number }): VatAmounts => ({
  valueExVat: toTaka(p.exVat),
  vat: toTaka(p.vat),
  total: toTaka(p.total),
})

const buyerOf = (row: RegisterRow) => ({
  orderId: row.id,
  orderNumber: row.orderNo === null ? row.id : formatOrderNumber(row.orderNo),
  buyer: row.companyName || row.customerName,
  bin: row.companyName ? row.companyBin || null : null,
})

/**
 * The VAT sales register of `month` (`YYYY-MM`, Asia/Dhaka): the invoices and the credit notes
 * issued in it, each worth its order's total and the VAT in it; what the invoices and the credit
 * notes add up to, and the month's totals, invoices less credit notes (summed in paisa, turned into
 * taka once).
 */
export async function vatRegister(db: Db, month: string): Promise<VatRegister> {
  const range = dhakaMonthRange(month)
  const [invoiced, credited] = await db.batch([invoicesIssuedQuery(db, range), creditNotesIssuedQuery(db, range)])
  const invoicedSum = { exVat: 0, vat: 0, total: 0 }
  const creditedSum = { exVat: 0, vat: 0, total: 0 }
  const add = (sum: typeof invoicedSum, a: typeof invoicedSum) => {
    sum.exVat += a.exVat
    sum.vat += a.vat
    sum.total += a.total
  }
  const invoices = invoiced.map((row): VatInvoiceEntry => {
    const a = amountsOf(row)
    add(invoicedSum, a)
    return {
      invoiceNumber: row.invoiceNumber!,
      issuedAt: new Date(row.invoiceIssuedAt!).toISOString(),
      ...buyerOf(row),
      ...inTaka(a),
    }
  })
  const creditNotes = credited.map((row): VatCreditNoteEntry => {
    const a = amountsOf(row)
    add(creditedSum, a)
    return {
      creditNoteNumber: row.creditNoteNumber!,
      issuedAt: new Date(row.creditNoteIssuedAt!).toISOString(),
      invoiceNumber: row.invoiceNumber,
      ...buyerOf(row),
      ...inTaka(a),
    }
  })
  const net = {
    exVat: invoicedSum.exVat - creditedSum.exVat,
    vat: invoicedSum.vat - creditedSum.vat,
    total: invoicedSum.total - creditedSum.total,
  }
  return {
    month,
    invoices,
    creditNotes,
    invoiced: inTaka(invoicedSum),
    credited: inTaka(creditedSum),
    totals: inTaka(net),
  }
}

/** Taka with two decimals, as a spreadsheet reads them ("1250.50"). */
const csvAmount = (taka: number) => taka.toFixed(2)

/**
 * Text a spreadsheet would run as a formula (`=…`, `+…`, `-…`, `@…`, or a tab or carriage return
 * first) is kept as text by a leading apostrophe: a buyer's name comes from the customer (OWASP's
 * advice on CSV injection). Anything else is written as it is.
 */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value)

/**
 * The register as CSV (RFC 4180: CRLF between records, a field with a comma, quote or line break
 * quoted, quotes doubled): the header row, then the invoices, then the credit notes. Amounts are
 * positive; `invoiceNumber` is an invoice's own number, and a credit note's the invoice it corrects.
 */
export function vatRegisterCsv(register: VatRegister): string {
  const rows = [
    ...register.invoices.map((d) => [
      VAT_DOCUMENT_TYPES.invoice,
      d.invoiceNumber,
      d.issuedAt,
      d.orderNumber,
      d.invoiceNumber,
      asText(d.buyer),
      d.bin ?? '',
      csvAmount(d.valueExVat),
      csvAmount(d.vat),
      csvAmount(d.total),
    ]),
    ...register.creditNotes.map((d) => [
      VAT_DOCUMENT_TYPES.creditNote,
      d.creditNoteNumber,
      d.issuedAt,
      d.orderNumber,
      d.invoiceNumber ?? '',
      asText(d.buyer),
      d.bin ?? '',
      csvAmount(d.valueExVat),
      csvAmount(d.vat),
      csvAmount(d.total),
    ]),
  ]
  return stringify([[...VAT_CSV_COLUMNS], ...rows], { record_delimiter: 'windows' })
}
