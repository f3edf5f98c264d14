import { formatBDT, toTaka } from '#schemas/bdt.ts'
import type { BankDetails } from '#schemas/delivery.ts'
import { formatCount } from '#schemas/number-text.ts'
import { formatOrderNumber } from '#schemas/order.ts'
import type { OrderActor, OrderStatus, PaymentMethod } from '#schemas/order-status.ts'
import { SYSTEM_CANCEL_NOTES } from '#schemas/order-statuses.ts'
import type { OrderLineRow, OrderRow } from '#worker/db/schema.ts'
import { type QueuedMail, renderMail } from '../mail/mail.service'

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
  | 'shop-cod'
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
> & {
  lines: readonly Pick<OrderLineRow, 'name' | 'quantity' | 'unitPricePaisa' | 'pricePaisa'>[]
  /** How it is paid: the 'placed' e-mail says what happens next (a card order when absent). */
  paymentMethod?: PaymentMethod
  /** A refund's reference (a bank transfer sent back). */
  refundId?: string | null
}

export type MailContext = {
  shopName: string
  /** The shop's address (origin) for links, when known. */
  shopUrl?: string
  /** Who made the move and why, for the cancellation e-mail. */
  actor?: OrderActor
  note?: string
  /** Where a bank-transfer order is paid to (the 'placed' e-mail of such an order). */
  bank?: BankDetails
}

/** The shop's bank details as the customer copies them, with the order number to quote. */
export const bankInstructions = (bank: BankDetails, orderNumber: string): [string, string][] => [
  ['Bank', bank.bankName],
  ...(bank.branch ? [['Branch', bank.branch] as [string, string]] : []),
  ['Account name', bank.accountName],
  ['Account number', bank.accountNumber],
  ...(bank.routingNumber ? [['Routing number', bank.routingNumber] as [string, string]] : []),
  ['Reference', orderNumber],
]

const CANCEL_REASONS: Partial<Record<OrderActor, string>> = {
  customer: 'You cancelled this order.',
  admin: 'We cancelled this order.',
  expiry: 'It was not paid in time, so it expired and the items went back to stock.',
  system: 'The tool was withdrawn from our catalogue, so we cancelled the order.',
}

/** Where a refund goes back to: the card, or the account the gateway (bKash, Nagad, a card…) took it from. */
const paidWith = (o: OrderMailFacts) =>
  o.paymentMethod === 'gateway' ? 'the card or account (bKash, Nagad, Rocket, your bank) you paid with' : 'your card'

type Template = {
  subject: (no: string) => string
  lines: (o: OrderMailFacts, ctx: MailContext, no: string) => string[]
  to: 'customer' | 'shop'
  /** The words of the link to the order page ("See your order" unless given). */
  linkLabel?: string
}

const TEMPLATES: Record<OrderMailKind, Template> = {
  placed: {
    to: 'customer',
    subject: (no) => `Order ${no} placed`,
    lines: (o, ctx, no) =>
      o.paymentMethod === 'cod'
        ? ['Thank you for your order. You pay in cash when it is delivered; we will tell you when it ships.']
        : o.paymentMethod === 'bank' && ctx.bank
          ? [
              `Thank you for your order. Please pay ${formatBDT(toTaka(o.totalPaisa))} by bank transfer or deposit within ${ctx.bank.holdHours} hours, quoting ${no} as the reference; we hold the items for you until then.`,
              ...bankInstructions(ctx.bank, no).map(([k, v]) => `${k}: ${v}`),
            ]
          : ['Thank you for your order. We hold the items for you until it is paid; pay it from My Orders.'],
  },
  paid: {
    to: 'customer',
    subject: (no) => `Receipt for order ${no}`,
    lines: (o) => [
      `We have received your payment of ${formatBDT(toTaka(o.totalPaisa))}. This e-mail is your receipt.`,
      // Cash on delivery is paid as it is delivered: there is no shipping left to tell of.
      ...(o.paymentMethod === 'cod' ? [] : ['We will tell you when the order ships.']),
    ],
  },
  shipped: {
    to: 'customer',
    subject: (no) => `Order ${no} shipped`,
    lines: (o) => [
      `Your order is on its way${o.carrier ? ` with ${o.carrier}` : ''}.`,
      ...(o.trackingNumber ? [`Tracking number: ${o.trackingNumber}`] : []),
      // Cash on delivery: what to have ready at the door (the order is unpaid until then).
      ...(o.paymentMethod === 'cod'
        ? [`Please have ${formatBDT(toTaka(o.totalPaisa))} ready in cash for the courier.`]
        : []),
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
      ctx.actor === 'system' && ctx.note === SYSTEM_CANCEL_NOTES.beforeVerified
        ? 'It was placed with your e-mail address before you verified it, by a sign-in that may not have been yours, so we cancelled it.'
        : ((ctx.actor && CANCEL_REASONS[ctx.actor]) ?? 'This order was cancelled.'),
      ...(ctx.note && ctx.actor === 'admin' ? [`Reason: ${ctx.note}`] : []),
      'Nothing was charged.',
    ],
  },
  refunded: {
    to: 'customer',
    subject: (no) => `Order ${no} refunded`,
    lines: (o, ctx) => [
      o.paymentMethod === 'bank'
        ? `We have sent ${formatBDT(toTaka(o.totalPaisa))} back to you by bank transfer${o.refundId ? ` (reference ${o.refundId})` : ''}.`
        : `We have refunded ${formatBDT(toTaka(o.totalPaisa))} to ${paidWith(o)}. Depending on your bank it can take 5–10 days to appear.`,
      ...(ctx.note ? [`Reason: ${ctx.note}`] : []),
    ],
  },
  'refunded-after-cancel': {
    to: 'customer',
    subject: (no) => `Order ${no} refunded`,
    lines: (o) => [
      `A payment of ${formatBDT(toTaka(o.totalPaisa))} reached us after this order had been cancelled, so we have refunded it to ${paidWith(o)} in full.`,
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
  'shop-cod': {
    to: 'shop',
    subject: (no) => `New COD order ${no}`,
    lines: (o) => [
      `${o.customerName} <${o.customer}> ordered ${formatBDT(toTaka(o.totalPaisa))} to be paid in cash on delivery. It is ready to be processed in the Orders desk.`,
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

/** Stands for the order number in an e-mail written before the number exists (see createOrder). */
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
  const lines = template.lines(order, ctx, no)
  const details: [string, string][] = [
    ['Order', no],
    ...order.lines.map((l): [string, string] => [
      `${formatCount(l.quantity)} × ${l.name}`,
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
  const body = renderMail({
    greeting,
    lines,
    details,
    shopName: ctx.shopName,
    link,
    linkText: [template.linkLabel ?? 'Your order', template.linkLabel ?? 'See your order'],
  })
  return { to: recipient, subject, ...body, dedupeKey: `order:${order.id}:${kind}:${recipient}` }
}
