import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { formatBDT, formatBDTAmount } from '#schemas/bdt.ts'
import { formatDhakaDateTime } from '#schemas/dhaka-time.ts'
import type { VatAmounts, VatCreditNoteEntry, VatInvoiceEntry, VatRegister } from '#schemas/vat-register.ts'
import { formatCount } from '#web/lib/format.ts'

const cell = 'px-3 py-2 align-top'
const num = `${cell} text-right tabular-nums whitespace-nowrap`

/** The month's figures: what was invoiced, what credit notes took back, and the net the return declares. */
export function VatTotals({ register }: { register: VatRegister }) {
  const card = (label: string, count: number | null, amounts: VatAmounts, testId: string) => (
    <div className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid={testId}>
      <p className="text-sm text-slate-600">
        {label}
        {count !== null && ` (${formatCount(count)})`}
      </p>
      <p className="mt-1 text-lg font-bold text-ink [overflow-wrap:anywhere]">{formatBDT(amounts.total)}</p>
      <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
        {formatBDT(amounts.valueExVat)} excl. VAT · VAT {formatBDT(amounts.vat)}
      </p>
    </div>
  )
  return (
    <div className="mt-4 grid gap-3 sm:grid-cols-3">
      {card('Invoices', register.invoices.length, register.invoiced, 'vat-invoiced')}
      {card('Credit notes', register.creditNotes.length, register.credited, 'vat-credited')}
      {card('Net for the month', null, register.totals, 'vat-net')}
    </div>
  )
}

type Column<T> = { label: string; numeric?: boolean; value: (entry: T) => ReactNode }

/** A table of documents that scrolls sideways inside its own box on a narrow screen. */
function DocumentTable<T>(props: {
  caption: string
  entries: T[]
  columns: Column<T>[]
  keyOf: (entry: T) => string
  testId: string
}) {
  const { caption, entries, columns, keyOf, testId } = props
  return (
    <div className="relative mt-2 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? num : cell}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={keyOf(entry)} data-testid={testId}>
              {columns.map((c) => (
                <td key={c.label} className={c.numeric ? num : cell}>
                  {c.value(entry)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const orderLink = (e: { orderId: string; orderNumber: string }) => (
  <Link
    to="/dashboard/order/$id"
    params={{ id: e.orderId }}
    className="whitespace-nowrap font-mono text-brand-700 hover:underline"
  >
    {e.orderNumber}
  </Link>
)
const issued = (e: { issuedAt: string }) => (
  <time dateTime={e.issuedAt} className="whitespace-nowrap">
    {formatDhakaDateTime(Date.parse(e.issuedAt))}
  </time>
)
const amounts = <T extends VatAmounts>(): Column<T>[] => [
  { label: 'Excl. VAT', numeric: true, value: (e) => formatBDTAmount(e.valueExVat) },
  { label: 'VAT', numeric: true, value: (e) => formatBDTAmount(e.vat) },
  { label: 'Total', numeric: true, value: (e) => formatBDTAmount(e.total) },
]
const buyer = (e: { buyer: string; bin: string | null }) => (
  <span className="[overflow-wrap:anywhere]">
    {e.buyer}
    {e.bin && <span className="block font-mono text-xs text-slate-600">BIN {e.bin}</span>}
  </span>
)

export function InvoiceTable({ invoices }: { invoices: VatInvoiceEntry[] }) {
  return (
    <DocumentTable
      caption="Tax invoices issued this month, in the order they were issued (amounts in BDT)"
      entries={invoices}
      keyOf={(e) => e.invoiceNumber}
      testId="vat-invoice"
      columns={[
        { label: 'Invoice', value: (e) => <span className="whitespace-nowrap font-mono">{e.invoiceNumber}</span> },
        { label: 'Issued', value: issued },
        { label: 'Order', value: orderLink },
        { label: 'Buyer', value: buyer },
        ...amounts<VatInvoiceEntry>(),
      ]}
    />
  )
}

export function CreditNoteTable({ creditNotes }: { creditNotes: VatCreditNoteEntry[] }) {
  return (
    <DocumentTable
      caption="Credit notes issued this month, in the order they were issued (amounts in BDT)"
      entries={creditNotes}
      keyOf={(e) => e.creditNoteNumber}
      testId="vat-credit-note"
      columns={[
        {
          label: 'Credit note',
          value: (e) => <span className="whitespace-nowrap font-mono">{e.creditNoteNumber}</span>,
        },
        { label: 'Issued', value: issued },
        {
          label: 'Invoice',
          value: (e) => <span className="whitespace-nowrap font-mono">{e.invoiceNumber ?? '—'}</span>,
        },
        { label: 'Order', value: orderLink },
        { label: 'Buyer', value: buyer },
        ...amounts<VatCreditNoteEntry>(),
      ]}
    />
  )
}
