import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { formatBDT, formatBDTAmount, toTaka } from '#schemas/bdt.ts'
import { formatDhakaDate, formatDhakaDateTime } from '#schemas/dhaka-time.ts'
import { formatCount } from '#schemas/number-text.ts'
import { vatPercent } from '#schemas/vat.ts'
import { htmlText } from '#worker/lib/html.ts'
import { PAYMENT_METHOD_NAMES, type TaxDocument } from './tax-document'

// hono/html escapes every interpolated string; the nested templates are our own markup.
type Markup = HtmlEscapedString | Promise<HtmlEscapedString>

const day = (ms: number | null) => (ms === null ? '—' : formatDhakaDate(ms))
const dayAndTime = (ms: number | null) => (ms === null ? '—' : `${formatDhakaDateTime(ms)} (Asia/Dhaka)`)
const amount = (paisa: number) => formatBDTAmount(toTaka(paisa))
const rate = (bp: number) => `${vatPercent(bp)}%`

/**
 * Screen and paper: on a phone the table scrolls inside its box; on A4 (12 mm margins, 9 pt) a
 * document of 20 lines fits one page (e2e/vat.spec.ts prints one).
 */
const STYLE = html`<style>
  @page { size: A4; margin: 12mm; }
  :root { color: #111827; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { max-width: 860px; margin: 1.5rem auto; padding: 0 1rem; }
  .head { display: flex; justify-content: space-between; align-items: flex-start; gap: .75rem 2rem; flex-wrap: wrap; border-bottom: 2px solid #111827; padding-bottom: .6rem; }
  h1 { font-size: 1.5rem; margin: 0; line-height: 1.2; }
  .form { margin: 0; font-weight: 600; color: #374151; }
  h2 { font-size: .75rem; margin: .9rem 0 .3rem; text-transform: uppercase; letter-spacing: .05em; color: #4b5563; }
  .parties { display: grid; grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr)); gap: 0 2rem; }
  dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .05rem .75rem; margin: 0; }
  dt { color: #4b5563; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .scroll { overflow-x: auto; }
  table { width: 100%; border-collapse: collapse; }
  caption { text-align: left; font-size: .75rem; color: #4b5563; padding-bottom: .2rem; }
  th, td { text-align: left; padding: .3rem .35rem; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
  thead th { font-size: .75rem; font-weight: 600; color: #374151; border-bottom: 1px solid #111827; }
  .num { text-align: right; font-variant-numeric: tabular-nums; }
  td.num { white-space: nowrap; }
  .desc { min-width: 10rem; overflow-wrap: anywhere; }
  .end { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 0 2rem; }
  .end > section { flex: 1 1 16rem; }
  .totals { width: auto; min-width: 17rem; margin: .4rem 0 0 auto; }
  .totals th { font-weight: 400; }
  .totals .grand th, .totals .grand td { font-weight: 700; border-top: 2px solid #111827; border-bottom: 0; }
  .stamp { border: 2px solid #b91c1c; color: #b91c1c; padding: .35rem .75rem; font-weight: 700; margin: .75rem 0 0; }
  .note { font-size: .8rem; color: #4b5563; margin: .9rem 0 0; }
  @media print {
    :root { font-size: 9pt; line-height: 1.3; }
    body { max-width: none; margin: 0; padding: 0; }
    .scroll { overflow: visible; }
    .lines { font-size: 8pt; line-height: 1.2; }
    th, td { padding: 1px 3px; }
    .desc { min-width: 0; }
    h2 { margin: .6rem 0 .2rem; }
    tr, .totals, .stamp, .end { break-inside: avoid; }
  }
</style>`

function page(title: string, body: Markup): string {
  return htmlText(html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
${STYLE}
</head>
<body>
${body}
</body>
</html>`)
}

/** The seller (the shop's legal details, from its settings) and the buyer (the order's customer and company). */
function parties(doc: TaxDocument): Markup {
  const { seller, buyer } = doc
  return html`<div class="parties">
<section aria-labelledby="seller">
  <h2 id="seller">Seller</h2>
  <dl>
    <dt>Legal name</dt><dd>${seller.legalName}</dd>
    <dt>BIN</dt><dd>${seller.bin || '—'}</dd>
    <dt>Address</dt><dd>${seller.address || '—'}</dd>
    ${seller.phone ? html`<dt>Phone</dt><dd>${seller.phone}</dd>` : ''}
    ${seller.email ? html`<dt>E-mail</dt><dd>${seller.email}</dd>` : ''}
  </dl>
</section>
<section aria-labelledby="buyer">
  <h2 id="buyer">Buyer</h2>
  <dl>
    <dt>Name</dt><dd>${buyer.name}</dd>
    ${buyer.company ? html`<dt>Company</dt><dd>${buyer.company.name}</dd><dt>Company BIN</dt><dd>${buyer.company.bin || '—'}</dd>` : ''}
    <dt>Delivery address</dt><dd>${buyer.address ?? 'Collected at the factory'}</dd>
    <dt>Phone</dt><dd>${buyer.phone}</dd>
    <dt>E-mail</dt><dd>${buyer.email}</dd>
  </dl>
</section>
</div>`
}

/** A row per line and one for the delivery, every amount in BDT. */
function rowsTable(doc: TaxDocument, caption: string): Markup {
  return html`<div class="scroll">
<table class="lines">
  <caption>${caption} (amounts in BDT)</caption>
  <thead><tr><th class="num" scope="col">#</th><th scope="col">Description</th><th class="num" scope="col">Quantity</th><th class="num" scope="col">Unit price excl. VAT</th><th class="num" scope="col">Value excl. VAT</th><th class="num" scope="col">VAT rate</th><th class="num" scope="col">VAT</th><th class="num" scope="col">Value incl. VAT</th></tr></thead>
  <tbody>${doc.rows.map(
    (r, i) =>
      html`<tr><td class="num">${i + 1}</td><td class="desc">${r.description}</td><td class="num">${formatCount(r.quantity)}</td><td class="num">${amount(r.unitExVat)}</td><td class="num">${amount(r.valueExVat)}</td><td class="num">${rate(r.rateBp)}</td><td class="num">${amount(r.vat)}</td><td class="num">${amount(r.valueIncVat)}</td></tr>`,
  )}</tbody>
</table>
</div>`
}

function totalsTable(doc: TaxDocument, labels: [exVat: string, vat: string, incVat: string]): Markup {
  const { exVat, vat, incVat } = doc.totals
  return html`<table class="totals">
  <tr><th scope="row">${labels[0]}</th><td class="num">${formatBDT(toTaka(exVat))}</td></tr>
  <tr><th scope="row">${labels[1]}</th><td class="num">${formatBDT(toTaka(vat))}</td></tr>
  <tr class="grand"><th scope="row">${labels[2]}</th><td class="num">${formatBDT(toTaka(incVat))}</td></tr>
</table>`
}

/**
 * `GET /api/booking/{id}/invoice`: the tax invoice (Mushak-6.3) of a paid order, a whole HTML page
 * for screen and A4 paper: the seller (legal name, BIN, address), the buyer (name, delivery
 * address, company and its BIN), the invoice number and time of issue, a row per line and the
 * delivery with the VAT of each, the totals, the payment and the order. A refunded order's invoice
 * says so and names the credit note that cancels it.
 */
export function renderInvoice(doc: TaxDocument): string {
  const number = doc.invoice.number ?? '—'
  const cn = doc.creditNote
  return page(
    `Tax Invoice ${number} — ${doc.seller.legalName}`,
    html`<header class="head">
  <div><h1>Tax Invoice</h1><p class="form">Mushak-6.3</p></div>
  <dl>
    <dt>Invoice number</dt><dd>${number}</dd>
    <dt>Date and time of issue</dt><dd>${dayAndTime(doc.invoice.issuedAt)}</dd>
    <dt>Order number</dt><dd>${doc.orderNumber}</dd>
    <dt>Order date</dt><dd>${day(doc.orderedAt)}</dd>
    ${doc.poNumber ? html`<dt>PO number</dt><dd>${doc.poNumber}</dd>` : ''}
  </dl>
</header>
${cn ? html`<p class="stamp">Refunded ${day(doc.refund?.at ?? null)}: cancelled by credit note ${cn.number ?? '—'}.</p>` : ''}
${parties(doc)}
<h2>Goods and services</h2>
${rowsTable(doc, 'Prices include VAT')}
<div class="end">
<section>
<h2>Payment</h2>
<dl>
  <dt>Payment method</dt><dd>${PAYMENT_METHOD_NAMES[doc.payment.method]}</dd>
  <dt>Payment reference</dt><dd>${doc.payment.reference ?? '—'}</dd>
  ${doc.payment.paidTo ? html`<dt>Paid to</dt><dd>${doc.payment.paidTo}</dd>` : ''}
  <dt>Paid</dt><dd>${dayAndTime(doc.payment.paidAt)}</dd>
</dl>
</section>
${totalsTable(doc, ['Total excluding VAT', 'VAT', 'Total including VAT'])}
</div>
<p class="note">Issued by ${doc.seller.legalName}, BIN ${doc.seller.bin || '—'}. Dates and times are Asia/Dhaka.</p>`,
  )
}

/**
 * `GET /api/booking/{id}/credit-note`: the credit note (Mushak-6.7) of a refunded order: its
 * number and time of issue, the invoice it corrects and that invoice's date, the seller and the
 * buyer, the amounts returned by line and for the delivery with their VAT, the totals, the reason
 * (the refund's note in the order's history) and the refund.
 */
export function renderCreditNote(doc: TaxDocument): string {
  const cn = doc.creditNote!
  const number = cn.number ?? '—'
  return page(
    `Credit Note ${number} — ${doc.seller.legalName}`,
    html`<header class="head">
  <div><h1>Credit Note</h1><p class="form">Mushak-6.7</p></div>
  <dl>
    <dt>Credit note number</dt><dd>${number}</dd>
    <dt>Date and time of issue</dt><dd>${dayAndTime(cn.issuedAt)}</dd>
    <dt>Corrects invoice</dt><dd>${doc.invoice.number ?? '—'}</dd>
    <dt>Invoice date</dt><dd>${day(doc.invoice.issuedAt)}</dd>
    <dt>Order number</dt><dd>${doc.orderNumber}</dd>
    <dt>Order date</dt><dd>${day(doc.orderedAt)}</dd>
  </dl>
</header>
${parties(doc)}
<h2>Reason</h2>
<p class="reason">${cn.reason ?? 'Full refund of the order.'}</p>
<h2>Amounts returned</h2>
${rowsTable(doc, 'Returned in full, VAT included')}
<div class="end">
<section>
<h2>Refund</h2>
<dl>
  <dt>Refunded to</dt><dd>${PAYMENT_METHOD_NAMES[doc.payment.method]}, payment ${doc.payment.reference ?? '—'}</dd>
  <dt>Refund reference</dt><dd>${doc.refund?.reference ?? '—'}</dd>
  <dt>Refunded</dt><dd>${dayAndTime(doc.refund?.at ?? null)}</dd>
</dl>
</section>
${totalsTable(doc, ['Total returned excluding VAT', 'VAT returned', 'Total returned including VAT'])}
</div>
<p class="note">Issued by ${doc.seller.legalName}, BIN ${doc.seller.bin || '—'}. Dates and times are Asia/Dhaka.</p>`,
  )
}
