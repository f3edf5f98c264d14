import { useEffect, useId, useRef } from 'react'
import { formatBDT, toTaka } from '#schemas/bdt.ts'
import { quantityError } from '#schemas/order-quantity.ts'
import type { Tool } from '#schemas/tool.ts'
import { tieredPriceOf, unitPriceOf } from '#schemas/unit-price.ts'
import { formatCount } from '#web/lib/format.ts'

/** The unit price in BDT of `quantity` units of `tool` (its volume price when a tier applies). */
export const unitPriceAt = (tool: Tool, quantity: number) => toTaka(unitPriceOf(tieredPriceOf(tool), quantity))

/** The tool's price bands, from its minimum order: `[from, to (null: or more), unit price]`. */
function priceBands(tool: Tool): [number, number | null, number][] {
  const starts = [tool.Minimum_quantity, ...tool.priceTiers.map((t) => t.minQuantity)]
  const prices = [tool.price, ...tool.priceTiers.map((t) => t.price)]
  return starts.map((from, i) => {
    const next = starts[i + 1]
    return [from, next === undefined ? null : next - 1, prices[i]!]
  })
}

/** The **Volume pricing** table of a tool page (product.md): quantity ranges and their unit price. */
export function VolumePricing({ tool }: { tool: Tool }) {
  if (tool.priceTiers.length === 0) return null
  return (
    <section aria-labelledby="volume-pricing" className="mt-10 max-w-3xl">
      <h2 id="volume-pricing" className="text-xl font-bold text-ink">
        Volume pricing
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The more you order, the less each unit costs.
        {tool.packSize > 1 ? ` Sold in packs of ${formatCount(tool.packSize)}.` : ''}
      </p>
      <div className="mt-4 overflow-hidden rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="volume-pricing">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Quantity
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Unit price
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {priceBands(tool).map(([from, to, price]) => (
              <tr key={from}>
                <td className="px-4 py-3 text-slate-900">
                  {to === null ? `${formatCount(from)} or more` : `${formatCount(from)}–${formatCount(to)}`}
                </td>
                <td className="px-4 py-3 text-right font-semibold text-ink">{formatBDT(price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

/**
 * Why the quantity field's text cannot go into an order of `tool`, or undefined: not a whole
 * number, or the spec's messages (the minimum, whole packs, the stock), as the cart and the API say.
 */
export function orderQuantityProblem(tool: Tool, text: string): string | undefined {
  const quantity = Number(text)
  if (text.trim() === '' || !Number.isInteger(quantity) || quantity < 1) return 'Enter a whole number.'
  return (
    quantityError({ min: tool.Minimum_quantity, available: tool.quantity, packSize: tool.packSize }, quantity) ??
    undefined
  )
}

type OrderQuantityProps = {
  tool: Tool
  /** The quantity field's text. */
  value: string
  onChange: (text: string) => void
  /** Why it cannot be ordered ({@link orderQuantityProblem}), shown under the field. */
  problem: string | undefined
}

/**
 * The tool page's quantity: steps by the pack size from the minimum order, and says the unit
 * price that quantity gets. Starts from what was typed before the app took over (style.md 22).
 */
export function OrderQuantity({ tool, value, onChange, problem }: OrderQuantityProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  // NOTE: React keeps what was typed before hydration in the field but not in state: take it over.
  useEffect(() => {
    const typed = input.current?.value
    if (typed !== undefined) onChangeRef.current(typed)
  }, [])
  const quantity = Number(value)
  const unit = problem === undefined ? unitPriceAt(tool, quantity) : tool.price
  const saving = tool.price - unit
  return (
    <div className="mt-6 flex flex-wrap items-end gap-x-4 gap-y-2">
      <div>
        <label htmlFor={`${id}-quantity`} className="label">
          Quantity
        </label>
        <input
          ref={input}
          id={`${id}-quantity`}
          className="field w-32"
          type="number"
          inputMode="numeric"
          min={tool.Minimum_quantity}
          step={tool.packSize}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem ${id}-unit` : `${id}-unit`}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <p id={`${id}-unit`} className="pb-2 text-sm text-slate-700" aria-live="polite">
        <span className="font-semibold text-ink" data-testid="quantity-unit-price">
          {formatBDT(unit)}
        </span>{' '}
        per unit at this quantity
        {saving > 0 && <span className="text-emerald-800"> · you save {formatBDT(saving)} a unit</span>}
        {tool.packSize > 1 && <span> · packs of {formatCount(tool.packSize)}</span>}
      </p>
      {problem && (
        <p id={`${id}-problem`} className="w-full text-sm font-medium text-red-700" data-testid="quantity-problem">
          {problem}
        </p>
      )}
    </div>
  )
}
