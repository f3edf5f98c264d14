import { html } from 'hono/html'
import { formatBDT } from '#schemas/bdt.ts'
import type { Booking } from '#schemas/booking.ts'
import { htmlText } from '#worker/lib/html.ts'

const day = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    : '—'

/** The shop's postal address, printed on receipts. */
export const SHOP_ADDRESS = 'Plot 14, Road 7, Tejgaon Industrial Area, Dhaka 1208, Bangladesh'

/**
 * `GET /api/booking/{id}/invoice`: a printable receipt (a whole HTML page, styled for paper
 * and screen): the shop, the order number and dates, the customer, the line and totals, the
 * payment and its transaction id; a refunded order says so.
 */
export function renderInvoice(order: Booking, shopName: string): string {
  const refunded = order.status === 'refunded'
  // hono/html escapes every interpolated string; the nested templates are our own markup.
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Receipt ${order.orderNumber} — ${shopName}</title>
<style>
  :root { color: #111827; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { max-width: 720px; margin: 2rem auto; padding: 0 1rem; }
  header { display: flex; justify-content: space-between; gap: 1rem; flex-wrap: wrap; border-bottom: 2px solid #111827; padding-bottom: 1rem; }
  h1 { font-size: 1.5rem; margin: 0; }
  h2 { font-size: 1rem; margin: 1.5rem 0 .5rem; text-transform: uppercase; letter-spacing: .05em; color: #4b5563; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: .5rem .25rem; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  tfoot td { font-weight: 700; border-bottom: 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0; }
  dt { color: #4b5563; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .stamp { display: inline-block; border: 2px solid #b91c1c; color: #b91c1c; padding: .25rem .75rem; font-weight: 700; text-transform: uppercase; }
  @media print { body { margin: 0; } }
</style>
</head>
<body>
<header>
  <div><h1>${shopName}</h1><div>${SHOP_ADDRESS}</div></div>
  <div><strong>Receipt ${order.orderNumber}</strong><br>Ordered ${day(order.createdAt)}<br>Paid ${day(order.paidAt)}</div>
</header>
${refunded ? html`<p class="stamp">Refunded ${day(order.refundedAt)}</p>` : ''}
<h2>Bill to</h2>
<dl>
  <dt>Name</dt><dd>${order.customerName}</dd>
  <dt>E-mail</dt><dd>${order.customer}</dd>
  <dt>Phone</dt><dd>${order.phone}</dd>
  <dt>Address</dt><dd>${order.address}</dd>
</dl>
<h2>Order</h2>
<table>
  <thead><tr><th>Tool</th><th class="num">Quantity</th><th class="num">Unit price</th><th class="num">Total</th></tr></thead>
  <tbody><tr><td>${order.service}</td><td class="num">${order.quantity.toLocaleString('en-US')}</td><td class="num">${formatBDT(order.unitPrice)}</td><td class="num">${formatBDT(order.price)}</td></tr></tbody>
  <tfoot><tr><td colspan="3">Total paid</td><td class="num">${formatBDT(order.price)}</td></tr></tfoot>
</table>
<h2>Payment</h2>
<dl>
  <dt>Method</dt><dd>Card</dd>
  <dt>Transaction id</dt><dd>${order.transactionId ?? '—'}</dd>
  ${order.trackingNumber ? html`<dt>Shipped</dt><dd>${order.carrier ?? ''} ${order.trackingNumber}</dd>` : ''}
</dl>
</body>
</html>`
  return htmlText(page)
}
