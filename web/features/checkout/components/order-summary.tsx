import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { formatBDT, toPaisa, toTaka } from '#schemas/bdt.ts'
import type { CheckoutPreview } from '#schemas/checkout.ts'
import { formatCount } from '#web/lib/format.ts'

export type PricedPreview = CheckoutPreview & { priced: boolean }

type OrderSummaryProps = {
  /** The server's preview; undefined until the first one arrives (placeholders of the same size show). */
  preview: PricedPreview | undefined
  /** A newer preview is on its way: the figures may still change. */
  updating: boolean
  /** The delivery's zone as the shop names it ("Dhaka city"), or the pickup. */
  deliveryLabel: string
  /** Why a line cannot be ordered, by its index, from a refused order (the preview's own `error` wins). */
  lineErrors: Record<number, string>
  /** The refusal, notices and Place order, under the total. */
  children: ReactNode
  /** Whose lines: the cart's (a line's error links to the cart) or an offer's (its prices are offered ones). */
  from?: 'cart' | 'quote'
}

/** The cart as the server prices it for this checkout: every line, the goods, delivery, the VAT included and the total. */
export function OrderSummary({
  preview,
  updating,
  deliveryLabel,
  lineErrors,
  children,
  from = 'cart',
}: OrderSummaryProps) {
  const priced = preview?.priced === true
  const money = (value: number | undefined, unpriced = '—') =>
    value === undefined ? '—' : !priced ? unpriced : formatBDT(value)
  return (
    <section
      aria-labelledby="order-summary-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="order-summary-title" className="text-lg font-bold text-ink">
          Your order
        </h2>
        <p role="status" className={`text-sm text-slate-600 ${updating ? '' : 'invisible'}`}>
          {updating ? 'Updating…' : 'Up to date'}
        </p>
      </div>

      <ul className="mt-4 divide-y divide-slate-100" aria-label="Tools" aria-busy={preview === undefined}>
        {preview === undefined
          ? [0, 1].map((i) => (
              <li key={i} className="py-3" aria-hidden="true">
                <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200" />
                <div className="mt-2 h-4 w-1/2 animate-pulse rounded bg-slate-100" />
              </li>
            ))
          : preview.lines.map((line, i) => {
              const error = line.error ?? lineErrors[i]
              return (
                <li key={line.serviceId} className="py-3" data-testid="checkout-line">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="break-words font-semibold text-ink">{line.service}</p>
                      <p className="text-sm text-slate-600">
                        {formatCount(line.quantity)} × {formatBDT(line.unitPrice)}
                        <span className="text-slate-500"> · VAT {line.vatRate}%</span>
                      </p>
                      {line.unitPrice < line.listUnitPrice && (
                        <p className="text-sm text-emerald-800" data-testid="checkout-saving">
                          {from === 'quote' ? 'Offered price' : 'Volume price'} (list {formatBDT(line.listUnitPrice)}):
                          you save{' '}
                          {formatBDT(toTaka((toPaisa(line.listUnitPrice) - toPaisa(line.unitPrice)) * line.quantity))}
                        </p>
                      )}
                    </div>
                    <p className="shrink-0 font-semibold text-ink">{formatBDT(line.price)}</p>
                  </div>
                  {error && (
                    <p className="mt-1 text-sm font-medium text-red-700" data-testid="line-error">
                      {error}
                      {from === 'cart' && (
                        <>
                          {' '}
                          <Link to="/cart" className="underline underline-offset-4">
                            Change it in your cart
                          </Link>
                        </>
                      )}
                    </p>
                  )}
                </li>
              )
            })}
      </ul>

      <dl className="mt-2 space-y-1.5 border-t border-slate-200 pt-4 text-sm">
        <Row label="Goods" value={preview ? formatBDT(preview.price) : '—'} testId="goods" />
        <Row
          label={`Delivery${deliveryLabel ? ` · ${deliveryLabel}` : ''}`}
          value={
            preview?.priced && preview.deliveryFee === 0 ? 'Free' : money(preview?.deliveryFee, 'Choose a district')
          }
          testId="delivery-fee"
        />
        <Row label="VAT included" value={money(preview?.vat)} testId="vat" />
        <div className="flex items-baseline justify-between gap-3 border-t border-slate-200 pt-3">
          <dt className="font-semibold text-ink">Total</dt>
          <dd className="text-xl font-extrabold text-ink" data-testid="total">
            {money(preview?.total)}
          </dd>
        </div>
      </dl>
      <div className="mt-5 space-y-4">{children}</div>
    </section>
  )
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="min-w-0 text-slate-600">{label}</dt>
      <dd className="shrink-0 text-right text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}
