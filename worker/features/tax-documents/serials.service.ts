import type { OrderStatus, OrderTransition } from '#schemas/order-status.ts'
import type { OrderRow } from '#worker/db/schema.ts'
import { type SqlPart, sqlPart, sqlText } from '#worker/lib/guarded.ts'

// The serials of the tax documents (api.md "VAT and tax documents"): numbered in the batch of the
// move that issues them (the order lifecycle, features/orders), never from a max() read before.

/** The calendar year in Asia/Dhaka (UTC+6 all year) at `ms`. */
export const dhakaYear = (ms: number) => new Date(ms + 6 * 3_600_000).getUTCFullYear()

/** The tax document a move issues: the invoice when an order is paid, the credit note when it is refunded. */
const DOCUMENTS: Partial<Record<OrderStatus, { prefix: 'INV' | 'CN'; number: string; issuedAt: string }>> = {
  paid: { prefix: 'INV', number: 'invoice_number', issuedAt: 'invoice_issued_at' },
  refunded: { prefix: 'CN', number: 'credit_note_number', issuedAt: 'credit_note_issued_at' },
}

/**
 * The statements that number the move's tax document (api.md "VAT and tax documents"), run
 * only if the move `happened`: the series of the year in Asia/Dhaka (UTC+6, no daylight saving)
 * counts on by one, and the order takes `{prefix}-{year}-{serial:6}`. In the move's own batch,
 * one transaction that D1 runs alone: serials have no gaps and two orders never share one.
 * An order keeps the document it has (a second payment never renumbers it). The time of issue
 * and its year are read once, so a document issued at midnight on 31 December stays in one year.
 */
export function documentStatements(
  order: OrderRow,
  to: OrderStatus,
  rule: OrderTransition,
  happened: SqlPart,
): SqlPart[] {
  // Cash on delivery is first paid when it is delivered: the move that collects the cash issues the invoice.
  const doc = rule.effects.includes('collect-cash') ? DOCUMENTS.paid : DOCUMENTS[to]
  if (!doc) return []
  const at = Date.now()
  const series = `${doc.prefix}-${dhakaYear(at)}`
  const unissued = sqlPart`exists (select 1 from bookings where id = ${order.id} and ${sqlText(doc.number)} is null)`
  // The invoice keeps the settings it was issued under (its seller, zone and account), read in
  // the same batch; a credit note corrects that invoice, and prints from the same.
  const keepSettings =
    doc.prefix === 'INV'
      ? sqlText(`, invoice_settings = (select json_group_object(key, json(value)) from settings
                   where key in ('shop', 'delivery', 'bank'))`)
      : sqlText('')
  return [
    sqlPart`insert into document_serials (series, last) select ${series}, 1 where ${happened} and ${unissued}
            on conflict (series) do update set last = last + 1`,
    sqlPart`update bookings
            set ${sqlText(doc.number)} = ${series} || '-' || printf('%06d', (select last from document_serials where series = ${series})),
                ${sqlText(doc.issuedAt)} = ${at}${keepSettings}
            where id = ${order.id} and ${sqlText(doc.number)} is null and ${happened}`,
  ]
}
