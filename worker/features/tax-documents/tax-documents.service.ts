import type { OrderRow } from '#worker/db/schema.ts'
import type { Db } from '#worker/lib/db.ts'
import { renderCreditNote, renderInvoice } from './invoice'
import { taxDocumentOf } from './tax-document'

// An order's tax documents (api.md "VAT and tax documents"): what they say (tax-document.ts), their
// HTML (invoice.ts), their serials (serials.service.ts) and the month's VAT register (vat.service.ts).

/** The HTML of `order`'s tax invoice (the receipt), as it was issued. */
export async function invoiceHtml(db: Db, order: OrderRow): Promise<string> {
  return renderInvoice(await taxDocumentOf(db, order))
}

/** The HTML of `order`'s credit note, which corrects its invoice. */
export async function creditNoteHtml(db: Db, order: OrderRow): Promise<string> {
  return renderCreditNote(await taxDocumentOf(db, order))
}
