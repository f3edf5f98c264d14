/** An entry of the audit log (`GET /api/audit`). */
export type AuditEntry = {
  _id: string
  /** ISO 8601. */
  at: string
  /** The admin's e-mail. */
  actor: string
  /** order.status, order.cancel, order.refund, tool.create, tool.update, tool.delete, category.create, category.update, category.delete, user.promote, user.update, user.remove, user.restore, review.delete, settings.update, order.payment, quote.offer, quote.decline, quote.message */
  action: string
  /** The record's id, or the user's e-mail. */
  target: string
  /** The number people read of an order's (`TH-10042`) or a quote's (`Q-1001`) entry; null for the others. */
  label: string | null
  detail: string
}
