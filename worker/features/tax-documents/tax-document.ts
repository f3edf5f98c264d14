/**
 * What the tax documents of an order say (api.md "VAT and tax documents"): the tax invoice
 * (Mushak-6.3) of a paid order and the credit note (Mushak-6.7) of a refunded one, read from the
 * order, its lines, its history and the shop's settings. Money in paisa, as stored: every amount
 * is one the order keeps, or a difference of two of them; only the unit price excluding VAT is
 * rounded (to the paisa, for display).
 */

import type { ShopDetails } from '#schemas/delivery.ts'
import { formatOrderNumber, type PaymentMethod } from '#schemas/order.ts'
import type { OrderStatus } from '#schemas/order-status.ts'
import { DELIVERY_VAT_BP } from '#schemas/vat.ts'
import type { OrderRow } from '#worker/db/schema.ts'
import type { Db } from '#worker/lib/db.ts'
import { eventsQuery, linesQuery } from '../orders/orders.service'
import { loadSettings, settingsFrom } from '../settings/settings.service'

/** One row of a document's table: a line of the order, or its delivery. Paisa; the rate in basis points. */
export type DocumentRow = {
  description: string
  quantity: number
  /** Value excluding VAT ÷ quantity, rounded to the paisa (half away from zero). */
  unitExVat: number
  valueExVat: number
  rateBp: number
  vat: number
  valueIncVat: number
}

export type TaxDocument = {
  status: OrderStatus
  seller: ShopDetails
  buyer: {
    name: string
    email: string
    phone: string
    /** The delivery address on one line; null for a pickup at the factory. */
    address: string | null
    company: { name: string; bin: string } | null
  }
  orderNumber: string
  orderedAt: number
  poNumber: string | null
  /** The tax invoice; `issuedAt` the time it was numbered (the payment's time for an order paid before numbering). */
  invoice: { number: string | null; issuedAt: number | null }
  /** The credit note of a refunded order, with the refund's reason from the order's history. */
  creditNote: { number: string | null; issuedAt: number | null; reason: string | null } | null
  /** The lines in the order the customer added them, then the delivery. */
  rows: DocumentRow[]
  totals: { exVat: number; vat: number; incVat: number }
  payment: {
    method: PaymentMethod
    reference: string | null
    paidAt: number | null
    /** A bank transfer's: the shop's account it was paid to ("Bank, account name, account number"). */
    paidTo?: string
  }
  refund: { at: number | null; reference: string | null } | null
}

/** The payment methods in words. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  card: 'Card',
  cod: 'Cash on delivery',
  bank: 'Bank transfer',
  gateway: 'Online payment (SSLCommerz)',
}

/** `value` ÷ `quantity` rounded to the paisa, half away from zero, in integers (BigInt: no float error). */
export function perUnitPaisa(value: number, quantity: number): number {
  const q = BigInt(quantity)
  const magnitude = (2n * BigInt(Math.abs(value)) + q) / (2n * q)
  return value < 0 ? -Number(magnitude) : Number(magnitude)
}

function row(description: string, quantity: number, price: number, vat: number, rateBp: number): DocumentRow {
  const valueExVat = price - vat
  return {
    description,
    quantity,
    unitExVat: perUnitPaisa(valueExVat, quantity),
    valueExVat,
    rateBp,
    vat,
    valueIncVat: price,
  }
}

const addressLine = (order: OrderRow): string | null => {
  const a = order.deliveryAddress
  if (!a) return order.address
  if (order.deliveryMethod === 'pickup' && !a.line1) return null
  const place = [a.district, a.postcode].filter(Boolean).join(' ')
  return [a.line1, a.line2, a.city, place].filter(Boolean).join(', ')
}

/** The facts of `order`'s tax documents: its lines and history, and the shop's details, read in one go. */
export async function taxDocumentOf(db: Db, order: OrderRow): Promise<TaxDocument> {
  const [[lines, events], settings] = await Promise.all([
    db.batch([linesQuery(db, [order.id]), eventsQuery(db, [order.id])]),
    // The shop as it was when the invoice was issued; today's for an order invoiced before that was kept.
    order.invoiceSettings ? settingsFrom(order.invoiceSettings) : loadSettings(db),
  ])
  const rows = lines.map((l) => row(l.name, l.quantity, l.pricePaisa, l.vatPaisa, l.vatRateBp))
  // The delivery's VAT is what the order's VAT holds beyond its lines': stored sums, never recomputed.
  const linesVat = lines.reduce((sum, l) => sum + l.vatPaisa, 0)
  const zone = settings.delivery.zones.find((z) => z.id === order.deliveryZone)
  const delivery =
    order.deliveryMethod === 'pickup' ? 'Pickup at the factory' : `Delivery by courier${zone ? ` (${zone.name})` : ''}`
  rows.push(row(delivery, 1, order.deliveryFeePaisa, order.vatPaisa - linesVat, DELIVERY_VAT_BP))
  const refunded = order.status === 'refunded'
  const refundEvent = refunded ? events.findLast((e) => e.status === 'refunded') : undefined
  return {
    status: order.status,
    seller: { ...settings.shop, legalName: settings.shop.legalName || settings.shop.name },
    buyer: {
      name: order.customerName,
      email: order.customer,
      phone: order.deliveryAddress?.phone ?? order.phone,
      address: addressLine(order),
      company: order.companyName ? { name: order.companyName, bin: order.companyBin ?? '' } : null,
    },
    orderNumber: order.orderNo === null ? order.id : formatOrderNumber(order.orderNo),
    orderedAt: order.createdAt,
    poNumber: order.poNumber,
    invoice: { number: order.invoiceNumber, issuedAt: order.invoiceIssuedAt ?? order.paidAt },
    creditNote: refunded
      ? {
          number: order.creditNoteNumber,
          issuedAt: order.creditNoteIssuedAt ?? order.refundedAt,
          // A person's reason; a refund made at the provider (its webhook's note) gave none.
          reason: refundEvent?.actor === 'payment' ? null : (refundEvent?.note ?? null),
        }
      : null,
    rows,
    totals: { exVat: order.totalPaisa - order.vatPaisa, vat: order.vatPaisa, incVat: order.totalPaisa },
    payment: {
      method: order.paymentMethod,
      reference: order.transactionId,
      paidAt: order.paidAt,
      ...(order.paymentMethod === 'bank' && settings.bank.accountNumber
        ? {
            paidTo: [
              settings.bank.bankName,
              settings.bank.branch,
              settings.bank.accountName,
              settings.bank.accountNumber,
            ]
              .filter(Boolean)
              .join(', '),
          }
        : {}),
    },
    refund: refunded ? { at: order.refundedAt, reference: order.refundId } : null,
  }
}
