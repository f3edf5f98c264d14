import { html } from 'hono/html'
import { formatBDT, toTaka } from '#schemas/bdt.ts'
import { formatOrderNumber } from '#schemas/booking.ts'
import type { OrderActor, OrderStatus } from '#schemas/order-status.ts'
import type { OrderLineRow, OrderRow } from '#worker/db/schema.ts'
import { htmlText } from '#worker/lib/html.ts'
import type { QueuedMail } from '../mail/mail.service'

/**
 * Every e-mail about an order, from one template each: a subject, a few sentences and the
 * order's details, written once and rendered as plain text and as HTML.
 */

export type OrderMailKind =
  | 'placed'
  | 'paid'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'refunded'
  | 'shop-paid'
  | 'refunded-after-cancel'

/** What the e-mails say about an order (the row as it is after the move) and its lines. */
export type OrderMailFacts = Pick<
  OrderRow,
  | 'id'
  | 'orderNo'
  | 'pricePaisa'
  | 'deliveryFeePaisa'
  | 'vatPaisa'
  | 'totalPaisa'
  | 'customer'
  | 'customerName'
  | 'phone'
  | 'address'
  | 'carrier'
  | 'trackingNumber'
> & { lines: readonly Pick<OrderLineRow, 'name' | 'quantity' | 'unitPricePaisa' | 'pricePaisa'>[] }

export type MailContext = {
  shopName: string
  /** The shop's address (origin) for links, when known. */
  shopUrl?: string
  /** Who made the move and why, for the cancellation e-mail. */
  actor?: OrderActor
  note?: string
}

const CANCEL_REASONS: Partial<Record<OrderActor, string>> = {
  customer: 'You cancelled this order.',
  admin: 'We cancelled this order.',
  expiry: 'It was not paid in time, so it expired and the items went back to stock.',
  system: 'The tool was withdrawn from our catalogue, so we cancelled the order.',
}

type Template = {
  subject: (no: string) => string
  lines: (o: OrderMailFacts, ctx: MailContext) => string[]
  to: 'customer' | 'shop'
  /** The words of the link to the order page ("See your order" unless given). */
  linkLabel?: string
}

const TEMPLATES: Record<OrderMailKind, Template> = {
  placed: {
    to: 'customer',
    subject: (no) => `Order ${no} placed`,
    lines: () => ['Thank you for your order. We hold the items for you until it is paid; pay it from My Orders.'],
  },
  paid: {
    to: 'customer',
    subject: (no) => `Receipt for order ${no}`,
    lines: (o) => [
      `We have received your payment of ${formatBDT(toTaka(o.totalPaisa))}. This e-mail is your receipt.`,
      'We will tell you when the order ships.',
    ],
  },
  shipped: {
    to: 'customer',
    subject: (no) => `Order ${no} shipped`,
    lines: (o) => [
      `Your order is on its way${o.carrier ? ` with ${o.carrier}` : ''}.`,
      ...(o.trackingNumber ? [`Tracking number: ${o.trackingNumber}`] : []),
    ],
  },
  delivered: {
    to: 'customer',
    subject: (no) => `Order ${no} delivered`,
    lines: () => [
      'Your order has been delivered. Thank you for buying from us.',
      'How are your tools? Review them from your order page: other workshops read what buyers say, marked Verified buyer.',
    ],
    linkLabel: 'Review your tools',
  },
  cancelled: {
    to: 'customer',
    subject: (no) => `Order ${no} cancelled`,
    lines: (_, ctx) => [
      (ctx.actor && CANCEL_REASONS[ctx.actor]) ?? 'This order was cancelled.',
      ...(ctx.note && ctx.actor === 'admin' ? [`Reason: ${ctx.note}`] : []),
      'Nothing was charged.',
    ],
  },
  refunded: {
    to: 'customer',
    subject: (no) => `Order ${no} refunded`,
    lines: (o, ctx) => [
      `We have refunded ${formatBDT(toTaka(o.totalPaisa))} to your card. Depending on your bank it can take 5–10 days to appear.`,
      ...(ctx.note ? [`Reason: ${ctx.note}`] : []),
    ],
  },
  'refunded-after-cancel': {
    to: 'customer',
    subject: (no) => `Order ${no} refunded`,
    lines: (o) => [
      `A payment of ${formatBDT(toTaka(o.totalPaisa))} reached us after this order had been cancelled, so we have refunded it to your card in full.`,
      'Please place a new order if you still want the tools.',
    ],
  },
  'shop-paid': {
    to: 'shop',
    subject: (no) => `New paid order ${no}`,
    lines: (o) => [
      `${o.customerName} <${o.customer}> paid ${formatBDT(toTaka(o.totalPaisa))}. It is ready to be processed in the Orders desk.`,
    ],
  },
}

/** The customer's e-mail for an order entering `status`, if that status has one. */
export const mailKindFor = (status: OrderStatus): OrderMailKind | undefined =>
  status === 'unpaid'
    ? 'placed'
    : (TEMPLATES as Partial<Record<string, Template>>)[status]
      ? (status as OrderMailKind)
      : undefined

/** Stands for the order number in an e-mail written before the number exists (see createBooking). */
export const ORDER_NUMBER_TOKEN = '{{orderNumber}}'

/**
 * Renders one order e-mail. `to` is the recipient (the customer, or the shop's address for
 * the shop's notice); the key makes it sent once per order, kind and recipient.
 */
export function orderMail(kind: OrderMailKind, order: OrderMailFacts, ctx: MailContext, to?: string): QueuedMail {
  const template = TEMPLATES[kind]
  const no = order.orderNo === null ? ORDER_NUMBER_TOKEN : formatOrderNumber(order.orderNo)
  const recipient = to ?? order.customer
  const subject = `${template.subject(no)} — ${ctx.shopName}`
  const greeting = template.to === 'customer' ? `Hello ${order.customerName},` : 'Hello,'
  const lines = template.lines(order, ctx)
  const details: [string, string][] = [
    ['Order', no],
    ...order.lines.map((l): [string, string] => [
      `${l.quantity.toLocaleString('en-US')} × ${l.name}`,
      `${formatBDT(toTaka(l.pricePaisa))} (${formatBDT(toTaka(l.unitPricePaisa))} each)`,
    ]),
    ['Goods', formatBDT(toTaka(order.pricePaisa))],
    ['Delivery', order.deliveryFeePaisa === 0 ? 'Free' : formatBDT(toTaka(order.deliveryFeePaisa))],
    ['Total', formatBDT(toTaka(order.totalPaisa))],
    ['VAT included', formatBDT(toTaka(order.vatPaisa))],
    ['Deliver to', `${order.customerName}, ${order.address}`],
    ['Phone', order.phone],
  ]
  const link = ctx.shopUrl ? `${ctx.shopUrl}/dashboard/order/${order.id}` : undefined
  const text = [
    greeting,
    '',
    ...lines,
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    ...(link ? ['', `${template.linkLabel ?? 'Your order'}: ${link}`] : []),
    '',
    ctx.shopName,
    '',
  ].join('\n')
  // hono/html escapes every interpolated string; the nested templates are our own markup.
  const page = html`<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto">
<p>${greeting}</p>
${lines.map((line) => html`<p>${line}</p>\n`)}<table style="border-collapse:collapse;margin:16px 0">${details.map(
    ([k, v]) =>
      html`<tr><th style="text-align:left;padding:4px 12px 4px 0;font-weight:600">${k}</th><td style="padding:4px 0">${v}</td></tr>`,
  )}</table>
${link ? html`<p><a href="${link}">${template.linkLabel ?? 'See your order'}</a></p>` : ''}
<p>${ctx.shopName}</p>
</body></html>`
  return { to: recipient, subject, text, html: htmlText(page), dedupeKey: `order:${order.id}:${kind}:${recipient}` }
}
