import { createFileRoute } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { dhakaMonth, formatMonth, MONTH_PATTERN } from '#schemas/dhaka-time.ts'
import { CreditNoteTable, InvoiceTable, VatTotals } from '#web/features/vat/components/vat-register.tsx'
import { downloadVatCsv } from '#web/features/vat/vat-csv.ts'
import { vatQueries } from '#web/features/vat/vat-queries.ts'
import { useSuspenseQuery } from '#web/lib/query.ts'
import { toast } from '#web/lib/toast.ts'

type VatSearch = { month?: string }

/** This month in Asia/Dhaka, where the shop keeps its books. */
const thisMonth = () => dhakaMonth(Date.now())

export const Route = createFileRoute('/_auth/dashboard/_admin/vat')({
  validateSearch: (search: Record<string, unknown>): VatSearch => ({
    month: typeof search.month === 'string' && MONTH_PATTERN.test(search.month) ? search.month : undefined,
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(vatQueries.register(deps.month ?? thisMonth())),
  head: () => ({ meta: [{ title: 'VAT · Toolhaus' }] }),
  component: VatPage,
})

function VatPage() {
  const { month = thisMonth() } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(vatQueries.register(month))
  const [typed, setTyped] = useState(month)
  const [shown, setShown] = useState(month)
  // Another month arrived through the address (back, a link): the picker shows it.
  if (shown !== month) {
    setShown(month)
    setTyped(month)
  }
  const [downloading, setDownloading] = useState(false)
  const monthId = useId()

  // The picker shows what was typed; the page follows once it is a whole month.
  const pick = (value: string) => {
    setTyped(value)
    if (MONTH_PATTERN.test(value) && value !== month)
      void navigate({ search: { month: value === thisMonth() ? undefined : value }, replace: true })
  }

  const download = async () => {
    setDownloading(true)
    try {
      await downloadVatCsv(month)
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The CSV could not be downloaded. Please try again.')
    } finally {
      setDownloading(false)
    }
  }

  return (
    <div>
      <h1 className="text-2xl font-bold">VAT</h1>
      <p className="mt-1 text-sm text-slate-600">
        The sales register of a month: every tax invoice (Mushak-6.3) and credit note (Mushak-6.7) issued in it, by the
        time in Dhaka.
      </p>

      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={monthId} className="block text-sm font-medium text-slate-700">
            Month
          </label>
          <input
            id={monthId}
            type="month"
            value={typed}
            onChange={(e) => pick(e.target.value)}
            placeholder="YYYY-MM"
            pattern="\d{4}-\d{2}"
            className="mt-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        <button type="button" className="btn-primary" onClick={download} disabled={downloading}>
          {downloading ? 'Downloading…' : 'Download CSV'}
        </button>
      </div>

      <section aria-labelledby="vat-month" className="mt-6">
        <h2 id="vat-month" className="text-lg font-semibold">
          {formatMonth(data.month)}
        </h2>
        <VatTotals register={data} />

        <h3 className="mt-6 font-semibold">Invoices</h3>
        {data.invoices.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No tax invoices were issued this month.</p>
        ) : (
          <InvoiceTable invoices={data.invoices} />
        )}

        <h3 className="mt-6 font-semibold">Credit notes</h3>
        {data.creditNotes.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No credit notes were issued this month.</p>
        ) : (
          <CreditNoteTable creditNotes={data.creditNotes} />
        )}
      </section>
    </div>
  )
}
