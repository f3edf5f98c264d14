import { formatBDT, toTaka } from '#schemas/bdt.ts'
import { formatDhakaDateTime } from '#schemas/dhaka-time.ts'
import { formatCount } from '#schemas/number-text.ts'
import { QUOTE_SHOP_NOTICE_MINUTES } from '#schemas/quote.ts'
import { type QueuedMail, renderMail } from '../mail/mail.service'

/** Every e-mail about a quote: a request to the shop, an offer, a message either way (the layout of the order e-mails). */

export type QuoteMailKind = 'requested' | 'offered' | 'message'

/** What the e-mails say about a quote: its number, lines (prices once offered) and the offer. */
export type QuoteMailFacts = {
  /** The quote's id: its page is /dashboard/quote/{id}, for the shop and the customer alike. */
  id: string
  quoteNumber: string
  customer: string
  customerName: string
  lines: readonly { name: string; quantity: number; unitPricePaisa: number | null }[]
  deliveryFeePaisa: number | null
  totalPaisa: number | null
  validUntil: number | null
}

/** Stands for the quote number in an e-mail written before the number exists (a new request). */
export const QUOTE_NUMBER_TOKEN = '{{quoteNumber}}'

const QUOTE_SUBJECTS: Record<QuoteMailKind, (no: string) => string> = {
  requested: (no) => `New quote request ${no}`,
  offered: (no) => `Quote ${no} is ready`,
  message: (no) => `New message on quote ${no}`,
}

/**
 * Renders one quote e-mail to `to`: to the shop (`forShop`) a new request or the customer's
 * message, to the customer an offer or the shop's message. `text` is the message written with
 * it; `dedupeKey` makes it sent once.
 */
export function quoteMail(
  kind: QuoteMailKind,
  quote: QuoteMailFacts,
  ctx: {
    shopName: string
    /** The shop's address (origin) for links, when known. */
    shopUrl?: string
    to: string
    forShop: boolean
    text?: string
    dedupeKey: string
  },
): QueuedMail {
  const no = quote.quoteNumber
  const subject = `${QUOTE_SUBJECTS[kind](no)} — ${ctx.shopName}`
  const greeting = ctx.forShop ? 'Hello,' : `Hello ${quote.customerName},`
  const sentences = {
    requested: [`${quote.customerName} <${quote.customer}> asks for a price. Answer it from the Quotes desk.`],
    offered: [
      `Our offer for your quote request is ready${quote.validUntil ? `, valid until ${formatDhakaDateTime(quote.validUntil)} (Dhaka time)` : ''}.`,
      'Accept it from your Quotes page to order at these prices.',
    ],
    message: [ctx.forShop ? `${quote.customerName} <${quote.customer}> wrote:` : 'We wrote about your quote:'],
  }[kind]
  // The shop's notices coalesce (quotes.service.ts): say so, lest a quiet inbox read as a quiet customer.
  const coalesced = ctx.forShop
    ? [
        `More messages on this quote in the next ${QUOTE_SHOP_NOTICE_MINUTES} minutes are not e-mailed separately: read the whole conversation on the Quotes desk.`,
      ]
    : []
  const lines = [...sentences, ...(ctx.text ? [ctx.text] : []), ...coalesced]
  const details: [string, string][] = [
    ['Quote', no],
    ...quote.lines.map((l): [string, string] => [
      `${formatCount(l.quantity)} × ${l.name}`,
      l.unitPricePaisa === null
        ? 'to be priced'
        : `${formatBDT(toTaka(l.unitPricePaisa * l.quantity))} (${formatBDT(toTaka(l.unitPricePaisa))} each)`,
    ]),
    ...(quote.deliveryFeePaisa !== null
      ? [
          ['Delivery (courier)', quote.deliveryFeePaisa === 0 ? 'Free' : formatBDT(toTaka(quote.deliveryFeePaisa))] as [
            string,
            string,
          ],
        ]
      : []),
    ...(quote.totalPaisa !== null ? [['Total', formatBDT(toTaka(quote.totalPaisa))] as [string, string]] : []),
  ]
  const link = ctx.shopUrl ? `${ctx.shopUrl}/dashboard/quote/${quote.id}` : undefined
  const body = renderMail({
    greeting,
    lines,
    details,
    shopName: ctx.shopName,
    link,
    linkText: ['The quote', 'See the quote'],
  })
  return { to: ctx.to, subject, ...body, dedupeKey: ctx.dedupeKey }
}
